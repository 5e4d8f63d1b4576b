// Package exercises defines the kinds of question a Nostromo lesson asks:
// one type per kind (knight-moves, king-moves, legal, count-moves, outcome,
// moves-to-win, moves-to-goal, best-move, labyrinth).
//
// Each type holds a position and the author's answer, and can prove that
// answer with the rules engine or the solver (Check), word the question in a
// course's theme (Wording), show the answer (Answer) and say what space a
// worksheet leaves for it (Space). The types know nothing of YAML: package
// lessons reads them from files and turns a Problem's Field into a position.
package question
