// Package question defines the kinds of question a Nostromo lesson asks:
// one type per kind (knight-moves, king-moves, legal, count-moves, outcome,
// moves-to-win, moves-to-goal, best-move, labyrinth).
package question

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
// A kind is one registration (KindInfo, in registry.go), as a goldmark
// extension registers its parts: the loader, the schema, the generator,
// the worksheets' drill layout and the tests read it from there. Every
// place to touch:
//
//   - a new file KIND.go here with the question's type, its Kind, Check,
//     Wording, Key, Space and Accept methods, and its registration: var
//     KindFoo = Register(KindInfo{...}) with its name, whether the solver
//     proves it, whether a drill cell holds it, whether a page asks for a
//     typed number, its generator levels, its catalog words, its keys and
//     answer (Field), Decode (reading them through Input, which package
//     course implements over the YAML) and Encode (writing them for a
//     generated bank), and Generate unless the generator makes it (see
//     below); if options change its marking, its case in Shape and rows
//     in the table of shapes above;
//   - internal/catalog: its words in the five languages (en, es and ru
//     in questions.go, de.go and nl.go) and its bank title gen.title.NAME
//     in the five *_bank.go files;
//   - templates/answer.js: its gesture and its case in verdict, unless
//     the page asks for a typed number (KindInfo.Typed).
//
// TestKindsComplete fails on a registered kind that lacks its catalog words
// or bank title in any of the five languages, or its case in the page
// script. TestToyKind registers a kind of its own file (questiontest's
// pawn-count) and checks that the loader, the generator and the drill
// layout take it with no other edit; e2e's TestToyKindSchema checks the
// schema with it, under a real JSON Schema validator. The sample course should use the new kind (lessons/, and
// docs/authoring.md's table of kinds), and internal/course/testdata/bad should
// hold a bad input of it.
//
// The built-in kinds are constants of kind.go that their files define in
// init, in the order the documentation lists them. Their generator makers
// live in internal/generate (makers in generate.go, with DuplicateKey in
// dedup.go and the answer key's explanation in explain.go), since they
// draw from the solver's pools; a new kind the generator should make that
// way adds its maker there instead of a Generate.
