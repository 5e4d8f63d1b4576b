package catalog

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"

	"nostromo-lessons/internal/style"
)

// An entry is a catalog message: a text, or forms.
type entry interface{ isEntry() }

// text is a message without a count.
type text string

// forms is a message chosen by a count: its text for each plural form the
// language uses.
type forms map[plural.Form]string

func (text) isEntry()  {}
func (forms) isEntry() {}

// messages is one language's catalog, by key.
type messages map[string]entry

// tables are the catalogs by language, each in the tables it is written
// in; English is the reference every other language translates, key for
// key.
var tables = map[style.Language][]messages{
	style.English: {englishScript, englishPages, englishQuestions, englishBank, englishClass},
	style.Spanish: {spanishScript, spanishPages, spanishQuestions, spanishBank, spanishClass},
	style.Russian: {russianScript, russianPages, russianQuestions, russianBank, russianClass},
	style.German:  {germanScript, germanPages, germanQuestions, germanBank, germanClass},
	style.Dutch:   {dutchScript, dutchPages, dutchQuestions, dutchBank, dutchClass},
}

// lookup returns message key of language l, from the last of its tables
// that has it.
func lookup(l style.Language, key string) (entry, bool) {
	ts := tables[l]
	for i := len(ts) - 1; i >= 0; i-- {
		if m, ok := ts[i][key]; ok {
			return m, true
		}
	}
	return nil, false
}

// find returns message key of language l and the language it is in:
// l, or English where l lacks it (nil where English lacks it too).
func find(l style.Language, key string) (entry, style.Language) {
	if m, ok := lookup(l, key); ok {
		return m, l
	}
	m, _ := lookup(style.English, key)
	return m, style.English
}

// joined holds each language's tables joined into one, made on first use:
// joining them at start took a millisecond of every process, and a printer
// looks its messages up with lookup.
var joined = sync.OnceValue(func() map[style.Language]messages {
	out := map[style.Language]messages{}
	for l, ts := range tables {
		out[l] = messages{}
		for _, t := range ts {
			maps.Copy(out[l], t)
		}
	}
	return out
})

// all returns every message of language l.
func all(l style.Language) messages { return joined()[l] }

// formNames are the plural forms as plural.Selectf and Intl.PluralRules
// name them.
var formNames = map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two",
	plural.Few: "few", plural.Many: "many", plural.Other: "other"}

// Printer words the interface in one language and theme. It compiles
// each message the first time it is said: compiling the whole catalog
// took longer than drawing a worksheet, and a process that writes one
// says a few dozen of its messages.
type Printer struct {
	lang     style.Language
	theme    style.Theme
	raw      bool // placeholders stay as they are (see Bank)
	b        *catalog.Builder
	compiled sync.Map // of key to struct{}: the messages added to b
	p        *message.Printer
}

var printers sync.Map // of key{lang, theme} to *Printer

type pair struct {
	lang  style.Language
	theme style.Theme
	raw   bool
}

// New returns the printer of language l and theme t.
func New(l style.Language, t style.Theme) *Printer {
	return printer(pair{l, t, false})
}

// printer returns the printer of k, made on first use.
func printer(k pair) *Printer {
	if p, ok := printers.Load(k); ok {
		return p.(*Printer)
	}
	b := catalog.NewBuilder() // a message l lacks is set in English (set)
	p := &Printer{lang: k.lang, theme: k.theme, raw: k.raw, b: b, p: message.NewPrinter(k.lang.Tag(), message.Catalog(b))}
	actual, _ := printers.LoadOrStore(k, p)
	return actual.(*Printer)
}

// compile adds message key to the printer's catalog, once; a key no
// catalog has stays out, and Say returns it as it is.
func (p *Printer) compile(key string) {
	if _, ok := p.compiled.Load(key); ok {
		return
	}
	if err := set(p.b, p.lang, p.theme, p.raw, key); err != nil {
		panic(err) // TestCompile compiles every message of every language and theme
	}
	p.compiled.Store(key, struct{}{})
}

