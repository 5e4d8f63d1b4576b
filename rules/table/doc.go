// Package table keeps the solver's whole-game values on disk, built once for
// the configurations a root leads to, and answers positions from them by
// reading one small block.
package table
