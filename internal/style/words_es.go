package style

// spanishWords are the themes' words in Spanish, by name and form (see
// Word). The side is a plural in classic (las blancas) and a singular in
// the other themes, so the catalog's sentences avoid verbs that agree with
// a side: "Turno de las blancas", "Victoria del lobo".
var spanishWords = map[Theme]map[string]string{
	Classic: {
		"lair": "la casilla de origen", "lair.gen": "de la casilla de origen", "lair.acc": "a la casilla de origen",
		"row8": "la fila de arriba", "row8.gen": "de la fila de arriba", "row8.acc": "a la fila de arriba",
		"door": "la casilla puerta", "door.gen": "de la casilla puerta", "door.acc": "a la casilla puerta",
		"saved": "a salvo",
		"king":  "el rey", "king.gen": "del rey", "king.acc": "al rey", "king.label": "el rey blanco",
		"knight": "el caballo", "knight.gen": "del caballo", "knight.acc": "al caballo",
		"pawn": "peón", "pawn.one": "un peón", "pawns": "peones", "save": "salvar",
		"white": "las blancas", "white.gen": "de las blancas", "white.acc": "a las blancas", "white.label": "Blancas",
		"black": "las negras", "black.gen": "de las negras", "black.acc": "a las negras", "black.label": "Negras",
	},
	Alien: {
		"lair": "la guarida", "lair.gen": "de la guarida", "lair.acc": "a la guarida",
		"row8": "la fila de la lanzadera", "row8.gen": "de la fila de la lanzadera", "row8.acc": "a la fila de la lanzadera",
		"door": "la puerta de la lanzadera", "door.gen": "de la puerta de la lanzadera", "door.acc": "a la puerta de la lanzadera",
		"saved": "a salvo",
		"king":  "Ripley", "king.gen": "de Ripley", "king.acc": "a Ripley", "king.label": "la capitana Ripley",
		"knight": "el alien", "knight.gen": "del alien", "knight.acc": "al alien",
		"pawn": "tripulante", "pawn.one": "un tripulante", "pawns": "tripulantes", "save": "poner a salvo",
		"white": "la tripulación", "white.gen": "de la tripulación", "white.acc": "a la tripulación", "white.label": "Tripulación",
		"black": "el alien", "black.gen": "del alien", "black.acc": "al alien", "black.label": "Alien",
	},
	Farm: {
		"lair": "la madriguera", "lair.gen": "de la madriguera", "lair.acc": "a la madriguera",
		"row8": "la fila del establo", "row8.gen": "de la fila del establo", "row8.acc": "a la fila del establo",
		"door": "la puerta del establo", "door.gen": "de la puerta del establo", "door.acc": "a la puerta del establo",
		"saved": "en casa",
		"king":  "el pastor", "king.gen": "del pastor", "king.acc": "al pastor", "king.label": "el pastor",
		"knight": "el lobo", "knight.gen": "del lobo", "knight.acc": "al lobo",
		"pawn": "oveja", "pawn.one": "una oveja", "pawns": "ovejas", "save": "llevar a casa",
		"white": "el rebaño", "white.gen": "del rebaño", "white.acc": "al rebaño", "white.label": "Rebaño",
		"black": "el lobo", "black.gen": "del lobo", "black.acc": "al lobo", "black.label": "Lobo",
	},
}
