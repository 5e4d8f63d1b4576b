// Package solver computes exact values of Nostromo positions: who wins with
// best play, in how many moves (counted as docs/RULES.md "Counting moves" says),
// every optimal move, and a principal line. It imports only package rules.
//
// docs/RULES.md, at the repository's root, states how moves and distances
// are counted, the sub-goals and the secondary rule of the line, each with
// the test of this package that pins it (TestHandBuilt, TestAgainstOracle,
// TestLineChoice).
//
// # Method
//
// Pawns only move forward and leave the board, so the pawn structure orders
// the game. A configuration is the pawns on the board with the saved and
// taken counters; inside one, only the king and the knight move (the king's
// steps and its capture of the knight, the knight's jumps, the flight).
// Every other move (a pawn's step or capture, the knight taking a pawn)
// leads to a configuration with fewer steps left for the pawns, so the
// configurations form a DAG. A solve plans the configurations reachable
// from the position, sorted from the most advanced back (each after those
// it leads to), then solves them with the workers, each taking the ready
// configuration (all it leads to solved) first in that order, within a
// few of the first not yet solved. Inside a configuration, a retrograde
// analysis over its 2 x 64 x 65 states settles values ply by ply on sets
// of king squares, one 64-bit set per knight square and side to move: a
// state is won within d plies when some move leads to a state lost within
// d-1, and lost within d plies when every move leads to a state won by the
// opponent within d-1; the first ply at which a state enters a set is its
// distance, and states never settled are draws. Moves leaving the
// configuration read the tables solved before; each state's best such move
// comes due at its own ply. A second method, state by state as Dijkstra's
// algorithm, is kept in the tests and agrees on every state.
//
// Sub-goals (SaveMore, TakeMore) use the same machinery with another end:
// the goal reached is the goal side's win, and any other end of the game
// (the opponent's win, a stalemate, the goal side's own win of the game
// without the goal) is a draw, as is endless play. Their tables are cached
// apart, per target count.
//
// A Solver keeps its tables between calls, one byte a state
// (BytesPerState), BytesPerConfig bytes a configuration; Options.Budget
// counts states, so it is also the bytes of tables allowed. A solve that
// would store more than the budget returns a *BudgetError before solving
// anything, with the memory, the configurations and an estimate of the time
// (EstimateTime, at PositionsPerSecond) a message to the user needs. Bound
// gives, in microseconds, an upper bound on the configurations a solve
// builds: a solve within it is never refused, and the Solver counts the
// configurations of a larger one only as far as the budget reaches before
// refusing it. With Options.Forget, a solve keeps of each table only the
// parts that configurations left to solve read (the Black-to-move half
// for pawn steps, the flight states for captures, one row for each take;
// see parts.go) and drops each part after its last reader, so the budget
// limits the bytes held at once rather than all the tables: that is for
// the largest solves. Its plan computes an upper bound on those bytes,
// with one worker or several (the workers take configurations only a few
// positions ahead of the first not yet solved), its own lists included:
// the plan keeps a configuration in 8 bytes, with a hash table of their
// positions, and computes what each reads from its successors when asked.
// The halves and rows are carved from slabs, a pool for each, and their
// blocks reused best fit, so the pools keep little more than the parts
// held at once (0.2 GB more at the start, simulated in order by
// TestPlanMemory). The whole solve of the start,
// 11.9 million configurations, held at most 6.35 GB of parts, with a peak
// RSS of 7.84 GB (see bench/startpos). Options.Keep
// says how deep around the root it keeps them, Options.Progress
// reports how far a solve has got, while it plans (see Stage: a plan of
// millions of configurations takes a minute) and while it solves, with an
// estimate of the time left, and
// Options.Stop stops a solve while it plans or solves, with ErrStopped
// (the tables it finished are kept).
//
// The tables kept can be taken out (Solver.Table, by Config) and answered
// from without a Solver (Lookup): that is how package internal/opening
// ships the opening, which bench/opening solves once.
//
// # Lines
//
// Where several moves are equally good (the same value and distance), the
// principal line, and the site's play-out engine with it, plays the one
// LineChoice picks by a stated secondary rule: the losing side prefers
// checks, then attacks on pawns, then staying near the pawns; the winning
// or drawing side prefers captures, then pawn advances, then staying near
// the pawns; then the order by SAN. Best itself stays sorted by SAN.
//
// # Conventions
//
// Solution.Moves is -1 for every draw, a finished one (stalemate) included,
// and 0 for a game already won. A sub-goal asked of a finished game is a
// draw: it can no longer be reached. In a draw, Best holds every move that
// keeps the draw; in a sub-goal the goal side cannot force, that is every
// legal move of the goal side.
package solver
