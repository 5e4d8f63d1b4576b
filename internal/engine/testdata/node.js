// Runs the engine under Node as the play page runs it in a browser:
//
//	node node.js wasm_exec.js nostromo.wasm < requests > answers
//
// Each line of stdin is a JSON request; each line of stdout is the
// engine's JSON answer followed by a tab and the milliseconds it took.
// The globals are those GOROOT's lib/wasm/wasm_exec_node.js sets.
"use strict";

globalThis.require = require;
globalThis.fs = require("fs");
globalThis.path = require("path");
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("perf_hooks").performance;
globalThis.crypto ??= require("crypto");

require(path.resolve(process.argv[2]));

const go = new Go();
WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject).then((result) => {
	go.run(result.instance);
	const out = [];
	for (const line of fs.readFileSync(0, "utf8").split("\n")) {
		if (line === "") {
			continue;
		}
		const start = performance.now();
		const answer = globalThis.nostromoEngine(line);
		out.push(answer + "\t" + (performance.now() - start).toFixed(1));
	}
	fs.writeSync(1, out.join("\n") + "\n");
	process.exit(0);
}).catch((err) => {
	console.error(err);
	process.exit(1);
});
