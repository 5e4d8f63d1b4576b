// Package fonts holds the Go fonts every PDF prints with, compiled in as
// what fpdf parses of them, and says which characters they can print; it
// imports nothing of ours.
package fonts
