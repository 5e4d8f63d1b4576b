package analysis

import (
	"testing"

	"nostromo-lessons/rules"
)

func TestClassify(t *testing.T) {
	w, b, d := rules.WhiteWins, rules.BlackWins, rules.Draw
	tests := []struct {
		name          string
		mover         rules.Color
		before, after Value
		want          Class
	}{
		{"fastest win kept", rules.White, Value{w, 7}, Value{w, 6}, Kept},
		{"win one slower", rules.White, Value{w, 7}, Value{w, 7}, Kept},
		{"win two slower", rules.White, Value{w, 7}, Value{w, 8}, Kept},
		{"win three slower is a slip", rules.White, Value{w, 7}, Value{w, 9}, Slip},
		{"win far slower is a slip", rules.White, Value{w, 2}, Value{w, 20}, Slip},
		{"winning move ends the game", rules.White, Value{w, 1}, Value{w, 0}, Kept},
		{"black win kept", rules.Black, Value{b, 4}, Value{b, 3}, Kept},
		{"black win three slower", rules.Black, Value{b, 4}, Value{b, 6}, Slip},
		{"win to draw", rules.White, Value{w, 5}, Value{d, -1}, Mistake},
		{"win to loss", rules.White, Value{w, 5}, Value{b, 9}, Mistake},
		{"draw to loss", rules.White, Value{d, -1}, Value{b, 9}, Mistake},
		{"black win to draw", rules.Black, Value{b, 3}, Value{d, -1}, Mistake},
		{"black draw to loss", rules.Black, Value{d, -1}, Value{w, 4}, Mistake},
		{"draw kept", rules.Black, Value{d, -1}, Value{d, -1}, Kept},
		{"longest defence", rules.White, Value{b, 6}, Value{b, 6}, Kept},
		{"defence two shorter", rules.White, Value{b, 6}, Value{b, 4}, Kept},
		{"defence three shorter is a slip", rules.White, Value{b, 6}, Value{b, 3}, Slip},
		{"black defence three shorter", rules.Black, Value{w, 8}, Value{w, 5}, Slip},
		{"black defence kept", rules.Black, Value{w, 8}, Value{w, 8}, Kept},
		{"loss mated at once", rules.White, Value{b, 1}, Value{b, 1}, Kept},
		{"better than exact is kept", rules.White, Value{d, -1}, Value{w, 3}, Kept},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Classify(tt.mover, tt.before, tt.after); got != tt.want {
				t.Errorf("Classify(%v, %v, %v) = %v, want %v", tt.mover, tt.before, tt.after, got, tt.want)
			}
		})
	}
}
