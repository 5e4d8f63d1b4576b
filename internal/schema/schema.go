// Package schema writes JSON Schema (draft 2020-12) for the files of a
// course, so that an editor with the YAML language server (VS Code's YAML
// extension and others) completes keys, shows what each is for on hover
// and flags a misspelled key or a wrong value as you type.
package schema

// The schemas are made from the loader's own key tables (course.CourseValue,
// course.LessonValue, course.BankValue, course.Kinds and the rest), never
// written by hand, so they accept the keys the loader accepts and no
// others. They check shapes only (a square is a file and a rank, a FEN
// has eight ranks); check, with the rules and the solver, stays the
// authority.
//
// There are three schemas, one for each kind of file, because the YAML
// language server takes one schema per file (the modeline names it):
// course.yaml, lessons/*.yaml and the exercise banks. Each is whole by
// itself (its shared shapes in its own $defs), so no editor has to
// resolve a reference from one file to another. They use only keywords
// that draft-07 tools read the same way (no prefixItems, no
// unevaluatedProperties, no $ref beside other keywords but a description),
// since the YAML language server's own support for 2020-12 is partial;
// such tools reach $defs by its JSON pointer.

import (
	"bytes"
	"encoding/json"
	"math"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"nostromo-lessons/internal/course"
)

// Dir is the folder of a course that holds its schemas.
const Dir = ".nostromo"

// The schema files, in Dir.
const (
	CourseFile = "course.schema.json"
	LessonFile = "lesson.schema.json"
	BankFile   = "bank.schema.json"
)

// File is one schema file.
type File struct {
	Name string // its name in Dir, such as "lesson.schema.json"
	For  string // the files it describes, such as "lessons/*.yaml"
	Data []byte // the JSON, indented, ending in a newline
}

// Files returns the three schemas: course, lesson and bank.
func Files() []File {
	return []File{
		{CourseFile, "course.yaml", encode(root("course.yaml", course.CourseValue(), false))},
		{LessonFile, "lessons/*.yaml", encode(root("lesson", course.LessonValue(), true))},
		{BankFile, "exercises/*.yaml", encode(root("exercise bank", course.BankValue(), true))},
	}
}

// For returns the name of the schema (in Dir) for the course file name, a
// slash path relative to the course folder: course.yaml has the course
// schema, lessons/*.yaml the lesson schema, any other YAML file (a bank:
// lessons may include a bank from any folder) the bank schema.
func For(name string) string {
	switch {
	case name == "course.yaml":
		return CourseFile
	case path.Dir(name) == "lessons":
		return LessonFile
	}
	return BankFile
}

// Modeline returns the comment that tells the YAML language server which
// schema the course file name has, with a path relative to that file, such
// as "# yaml-language-server: $schema=../.nostromo/lesson.schema.json".
func Modeline(name string) string {
	up := strings.Repeat("../", strings.Count(path.Clean(name), "/"))
	return "# yaml-language-server: $schema=" + up + Dir + "/" + For(name)
}

// HasModeline reports whether the text of a YAML file names a schema for
// the YAML language server.
func HasModeline(src []byte) bool {
	for line := range bytes.Lines(src) {
		if bytes.HasPrefix(bytes.TrimSpace(line), []byte("# yaml-language-server: $schema=")) {
			return true
		}
	}
	return false
}

// object is one JSON Schema object.
type object = map[string]any

// root returns the schema of a file whose top level is a mapping of keys.
// withBoards adds the board block's keys under $defs (a board block is
// text inside Markdown, which YAML sees as one text, so nothing refers to
// it; it is there for tools and as documentation).
func root(title string, v *course.Value, withBoards bool) object {
	b := &builder{defs: object{}}
	s := b.inline(v)
	s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	s["title"] = title
	s["description"] = v.Doc + " Made by nostromo-lessons schema from its loader; check stays the authority."
	if withBoards {
		b.defs["board-block"] = b.inline(course.BoardBlockValue())
	}
	if len(b.defs) > 0 {
		s["$defs"] = b.defs
	}
	return s
}

func encode(s object) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		panic("schema: " + err.Error()) // maps of strings, numbers and lists always encode
	}
	return buf.Bytes()
}

// builder turns the loader's values into JSON Schema, collecting the named
// ones under $defs.
type builder struct {
	defs object
}

// key returns the schema of a key's value, described by the key's line
// and the value's: "The square of the white king. A square: a file a-h
// and a rank 1-8, such as e4." (an editor shows the description beside a
// $ref, not the one it points to).
func (b *builder) key(k course.Key) object {
	if k.Value == nil {
		return object{"description": k.Doc}
	}
	s := b.value(k.Value)
	s["description"] = strings.TrimSpace(k.Doc + " " + k.Value.Doc)
	return s
}

// value returns the schema of v: a reference to $defs for a named value.
func (b *builder) value(v *course.Value) object {
	if v.Name == "" {
		return b.inline(v)
	}
	if _, done := b.defs[v.Name]; !done {
		b.defs[v.Name] = nil // a value that holds itself refers to its name
		b.defs[v.Name] = b.inline(v)
	}
	return object{"$ref": "#/$defs/" + v.Name}
}

