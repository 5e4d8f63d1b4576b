// Package diagram draws a board: it reads a Board into squares, lays it out once as a drawing of shapes in a theme's piece art (for SVG, and for the PDFs, which paint the same shapes), writes it as SVG, describes it in words (AltText) and keeps each board's drawing once per build (Cache); it decides no chess question.
package diagram
