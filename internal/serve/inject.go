package serve

import (
	"html/template"
	"io"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
)

// inserted is what Inject adds to a page: the bar that shows a build in
// progress, the list of problems, and the script that sets
// window.nostromoServe (the engine's route, see Play) and listens to the
// event stream. Its styles are inline so that no course style reaches it.
var inserted = template.Must(template.New("serve").Parse(`
<div id="nostromo-serve" style="position:fixed;left:0;right:0;bottom:0;z-index:2147483647;font:14px/1.4 system-ui,sans-serif">
<p id="nostromo-serve-status" role="status" style="margin:0;padding:.4em 1em;background:#fff3c4;color:#222;border-top:1px solid #c9a800"{{if not .Status}} hidden{{end}}>{{.Status}}</p>
{{- if .Problems}}
<section id="nostromo-serve-problems" role="alert" style="max-height:60vh;overflow:auto;margin:0;padding:.6em 1em;background:#fff0f0;color:#222;border-top:3px solid #c00">
<h2 style="margin:0 0 .3em;font-size:1.1em;color:#a00">{{.Heading}}</h2>
<pre style="margin:0;white-space:pre-wrap;font:13px/1.4 ui-monospace,monospace">{{range .Problems}}{{.}}
{{end}}</pre>
</section>
{{- end}}
</div>
<script>
window.nostromoServe = {{.Play}};
(function () {
	var version = {{.Version}};
	var bar = document.getElementById("nostromo-serve-status");
	var events = new EventSource({{.Events}});
	events.addEventListener("version", function (e) {
		if (Number(e.data) !== version) { location.reload(); }
	});
	events.addEventListener("status", function (e) {
		bar.textContent = e.data;
		bar.hidden = e.data === "";
	});
})();
</script>
`))

// Marker is a string found in every page Inject changed, and in no file of
// a build.
const Marker = `id="nostromo-serve"`

// Inject writes page, an HTML document, to w with the serve bar, the
// problems (HTML-escaped) and the reload script before its closing
// </body> tag, or at its end if it has none. version is the build the
// page shows, status a build in progress ("" for none), lang the
// language of the problems' heading, the course's, and play what the page
// is told of the engine's route.
func Inject(w io.Writer, page []byte, version int, status string, problems []string, lang style.Language, play Play) error {
	at := bodyEnd(page)
	if _, err := w.Write(page[:at]); err != nil {
		return err
	}
	err := inserted.Execute(w, struct {
		Version  int
		Status   string
		Problems []string
		Heading  string
		Events   string
		Play     Play
	}{version, status, problems, catalog.New(lang, style.Classic).Say("serve.problems"), EventsPath, play})
	if err != nil {
		return err
	}
	_, err = w.Write(page[at:])
	return err
}

// bodyEnd returns the offset of page's last </body> tag, in any letter
// case, or len(page) when it has none. It compares ASCII letters only:
// lower-casing the whole page (bytes.ToLower) would change its length
// where a letter's lower case is shorter or longer (İ, K, Ⱥ) and give an
// offset in another place.
func bodyEnd(page []byte) int {
	const tag = "</body>"
	for i := len(page) - len(tag); i >= 0; i-- {
		if asciiEqualFold(page[i:i+len(tag)], tag) {
			return i
		}
	}
	return len(page)
}

// asciiEqualFold reports whether b is s, ignoring the case of ASCII
// letters.
func asciiEqualFold(b []byte, s string) bool {
	for i := range len(s) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}