// inline returns the schema of v itself.
func (b *builder) inline(v *course.Value) object {
	var s object
	switch v.Type {
	case course.TextType:
		s = object{"type": []string{"string", "number", "boolean"}}
		if v.Max > 0 {
			// maxLength counts characters and the loader bytes: a text
			// of MaxText bytes never has more characters than that.
			s["maxLength"] = v.Max
		}
	case course.StringType:
		s = object{"type": "string"}
		if v.Number {
			s = object{"type": []string{"string", "integer"}, "minimum": 0}
		}
		if v.Max > 0 {
			s["maxLength"] = v.Max // bytes, as for TextType: never more characters
		}
	case course.WordType:
		s = object{"type": "string", "enum": v.Choices()}
		if v.AnyCase {
			// The enum is what an editor offers; the pattern takes the
			// words in any case, as the loader does.
			s = object{"type": "string", "anyOf": []object{{"enum": v.Choices()}, {"pattern": anyCase(v.Choices())}}}
		}
		if len(v.Also) > 0 {
			// The enum is what an editor offers; the pattern takes the
			// words of the other languages, as the loader does.
			s = object{"type": "string", "anyOf": []object{{"enum": v.Choices()}, {"pattern": anyCase(v.Also)}}}
		}
	case course.IntegerType:
		s = object{"type": "integer", "minimum": v.Min}
		if v.Max != math.MaxInt {
			s["maximum"] = v.Max
		}
	case course.BooleanType:
		// The loader reads yes and no too; YAML 1.2 (the language
		// server's) reads them as words.
		s = object{"enum": []any{true, false, "yes", "no"}}
	case course.ListType:
		s = object{"type": "array", "items": b.value(v.Item)}
		if v.Min > 0 {
			s["minItems"] = v.Min
		}
		if v.Max > 0 {
			s["maxItems"] = v.Max
		}
		if v.Unique {
			s["uniqueItems"] = true
		}
	case course.MappingType:
		s = b.mapping(v)
	case course.EitherType:
		var any []object
		for _, e := range v.Either {
			any = append(any, b.value(e))
		}
		s = object{"anyOf": any}
	default:
		panic("schema: a value of type " + v.Type.String())
	}
	if v.Pattern != "" {
		s["pattern"] = v.Pattern
	}
	if v.Doc != "" {
		s["description"] = v.Doc
	}
	return s
}

// mapping returns the schema of a mapping: its keys and no others, the
// required ones, and for an exercise the keys and answer of each kind.
func (b *builder) mapping(v *course.Value) object {
	if v.Keys == nil {
		// Squares to values, such as a board block's pieces.
		s := object{"type": "object", "propertyNames": object{"pattern": "^[a-h][1-8]$"}, "additionalProperties": b.value(v.Item)}
		if v.Max > 0 {
			s["maxProperties"] = v.Max
		}
		return s
	}
	props := object{}
	var required []string
	for _, k := range v.Keys {
		props[k.Name] = b.key(k)
		if k.Required {
			required = append(required, k.Name)
		}
	}
	var all []object
	for _, kind := range kindsOf(v) {
		all = append(all, b.kind(kind, v.Keys, props))
	}
	s := object{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	if len(v.AnyOf) > 0 {
		s["anyOf"] = requireEach(v.AnyOf)
	}
	if len(v.OneOf) > 0 {
		s["oneOf"] = requireEach(v.OneOf)
	}
	if len(all) > 0 {
		s["allOf"] = all
	}
	return s
}

// kind returns the rule for one kind of exercise: if kind says so, then
// the kind's answer, its keys, the keys it requires, and no key of another
// kind. It adds the kind's keys to props, the keys of every exercise, so
// that an editor offers them and knows any other key is wrong.
func (b *builder) kind(k course.KindKeys, common []course.Key, props object) object {
	then := object{}
	own := object{}
	answer := b.value(k.Answer)
	answer["description"] = k.Doc
	own["answer"] = answer
	required := slices.Clone(k.Requires)
	for _, key := range k.Keys {
		s := b.key(key)
		own[key.Name] = s
		if _, seen := props[key.Name]; !seen {
			props[key.Name] = s
		}
		if key.Required {
			required = append(required, key.Name)
		}
	}
	for _, name := range allKindKeys() {
		if _, ok := own[name]; !ok && !slices.Contains(course.Names(common), name) {
			own[name] = false // "Property move is not allowed."
		}
	}
	then["properties"] = own
	if len(required) > 0 {
		then["required"] = required
	}
	if len(k.OneOf) > 0 {
		then["oneOf"] = requireEach(k.OneOf)
	}
	return object{
		"if":   object{"properties": object{"kind": object{"const": k.Kind.String()}}, "required": []string{"kind"}},
		"then": then,
	}
}

// kindsOf returns the kinds of exercise whose keys v, an exercise, adds.
func kindsOf(v *course.Value) []course.KindKeys {
	if !v.ByKind {
		return nil
	}
	return course.Kinds()
}

// allKindKeys returns the keys some kind of exercise adds.
func allKindKeys() []string {
	var names []string
	for _, k := range course.Kinds() {
		for _, key := range k.Keys {
			if !slices.Contains(names, key.Name) {
				names = append(names, key.Name)
			}
		}
	}
	return names
}

// requireEach returns one schema for each key, requiring it.
func requireEach(keys []string) []object {
	var out []object
	for _, k := range keys {
		out = append(out, object{"required": []string{k}})
	}
	return out
}

// anyCase returns a pattern that matches exactly the words, each in any
// case: "^(?:[aA]4|[lL][eE]...)$" (ECMA-262 has no flag for it inside a
// pattern).
func anyCase(words []string) string {
	alts := make([]string, len(words))
	for i, w := range words {
		var b strings.Builder
		for _, r := range w {
			if lo, up := unicode.ToLower(r), unicode.ToUpper(r); lo != up {
				b.WriteString("[" + string(lo) + string(up) + "]")
			} else {
				b.WriteString(regexp.QuoteMeta(string(r)))
			}
		}
		alts[i] = b.String()
	}
	return "^(?:" + strings.Join(alts, "|") + ")$"
}
