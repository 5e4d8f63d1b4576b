package style

// russianWords are the themes' words in Russian, by name and case (see
// Word): nom (no suffix), gen, dat, acc, ins and pre. The sides differ in
// gender and number (белые, экипаж, стадо), so the catalog's sentences
// avoid verbs that agree with a side: "Ход белых", "Победа за волком".
var russianWords = map[Theme]map[string]string{
	Classic: {
		"lair": "домашнее поле", "lair.gen": "домашнего поля", "lair.dat": "домашнему полю", "lair.acc": "домашнее поле", "lair.ins": "домашним полем", "lair.pre": "домашнем поле",
		"row8": "верхний ряд", "row8.gen": "верхнего ряда", "row8.dat": "верхнему ряду", "row8.acc": "верхний ряд", "row8.ins": "верхним рядом", "row8.pre": "верхнем ряду",
		"door": "поле-дверь", "door.gen": "поля-двери", "door.dat": "полю-двери", "door.acc": "поле-дверь", "door.ins": "полем-дверью", "door.pre": "поле-двери",
		"saved": "в безопасности",
		"king":  "король", "king.gen": "короля", "king.dat": "королю", "king.acc": "короля", "king.ins": "королём", "king.pre": "короле",
		"king.label": "белый король",
		"knight":     "конь", "knight.gen": "коня", "knight.dat": "коню", "knight.acc": "коня", "knight.ins": "конём", "knight.pre": "коне",
		"pawn": "пешка", "pawn.one": "одна пешка", "pawn.gen": "пешки", "pawn.dat": "пешке", "pawn.acc": "пешку", "pawn.ins": "пешкой", "pawn.pre": "пешке",
		"pawns": "пешки", "pawns.gen": "пешек", "pawns.dat": "пешкам", "pawns.acc": "пешки", "pawns.ins": "пешками", "pawns.pre": "пешках",
		"save":  "спасти",
		"white": "белые", "white.gen": "белых", "white.dat": "белым", "white.acc": "белых", "white.ins": "белыми", "white.pre": "белых",
		"white.label": "Белые",
		"black":       "чёрные", "black.gen": "чёрных", "black.dat": "чёрным", "black.acc": "чёрных", "black.ins": "чёрными", "black.pre": "чёрных",
		"black.label": "Чёрные",
	},
	Alien: {
		"lair": "логово", "lair.gen": "логова", "lair.dat": "логову", "lair.acc": "логово", "lair.ins": "логовом", "lair.pre": "логове",
		"row8": "ряд челнока", "row8.gen": "ряда челнока", "row8.dat": "ряду челнока", "row8.acc": "ряд челнока", "row8.ins": "рядом челнока", "row8.pre": "ряду челнока",
		"door": "дверь челнока", "door.gen": "двери челнока", "door.dat": "двери челнока", "door.acc": "дверь челнока", "door.ins": "дверью челнока", "door.pre": "двери челнока",
		"saved": "в безопасности",
		"king":  "Рипли", "king.gen": "Рипли", "king.dat": "Рипли", "king.acc": "Рипли", "king.ins": "Рипли", "king.pre": "Рипли",
		"king.label": "капитан Рипли",
		"knight":     "чужой", "knight.gen": "чужого", "knight.dat": "чужому", "knight.acc": "чужого", "knight.ins": "чужим", "knight.pre": "чужом",
		"pawn": "член экипажа", "pawn.one": "один член экипажа", "pawn.gen": "члена экипажа", "pawn.dat": "члену экипажа", "pawn.acc": "члена экипажа", "pawn.ins": "членом экипажа", "pawn.pre": "члене экипажа",
		"pawns": "члены экипажа", "pawns.gen": "членов экипажа", "pawns.dat": "членам экипажа", "pawns.acc": "членов экипажа", "pawns.ins": "членами экипажа", "pawns.pre": "членах экипажа",
		"save":  "спасти",
		"white": "экипаж", "white.gen": "экипажа", "white.dat": "экипажу", "white.acc": "экипаж", "white.ins": "экипажем", "white.pre": "экипаже",
		"white.label": "Экипаж",
		"black":       "чужой", "black.gen": "чужого", "black.dat": "чужому", "black.acc": "чужого", "black.ins": "чужим", "black.pre": "чужом",
		"black.label": "Чужой",
	},
	Farm: {
		"lair": "нора", "lair.gen": "норы", "lair.dat": "норе", "lair.acc": "нору", "lair.ins": "норой", "lair.pre": "норе",
		"row8": "ряд амбара", "row8.gen": "ряда амбара", "row8.dat": "ряду амбара", "row8.acc": "ряд амбара", "row8.ins": "рядом амбара", "row8.pre": "ряду амбара",
		"door": "дверь амбара", "door.gen": "двери амбара", "door.dat": "двери амбара", "door.acc": "дверь амбара", "door.ins": "дверью амбара", "door.pre": "двери амбара",
		"saved": "дома",
		"king":  "пастух", "king.gen": "пастуха", "king.dat": "пастуху", "king.acc": "пастуха", "king.ins": "пастухом", "king.pre": "пастухе",
		"king.label": "пастух",
		"knight":     "волк", "knight.gen": "волка", "knight.dat": "волку", "knight.acc": "волка", "knight.ins": "волком", "knight.pre": "волке",
		"pawn": "овца", "pawn.one": "одна овца", "pawn.gen": "овцы", "pawn.dat": "овце", "pawn.acc": "овцу", "pawn.ins": "овцой", "pawn.pre": "овце",
		"pawns": "овцы", "pawns.gen": "овец", "pawns.dat": "овцам", "pawns.acc": "овец", "pawns.ins": "овцами", "pawns.pre": "овцах",
		"save":  "вернуть домой",
		"white": "стадо", "white.gen": "стада", "white.dat": "стаду", "white.acc": "стадо", "white.ins": "стадом", "white.pre": "стаде",
		"white.label": "Стадо",
		"black":       "волк", "black.gen": "волка", "black.dat": "волку", "black.acc": "волка", "black.ins": "волком", "black.pre": "волке",
		"black.label": "Волк",
	},
}
