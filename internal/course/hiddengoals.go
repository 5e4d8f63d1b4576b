package course

import (
	"fmt"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/rules"
)

// hiddenGoals warns of each goal mark (e4*) on a square where a piece
// stands: a goal's star is drawn only on an empty square, so the mark would
// not show. It looks at every exercise's marks and every board block, once
// for an exercise included in several lessons.
func (l *loader) hiddenGoals(lessons []*Lesson) {
	seen := map[yamlpos.Pos]bool{}
	warn := func(at yamlpos.Pos, sq rules.Square) {
		if seen[at] {
			return
		}
		seen[at] = true
		l.c.Warnings.Add(at, fmt.Sprintf("warning: marks: %s marks a goal on a square where a piece stands, and a goal's star is drawn only on an empty square; mark it %s (a ring around the piece) or mark an empty square", sq.String()+GoalMark.Suffix(), sq))
	}
	for _, lesson := range lessons {
		for _, d := range boardBlocks(lesson) {
			if sq, ok := goalOnPiece(d.Marks, d.Kinds, d.pieceAt); ok {
				warn(d.Pos, sq)
			}
		}
		for _, e := range lesson.Exercises {
			if sq, ok := goalOnPiece(e.Marks, e.MarkKinds, e.Position.PieceAt); ok {
				warn(e.at("marks"), sq)
			}
		}
	}
}

// boardBlocks returns the board blocks of a lesson: its intro's, its
// teacher's guide's and its exercises' explanations'.
func boardBlocks(lesson *Lesson) []*Diagram {
	blocks := append(append([]*Diagram{}, lesson.Diagrams...), lesson.TeacherDiagrams...)
	for _, e := range lesson.Exercises {
		blocks = append(blocks, e.Diagrams...)
	}
	return blocks
}

// goalOnPiece returns the first square of marks that kinds mark as a goal
// and where pieceAt finds a piece.
func goalOnPiece(marks []rules.Square, kinds []MarkKind, pieceAt func(rules.Square) rules.Piece) (rules.Square, bool) {
	for i, sq := range marks {
		if i < len(kinds) && kinds[i] == GoalMark && pieceAt(sq) != rules.NoPiece {
			return sq, true
		}
	}
	return 0, false
}

// pieceAt returns the piece the block draws on sq: one of its loose pieces,
// or its position's.
func (d *Diagram) pieceAt(sq rules.Square) rules.Piece {
	if d.Pieces != nil {
		return d.Pieces[sq]
	}
	return d.Position.PieceAt(sq)
}
