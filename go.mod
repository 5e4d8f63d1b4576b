module nostromo-lessons

go 1.26.0

require (
	codeberg.org/go-pdf/fpdf v0.12.0
	github.com/fsnotify/fsnotify v1.10.1
	github.com/google/go-cmp v0.7.0
	github.com/yuin/goldmark v1.8.7
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/image v0.48.0
	rsc.io/qr v0.2.0
)

require (
	golang.org/x/sys v0.50.0
	golang.org/x/text v0.44.0
)

replace codeberg.org/go-pdf/fpdf => ./render/internal/fpdf
