package question

import (
	"io/fs"
	"regexp"
	"slices"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/templates"
)

// kindGaps returns what a kind misses of the places outside its own file
// that a kind needs: its catalog words and its bank title (gen.title.NAME)
// in every language, and its handler in the page script, a case of the
// script's verdict switch (a Typed kind is the script's default, a number
// typed in).
func kindGaps(info *KindInfo, script string) []string {
	var gaps []string
	for _, key := range append(slices.Clone(info.Words), "gen.title."+info.Name) {
		for _, l := range style.Languages() {
			if !catalog.HasIn(l, key) {
				gaps = append(gaps, "catalog "+l.String()+": no "+key)
			}
		}
	}
	if !info.Typed && !regexp.MustCompile(`\bcase "`+regexp.QuoteMeta(info.Name)+`":`).MatchString(script) {
		gaps = append(gaps, `templates/answer.js: no case "`+info.Name+`": in verdict`)
	}
	return gaps
}

// answerScript returns templates/answer.js, checking that its verdict
// switch has the default a Typed kind relies on.
func answerScript(t *testing.T) string {
	t.Helper()
	b, err := fs.ReadFile(templates.FS(), "answer.js")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`function verdict\(\) \{\s*switch \(kind\) \{[\s\S]*?\n      default:`).Match(b) {
		t.Fatal("templates/answer.js: verdict has no switch (kind) with a default, which Typed kinds rely on")
	}
	return string(b)
}

// TestKindsComplete fails on a registered kind that lacks its catalog
// words or bank title in any language, or its handler in the page script;
// and on a registration that lacks the parts every kind has.
func TestKindsComplete(t *testing.T) {
	script := answerScript(t)
	for _, k := range Kinds() {
		t.Run(k.String(), func(t *testing.T) {
			info := k.Info()
			for _, gap := range kindGaps(info, script) {
				t.Error(gap)
			}
			if len(info.Words) == 0 || info.Answer.Type == 0 || info.Answer.Doc == "" || info.Levels == [4]int{} {
				t.Errorf("kind %s: registered without words, an answer's type and doc, or levels", k)
			}
		})
	}
}

// TestKindGaps checks that kindGaps finds what a registered kind lacks: a
// kind nobody translated, with no case in the script.
func TestKindGaps(t *testing.T) {
	script := answerScript(t)
	k := Register(KindInfo{Name: "toy-gaps", Words: []string{"q.toy-gaps"},
		Decode: func(Input) (Question, bool) { return nil, false }, Encode: func(Question, Output) {}})
	defer Unregister(k)
	gaps := kindGaps(k.Info(), script)
	for _, want := range []string{"catalog en: no q.toy-gaps", "catalog ru: no gen.title.toy-gaps", `templates/answer.js: no case "toy-gaps": in verdict`} {
		if !slices.Contains(gaps, want) {
			t.Errorf("kindGaps(toy-gaps) = %q, want it to hold %q", gaps, want)
		}
	}
	if len(gaps) != 2*len(style.Languages())+1 {
		t.Errorf("kindGaps(toy-gaps) = %d gaps, want %d", len(gaps), 2*len(style.Languages())+1)
	}
	for _, want := range []string{"legal", "labyrinth"} {
		kk, _ := ParseKind(want)
		info := *kk.Info()
		info.Name = "toy-" + want // the same words, no case in the script
		if gaps := kindGaps(&info, script); !slices.Equal(gaps[len(gaps)-1:], []string{`templates/answer.js: no case "toy-` + want + `": in verdict`}) {
			t.Errorf("kindGaps(toy-%s) = %q, want the script's case missing", want, gaps)
		}
	}
}

// TestRegister checks that Register adds a kind after the built-in ones,
// that every lookup finds it, and that Unregister removes it.
func TestRegister(t *testing.T) {
	before := Kinds()
	k := Register(KindInfo{Name: "toy-register", Drill: true,
		Decode: func(Input) (Question, bool) { return nil, false }, Encode: func(Question, Output) {}})
	if got, err := ParseKind("toy-register"); err != nil || got != k || !k.Drill() || k.NeedsSolver() || !slices.Contains(Kinds(), k) {
		t.Errorf("after Register: ParseKind = %v, %v; Drill %v; NeedsSolver %v; Kinds %v", got, err, k.Drill(), k.NeedsSolver(), Kinds())
	}
	Unregister(k)
	if got := Kinds(); !slices.Equal(got, before) {
		t.Errorf("after Unregister: Kinds = %v, want %v", got, before)
	}
	if _, err := ParseKind("toy-register"); err == nil {
		t.Error("after Unregister: ParseKind(toy-register) found it")
	}
}
