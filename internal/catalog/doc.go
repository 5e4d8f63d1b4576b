// Package catalog holds the message catalogs: every interface string of the
// worksheets, answer keys, site pages, default questions, rules sheet,
// certificates and site scripts, in English, Spanish, Russian, German and
// Dutch, built with golang.org/x/text's message and catalog packages.
package catalog

// A message is a text, or forms chosen by a count with the language's
// plural rules (plural.Selectf; the count is the first argument). Texts
// are format strings for message.Printer (%[1]s, %[1]d); the site
// scripts' messages (keys starting "script.") use {name} instead, which
// the scripts fill in, and choose among their forms with Intl.PluralRules.
// A $name in a text is the theme's word name in the language, with its
// form after a dot ($knight.acc) and a capital for a capitalised word
// ($King); see style.Theme.Word.
//
// # Adding a language
//
// Add its constant to style.Language, its theme words beside
// internal/style/words_es.go, and a table beside es.go here, with every
// key of en.go; the tests name each key or plural form that is missing.
