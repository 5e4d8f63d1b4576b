package style

import "testing"

// TestDutchForms: Dutch words have no cases, so a form of Forms (as a
// course written for German or Russian has them) is the word itself; a
// name with another suffix is no word.
func TestDutchForms(t *testing.T) {
	tests := []struct {
		theme Theme
		name  string
		want  string
		ok    bool
	}{
		{Classic, "knight", "het paard", true},
		{Classic, "knight.acc", "het paard", true},
		{Farm, "Knight.gen", "De wolf", true},
		{Alien, "pawn.one", "een bemanningslid", true},
		{Alien, "save.te", "in veiligheid te brengen", true},
		{Classic, "knight.xyz", "", false},
		{Classic, "queen.acc", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.theme.String()+"/"+tt.name, func(t *testing.T) {
			if got, ok := tt.theme.Word(Dutch, tt.name); got != tt.want || ok != tt.ok {
				t.Errorf("Word(nl, %q) = %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.ok)
			}
		})
	}
}
