// play-worker.js runs after Go's wasm_exec.js, in the Worker that play.js
// builds from engine.js or, in a browser without Workers, in the page
// itself: it starts the engine from the bytes the page sends, then relays
// each request to it and its answer back.
"use strict";

// nlEngineHost returns the handler of the page's messages, which answers
// through post.
self.nlEngineHost = (post) => {
	let ready = null;
	return (msg) => {
		if (msg.wasm) {
			const go = new Go();
			ready = WebAssembly.instantiate(msg.wasm, go.importObject).then((result) => {
				go.run(result.instance);
			});
			ready.then(() => post({ready: true}),
				(err) => post({ready: false, error: String(err)}));
			return;
		}
		ready.then(() => post({id: msg.id, answer: self.nostromoEngine(msg.request)}));
	};
};

if (typeof WorkerGlobalScope !== "undefined") {
	const handle = self.nlEngineHost((answer) => self.postMessage(answer));
	self.onmessage = (event) => handle(event.data);
}
