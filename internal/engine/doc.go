// Package engine answers the play page's questions about a game against the
// alien, in JSON, with the project's rules and solver: the legal moves of a
// position, a move played (with the end of the game by docs/RULES.md, the third
// repetition included), the exact value of a position, and the alien's
// reply. cmd/nostromo-engine exposes it to JavaScript as WebAssembly, so
// that the browser decides nothing about the game itself.
package engine
