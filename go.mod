module nostromo-lessons

go 1.26.0

require (
	codeberg.org/go-pdf/fpdf v0.12.0
	github.com/google/go-cmp v0.7.0
	github.com/yuin/goldmark v1.8.7
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/image v0.48.0
)

replace codeberg.org/go-pdf/fpdf => ./render/internal/fpdf
