package serve

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"rsc.io/qr"
)

func TestQR(t *testing.T) {
	const url = "http://192.168.1.23:8080/"
	var out bytes.Buffer
	if err := QR(&out, url); err != nil {
		t.Fatal(err)
	}
	code, err := qr.Encode(url, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	side := code.Size + 8 // with the quiet zone
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != (side+1)/2 {
		t.Errorf("QR(%q): %d lines, want %d", url, len(lines), (side+1)/2)
	}
	for i, l := range lines {
		if n := strings.Count(l, "▀"); n != side {
			t.Errorf("QR(%q): line %d has %d blocks, want %d", url, i+1, n, side)
		}
		if !strings.HasSuffix(l, "\033[0m") || !utf8.ValidString(l) {
			t.Errorf("QR(%q): line %d does not reset the colours: %q", url, i+1, l)
		}
	}
	// The first line is quiet zone: white on white.
	if strings.Contains(lines[0], "30;") || strings.Contains(lines[0], ";40m") {
		t.Errorf("QR(%q): the quiet zone has black modules: %q", url, lines[0])
	}
}
