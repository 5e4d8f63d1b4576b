package coursefs

// MaxFileSize is the size limit of a YAML file of the course, in bytes.
const MaxFileSize = 1 << 20

// Limits on the other files a course supplies: its templates/ folder.
const (
	MaxTemplateSize = 256 << 10 // bytes per page template (templates/*.html)
	MaxStyleSize    = 256 << 10 // bytes per style sheet (templates/*.css)
	MaxArtSize      = 64 << 10  // bytes per piece drawing (templates/art/THEME/PIECE.art)
)
