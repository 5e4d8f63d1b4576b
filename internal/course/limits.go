package course

// Limits keep a hostile or careless course harmless: each one exceeded is a
// positioned error, and loading stays fast whatever the input.
const (
	MaxFileSize           = 1 << 20 // bytes per YAML file
	MaxMarkdown           = 20000   // bytes per Markdown field (intro, explain)
	MaxText               = 1000    // bytes per plain text field (title, question, hint, ...)
	MaxLessons            = 1000    // lesson files per course
	MaxBanks              = 100     // exercise bank files per course
	MaxExercisesPerLesson = 100     // exercises written in one lesson or included into it
	MaxExercises          = 3000    // exercises in the whole course, banks included
	MaxBankExercises      = 1000    // exercises in one bank
	MaxList               = 64      // items of a list: squares, moves, goals, marks, arrows, ids
	MaxDiagrams           = 40      // board blocks in one Markdown field
	MaxLessonDiagrams     = 400     // board blocks in one lesson: its intro and its exercises' explanations
	MaxCourseDiagrams     = 10000   // board blocks in the whole course

)

// Limits on the other files a course supplies: its templates/ folder.
const (
	MaxTemplateSize = 256 << 10 // bytes per page template (templates/*.html)
	MaxStyleSize    = 256 << 10 // bytes per style sheet (templates/*.css)
	MaxArtSize      = 64 << 10  // bytes per piece drawing (templates/art/THEME/PIECE.art)
)
