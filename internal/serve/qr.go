package serve

import (
	"bufio"
	"io"

	"rsc.io/qr"
)

// QR draws text as a QR code on a terminal, two rows of modules a line
// with half blocks, in black on white whatever the terminal's colours, with
// the quiet zone of four modules around it that readers need.
func QR(w io.Writer, text string) error {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return err
	}
	const quiet = 4
	b := bufio.NewWriter(w)
	for y := -quiet; y < code.Size+quiet; y += 2 {
		for x := -quiet; x < code.Size+quiet; x++ {
			// The upper half block takes the foreground colour (the top
			// module) and leaves the background (the bottom one).
			top, bottom := "97", "107"
			if code.Black(x, y) {
				top = "30"
			}
			if code.Black(x, y+1) {
				bottom = "40"
			}
			b.WriteString("\033[" + top + ";" + bottom + "m▀")
		}
		b.WriteString("\033[0m\n")
	}
	return b.Flush()
}
