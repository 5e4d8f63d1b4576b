package e2e

import (
	"bytes"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/question/questiontest"
	"nostromo-lessons/internal/schema"
)

// TestToyKindSchema registers the toy kind of internal/question/questiontest
// (pawn-count, a kind of its own file alone) and checks that the editor
// schema takes it without an edit of its own, as a real JSON Schema
// validator sees it: a pawn-count exercise passes, one with a key the
// kind does not use fails. It is the schema's part of TestToyKind in
// internal/question/toy_kind_test.go (the loader, the generator and the
// drill layout), here so that the validator stays out of the product's
// go.mod.
func TestToyKindSchema(t *testing.T) {
	questiontest.Register(t)
	lesson := compileLesson(t)
	var good any
	if err := yaml.Unmarshal([]byte(questiontest.Lesson), &good); err != nil {
		t.Fatal(err)
	}
	if err := lesson.Validate(good); err != nil {
		t.Errorf("the lesson schema refuses a pawn-count exercise: %v", err)
	}
	var bad any
	if err := yaml.Unmarshal([]byte(strings.Replace(questiontest.Lesson, "answer: 6", "answer: 6\n    move: e4", 1)), &bad); err != nil {
		t.Fatal(err)
	}
	if lesson.Validate(bad) == nil {
		t.Error("the lesson schema takes move: in a pawn-count exercise")
	}
}

// compileLesson returns the lesson schema, compiled by a real validator.
func compileLesson(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	for _, f := range schema.Files() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(f.Data))
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if err := c.AddResource("file:///course/.nostromo/"+f.Name, doc); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
	}
	s, err := c.Compile("file:///course/.nostromo/" + schema.LessonFile)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
