// Command hugosite writes a Hugo site with the same pages as a build's
// lesson site, for the build benchmark (bench/README.md): each lesson's
// Markdown from the build's teacher/md/ folder, its diagrams put inline as SVG (as
// the build's site/ pages hold them), the build's style sheet, and an index
// page that lists the lessons.
package main

// Hugo then turns the same text and the same
// boards into the same number of pages:
//
// 	nostromo-lessons build COURSE -o OUT
// 	go run ./bench/hugosite -from OUT -o SITE
// 	hugo --quiet -s SITE -d SITE/public

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"nostromo-lessons/internal/publish"
)

func main() {
	from := flag.String("from", "", "the output folder of a nostromo-lessons build")
	out := flag.String("o", "", "the folder to write the Hugo site into (new or empty)")
	flag.Parse()
	if err := write(*from, *out); err != nil {
		fmt.Fprintln(os.Stderr, "hugosite:", err)
		os.Exit(1)
	}
}

// image is a Markdown image of a diagram on a line of its own.
var image = regexp.MustCompile(`(?m)^!\[[^\]\n]*\]\(([a-z0-9-]+\.svg)\)$`)

// write writes the Hugo site for the build in from into out.
func write(from, out string) error {
	if from == "" || out == "" {
		return errors.New("-from BUILD and -o DIR are required")
	}
	if entries, err := os.ReadDir(out); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty", out)
	}
	md := filepath.Join(from, "teacher", "md")
	lessons, err := filepath.Glob(filepath.Join(md, "*.md"))
	if err != nil || len(lessons) == 0 {
		return fmt.Errorf("%s holds no lessons", md)
	}
	css, err := os.ReadFile(filepath.Join(from, "site", "style.css"))
	if err != nil {
		return err
	}
	files := map[string][]byte{
		"hugo.toml":                    []byte(config),
		"layouts/_default/baseof.html": []byte(baseof),
		"layouts/_default/single.html": []byte(single),
		"layouts/index.html":           []byte(index),
		"static/style.css":             css,
		"content/_index.md":            []byte("---\ntitle: Lessons\n---\n"),
	}
	for i, name := range lessons {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		title, body, ok := bytes.Cut(data, []byte("\n"))
		if !ok || !bytes.HasPrefix(title, []byte("# ")) {
			return fmt.Errorf("%s: want a first line \"# Title\"", name)
		}
		var inlineErr error
		body = image.ReplaceAllFunc(body, func(m []byte) []byte {
			svg, err := os.ReadFile(filepath.Join(md, string(image.FindSubmatch(m)[1])))
			if err != nil {
				inlineErr = err
			}
			return append(append([]byte("<figure class=\"diagram\">\n"), bytes.TrimSpace(svg)...), "\n</figure>"...)
		})
		if inlineErr != nil {
			return inlineErr
		}
		front := fmt.Sprintf("---\ntitle: %s\nweight: %d\n---\n", strconv.Quote(string(title[2:])), i+1)
		id := strings.TrimSuffix(filepath.Base(name), ".md")
		files["content/"+id+".md"] = append([]byte(front), body...)
	}
	for name, data := range files {
		full := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return err
		}
		if err := publish.WriteFile(full, data); err != nil {
			return err
		}
	}
	return nil
}

// config makes only the pages the lesson site has: the index and a page a
// lesson, with the diagrams' raw HTML kept.
const config = `baseURL = "/"
title = "Lessons"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "404"]
uglyURLs = true
[markup.goldmark.renderer]
unsafe = true
`

const baseof = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ .Site.Title }}</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<header><a href="index.html">{{ .Site.Title }}</a></header>
<main>
{{ block "main" . }}{{ end }}
</main>
</body>
</html>
`

const single = `{{ define "main" }}
<article>
<h1>{{ .Title }}</h1>
{{ .Content }}
</article>
<nav>
{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
</nav>
{{ end }}
`

const index = `{{ define "main" }}
<h1>{{ .Site.Title }}</h1>
<ul>
{{ range .Site.RegularPages.ByWeight }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>
{{ end }}
</ul>
{{ end }}
`
