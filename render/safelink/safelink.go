// Package safelink decides which link targets may reach a lesson page: the
// renderer drops every other one, and the lesson loader reports them to the
// author with their position.
package safelink

// It imports nothing of ours.

import (
	"html"
	"strings"
)

// Allowed reports whether a link destination may reach a page: a relative
// reference (a path, "#fragment" or "?query"), or an absolute URL with the
// scheme http, https or mailto. Everything else with a scheme (javascript:,
// vbscript:, data:, file:, ...) is not.
//
// The destination is judged as a browser reads it, whatever Markdown
// renderer comes between: HTML character references (&#106;, &#x6A;,
// &colon;) and Markdown backslash escapes are decoded first, again and
// again until nothing changes, and then control characters and spaces,
// which browsers drop inside a scheme, are dropped. A scheme is anything
// before the first ':' that comes before any '/', '?' or '#'; one that is
// not a plain http, https or mailto (say "%6Aavascript") is refused.
func Allowed(u string) bool {
	u = Decode(u)
	if Decode(u) != u {
		return false // still decoding after many rounds: no real link does
	}
	i := strings.IndexAny(u, ":/?#")
	if i < 0 || u[i] != ':' {
		return true
	}
	switch strings.ToLower(u[:i]) {
	case "http", "https", "mailto":
		return true
	}
	return false
}

// Decode returns the destination u as a browser would see it: character
// references and backslash escapes decoded until nothing changes (at most
// a few rounds, so "&amp;#106;" counts as "j" too), control characters and
// spaces dropped.
func Decode(u string) string {
	for range 8 {
		next := unescapeBackslashes(html.UnescapeString(u))
		if next == u {
			break
		}
		u = next
	}
	return strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f || r == 0xa0 || r == '\u200b' || r == '\ufeff' {
			return -1
		}
		return r
	}, u)
}

// unescapeBackslashes removes the backslash before ASCII punctuation, as
// Markdown does.
func unescapeBackslashes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Judge remembers what Allowed said of each destination, for a text whose
// one link may be used thousands of times: a long destination is decoded
// once, not at each use.
type Judge map[string]bool

// Allowed is Allowed(u), remembered.
func (j Judge) Allowed(u string) bool {
	ok, seen := j[u]
	if !seen {
		ok = Allowed(u)
		j[u] = ok
	}
	return ok
}
