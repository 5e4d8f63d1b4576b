// Package question defines the kinds of question a Nostromo lesson asks:
// one type per kind (knight-moves, king-moves, legal, count-moves, outcome,
// moves-to-win, moves-to-goal, best-move, labyrinth).
//
// Each type holds a position and the author's answer, and can prove that
// answer with the rules engine or the solver (Check), word the question in a
// course's theme (Wording), show the answer (Key), say what space a
// worksheet leaves for it (Space) and list every answer a web page accepts
// (Accept, in accept.go). The types know nothing of YAML: package
// course reads them from files and turns a Problem's Field into a position.
//
// # Question shapes
//
// A shape is a kind with the options that change its marking (Shape names
// it). For each: what a page accepts (site), what it does with an answer
// that is partly right (partial), and what the answer key says (key). Every
// miss costs a star (three at most, one at least) and opens the hint; a
// key's line of the best play follows the answer of the solver kinds.
//
//   - `knight-moves`: site: the squares tapped, exactly the knight's
//     jumps; partial: a square missing or too many is a miss; key: the
//     squares, "c3, d4", or "none".
//   - `king-moves`: site: the squares tapped, exactly the king's legal
//     steps; partial: as knight-moves; key: the squares, or "none".
//   - `legal`: site: yes or no; partial: none; key: "yes" or "no".
//   - `count-moves`: site: the number typed; partial: none; key: the number.
//   - `outcome`: site: one of the two sides or the draw; partial: none;
//     key: the winner, or "draw".
//   - `moves-to-win`: site: the number typed, or "never" ticked; partial:
//     none; key: "7 moves" or "never".
//   - `moves-to-win who-wins`: site: the side that wins and the number;
//     partial: one part right is a miss that names the other part (a part
//     missing is no miss, the page asks for it); key: "Black wins, in 21
//     moves".
//   - `moves-to-goal`: site: the number typed, or "never"; partial: none;
//     key: "3 moves" or "never".
//   - `best-move`: site: one move, any of the answer's; where the side to
//     move wins, a slower win too, right with a star less ("there is a
//     faster way"); partial: none; key: "d8 or e8", and a line "Fastest:
//     d8. Moves that also win, slower: Kg1, Kh2" (none where the side to
//     move cannot force the win).
//   - `best-move goal`: as best-move, for the sub-goal: "Moves that also
//     reach the goal, slower".
//   - `best-move winning`: site: one move, any that wins (all are the
//     answer, none is slower); partial: none; key: every winning move,
//     "d8 or Kg1", and the line of the fastest and the slower ones.
//   - `best-move goal winning`: as best-move winning, for the sub-goal.
//   - `best-move fastest`: site: one move, any of the fastest; a slower
//     win is a miss; partial: none; key: "d8", and no slower moves.
//   - `best-move goal fastest`: as best-move fastest, for the sub-goal.
//   - `best-move every`: site: every move of the answer, one at a time; a
//     slower win is a miss; partial: each right move is kept and listed
//     ("Found: e8"), the page says how many are left ("e8 is right! 1
//     more to find.") and Check stays; a move found before is no miss;
//     solved, with its stars, once all are found; key: "every move: e8,
//     exd8", and no slower moves.
//   - `best-move fastest every`: as best-move every (the question says
//     "at once" as well as "every").
//   - `best-move winning every`: as best-move every, the answer being
//     every winning move.
//   - `best-move goal every`, `best-move goal fastest every`,
//     `best-move goal winning every`: as above, for the sub-goal.
//   - `labyrinth`: site: a way tapped square by square from the start,
//     right when it is a shortest way to the target; partial: a way that
//     is longer or stops short is a miss; key: "3 steps: e1-f1-g2-g3"
//     (a shortest way, or one of them).
//
// TestShapesDocumented fails on a shape of the sample course or of the
// generator that has no row here.
//
// # Adding a question kind
//
// Every place to touch, in order:
//
//   - kind.go: the constant, its name in kindNames and, if the solver
//     proves it, NeedsSolver;
//   - a new file KIND.go here with the type and its Check, Wording, Key and
//     Space methods, and its Accept in accept.go (with what a page's
//     script compares in templates/answer.js);
//   - internal/course/keys.go: the kind's entry in Kinds (its own keys,
//     the shape of its answer, a line for editors), and in exercise.go the
//     case in the switch that builds the typed question;
//   - internal/generate: its maker in generate.go (makers), its thresholds
//     in difficulty.go (levelThresholds), its title and YAML in
//     bank_write.go (kindTitles and the switch in exerciseNode);
//   - docs/authoring.md's table of kinds, and a bad-input case in
//     internal/course/testdata/bad.
//
// The tests catch a missed place: the sample course must use every kind
// (TestSampleCourse) and generation runs for every kind (TestGenerate).
package question
