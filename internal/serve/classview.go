package serve

import (
	_ "embed"
	"encoding/json"
	"html/template"
	"net/http"
	"strings"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
)

//go:embed classview.js
var classViewScript string

// classViewPage is the teacher's class view: the script fills it from
// ClassPath+"data", asked again every two seconds (answered 304 while
// nothing changed).
var classViewPage = template.Must(template.New("classview").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;padding:1em;max-width:80em;color:#111;background:#fff}
table{border-collapse:collapse;margin:.5em 0;font-size:.95em}
th,td{border:1px solid #bbb;padding:.25em .5em;text-align:left;vertical-align:top}
thead th{background:#eef}
.hand{color:#900;font-weight:bold}
.wrong{color:#900}
button,select,textarea{font:inherit}
:focus-visible{outline:3px solid #05c;outline-offset:2px}
#status{color:#555}
.scroll{overflow-x:auto}
</style>
</head>
<body>
<main id="main">
<h1 id="title" tabindex="-1">{{.Title}}</h1>
<p id="status" role="status"></p>
<div id="view"></div>
</main>
<script type="application/json" id="class-words">{{.Words}}</script>
<script>{{.Script}}</script>
</body>
</html>
`))

// classView answers the class view's page, in the course's language.
func (s *Server) classView(c *Classroom, w http.ResponseWriter, r *http.Request) error {
	if err := ensureGet(w, r); err != nil {
		return err
	}
	c.mu.RLock()
	lang := c.lang
	c.mu.RUnlock()
	p := catalog.New(lang, style.Classic)
	words := p.Class()
	words["class"] = c.Name
	js, err := json.Marshal(words)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("X-Frame-Options", "DENY")
	return classViewPage.Execute(w, map[string]any{
		"Lang":   p.Language().String(),
		"Title":  strings.ReplaceAll(p.Say("class.view.title"), "{class}", c.Name),
		"Words":  template.JS(js),
		"Script": template.JS(classViewScript),
	})
}
