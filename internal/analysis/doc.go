// Package analysis judges the moves of a played game with exact values: it
// reads a game in the project's notation (ParseGame), proves the value of
// every position through a Prover (the opening book, the solver within a
// budget, or a whole-game table: anything with the methods of
// question.Solver), and classifies each move by the values before and after
// it (Classify): kept, a slip (a win made slower, or a defence made shorter,
// by SlipMoves or more) or a mistake (the value thrown away).
package analysis

// It imports only rules and rules/solver, so that the play page's engine,
// compiled to WebAssembly, can classify its moves with the same function.
