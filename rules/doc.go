// Package rules implements the game of Nostromo as the project's rules
// define it: a white King and pawns against a single black knight, the alien.
//
// The rules are written out in docs/RULES.md, at the repository's root:
// every decided case, with the test of this package that pins it. Where
// that page and this code disagree, the tests decide.
//
// It provides squares and bitboards, the Position value type, Nostromo FEN
// reading and writing, legal move generation, applying moves, game status,
// SAN and coordinate notation, and perft. It imports nothing else of this
// module.
//
// A Position is a small comparable value: copy it, compare it with ==, or use
// it as a map key. Move generation writes into a caller's buffer and
// allocates nothing.
package rules
