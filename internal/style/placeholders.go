package style

import (
	"slices"
	"strings"
)

// A placeholder is a theme word that a course writes once, such as $king,
// and that reads right in every theme: "the king", "Ripley", "the
// shepherd". The course loader expands them (package course); this file
// names them and takes each theme's word from its Words.
//
// Each word is the form used inside a sentence ("the crew"); $King, with a
// capital first letter, capitalises the word's first letter ("The crew").
// A suffix .form names a grammatical form (for example $knight.acc) for
// languages that need one; in English every form is the base word.

// Placeholders are the names of the theme words, without the $, in the
// order docs/authoring.md's table lists them.
var Placeholders = []string{"king", "knight", "pawn", "pawns", "white", "black", "lair", "row8", "door", "save", "saved"}

// Forms are the grammatical forms a placeholder may name after a dot: the
// cases of languages that decline nouns (nominative, genitive, dative,
// accusative, instrumental, prepositional). English has one form of each
// word, so each of them is the base word.
var Forms = []string{"nom", "gen", "dat", "acc", "ins", "pre"}

// word returns the theme's word for a placeholder of Placeholders, in the
// form used inside a sentence.
func (t Theme) word(name string) string {
	w := t.Words()
	switch name {
	case "king":
		return w.King
	case "knight":
		return w.Knight
	case "pawn":
		return w.Pawn
	case "pawns":
		return w.Pawns
	case "white":
		return inSentence(w.White)
	case "black":
		return inSentence(w.Black)
	case "lair":
		return w.Lair
	case "row8":
		return w.Row8
	case "door":
		return w.Door
	case "save":
		return w.Save
	case "saved":
		return w.Saved
	}
	return ""
}

// Placeholder returns the theme's word for the placeholder name (without
// the $ and without a form) and reports whether name is one. A name with a
// capital first letter, such as "King", gives the word with a capital
// first letter: "The king", "Ripley".
func (t Theme) Placeholder(name string) (string, bool) {
	lower := lowerFirst(name)
	if name == "" || !slices.Contains(Placeholders, lower) {
		return "", false
	}
	if lower == name {
		return t.word(lower), true
	}
	return UpperFirst(t.word(lower)), true
}

// Form returns the theme's word for the placeholder name in the
// grammatical form form (one of Forms) and reports whether both are known.
// English words have one form: the base word.
func (t Theme) Form(name, form string) (string, bool) {
	if !slices.Contains(Forms, form) {
		return "", false
	}
	return t.Placeholder(name)
}

// inSentence returns a side's name as it reads inside a sentence: "The
// crew" becomes "the crew"; "White" stays as it is.
func inSentence(s string) string {
	if rest, ok := strings.CutPrefix(s, "The "); ok {
		return "the " + rest
	}
	return s
}

// storyWords are the words that tell a theme's story and belong to no other
// theme, in lower case; a test holds every theme's words to them.
var storyWords = [...][]string{
	Classic: {"king", "knight", "pawn", "pawns", "white", "black"},
	Alien:   {"ripley", "captain", "alien", "crew", "lair", "shuttle", "safety"},
	Farm:    {"shepherd", "wolf", "sheep", "farm", "den", "barn"},
}

// StoryWords returns the words that tell the theme's story and that no
// other theme uses, in lower case, such as "ripley" and "shuttle" for
// Alien: a text built in another theme that holds one of them still tells
// this theme's story.
func (t Theme) StoryWords() []string {
	if int(t) < len(storyWords) {
		return slices.Clone(storyWords[t])
	}
	return nil
}
