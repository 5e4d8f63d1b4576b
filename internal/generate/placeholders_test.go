package generate

import "testing"

func TestPlaceholders(t *testing.T) {
	tests := []struct{ in, want string }{
		{"White can save 1 more pawn in 3 moves", "$white can $save.verb 1 more $pawn$save.rest in 3 moves"},
		{"after d6, Black stops White: 2 more pawns saved", "after d6, $black stops $white: 2 more $pawns $saved"},
		{"with Kxa5 White needs 4 moves to save 2 more pawns", "with Kxa5 $white needs 4 moves to $save.verb 2 more $pawns$save.rest"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := placeholders(tt.in); got != tt.want {
				t.Errorf("placeholders(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
