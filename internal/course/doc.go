// Package course loads a Nostromo course (course.yaml, lessons/*.yaml and
// exercise banks in exercises/*.yaml) into its lessons and exercises, and
// proves every answer in it.
package course

// Load reads a course from an fs.FS: it decodes each file into yaml.Node
// first, so every problem is reported at its file, line and column, accepts
// known keys only, and keeps hostile files harmless with limits (file size,
// text length, exercise count, no YAML aliases). Verify then checks every
// exercise with the rules engine or the solver. Check does both. All of
// them collect every problem into a yamlpos.ErrorList sorted by position, as
// go/scanner does.
//
// The text of a course names the pieces, the sides and the places of the
// story by placeholders ($king, $pawns, $lair...; style.Placeholders), which
// Load expands in the course's theme or the one WithTheme names, so that a
// lesson written once reads right in every theme. A misspelt placeholder is
// a problem at its line and column.
//
// The sample course is content, not code: it lives at the repository root
// (course.yaml, lessons/, exercises/) and the root package embeds it.
