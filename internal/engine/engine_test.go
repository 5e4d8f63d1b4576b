package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestHandle checks the engine's answers to single requests.
func TestHandle(t *testing.T) {
	e := New()
	tests := []struct {
		name, req string
		want      []string // substrings of the answer
	}{
		{"moves", `{"op":"moves","fen":"8/8/5n2/8/8/8/4P3/4K3 w 2 3"}`,
			[]string{`"side":"w"`, `"pieces":{"e1":"king","e2":"pawn","f6":"knight"}`, `{"san":"e3","from":"e2","to":"e3"}`, `{"san":"Kd1","from":"e1","to":"d1"}`, `"end":""`}},
		{"flight", `{"op":"moves","fen":"8/8/8/8/8/8/4P3/4K3 b 2 3"}`,
			[]string{`"moves":[{"san":"N@f6","from":"","to":"f6"}]`}},
		{"save wins", `{"op":"play","fen":"8/4P3/8/8/8/1n6/8/4K3 w 2 3","move":"e8"}`,
			[]string{`"san":"e8"`, `"saved":3`, `"end":"saved"`, `"result":"white"`, `"moves":[]`}},
		{"fourth taken", `{"op":"play","fen":"8/8/8/8/8/1n6/3P4/7K b 2 3","move":"Nxd2"}`,
			[]string{`"end":"taken"`, `"result":"black"`}},
		{"third repetition", `{"op":"play","fen":"8/8/5n2/8/8/8/4P3/4K3 w 2 3","move":"Kd1","history":["8/8/5n2/8/8/8/4P3/3K4 b 2 3","8/8/5n2/8/8/8/4P3/4K3 w 2 3","8/8/5n2/8/8/8/4P3/3K4 b 2 3"]}`,
			[]string{`"end":"repetition"`, `"result":"draw"`}},
		{"second time no draw", `{"op":"play","fen":"8/8/5n2/8/8/8/4P3/4K3 w 2 3","move":"Kd1","history":["8/8/5n2/8/8/8/4P3/3K4 b 2 3"]}`,
			[]string{`"end":""`, `"result":""`}},
		{"repeated thrice", `{"op":"moves","fen":"8/8/5n2/8/8/8/4P3/4K3 w 2 3","history":["8/8/5n2/8/8/8/4P3/4K3 w 2 3","8/8/5n2/8/8/8/4P3/3K4 b 2 3","8/8/5n2/8/8/8/4P3/4K3 w 2 3","8/8/5n2/8/8/8/4P3/3K4 b 2 3"]}`,
			[]string{`"end":"repetition"`, `"moves":[]`}},
		{"solve", `{"op":"solve","fen":"8/4P3/8/8/8/1n6/8/4K3 w 2 3"}`,
			[]string{`{"result":"white","moves":1,"best":["e8"]}`}},
		// Black's move comes first and is not counted (docs/RULES.md,
		// "Counting moves"): White saves on its 2nd move, e7 then e8, as
		// with White to move; the knight on a1 has only Nb3 and Nc2.
		{"solve, black first", `{"op":"solve","fen":"8/8/4PK2/8/8/8/8/n7 b 2 3"}`,
			[]string{`{"result":"white","moves":2,"best":["Nb3","Nc2"]}`}},
		{"solve, white first", `{"op":"solve","fen":"8/8/4PK2/8/8/8/8/n7 w 2 3"}`,
			[]string{`{"result":"white","moves":2,"best":["e7"]}`}},
		{"reply", `{"op":"reply","fen":"8/8/8/8/8/8/4P3/4K3 b 2 3"}`,
			[]string{`"san":"N@f6"`}},
		{"illegal", `{"op":"play","fen":"8/8/5n2/8/8/8/4P3/4K3 w 2 3","move":"e5"}`,
			[]string{`"error":"engine: `, "illegal move"}},
		{"bad fen", `{"op":"moves","fen":"8/8 w"}`, []string{`"error":"engine: `}},
		{"bad op", `{"op":"dance","fen":"8/8/5n2/8/8/8/4P3/4K3 w 2 3"}`, []string{`op \"dance\": want moves, play, solve, reply, level or review`}},
		{"reply over", `{"op":"reply","fen":"8/8/8/8/8/1n6/8/4K3 w 3 3"}`, []string{`"error":"engine: `}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(e.Handle([]byte(tt.req)))
			if !json.Valid([]byte(got)) {
				t.Fatalf("Handle(%s) = %s, not JSON", tt.req, got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("Handle(%s) = %s, want it to hold %s", tt.req, got, w)
				}
			}
		})
	}
}
