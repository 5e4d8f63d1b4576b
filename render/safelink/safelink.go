// Package safelink decides which link targets may reach a lesson page: the
// renderer drops every other one, and the lesson loader reports them to the
// author with their position. It imports nothing.
package safelink

import "strings"

// Allowed reports whether a link destination may reach a page: a relative
// reference (a path, "#fragment" or "?query"), or an absolute URL with the
// scheme http, https or mailto. Everything else with a scheme (javascript:,
// vbscript:, data:, file:, ...) is not. Control characters and spaces,
// which browsers drop inside a scheme, are dropped first.
func Allowed(u string) bool {
	u = strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return -1
		}
		return r
	}, u)
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
