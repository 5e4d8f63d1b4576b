// Package stats counts what a course gives children (positions, counters, kinds, counts, labyrinths, explanations, concepts, levels, readability) and checks the figures against thresholds.
package stats
