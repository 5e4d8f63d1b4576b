package rules_test

import (
	"fmt"

	"nostromo-lessons/rules"
)

func ExampleParseFEN() {
	p, err := rules.ParseFEN("8/8/5n2/8/4P3/8/8/4K3 w 2 3")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Side, "to move, saved", p.Saved, "taken", p.Taken)

	_, err = rules.ParseFEN("8/8/5n2/8/4P3/8/8/8 w 2 3")
	fmt.Println(err)
	// Output:
	// white to move, saved 2 taken 3
	// invalid position: 0 white kings, want exactly 1
}

func ExamplePosition_LegalMoves() {
	p := rules.Start
	fmt.Println(p.SANList(p.LegalMoves()))
	// Output: Kd1, Kf1, b3, c3, d3, e3, f3, g3
}

func ExamplePosition_NumberedLine() {
	p := rules.Start
	var line []rules.Move
	for _, san := range []string{"e3", "Nd5", "Kd1"} {
		m, err := rules.ParseMove(p, san)
		if err != nil {
			fmt.Println(err)
			return
		}
		line, p = append(line, m), p.Apply(m)
	}
	fmt.Println(rules.Start.NumberedLine(line, len(line)))
	// Output: 1. e3 Nd5 2. Kd1
}

// The figures agree with the reference vectors in shared/vectors.
func ExamplePerft() {
	for depth := 1; depth <= 3; depth++ {
		fmt.Println(depth, rules.Perft(rules.Start, depth))
	}
	// Output:
	// 1 8
	// 2 64
	// 3 534
}
