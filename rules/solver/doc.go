// Package solver computes exact values of Nostromo positions: who wins with
// best play, in how many moves (counted as RULES.md "Counting moves" says),
// every optimal move, and a principal line. It imports only package rules.
package solver
