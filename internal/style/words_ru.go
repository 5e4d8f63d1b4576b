package style

// russianWords are the themes' words in Russian, by name and case (see
// Word): nom (no suffix), gen, dat, acc, ins and prep. The sides differ in
// gender and number (белые, экипаж, стадо), so the catalog's sentences
// avoid verbs that agree with a side: "Ход белых", "Победа за волком".
var russianWords = map[Theme]map[string]string{
	Classic: {
		"king": "король", "king.gen": "короля", "king.dat": "королю", "king.acc": "короля", "king.ins": "королём", "king.prep": "короле",
		"king.label": "белый король",
		"knight":     "конь", "knight.gen": "коня", "knight.dat": "коню", "knight.acc": "коня", "knight.ins": "конём", "knight.prep": "коне",
		"pawn": "пешка", "pawn.one": "одна пешка", "pawn.gen": "пешки", "pawn.dat": "пешке", "pawn.acc": "пешку", "pawn.ins": "пешкой", "pawn.prep": "пешке",
		"pawns": "пешки", "pawns.gen": "пешек", "pawns.dat": "пешкам", "pawns.acc": "пешки", "pawns.ins": "пешками", "pawns.prep": "пешках",
		"save":  "спасти",
		"white": "белые", "white.gen": "белых", "white.dat": "белым", "white.acc": "белых", "white.ins": "белыми", "white.prep": "белых",
		"white.label": "Белые",
		"black":       "чёрные", "black.gen": "чёрных", "black.dat": "чёрным", "black.acc": "чёрных", "black.ins": "чёрными", "black.prep": "чёрных",
		"black.label": "Чёрные",
	},
	Alien: {
		"king": "Рипли", "king.gen": "Рипли", "king.dat": "Рипли", "king.acc": "Рипли", "king.ins": "Рипли", "king.prep": "Рипли",
		"king.label": "капитан Рипли",
		"knight":     "чужой", "knight.gen": "чужого", "knight.dat": "чужому", "knight.acc": "чужого", "knight.ins": "чужим", "knight.prep": "чужом",
		"pawn": "член экипажа", "pawn.one": "один член экипажа", "pawn.gen": "члена экипажа", "pawn.dat": "члену экипажа", "pawn.acc": "члена экипажа", "pawn.ins": "членом экипажа", "pawn.prep": "члене экипажа",
		"pawns": "члены экипажа", "pawns.gen": "членов экипажа", "pawns.dat": "членам экипажа", "pawns.acc": "членов экипажа", "pawns.ins": "членами экипажа", "pawns.prep": "членах экипажа",
		"save":  "спасти",
		"white": "экипаж", "white.gen": "экипажа", "white.dat": "экипажу", "white.acc": "экипаж", "white.ins": "экипажем", "white.prep": "экипаже",
		"white.label": "Экипаж",
		"black":       "чужой", "black.gen": "чужого", "black.dat": "чужому", "black.acc": "чужого", "black.ins": "чужим", "black.prep": "чужом",
		"black.label": "Чужой",
	},
	Farm: {
		"king": "пастух", "king.gen": "пастуха", "king.dat": "пастуху", "king.acc": "пастуха", "king.ins": "пастухом", "king.prep": "пастухе",
		"king.label": "пастух",
		"knight":     "волк", "knight.gen": "волка", "knight.dat": "волку", "knight.acc": "волка", "knight.ins": "волком", "knight.prep": "волке",
		"pawn": "овца", "pawn.one": "одна овца", "pawn.gen": "овцы", "pawn.dat": "овце", "pawn.acc": "овцу", "pawn.ins": "овцой", "pawn.prep": "овце",
		"pawns": "овцы", "pawns.gen": "овец", "pawns.dat": "овцам", "pawns.acc": "овец", "pawns.ins": "овцами", "pawns.prep": "овцах",
		"save":  "вернуть домой",
		"white": "стадо", "white.gen": "стада", "white.dat": "стаду", "white.acc": "стадо", "white.ins": "стадом", "white.prep": "стаде",
		"white.label": "Стадо",
		"black":       "волк", "black.gen": "волка", "black.dat": "волку", "black.acc": "волка", "black.ins": "волком", "black.prep": "волке",
		"black.label": "Волк",
	},
}
