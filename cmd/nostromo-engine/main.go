//go:build js && wasm

// Command nostromo-engine is the project's rules and solver compiled to
// WebAssembly for the play page (GOOS=js GOARCH=wasm; go generate
// ./templates rebuilds templates/engine/nostromo.wasm).
package main

// It sets one JavaScript function, nostromoEngine(request) -> answer, both
// JSON strings as package internal/engine reads and writes them, and waits
// for calls.

import (
	"crypto/rand"
	"encoding/binary"
	"syscall/js"

	"nostromo-lessons/internal/engine"
)

func main() {
	// The levels' mistakes differ from game to game; a request with a
	// seed of its own is played the same every time.
	var seed [8]byte
	rand.Read(seed[:])
	e := engine.NewWith(engine.Options{Seed: binary.LittleEndian.Uint64(seed[:])})
	js.Global().Set("nostromoEngine", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"engine: want one argument, a JSON request"}`
		}
		return string(e.Handle([]byte(args[0].String())))
	}))
	select {}
}
