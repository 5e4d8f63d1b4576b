package style

// germanWords are the themes' words in German, by name and case (see
// Word): nom (no suffix), gen, dat and acc, each with its article where
// German puts one. A side is a singular in every theme (Weiß, die Crew,
// die Herde), so a verb agrees with it: "Weiß gewinnt", "Die Herde
// gewinnt". The genitive of a name without an article is "von ..." ("der
// Zug von Weiß"). A pawn is masculine in one theme and neuter in the
// others (der Bauer, das Schaf), so the catalog's sentences say pawns in
// the plural, or "$pawn.one" (ein Bauer, ein Schaf) as a subject.
// "save.zu" is the verb with zu, for "um ... zu": "in Sicherheit zu
// bringen".
var germanWords = map[Theme]map[string]string{
	Classic: {
		"lair": "das Heimfeld", "lair.gen": "des Heimfelds", "lair.dat": "dem Heimfeld", "lair.acc": "das Heimfeld",
		"row8": "die oberste Reihe", "row8.gen": "der obersten Reihe", "row8.dat": "der obersten Reihe", "row8.acc": "die oberste Reihe",
		"door": "das Türfeld", "door.gen": "des Türfelds", "door.dat": "dem Türfeld", "door.acc": "das Türfeld",
		"saved": "in Sicherheit", "save": "retten", "save.zu": "zu retten",
		"king": "der König", "king.gen": "des Königs", "king.dat": "dem König", "king.acc": "den König", "king.label": "der weiße König",
		"knight": "der Springer", "knight.gen": "des Springers", "knight.dat": "dem Springer", "knight.acc": "den Springer",
		"pawn": "Bauer", "pawn.one": "ein Bauer", "pawn.gen": "Bauern", "pawn.dat": "Bauern", "pawn.acc": "Bauern",
		"pawns": "Bauern", "pawns.dat": "Bauern",
		"white": "Weiß", "white.gen": "von Weiß", "white.dat": "Weiß", "white.acc": "Weiß", "white.label": "Weiß",
		"black": "Schwarz", "black.gen": "von Schwarz", "black.dat": "Schwarz", "black.acc": "Schwarz", "black.label": "Schwarz",
	},
	Alien: {
		"lair": "die Höhle", "lair.gen": "der Höhle", "lair.dat": "der Höhle", "lair.acc": "die Höhle",
		"row8": "die Shuttle-Reihe", "row8.gen": "der Shuttle-Reihe", "row8.dat": "der Shuttle-Reihe", "row8.acc": "die Shuttle-Reihe",
		"door": "die Shuttle-Tür", "door.gen": "der Shuttle-Tür", "door.dat": "der Shuttle-Tür", "door.acc": "die Shuttle-Tür",
		"saved": "in Sicherheit", "save": "in Sicherheit bringen", "save.zu": "in Sicherheit zu bringen",
		"king": "Ripley", "king.gen": "von Ripley", "king.dat": "Ripley", "king.acc": "Ripley", "king.label": "Kapitänin Ripley",
		"knight": "das Alien", "knight.gen": "des Aliens", "knight.dat": "dem Alien", "knight.acc": "das Alien",
		"pawn": "Crewmitglied", "pawn.one": "ein Crewmitglied", "pawn.gen": "Crewmitglieds", "pawn.dat": "Crewmitglied", "pawn.acc": "Crewmitglied",
		"pawns": "Crewmitglieder", "pawns.dat": "Crewmitgliedern",
		"white": "die Crew", "white.gen": "der Crew", "white.dat": "der Crew", "white.acc": "die Crew", "white.label": "Crew",
		"black": "das Alien", "black.gen": "des Aliens", "black.dat": "dem Alien", "black.acc": "das Alien", "black.label": "Alien",
	},
	Farm: {
		"lair": "die Wolfshöhle", "lair.gen": "der Wolfshöhle", "lair.dat": "der Wolfshöhle", "lair.acc": "die Wolfshöhle",
		"row8": "die Stallreihe", "row8.gen": "der Stallreihe", "row8.dat": "der Stallreihe", "row8.acc": "die Stallreihe",
		"door": "die Stalltür", "door.gen": "der Stalltür", "door.dat": "der Stalltür", "door.acc": "die Stalltür",
		"saved": "zu Hause", "save": "nach Hause bringen", "save.zu": "nach Hause zu bringen",
		"king": "der Schäfer", "king.gen": "des Schäfers", "king.dat": "dem Schäfer", "king.acc": "den Schäfer", "king.label": "der Schäfer",
		"knight": "der Wolf", "knight.gen": "des Wolfs", "knight.dat": "dem Wolf", "knight.acc": "den Wolf",
		"pawn": "Schaf", "pawn.one": "ein Schaf", "pawn.gen": "Schafs", "pawn.dat": "Schaf", "pawn.acc": "Schaf",
		"pawns": "Schafe", "pawns.dat": "Schafen",
		"white": "die Herde", "white.gen": "der Herde", "white.dat": "der Herde", "white.acc": "die Herde", "white.label": "Herde",
		"black": "der Wolf", "black.gen": "des Wolfs", "black.dat": "dem Wolf", "black.acc": "den Wolf", "black.label": "Wolf",
	},
}
