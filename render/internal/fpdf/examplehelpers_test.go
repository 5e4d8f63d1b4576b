// Copyright (c) 2015 Kurt Jung (Gmail: kurt.w.jung)
//
// Permission to use, copy, modify, and distribute this software for any purpose
// with or without fee is hereby granted, provided that the above copyright notice
// and this permission notice appear in all copies.
//
// THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES WITH
// REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF MERCHANTABILITY AND
// FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR ANY SPECIAL, DIRECT,
// INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES WHATSOEVER RESULTING FROM
// LOSS OF USE, DATA OR PROFITS, WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR
// OTHER TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR
// PERFORMANCE OF THIS SOFTWARE.

package fpdf_test

// This file is upstream's internal/example/example.go, the examples'
// helpers, changed for the fork: the test data is under testdata/, and the
// PDFs go to a temporary directory (PATCH.md, "Tests").

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
)

// gofpdfDir is where upstream's font, image, text, icc and reference
// folders are: the tests run in this folder.
const gofpdfDir = "testdata"

// exampleHelpers holds upstream's package internal/example as methods, so
// that the examples call them as they did (example.Filename and so on)
// without a package folder of their own.
type exampleHelpers struct{}

var example exampleHelpers

func init() {
	fpdf.SetDefaultCompression(false)
	fpdf.SetDefaultCatalogSort(true)
	fpdf.SetDefaultCreationDate(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
	fpdf.SetDefaultModificationDate(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
}

// pdfDir is where the examples write their PDFs: a temporary directory set
// by SetPdfDir from a test's TestMain, never a folder of the repository.
var pdfDir string

// SetPdfDir sets the directory the examples write their PDFs into.
func (exampleHelpers) SetPdfDir(dir string) {
	pdfDir = dir
}

// ImageFile returns a qualified filename in which the path to the image
// directory is prepended to the specified filename.
func (exampleHelpers) ImageFile(fileStr string) string {
	return filepath.Join(gofpdfDir, "image", fileStr)
}

// FontDir returns the path to the font directory.
func (exampleHelpers) FontDir() string {
	return filepath.Join(gofpdfDir, "font")
}

// FontFile returns a qualified filename in which the path to the font
// directory is prepended to the specified filename.
func (exampleHelpers) FontFile(fileStr string) string {
	return filepath.Join(example.FontDir(), fileStr)
}

// TextFile returns a qualified filename in which the path to the text
// directory is prepended to the specified filename.
func (exampleHelpers) TextFile(fileStr string) string {
	return filepath.Join(gofpdfDir, "text", fileStr)
}

// PdfDir returns the path to the PDF output directory set by SetPdfDir; it
// panics if none was set, so that no example writes into the repository.
func (exampleHelpers) PdfDir() string {
	if pdfDir == "" {
		panic("example: no PDF directory: call SetPdfDir from TestMain")
	}
	return pdfDir
}

// ICCFile returns a qualified filename in which the path to the ICC file
// directory is prepended to the specified filename.
func (exampleHelpers) ICCFile(fileStr string) string {
	return filepath.Join(gofpdfDir, "icc", fileStr)
}

// PdfFile returns a qualified filename in which the path to the PDF output
// directory is prepended to the specified filename.
func (exampleHelpers) PdfFile(fileStr string) string {
	return filepath.Join(example.PdfDir(), fileStr)
}

// Filename returns a qualified filename in which the example PDF directory
// path is prepended and the suffix ".pdf" is appended to the specified
// filename.
func (exampleHelpers) Filename(baseStr string) string {
	return example.PdfFile(baseStr + ".pdf")
}

// referenceCompare compares the specified file with the file's reference copy
// located in the testdata 'reference' subdirectory. All bytes of the two files
// are compared except for the value of the /CreationDate field in the PDF. This
// function succeeds if both files are equivalent except for their
// /CreationDate values or if the reference file does not exist.
func (exampleHelpers) referenceCompare(fileStr string) (err error) {
	refFileStr := filepath.Join(gofpdfDir, "reference", filepath.Base(fileStr))
	return fpdf.ComparePDFFiles(fileStr, refFileStr, false)
}

// shown returns fileStr as the examples' expected output names it: under
// "pdf/", upstream's output directory, whatever directory SetPdfDir chose.
func (exampleHelpers) shown(fileStr string) string {
	if rel, err := filepath.Rel(pdfDir, fileStr); err == nil && pdfDir != "" && !strings.HasPrefix(rel, "..") {
		fileStr = filepath.Join("pdf", rel)
	}
	return filepath.ToSlash(fileStr)
}

// Summary generates a predictable report for use by test examples. If the
// specified error is nil, the filename delimiters are normalized and the
// filename printed to standard output with a success message. If the specified
// error is not nil, its String() value is printed to standard output.
func (exampleHelpers) Summary(err error, fileStr string) {
	if err == nil {
		fileStr = example.shown(fileStr)
		fmt.Printf("Successfully generated %s\n", fileStr)
	} else {
		fmt.Println(err)
	}
}

// SummaryCompare generates a predictable report for use by test examples. If
// the specified error is nil, the generated file is compared with a reference
// copy for byte-for-byte equality. If the files match, then the filename
// delimiters are normalized and the filename printed to standard output with a
// success message. If the files do not match, this condition is reported on
// standard output. If the specified error is not nil, its String() value is
// printed to standard output.
func (exampleHelpers) SummaryCompare(err error, fileStr string) {
	if err == nil {
		err = example.referenceCompare(fileStr)
	}
	if err == nil {
		fileStr = example.shown(fileStr)
		fmt.Printf("Successfully generated %s\n", fileStr)
	} else {
		fmt.Println(err)
	}
}
