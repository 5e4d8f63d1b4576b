package course

import (
	"errors"
	"fmt"
	"io/fs"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/coursefs"
	"path"
	"regexp"
	"strings"
)

// MaxTemplateWarnings is how many warnings one template file gets at most.
const MaxTemplateWarnings = 10

// CheckTemplates checks the course's own templates/ folder in fsys, which
// build lays over the embedded templates (embedded): every file in it must
// be a regular file within its size limit (coursefs.FileLimit), as build would read
// it. A course's templates are code, trusted like a Hugo theme; a page
// template that holds a script or an event handler attribute
// (onclick=...) is worth a warning, since build --no-course-templates
// leaves them out, but not a copy of an embedded file or script. It
// returns the warnings and the problems, and whether the folder is there
// and every file in it reads, so that its page templates and piece art
// may be parsed as build parses them (build's output checks do).
func CheckTemplates(fsys, embedded fs.FS) (warns, errs yamlpos.ErrorList, readable bool) {
	found := false
	err := fs.WalkDir(fsys, templatesDir, func(name string, d fs.DirEntry, err error) error {
		found = found || err == nil
		switch {
		case err != nil && name == templatesDir:
			if !errors.Is(err, fs.ErrNotExist) {
				errs.Add(yamlpos.Pos{File: name}, fmt.Sprintf("cannot read the folder: %v", coursefs.UnwrapPath(err)))
			}
			return nil
		case err != nil:
			errs.Add(readPos(name, err), readMessage(err))
			return nil
		}
		if d.IsDir() {
			if name == engineDir {
				return fs.SkipDir // never read: build uses the embedded engine
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			// A link to a folder inside the course (art/farm -> classic) is
			// not walked: there may be loops. Its files are read, as build
			// reads them, through the same checks.
			if info, err := fs.Stat(fsys, name); err == nil && info.IsDir() {
				return nil
			}
		}
		src, err := coursefs.ReadLimited(fsys, name, coursefs.FileLimit(name))
		if err != nil {
			errs.Add(readPos(name, err), readMessage(err))
			return nil
		}
		switch path.Ext(name) {
		case ".html", ".htm":
			warns = append(warns, scriptWarnings(name, src, embedded)...)
		case ".css":
			warns = append(warns, loadWarnings(name, src, remoteStyle)...)
		case ".js":
			if isEmbedded(embedded, name, src) {
				return nil
			}
			warns.Add(yamlpos.Pos{File: name, Line: 1, Col: 1}, "warning: template is a script that the pages run; course templates are code: build a course you do not trust with --no-course-templates")
		}
		return nil
	})
	if err != nil {
		errs.Add(yamlpos.Pos{File: templatesDir}, fmt.Sprintf("cannot read the folder: %v", coursefs.UnwrapPath(err)))
	}
	return warns, errs, found && len(errs) == 0
}

// engineDir is the folder of the embedded templates that holds the
// engine for playing against the alien (the project's rules and solver as
// WebAssembly). A course cannot replace it, so check does not read it.
const engineDir = templatesDir + "/engine"

// isEmbedded reports whether the course template name holds the same bytes
// as the embedded template of that name: a copy of the project's own file
// (as in the sample course's folder) is not the course's code.
func isEmbedded(embedded fs.FS, name string, src []byte) bool {
	own, err := fs.ReadFile(embedded, strings.TrimPrefix(name, templatesDir+"/"))
	return err == nil && string(own) == string(src)
}

// scriptPattern finds what runs code in an HTML page: a script element or
// an event handler attribute such as onclick=.
var scriptPattern = regexp.MustCompile(`(?i)<script\b|[\s"'/]on[a-z]+\s*=`)

// scriptTag is the start tag of a script element.
var scriptTag = regexp.MustCompile(`(?i)<script\b[^>]*>`)

// embeddedScripts returns the start tags of the script elements the
// embedded page templates hold (the script's words and the page's data,
// and answer.js): a course template that keeps one, such as a copy of
// layout.html, is not warned about it.
func embeddedScripts(embedded fs.FS) map[string]bool {
	tags := map[string]bool{}
	pages, _ := fs.Glob(embedded, "*.html")
	for _, name := range pages {
		src, _ := fs.ReadFile(embedded, name)
		for _, tag := range scriptTag.FindAll(src, -1) {
			tags[string(tag)] = true
		}
	}
	return tags
}

// codeURL finds a URL that runs code where a page would follow or load it:
// javascript: or vbscript:, however written in upper case.
var codeURL = regexp.MustCompile(`(?i)\b(?:java|vb)script\s*:`)

// srcdocAttr finds an iframe's srcdoc attribute: a whole page, scripts and
// all, written into the template.
var srcdocAttr = regexp.MustCompile(`(?i)[\s"'/]srcdoc\s*=`)

// loadTag finds an element that makes the browser fetch what it names
// (an image, a script, a style sheet, a frame, a medium, an object), as
// against a link that waits for a click.
var loadTag = regexp.MustCompile(`(?i)<(?:img|image|script|link|iframe|frame|source|video|audio|track|embed|object|input|use)\b[^>]*>`)

// remoteAttr finds, inside a tag, an attribute whose value starts with a
// URL on another site: http:, https:, or //host (\\host for some
// browsers).
var remoteAttr = regexp.MustCompile(`(?i)[\s"'/](?:src|href|srcset|poster|data|background|xlink:href)\s*=\s*["']?\s*(?:https?:|//|\\\\|/\\)`)

// remoteStyle finds a style sheet's load from another site: a url() or an
// @import of an http:, https: or //host address.
var remoteStyle = regexp.MustCompile(`(?i)url\(\s*["']?\s*(?:https?:|//|\\\\)|@import\s+["']?\s*(?:https?:|//)`)

// loadWarnings warns about each match of pattern in the template src (a
// style sheet's remote load): on every pupil's page it tells another site
// who reads the page, as a remote image in lesson text would.
func loadWarnings(name string, src []byte, pattern *regexp.Regexp) yamlpos.ErrorList {
	var out yamlpos.ErrorList
	for _, m := range pattern.FindAllIndex(src, MaxTemplateWarnings) {
		end := m[1] + bytesIndexAny(src[m[1]:], ");\r\n")
		if end < len(src) && src[end] == ')' {
			end++
		}
		out.Add(yamlpos.OffsetPos(name, src, m[0]), "warning: template loads "+yamlpos.Quote(string(src[m[0]:end]))+" from another site, which then learns who reads every page; course templates are code: build a course you do not trust with --no-course-templates")
	}
	return out
}

// scriptWarnings warns about each script, event handler, javascript: URL,
// srcdoc attribute and load from another site (a remote image, script,
// style sheet or frame, or a url() in a style) in the page template src,
// but for the scripts of the embedded templates (embedded).
func scriptWarnings(name string, src []byte, embedded fs.FS) yamlpos.ErrorList {
	var out yamlpos.ErrorList
	for _, m := range codeURL.FindAllIndex(src, -1) {
		out.Add(yamlpos.OffsetPos(name, src, m[0]), "warning: template holds a "+yamlpos.Quote(strings.ToLower(strings.ReplaceAll(string(src[m[0]:m[1]]), " ", "")))+" URL, code that runs when it is followed; course templates are code: build a course you do not trust with --no-course-templates")
	}
	for _, m := range srcdocAttr.FindAllIndex(src, -1) {
		out.Add(yamlpos.OffsetPos(name, src, m[0]+1), "warning: template holds a srcdoc attribute, a page of its own with scripts of its own; course templates are code: build a course you do not trust with --no-course-templates")
	}
	for _, t := range loadTag.FindAllIndex(src, -1) {
		if a := remoteAttr.FindIndex(src[t[0]:t[1]]); a != nil {
			at := t[0] + a[0] + 1
			end := at + bytesIndexAny(src[at:t[1]], " \t\r\n>")
			out.Add(yamlpos.OffsetPos(name, src, at), "warning: template loads "+yamlpos.Quote(string(src[at:end]))+" from another site, which then learns who reads every page; course templates are code: build a course you do not trust with --no-course-templates")
		}
	}
	out = append(out, loadWarnings(name, src, remoteStyle)...) // in a <style> or a style attribute
	// The embedded templates' own scripts, read once a script is found.
	var own map[string]bool
	for _, m := range scriptPattern.FindAllIndex(src, -1) {
		start := m[0]
		if own == nil {
			own = embeddedScripts(embedded)
		}
		if tag := scriptTag.Find(src[start:]); src[start] == '<' && own[string(tag)] {
			continue
		}
		if src[start] != '<' {
			start++ // the space or quote before on...=
		}
		what := "an event handler attribute " + yamlpos.Quote(strings.TrimRight(string(src[start:m[1]]), " \t\r\n="))
		if src[start] == '<' {
			what = "a <script> element"
		}
		out.Add(yamlpos.OffsetPos(name, src, start), "warning: template holds "+what+"; course templates are code: build a course you do not trust with --no-course-templates")
	}
	out.Sort()
	return out[:min(len(out), MaxTemplateWarnings)]
}

// bytesIndexAny is the offset of the first byte of b in chars, or len(b).
func bytesIndexAny(b []byte, chars string) int {
	if i := strings.IndexAny(string(b), chars); i >= 0 {
		return i
	}
	return len(b)
}
