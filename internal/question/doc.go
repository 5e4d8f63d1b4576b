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
//   - the README's table of kinds, and a bad-input case in
//     internal/course/testdata/bad.
//
// The tests catch a missed place: the sample course must use every kind
// (TestSampleCourse) and generation runs for every kind (TestGenerate).
package question
