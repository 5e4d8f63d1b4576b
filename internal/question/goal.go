package question

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// ParseGoal reads a sub-goal as lesson files write it: "save:K" (White
// saves K more pawns) or "catch:K" (Black catches K more pawns; "take:K",
// the earlier spelling, is the same goal), K from 1 to 4.
func ParseGoal(text string) (solver.Goal, error) {
	kind, k, ok := strings.Cut(text, ":")
	n, err := strconv.Atoi(k)
	if !ok || err != nil || n < 1 || n > rules.TakesToWin || len(k) != 1 {
		return solver.Goal{}, fmt.Errorf("goal %q: want save:K or catch:K with K a number from 1 to 4, like save:1", text)
	}
	switch kind {
	case "save":
		return solver.Goal{Kind: solver.SaveMore, K: n}, nil
	case "catch", "take":
		return solver.Goal{Kind: solver.TakeMore, K: n}, nil
	}
	return solver.Goal{}, fmt.Errorf("goal %q: want save:K or catch:K, like save:1", text)
}

// GoalString writes g as the proof cache and the
// renderer keep it: "save:1", "take:2" (the spelling that ParseGoal reads
// as catch:2 too), or "game". Messages and banks say a goal with GoalText.
func GoalString(g solver.Goal) string {
	switch g.Kind {
	case solver.SaveMore:
		return "save:" + itoa(g.K)
	case solver.TakeMore:
		return "take:" + itoa(g.K)
	}
	return "game"
}

// GoalSide returns the side that pursues g.
func GoalSide(g solver.Goal) rules.Color {
	if g.Kind == solver.TakeMore {
		return rules.Black
	}
	return rules.White
}

// CheckGoal reports why the goal g cannot be asked of p (more pawns than
// remain, or than the win needs), or nil.
func CheckGoal(p rules.Position, g solver.Goal) error {
	if probs := GoalProblem(p, g); probs != nil {
		return errors.New(probs[0].Msg)
	}
	return nil
}

// GoalProblem reports a sub-goal that cannot be asked of p.
func GoalProblem(p rules.Position, g solver.Goal) []Problem {
	pawns := p.Pawns.Count()
	switch g.Kind {
	case solver.SaveMore:
		if left := rules.SavesToWin - int(p.Saved); g.K > left {
			return problem("goal", "goal save:%d, but White wins as soon as %s saved; ask for at most save:%d", g.K, morePawns(left), left)
		}
	case solver.TakeMore:
		if left := rules.TakesToWin - int(p.Taken); g.K > left {
			return problem("goal", "goal catch:%d, but Black wins as soon as %s caught; ask for at most catch:%d", g.K, morePawns(left), left)
		}
	}
	if g.Kind != solver.Game && g.K > pawns {
		return problem("goal", "goal %s, but only %s on the board", GoalText(g), Plural(pawns, "pawn"))
	}
	return nil
}

// GoalText writes g as docs/authoring.md tells authors to, and as generate writes
// it in a bank: "save:1", "catch:2",
// or "game".
func GoalText(g solver.Goal) string {
	if g.Kind == solver.TakeMore {
		return "catch:" + itoa(g.K)
	}
	return GoalString(g)
}

// goalWords describes g in the answer key's words: "save 1 more pawn",
// "catch 2 pawns", or "win".
func goalWords(g solver.Goal) string {
	switch g.Kind {
	case solver.SaveMore:
		return "save " + itoa(g.K) + " more " + pawnWord(g.K)
	case solver.TakeMore:
		return "catch " + Plural(g.K, "pawn")
	}
	return "win"
}

// morePawns returns "1 more pawn is" or "2 more pawns are".
func morePawns(k int) string {
	if k == 1 {
		return "1 more pawn is"
	}
	return itoa(k) + " more pawns are"
}

func pawnWord(k int) string {
	if k == 1 {
		return "pawn"
	}
	return "pawns"
}

// themeGoal describes g in the language and theme of p: "save 1 more
// pawn", "bring 2 more crew members to safety", "catch 1 sheep".
func themeGoal(p *catalog.Printer, g solver.Goal) string {
	switch g.Kind {
	case solver.SaveMore:
		return p.Say("q.goal.save", g.K)
	case solver.TakeMore:
		return p.Say("q.goal.take", g.K)
	}
	return p.Say("q.goal.win")
}
