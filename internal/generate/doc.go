// Package generate makes new exercises of one kind, every one proven by
// its own check, graded 1 to 5 by a measure grounded in the rules or the
// solver, and without duplicates (Exercises), and writes them as a bank
// file that lessons can include (WriteBank).
package generate

// The same Options, seed included, make the same exercises, byte for byte:
// randomness comes only from a seeded source.
