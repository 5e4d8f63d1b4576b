//go:build js && wasm

// Command nostromo-engine is the project's rules and solver compiled to
// WebAssembly for the play page (GOOS=js GOARCH=wasm; go generate
// ./templates rebuilds templates/engine/nostromo.wasm).
package main

// It sets one JavaScript function, nostromoEngine(request) -> answer, both
// JSON strings as package internal/engine reads and writes them, and waits
// for calls.

import (
	"syscall/js"

	"nostromo-lessons/internal/engine"
)

func main() {
	e := engine.New()
	js.Global().Set("nostromoEngine", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"engine: want one argument, a JSON request"}`
		}
		return string(e.Handle([]byte(args[0].String())))
	}))
	select {}
}
