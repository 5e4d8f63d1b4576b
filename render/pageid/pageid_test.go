package pageid

import "testing"

// TestFromName checks the page ids of lesson file names: ids stay, other
// names are made ids, an accented letter written as one character or as a
// letter and a combining accent (as macOS names files) gives the same id,
// and a name with nothing left is refused.
func TestFromName(t *testing.T) {
	tests := []struct {
		name, want string // want "" for an error
	}{
		{"02-flight", "02-flight"},
		{"Intro_2", "intro-2"},
		{"my lesson", "my-lesson"},
		{"\u00fcber", "uber"},        // ü as one character
		{"u\u0308ber", "uber"},       // u and a combining diaeresis
		{"\u00dcBER-2", "uber-2"},    // Ü
		{"gr\u00f6\u00dfe", "gro-e"}, // ß is no accented letter
		{"\ufb01sh", "fish"},         // the ligature fi
		{"\u0443\u0440\u043e\u043a-1", "1"},
		{"\u0443\u0440\u043e\u043a", ""},
		{"___", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FromName(tt.name)
			if tt.want == "" {
				if err == nil {
					t.Errorf("FromName(%q) = %q, want an error", tt.name, got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("FromName(%q) = %q, %v; want %q", tt.name, got, err, tt.want)
			}
		})
	}
}
