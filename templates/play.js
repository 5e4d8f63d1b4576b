// play.js lets a child play a position out against the alien. It knows no
// rule of the game: the engine (the project's Go rules and solver as
// WebAssembly, in engine.js) gives the legal moves, plays them, ends the
// game and chooses the alien's replies; this script only draws the board,
// passes the child's taps and drags on, and words the answers with the
// page's words (the JSON in #nl-words).
(function () {
	"use strict";

	const wordsEl = document.getElementById("nl-words");
	const piecesEl = document.getElementById("nl-pieces");
	if (!wordsEl || !piecesEl) {
		return;
	}
	const words = JSON.parse(wordsEl.textContent);

	// word returns the text of key with each {name} replaced by vars[name].
	function word(key, vars) {
		let s = words[key] || key;
		for (const name in vars || {}) {
			s = s.split("{" + name + "}").join(String(vars[name]));
		}
		return s;
	}

	// localSan writes a move with the piece letters of the page's language
	// (the engine speaks English: K for the king, N for the knight).
	function localSan(san) {
		const letters = {K: words["san.king"], N: words["san.knight"]};
		const first = san.charAt(0);
		return letters[first] ? letters[first] + san.slice(1) : san;
	}

	// The page's language chooses the plural form of a count.
	const pluralRules = new Intl.PluralRules(document.documentElement.lang || "en");

	// plural returns the form of key for the number n: the page's words
	// hold each form the language needs ("one", "few", "many", "other").
	function plural(key, n) {
		const forms = words[key] || {};
		let s = forms[pluralRules.select(n)] || forms.other || key;
		return s.split("{n}").join(String(n));
	}

	function el(tag, className, text) {
		const e = document.createElement(tag);
		if (className) {
			e.className = className;
		}
		if (text !== undefined) {
			e.textContent = text;
		}
		return e;
	}

	// The engine is loaded once, when a child first presses Play: engine.js
	// holds the Worker's script and the engine's bytes, since a page opened
	// from the disk may not fetch() them.
	let engine = null;

	function loadEngine() {
		if (engine) {
			return engine;
		}
		performance.mark("nl-engine-load");
		engine = new Promise((resolve, reject) => {
			const script = document.createElement("script");
			script.src = "engine.js";
			script.onerror = () => reject(new Error("engine.js"));
			script.onload = () => {
				const url = URL.createObjectURL(new Blob([self.nlEngine.worker], {type: "text/javascript"}));
				const worker = new Worker(url);
				const bin = atob(self.nlEngine.wasm);
				const bytes = new Uint8Array(bin.length);
				for (let i = 0; i < bin.length; i++) {
					bytes[i] = bin.charCodeAt(i);
				}
				self.nlEngine = null;
				const pending = new Map();
				let next = 1;
				const ask = (request) => new Promise((done, fail) => {
					const id = next++;
					pending.set(id, (answer) => (answer.error ? fail(new Error(answer.error)) : done(answer)));
					worker.postMessage({id: id, request: JSON.stringify(request)});
				});
				worker.onerror = (e) => reject(new Error(e.message));
				worker.onmessage = (e) => {
					const msg = e.data;
					if (msg.ready !== undefined) {
						performance.mark("nl-engine-ready");
						return msg.ready ? resolve(ask) : reject(new Error(msg.error));
					}
					const answered = pending.get(msg.id);
					pending.delete(msg.id);
					answered(JSON.parse(msg.answer));
				};
				worker.postMessage({wasm: bytes.buffer}, [bytes.buffer]);
			};
			document.head.appendChild(script);
		});
		return engine;
	}

	const files = "abcdefgh";
	const lair = "f6"; // where the knight's flight goes (RULES.md), ringed as on the exercises' boards

	// Game is one position played out, in its .nl-play box.
	function Game(box) {
		this.box = box;
		this.fen = box.dataset.fen;
		this.side = box.dataset.side === "b" ? "b" : "w";
		this.gen = 0;
		this.build();
	}

	Game.prototype.build = function () {
		const g = this;
		g.panel = el("div", "nl-game");
		g.board = el("div", "nl-board");
		g.board.setAttribute("role", "group");
		g.board.setAttribute("aria-label", word("play.board"));
		g.squares = {};
		for (let rank = 8; rank >= 1; rank--) {
			for (let f = 0; f < 8; f++) {
				const name = files[f] + rank;
				const b = el("button", "nl-sq " + ((f + rank) % 2 ? "nl-dark" : "nl-light"));
				b.type = "button";
				b.dataset.square = name;
				if (name === lair) {
					b.classList.add("nl-lair");
				}
				b.tabIndex = -1;
				b.addEventListener("click", () => g.tap(name));
				b.addEventListener("keydown", (e) => g.key(e, f, rank));
				g.squares[name] = b;
				g.board.appendChild(b);
			}
		}
		// The rank numbers and file letters stand outside the board, as on
		// the exercises' boards: inside its squares a piece would hide them.
		const ranks = el("div", "nl-ranks"), letters = el("div", "nl-files");
		for (let i = 0; i < 8; i++) {
			ranks.appendChild(el("span", "", String(8 - i)));
			letters.appendChild(el("span", "", files[i]));
		}
		ranks.setAttribute("aria-hidden", "true");
		letters.setAttribute("aria-hidden", "true");
		const frame = el("div", "nl-frame");
		frame.append(ranks, g.board, letters);
		g.board.addEventListener("pointerdown", (e) => g.dragStart(e));
		g.board.addEventListener("pointerup", (e) => g.dragEnd(e));
		g.counters = el("p", "nl-counters");
		g.status = el("p", "nl-status");
		g.status.setAttribute("aria-live", "polite");
		g.moves = el("ol", "nl-moves");
		const buttons = el("p", "nl-buttons");
		g.back = el("button", "button", word("play.take-back"));
		g.again = el("button", "button", word("play.start-again"));
		const close = el("button", "button", word("play.close"));
		for (const b of [g.back, g.again, close]) {
			b.type = "button";
			buttons.appendChild(b);
		}
		g.back.addEventListener("click", () => g.takeBack());
		g.again.addEventListener("click", () => g.start());
		close.addEventListener("click", () => g.close());
		g.panel.append(frame, g.counters, g.status, g.moves, buttons);
		g.squares.a1.tabIndex = 0;
	};

	Game.prototype.say = function (text) {
		this.status.textContent = text;
	};

	// busy marks the game as waiting for the engine (aria-busy), or not.
	Game.prototype.busy = function (on) {
		this.panel.setAttribute("aria-busy", on ? "true" : "false");
	};

	// ask sends a request to the engine; answers to a game since taken back
	// or started again are dropped.
	Game.prototype.ask = function (request) {
		const g = this, gen = g.gen;
		return loadEngine().then((send) => send(request)).then((answer) => {
			if (gen !== g.gen) {
				throw null;
			}
			return answer;
		});
	};

	Game.prototype.fail = function (err) {
		if (err !== null) {
			this.busy(false);
			this.say(word("play.error", {msg: err && err.message ? err.message : err}));
		}
	};

	// open shows the game in place of the diagram above the box, and marks
	// its exercise as playing (nl-playing), which hides the exercise's own
	// answer and its Check and Clear until the game closes.
	Game.prototype.open = function (button) {
		this.button = button;
		this.figure = this.box.previousElementSibling;
		this.exercise = this.box.closest("article.exercise");
		button.hidden = true;
		if (this.exercise) {
			this.exercise.classList.add("nl-playing");
		}
		if (this.figure && this.figure.matches("figure.diagram")) {
			this.figure.hidden = true;
		}
		this.box.appendChild(this.panel);
		this.start();
		this.squares.a1.focus();
	};

	Game.prototype.close = function () {
		this.gen++;
		this.panel.remove();
		if (this.figure) {
			this.figure.hidden = false;
		}
		if (this.exercise) {
			this.exercise.classList.remove("nl-playing");
		}
		this.button.hidden = false;
		this.button.focus();
	};

	Game.prototype.start = function () {
		const g = this;
		g.gen++;
		g.busy(true);
		g.panel.classList.remove("nl-over");
		g.plies = [];
		g.value = null;
		g.mine = false;
		g.say(word(g.side === "b" ? "play.loading.b" : "play.loading"));
		g.ask({op: "solve", fen: g.fen}).then((v) => {
			g.value = v;
			return g.ask({op: "moves", fen: g.fen});
		}).then((state) => g.show(state)).catch((e) => g.fail(e));
	};

	// history returns the positions of the game before the current one.
	Game.prototype.history = function () {
		return this.plies.map((p) => p.fen);
	};

	// show draws state and asks for the next move: the alien's reply, or the
	// child's move once the engine has said which moves are best.
	Game.prototype.show = function (state, said) {
		const g = this;
		g.state = state;
		g.mine = false;
		g.select(null);
		g.draw();
		if (state.end) {
			return g.finish(said);
		}
		if (state.side !== g.side) {
			// The engine plays the other side: the crew when the child is Black.
			g.say((said ? said + " " : "") + word(g.side === "b" ? "play.thinking.b" : "play.thinking"));
			g.ask({op: "reply", fen: state.fen, history: g.history()}).then((played) => {
				g.plies.push({fen: state.fen, san: played.san, mine: false});
				g.show(played.state, word(g.side === "b" ? "play.engine-played.b" : "play.engine-played", {san: localSan(played.san)}));
			}).catch((e) => g.fail(e));
			return;
		}
		g.ask({op: "solve", fen: state.fen}).then((v) => {
			g.best = v.best;
			g.mine = true;
			g.busy(false);
			const check = state.check ? " " + word("play.check") : "";
			g.say((said ? said + " " : "") + word(g.side === "b" ? "play.your-move.b" : "play.your-move") + check);
		}).catch((e) => g.fail(e));
	};

	Game.prototype.draw = function () {
		const g = this, st = g.state;
		const last = g.plies.length ? g.plies[g.plies.length - 1] : null;
		for (const name in g.squares) {
			const b = g.squares[name];
			const piece = st.pieces[name];
			b.textContent = "";
			if (piece) {
				const art = piecesEl.content.querySelector('[data-piece="' + piece + '"]');
				b.appendChild(art.cloneNode(true));
			}
			b.setAttribute("aria-label", word("play.square." + (piece || "empty"), {square: name}));
			b.classList.toggle("nl-last", !!last && last.to !== undefined && (name === last.to || name === last.from));
		}
		g.counters.textContent = word("play.saved", {n: st.saved}) + " · " + word("play.taken", {n: st.taken});
		g.moves.textContent = "";
		for (const p of g.plies) {
			g.moves.appendChild(el("li", p.mine ? "nl-mine" : "", localSan(p.san)));
		}
		g.back.disabled = !g.plies.some((p) => p.mine);
	};

	// select marks square name as picked, and where its piece may go.
	Game.prototype.select = function (name) {
		this.picked = name;
		for (const sq in this.squares) {
			this.squares[sq].classList.toggle("nl-picked", sq === name);
			this.squares[sq].classList.toggle("nl-target", !!name && this.state.moves.some((m) => m.from === name && m.to === sq));
		}
	};

	// tap handles a tap, click or Enter on a square: pick a piece, or move
	// the picked one there.
	Game.prototype.tap = function (name) {
		const g = this;
		if (!g.mine) {
			return;
		}
		const moves = g.state.moves;
		const move = moves.find((m) => m.to === name && (m.from === g.picked || m.from === ""));
		if (move) {
			return g.play(move);
		}
		if (moves.some((m) => m.from === name)) {
			return g.select(name === g.picked ? null : name);
		}
		g.say(word(g.picked ? "play.not-legal" : "play.pick-piece"));
	};

	Game.prototype.play = function (move) {
		const g = this, fen = g.state.fen;
		g.mine = false;
		g.busy(true);
		g.ask({op: "play", fen: fen, move: move.san, history: g.history()}).then((played) => {
			g.plies.push({fen: fen, san: played.san, mine: true, best: g.best.indexOf(played.san) >= 0, from: move.from, to: move.to});
			g.show(played.state, word("play.you-played", {san: localSan(played.san)}));
		}).catch((e) => g.fail(e));
	};

	Game.prototype.dragStart = function (e) {
		const sq = e.target.closest("[data-square]");
		this.dragFrom = sq && this.mine && this.state.moves.some((m) => m.from === sq.dataset.square) ? sq.dataset.square : null;
	};

	Game.prototype.dragEnd = function (e) {
		const under = document.elementFromPoint(e.clientX, e.clientY);
		const sq = under && under.closest("[data-square]");
		// A release on the square pressed is a tap, which its click handles.
		if (this.dragFrom && sq && sq.dataset.square !== this.dragFrom) {
			this.select(this.dragFrom);
			this.tap(sq.dataset.square);
		}
		this.dragFrom = null;
	};

	// key moves the keyboard focus over the board with the arrow keys.
	Game.prototype.key = function (e, f, rank) {
		const step = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]}[e.key];
		if (!step) {
			return;
		}
		e.preventDefault();
		const nf = Math.min(7, Math.max(0, f + step[0])), nr = Math.min(8, Math.max(1, rank + step[1]));
		const to = this.squares[files[nf] + nr];
		for (const name in this.squares) {
			this.squares[name].tabIndex = -1;
		}
		to.tabIndex = 0;
		to.focus();
	};

	// takeBack undoes the child's last move and the alien's reply to it.
	Game.prototype.takeBack = function () {
		const g = this;
		let i = g.plies.length - 1;
		while (i >= 0 && !g.plies[i].mine) {
			i--;
		}
		if (i < 0) {
			return;
		}
		const fen = g.plies[i].fen;
		g.gen++;
		g.busy(true);
		g.panel.classList.remove("nl-over");
		g.plies = g.plies.slice(0, i);
		g.ask({op: "moves", fen: fen, history: g.history()}).then((state) => g.show(state)).catch((e) => g.fail(e));
	};

	// finish says who won and how well the child played, against the
	// position's value at the start.
	Game.prototype.finish = function (said) {
		const g = this, st = g.state, v = g.value;
		const me = g.side === "w" ? "white" : "black";
		const mine = g.plies.filter((p) => p.mine);
		const count = (side) => g.plies.filter((p) => (p.mine ? g.side : g.side === "w" ? "b" : "w") === side).length;
		const winner = st.result === "white" ? "w" : "b";
		let verdict;
		if (v.result !== st.result) {
			verdict = v.result === me ? word("play.could-win") : v.result === "draw" ? word("play.could-draw") : "";
		} else if (st.result === "draw") {
			verdict = word(mine.every((p) => p.best) ? "play.perfect.draw" : "play.not-best");
		} else if (st.result === me) {
			const extra = count(winner) - v.moves;
			const longer = g.side === "b" ? plural("play.longer.b", extra) : plural("play.longer", extra);
			verdict = extra > 0 ? longer : word("play.perfect.win");
		} else {
			const sooner = v.moves - count(winner);
			verdict = sooner > 0 ? plural("play.sooner", sooner) : word(g.side === "b" ? "play.perfect.loss.b" : "play.perfect.loss");
		}
		g.say([said, word("play.end." + st.end), verdict].filter(Boolean).join(" "));
		g.panel.classList.add("nl-over");
		g.busy(false);
	};

	// A position too big for the browser gets no button. The page says so
	// once, under the first of them, and counts the others: under every
	// one, the same sentence would fill a middle-game lesson.
	const boxes = Array.from(document.querySelectorAll(".nl-play"));
	const big = boxes.filter((box) => box.hasAttribute("data-too-big"));
	if (big.length > 0) {
		const more = big.length - 1;
		big[0].appendChild(el("p", "nl-too-big", more > 0 ? plural("play.too-big.more", more) : word("play.too-big")));
	}
	for (const box of boxes) {
		if (box.hasAttribute("data-too-big")) {
			continue;
		}
		const button = el("button", "nl-play-button", word(box.dataset.side === "b" ? "play.button.b" : "play.button"));
		button.type = "button";
		let game = null;
		button.addEventListener("click", () => {
			game = game || new Game(box);
			game.open(button);
		});
		placeButton(box, button);
	}

	// placeButton puts a box's button under its exercise's answer area
	// (after Check and the result), so that a child does not take it for
	// one of the answers; a box outside an exercise (in the intro) keeps
	// it under its diagram.
	function placeButton(box, button) {
		const exercise = box.closest("article.exercise");
		const result = exercise && exercise.querySelector(".result");
		if (!result) {
			box.appendChild(button);
			return;
		}
		const p = el("p", "nl-play-link");
		p.appendChild(button);
		result.after(p);
	}
})();
