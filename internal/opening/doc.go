// Package opening is the solver's proof of the game's opening, shipped:
// the exact whole-game value of every position whose pawn configuration is
// within Depth structure moves (pawn steps and captures, saves, the
// knight's takes) of the default start, every king and knight placement
// and side to move, as the solver computed them in its one long solve of
// the start (see bench/opening).
package opening

// Lookup answers from it in microseconds
// what a solve would take ten minutes and 20 GB to find.
//
// The book is a compressed file embedded in the binary (see Encode for
// its format), decoded into memory (some 13 MB) on first use; its SHA-256
// is recorded next to it in opening.sha256, and the tests check it, the
// consistency of its values, and a sample against the solver.
