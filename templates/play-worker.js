// play-worker.js runs in the Worker that play.js builds from engine.js,
// after Go's wasm_exec.js: it starts the engine from the bytes the page
// sends, then relays each request to it and its answer back.
"use strict";

let ready = null;

self.onmessage = (event) => {
	const msg = event.data;
	if (msg.wasm) {
		const go = new Go();
		ready = WebAssembly.instantiate(msg.wasm, go.importObject).then((result) => {
			go.run(result.instance);
		});
		ready.then(() => self.postMessage({ready: true}),
			(err) => self.postMessage({ready: false, error: String(err)}));
		return;
	}
	ready.then(() => self.postMessage({id: msg.id, answer: self.nostromoEngine(msg.request)}));
};
