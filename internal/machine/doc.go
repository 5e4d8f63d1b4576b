// Package machine reads what the computer the tool runs on has: its
// memory, which a budget may not exceed and a message may not suggest
// more than.
package machine