// set adds message key of language l, in theme t's words (with its
// placeholders as they are when raw), to b. A key l lacks is added in
// English, in the theme's English words (a message's words and forms go
// together); a key no catalog has is not added.
func set(b *catalog.Builder, l style.Language, t style.Theme, raw bool, key string) error {
	var err error
	m, words := find(l, key)
	expand := func(s string) string {
		if raw {
			return s
		}
		return Expand(s, words, t)
	}
	switch m := m.(type) {
	case text:
		err = b.SetString(l.Tag(), key, expand(string(m)))
	case forms:
		var cases []any
		for _, f := range slices.Sorted(maps.Keys(m)) {
			if f != plural.Other { // Selectf takes the first case that matches: other last
				cases = append(cases, formNames[f], expand(m[f]))
			}
		}
		cases = append(cases, formNames[plural.Other], expand(m[plural.Other]))
		err = b.Set(l.Tag(), key, plural.Selectf(1, "%d", cases...))
	}
	if err != nil {
		return fmt.Errorf("catalog: %s: %q: %w", l, key, err)
	}
	return nil
}

// Language returns the printer's language.
func (p *Printer) Language() style.Language { return p.lang }

// Theme returns the printer's theme.
func (p *Printer) Theme() style.Theme { return p.theme }

// Say returns the message key with args, in the printer's language and
// theme. A message with forms takes its count as the first argument.
func (p *Printer) Say(key string, args ...any) string {
	p.compile(key)
	return p.p.Sprintf(key, args...)
}

// Number writes n with its digits grouped as the printer's language does
// (CLDR, through golang.org/x/text): 53,372 in English, 53.372 in Spanish,
// German and Dutch, 53 372 with a no-break space in Russian.
func (p *Printer) Number(n int64) string { return p.p.Sprintf("%d", n) }

// Word returns a theme word in the printer's language, as $name in a
// message: Word("knight.acc").
func (p *Printer) Word(name string) string {
	return Expand("$"+name, p.lang, p.theme)
}

// placeholder finds a theme word in a message: $king, $Knight, $pawn.gen,
// $row8.
var placeholder = regexp.MustCompile(`\$([A-Za-z][A-Za-z0-9]*(?:\.[a-z]+)?)`)

// Expand replaces every $name in s with the theme word of language l and
// theme t; an unknown name stays as it is (the tests find it).
func Expand(s string, l style.Language, t style.Theme) string {
	if !strings.Contains(s, "$") {
		return s
	}
	return placeholder.ReplaceAllStringFunc(s, func(m string) string {
		if w, ok := t.Word(l, m[1:]); ok {
			return w
		}
		return m
	})
}

// Script returns the site scripts' messages (the keys starting
// "script.", without it) for the page: a text, or for a message with
// forms an object of its texts by Intl.PluralRules' names. A message the
// language lacks is in English, as Say has it.
func (p *Printer) Script() map[string]any {
	out := map[string]any{}
	for _, t := range tables[style.English] {
		for key := range t {
			if name, ok := strings.CutPrefix(key, "script."); ok {
				out[name] = p.script(key)
			}
		}
	}
	return out
}

// script returns a script message for the page, as Script does.
func (p *Printer) script(key string) any {
	m, words := find(p.lang, key)
	switch m := m.(type) {
	case text:
		return Expand(string(m), words, p.theme)
	case forms:
		f := map[string]string{}
		for form, s := range m {
			f[formNames[form]] = Expand(s, words, p.theme)
		}
		return f
	}
	return nil
}

// Texts returns every text of language l's catalog in theme t's words,
// each form of a message with forms, sorted: for tests that look for the
// interface's words in what a build wrote.
func Texts(l style.Language, t style.Theme) []string {
	var out []string
	for _, m := range all(l) {
		switch m := m.(type) {
		case text:
			out = append(out, Expand(string(m), l, t))
		case forms:
			for _, s := range m {
				out = append(out, Expand(s, l, t))
			}
		}
	}
	slices.Sort(out)
	return out
}

// HasIn reports whether language l has message key of its own (not
// English's in its place).
func HasIn(l style.Language, key string) bool {
	_, ok := lookup(l, key)
	return ok
}

// Has reports whether key is a message of the catalogs (the English one,
// which every language translates).
func Has(key string) bool {
	_, ok := lookup(style.English, key)
	return ok
}
