package course

// Limits keep a hostile or careless course harmless: each one exceeded is a
// positioned error, and loading stays fast whatever the input.
const (
	MaxMarkdown           = 20000     // bytes per Markdown field (intro, explain)
	MaxText               = 1000      // bytes per plain text field (title, question, hint, ...)
	MaxConcept            = 100       // bytes per concept name (concept: in a lesson or bank, generate --concept)
	MaxLessons            = 1000      // lesson files per course
	MaxBanks              = 100       // exercise bank files per course
	MaxExercisesPerLesson = 100       // exercises written in one lesson or included into it
	MaxExercises          = 3000      // exercises in the whole course, banks included
	MaxBankExercises      = 1000      // exercises in one bank
	MaxList               = 64        // items of a list: squares, moves, goals, marks, arrows, ids
	MaxDiagrams           = 40        // board blocks in one Markdown field
	MaxLessonDiagrams     = 400       // board blocks in one lesson: its intro and its exercises' explanations
	MaxCourseDiagrams     = 10000     // board blocks in the whole course
	MaxLink               = 2048      // bytes per link destination in Markdown (a link, an image or a reference definition)
	MaxGrowth             = 10        // a Markdown field renders to at most this many times its size, as HTML and as Markdown
	MinFieldOutput        = 1 << 10   // bytes a Markdown field may always render to, however short (MaxGrowth aside)
	MaxFieldOutput        = 256 << 10 // bytes of HTML, and of Markdown, one Markdown field renders to
	MaxPageOutput         = 8 << 20   // bytes of HTML, and of Markdown, a lesson page's Markdown fields render to
)
