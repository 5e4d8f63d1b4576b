package style

// spanishWords are the themes' words in Spanish, by name and form (see
// Word). The side is a plural in classic (las blancas) and a singular in
// the other themes, so the catalog's sentences avoid verbs that agree with
// a side: "Turno de las blancas", "Victoria del lobo".
var spanishWords = map[Theme]map[string]string{
	Classic: {
		"king": "el rey", "king.gen": "del rey", "king.acc": "al rey", "king.label": "el rey blanco",
		"knight": "el caballo", "knight.gen": "del caballo", "knight.acc": "al caballo",
		"pawn": "peón", "pawn.one": "un peón", "pawns": "peones", "save": "salvar",
		"white": "las blancas", "white.gen": "de las blancas", "white.acc": "a las blancas", "white.label": "Blancas",
		"black": "las negras", "black.gen": "de las negras", "black.acc": "a las negras", "black.label": "Negras",
	},
	Alien: {
		"king": "Ripley", "king.gen": "de Ripley", "king.acc": "a Ripley", "king.label": "la capitana Ripley",
		"knight": "el alien", "knight.gen": "del alien", "knight.acc": "al alien",
		"pawn": "tripulante", "pawn.one": "un tripulante", "pawns": "tripulantes", "save": "poner a salvo",
		"white": "la tripulación", "white.gen": "de la tripulación", "white.acc": "a la tripulación", "white.label": "Tripulación",
		"black": "el alien", "black.gen": "del alien", "black.acc": "al alien", "black.label": "Alien",
	},
	Farm: {
		"king": "el pastor", "king.gen": "del pastor", "king.acc": "al pastor", "king.label": "el pastor",
		"knight": "el lobo", "knight.gen": "del lobo", "knight.acc": "al lobo",
		"pawn": "oveja", "pawn.one": "una oveja", "pawns": "ovejas", "save": "llevar a casa",
		"white": "el rebaño", "white.gen": "del rebaño", "white.acc": "al rebaño", "white.label": "Rebaño",
		"black": "el lobo", "black.gen": "del lobo", "black.acc": "al lobo", "black.label": "Lobo",
	},
}
