package yamlpos

import (
	"strings"
	"testing"
)

func TestErrorList(t *testing.T) {
	var l ErrorList
	l.Add(Pos{"lessons/b.yaml", 1, 1}, "b")
	l.Add(Pos{"lessons/a.yaml", 10, 2}, "c")
	l.Add(Pos{"lessons/a.yaml", 9, 5}, "a")
	l.Add(Pos{"lessons/a.yaml", 0, 0}, "whole file")
	l.Sort()
	var got strings.Builder
	PrintError(&got, l)
	want := "lessons/a.yaml: whole file\nlessons/a.yaml:9:5: a\nlessons/a.yaml:10:2: c\nlessons/b.yaml:1:1: b\n"
	if got.String() != want {
		t.Errorf("sorted list:\n%s\nwant:\n%s", got.String(), want)
	}
	if got, want := l.Error(), "lessons/a.yaml: whole file (and 3 more errors)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if (ErrorList{}).Err() != nil {
		t.Errorf("empty list Err() != nil")
	}
}
