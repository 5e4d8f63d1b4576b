package style

import (
	"fmt"
	"strings"

	"golang.org/x/text/language"
)

// Language is the language a course speaks: its interface text, default
// questions, theme words, rules sheet, certificates and the site scripts'
// messages all come from that language's message catalog.
type Language uint8

// The languages with complete catalogs.
const (
	English Language = iota
	Spanish
	Russian
	German
	Dutch
)

var languageNames = [...]string{English: "en", Spanish: "es", Russian: "ru", German: "de", Dutch: "nl"}

// Languages returns every language, in the order of their constants.
func Languages() []Language { return []Language{English, Spanish, Russian, German, Dutch} }

// LanguageNames returns the languages' tags as a list for messages and
// flag help: "en, es, ru, de, nl".
func LanguageNames() string { return strings.Join(languageNames[:], ", ") }

// String returns the language's BCP 47 tag: "en", "es", "ru", "de" or "nl".
func (l Language) String() string {
	if int(l) < len(languageNames) {
		return languageNames[l]
	}
	return fmt.Sprintf("Language(%d)", l)
}

// Tag returns the language as x/text's tag, for its catalogs and plural
// rules; an unknown language is English.
func (l Language) Tag() language.Tag {
	switch l {
	case Spanish:
		return language.Spanish
	case Russian:
		return language.Russian
	case German:
		return language.German
	case Dutch:
		return language.Dutch
	}
	return language.English
}

// ParseLanguage reads a language tag as String writes it, in any letter
// case.
func ParseLanguage(s string) (Language, error) {
	for i, name := range languageNames {
		if strings.EqualFold(s, name) {
			return Language(i), nil
		}
	}
	return English, fmt.Errorf("style: language %q: want one of %s", s, LanguageNames())
}
