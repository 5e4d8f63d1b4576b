package serve

import "html/template"

// placeholderWords are the words of the page shown before the first good
// build, in the course's language.
type placeholderWords struct {
	Lang     string   // the language's tag, for the page's lang attribute
	Title    string   // what happened: being built, or could not be built
	Wait     string   // while it is built: the page shows the course when ready
	What     string   // when it failed: what the lines below are
	Problems []string // when it failed: the problems, as the terminal shows them
	Fix      string   // when it failed: fix the file and save, the page reloads
}

// placeholderPage is the page shown before the first good build. Its
// styles are inline: the course's style sheet is part of the build that
// is not there yet.
var placeholderPage = template.Must(template.New("placeholder").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} · nostromo-lessons</title>
</head>
<body style="margin:0;font:17px/1.5 system-ui,sans-serif;color:#222;background:#fff">
<main style="max-width:46em;margin:0 auto;padding:1.5em 1em 6em">
<h1 style="font-size:1.6em;line-height:1.2;margin:0 0 .7em{{if .Problems}};color:#a00{{end}}">{{.Title}}</h1>
{{- if .Problems}}
<p>{{.What}}</p>
<pre id="nostromo-serve-first-problems" style="white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 1em;padding:.8em 1em;background:#fff0f0;border-left:4px solid #c00;font:14px/1.5 ui-monospace,monospace">{{range .Problems}}{{.}}
{{end}}</pre>
<p style="font-weight:bold">{{.Fix}}</p>
{{- else}}
<p>{{.Wait}}</p>
{{- end}}
</main>
</body>
</html>
`))
