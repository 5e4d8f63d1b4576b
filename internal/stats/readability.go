package stats

import (
	"math"
	"regexp"
	"strings"
	"unicode"

	"nostromo-lessons/internal/style"
)

// LongSentence is the most words a sentence may have before Readability
// lists it.
const LongSentence = 20

// Readability measures the text children read: sentences, words and
// syllables, and the Flesch-Kincaid grade
//
//	0.39 × words/sentences + 11.8 × syllables/words − 15.59
//
// with syllables estimated (see Syllables). A sentence ends at ., ! or ?
// (not after a move number such as "1." before a move), at a paragraph,
// at a list item and at a heading; board blocks and links' targets are no
// text.
type Readability struct {
	Sentences int        `json:"sentences"`
	Words     int        `json:"words"`
	Syllables int        `json:"syllables"`
	Grade     float64    `json:"grade"`   // the Flesch-Kincaid grade, rounded to one decimal; 0 without text
	Longest   Sentence   `json:"longest"` // the longest sentence, the first of equals
	Long      []Sentence `json:"long"`    // the sentences of more than LongSentence words, in course order

	lang style.Language // the language of the text, whose vowels make syllables
}

// Sentence is one sentence and where it is.
type Sentence struct {
	Where string `json:"where"` // the file and the field, such as "lessons/01-a.yaml:12:5 explain"
	Words int    `json:"words"`
	Text  string `json:"text"`
}

// add counts the sentences of the Markdown text md, found at where.
func (r *Readability) add(where, md string) {
	for _, s := range Sentences(md) {
		words := strings.Fields(s)
		r.Sentences++
		r.Words += len(words)
		for _, w := range words {
			r.Syllables += Syllables(w, r.lang)
		}
		sent := Sentence{Where: where, Words: len(words), Text: s}
		if len(words) > r.Longest.Words {
			r.Longest = sent
		}
		if len(words) > LongSentence {
			r.Long = append(r.Long, sent)
		}
	}
	r.Grade = grade(r.Words, r.Sentences, r.Syllables)
}

// grade returns the Flesch-Kincaid grade, rounded to one decimal.
func grade(words, sentences, syllables int) float64 {
	if words == 0 || sentences == 0 {
		return 0
	}
	g := 0.39*float64(words)/float64(sentences) + 11.8*float64(syllables)/float64(words) - 15.59
	return math.Round(g*10) / 10
}

var (
	linkRE     = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	markerRE   = regexp.MustCompile(`^[\s>]*(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)?`)
	emphasisRE = regexp.MustCompile("[*_`~]+")
	moveNumRE  = regexp.MustCompile(`^\d+\.(\.\.)?$`)
)

// Sentences returns the sentences of the Markdown text md, each as its
// words joined by single spaces, without Markdown marks.
func Sentences(md string) []string {
	var out []string
	var unit []string
	flush := func() {
		out = append(out, split(strings.Join(unit, " "))...)
		unit = nil
	}
	fenced := false
	for _, line := range strings.Split(md, "\n") {
		bare := strings.TrimLeft(line, " \t>")
		if strings.HasPrefix(strings.TrimLeft(strings.TrimLeft(bare, "-*+0123456789."), " "), "```") {
			fenced = !fenced
			flush()
			continue
		}
		if fenced {
			continue
		}
		if strings.TrimSpace(bare) == "" {
			flush()
			continue
		}
		m := markerRE.FindStringSubmatch(line)
		if m[1] != "" { // a heading or a list item starts anew
			flush()
		}
		text := linkRE.ReplaceAllStringFunc(line[len(m[0]):], func(l string) string {
			if strings.HasPrefix(l, "!") {
				return " "
			}
			return linkRE.FindStringSubmatch(l)[1]
		})
		unit = append(unit, emphasisRE.ReplaceAllString(text, ""))
		if strings.HasPrefix(m[1], "#") { // a heading is a sentence of its own
			flush()
		}
	}
	flush()
	return out
}

// split splits a paragraph into sentences at ., ! and ?, except after a
// move number ("1." or "1...") that a move follows.
func split(text string) []string {
	var out, cur []string
	words := wordsOf(text)
	for i, w := range words {
		cur = append(cur, w)
		end := strings.TrimRight(w, `"')]`)
		if strings.HasSuffix(end, ".") || strings.HasSuffix(end, "!") || strings.HasSuffix(end, "?") {
			if moveNumRE.MatchString(end) && i+1 < len(words) && strings.ContainsAny(words[i+1], "12345678") {
				continue
			}
			out = append(out, strings.Join(cur, " "))
			cur = nil
		}
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, " "))
	}
	return out
}

// wordsOf returns the space-separated tokens of text that hold a letter or
// a digit; dashes and lone signs are no words, but a lone ., ! or ? ends
// the word before it.
func wordsOf(text string) []string {
	var out []string
	for _, f := range strings.Fields(text) {
		switch {
		case strings.IndexFunc(f, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0:
			out = append(out, f)
		case len(out) > 0 && strings.ContainsAny(f, ".!?"):
			out[len(out)-1] += f
		}
	}
	return out
}

// vowels are the letters that make a syllable in the languages of the
// courses: the Latin vowels with their accents (día, über, één) and the
// Cyrillic ones.
const vowels = "aeiouyáéíóúýàèìòùâêîôûäëïöüÿ" + "аеёиоуыэюя"

// Syllables estimates the syllables of a word in language l: its groups of
// vowels, less in English a silent final e (not in -le), at least one. A
// word with a digit (a square such as e4, a move such as Kd2, a number)
// counts one.
func Syllables(word string, l style.Language) int {
	var b strings.Builder
	for _, r := range strings.ToLower(word) {
		switch {
		case unicode.IsDigit(r):
			return 1
		case unicode.IsLetter(r):
			b.WriteRune(r)
		}
	}
	w := b.String()
	n, inVowel := 0, false
	for _, r := range w {
		v := strings.ContainsRune(vowels, r)
		if v && !inVowel {
			n++
		}
		inVowel = v
	}
	if l == style.English && n > 1 && strings.HasSuffix(w, "e") && !strings.HasSuffix(w, "le") && !strings.HasSuffix(w, "ee") {
		n--
	}
	return max(n, 1)
}
