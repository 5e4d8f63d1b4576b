package class

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"unicode"
	"unicode/utf8"
)

// DataEnv is the environment variable that, when set, names the folder
// that holds the classes in place of the user's data folder (for tests,
// and for a teacher who keeps them elsewhere).
const DataEnv = "NOSTROMO_DATA"

// MaxName is the longest name, in characters, of a child or a class.
const MaxName = 40

// DataDir returns the folder of nostromo-lessons' data: $NOSTROMO_DATA,
// else on Linux and other Unix systems $XDG_DATA_HOME/nostromo-lessons
// (~/.local/share/nostromo-lessons), on macOS ~/Library/Application
// Support/nostromo-lessons and on Windows %AppData%\nostromo-lessons.
func DataDir() (string, error) {
	if d := os.Getenv(DataEnv); d != "" {
		return filepath.Abs(d)
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		d, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("class: the user's data folder: %w", err)
		}
		return filepath.Join(d, "nostromo-lessons"), nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "nostromo-lessons"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("class: the user's data folder: %w", err)
	}
	return filepath.Join(home, ".local", "share", "nostromo-lessons"), nil
}

// ClassesDir returns the folder of every course's classes.
func ClassesDir() (string, error) {
	d, err := DataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "classes"), nil
}

// Path returns the file of the class name of the course whose folder
// name is course (CourseFolder).
func Path(course, name string) (string, error) {
	if err := CheckClassName(name); err != nil {
		return "", err
	}
	d, err := ClassesDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, course, name+".db"), nil
}

// CourseFolder returns the folder name of a course's classes, made of its
// title: lower-case letters and digits, other characters as hyphens, at
// most 40 characters; "course" for a title without a letter or digit.
func CourseFolder(title string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(title) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			if utf8.RuneCountInString(b.String()) >= MaxName {
				return b.String()
			}
			b.WriteRune(r)
		default:
			hyphen = true
		}
	}
	if b.Len() == 0 {
		return "course"
	}
	return b.String()
}

// CheckClassName reports whether name can name a class: 1 to 40 letters,
// digits, hyphens and underscores, as a file name on every system.
func CheckClassName(name string) error {
	if name == "" {
		return errors.New("class: no class name given; want a name such as 4b")
	}
	if utf8.RuneCountInString(name) > MaxName {
		return fmt.Errorf("class: name %.40q...: longer than %d characters", name, MaxName)
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return fmt.Errorf("class: name %q: %q is not a letter, digit, hyphen or underscore", name, r)
		}
	}
	return nil
}

// ErrName is the error of a child's name that cannot be kept (CheckName).
var ErrName = errors.New("class: bad name")

// CheckName reports whether name, with its spaces trimmed, can be a
// child's name: 1 to 40 characters, none of them a control or format
// character (such as a direction override) and none of < > & " ' ` \,
// which only a script would hold. It returns the trimmed name; its error
// wraps ErrName.
func CheckName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	switch n := utf8.RuneCountInString(name); {
	case !utf8.ValidString(name):
		return "", fmt.Errorf("%w: not UTF-8", ErrName)
	case n == 0:
		return "", fmt.Errorf("%w: empty", ErrName)
	case n > MaxName:
		return "", fmt.Errorf("%w: %d characters, want at most %d", ErrName, n, MaxName)
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || strings.ContainsRune("<>&\"'`\\", r) {
			return "", fmt.Errorf("%w: %q holds %q; want a first name or nickname", ErrName, name, r)
		}
	}
	return name, nil
}
