// play.js plays Nostromo on the site: on a lesson page, a position played
// out against the perfect alien; on the play page (play.html), a whole game
// with a friend or against the computer at a level, its review and its
// record. It knows no rule of the game: the engine (the project's Go rules
// and solver as WebAssembly, in engine.js, or serve's route) gives the
// legal moves, plays them, ends the game, chooses the computer's moves and
// reviews the game; this script only draws the board, passes the
// children's taps and drags on, and words the answers with the page's
// words (the JSON in #nl-words).
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

	// The engine is loaded once, when a game first needs it: engine.js
	// holds the Worker's script and the engine's bytes, since a page opened
	// from the disk may not fetch() them. In a browser without Workers the
	// engine runs in the page itself (a long think then holds the page up,
	// so the play page offers only the game with a friend there).
	let engine = null;

	// canWorker and canWasm say what the browser can run.
	const canWorker = typeof Worker !== "undefined";
	const canWasm = typeof WebAssembly !== "undefined";

	function loadEngine() {
		if (engine) {
			return engine;
		}
		performance.mark("nl-engine-load");
		engine = new Promise((resolve, reject) => {
			if (!canWasm) {
				reject(new Error(word("play.game.no-engine")));
				return;
			}
			const script = document.createElement("script");
			script.src = "engine.js";
			script.onerror = () => reject(new Error("engine.js"));
			script.onload = () => {
				const bin = atob(self.nlEngine.wasm);
				const bytes = new Uint8Array(bin.length);
				for (let i = 0; i < bin.length; i++) {
					bytes[i] = bin.charCodeAt(i);
				}
				const pending = new Map();
				let next = 1;
				let post;
				const ask = (request) => new Promise((done, fail) => {
					const id = next++;
					pending.set(id, (answer) => (answer.error ? fail(new Error(answer.error)) : done(answer)));
					post({id: id, request: JSON.stringify(request)});
				});
				const answered = (msg) => {
					if (msg.ready !== undefined) {
						performance.mark("nl-engine-ready");
						return msg.ready ? resolve(ask) : reject(new Error(msg.error));
					}
					const done = pending.get(msg.id);
					pending.delete(msg.id);
					done(JSON.parse(msg.answer));
				};
				if (canWorker) {
					const url = URL.createObjectURL(new Blob([self.nlEngine.worker], {type: "text/javascript"}));
					const worker = new Worker(url);
					worker.onerror = (e) => reject(new Error(e.message));
					worker.onmessage = (e) => answered(e.data);
					post = (msg) => worker.postMessage(msg);
					worker.postMessage({wasm: bytes.buffer}, [bytes.buffer]);
				} else {
					(new Function(self.nlEngine.worker))();
					post = self.nlEngineHost(answered);
					post({wasm: bytes.buffer});
				}
				self.nlEngine = null;
			};
			document.head.appendChild(script);
		});
		return engine;
	}

	// send asks the engine: through serve's route where the page came from
	// serve (window.nostromoServe.engine, which answers from the whole-game
	// table when one is built), else, and where the route refuses, in the
	// browser. A static host or a page opened from the disk never makes a
	// request.
	function send(request) {
		const serve = window.nostromoServe;
		if (!serve || !serve.engine || typeof fetch === "undefined") {
			return loadEngine().then((ask) => ask(request));
		}
		return fetch(serve.engine, {method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(request)})
			.then((r) => (r.ok ? r.json() : null), () => null)
			.then((answer) => {
				if (!answer) {
					return loadEngine().then((ask) => ask(request));
				}
				if (answer.error) {
					throw new Error(answer.error);
				}
				return answer;
			});
	}

	const files = "abcdefgh";
	const lair = "f6"; // where the knight's flight goes (RULES.md), ringed as on the exercises' boards

	// Game is one game on a board. An exercise's play-out (mode
	// "exercise") lets the child, on side, play the box's position against
	// the perfect alien ("reply") and judges the child's moves against the
	// position's value; on the play page a game is between two children on
	// one device (mode "friend", side ""), or against the computer at a
	// level ("computer", op "level"). opts: {mode, fen, side, level, past},
	// past being the positions played before fen (a game tried again from
	// a move of one before).
	function Game(box, opts) {
		this.box = box;
		this.mode = opts.mode;
		this.fen = opts.fen;
		this.side = opts.side;
		this.level = opts.level || 0;
		this.past = opts.past || [];
		this.onEnd = opts.onEnd || null;
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
		let more;
		if (g.mode === "exercise") {
			g.again = el("button", "button", word("play.start-again"));
			const close = el("button", "button", word("play.close"));
			close.addEventListener("click", () => g.close());
			g.again.addEventListener("click", () => g.start());
			more = [g.again, close];
		} else {
			g.newGame = el("button", "button nl-new", word("play.game.new"));
			g.copy = el("button", "button nl-copy", word("play.game.copy"));
			g.review = el("button", "button nl-review-button", word("play.game.review"));
			g.copy.addEventListener("click", () => g.copyGame());
			g.review.addEventListener("click", () => g.showReview());
			more = [g.newGame, g.copy, g.review];
		}
		for (const b of [g.back].concat(more)) {
			b.type = "button";
			buttons.appendChild(b);
		}
		g.back.addEventListener("click", () => g.takeBack());
		g.panel.append(frame, g.counters, g.status, g.moves);
		if (g.mode === "computer") {
			// What the marks after the computer's moves mean.
			g.legend = el("p", "nl-legend", word("play.game.legend"));
			g.legend.hidden = true;
			g.panel.appendChild(g.legend);
		}
		g.panel.appendChild(buttons);
		if (g.mode !== "exercise") {
			g.copied = el("div", "nl-copied");
			g.reviewBox = el("section", "nl-review");
			g.reviewBox.setAttribute("aria-live", "polite");
			g.panel.append(g.copied, g.reviewBox);
		}
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
		return send(request).then((answer) => {
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
		g.over = false;
		if (g.mode !== "exercise") {
			g.reviewBox.textContent = "";
			g.copied.textContent = "";
			g.say(word("play.game.loading"));
			g.ask({op: "moves", fen: g.fen, history: g.past}).then((state) => {
				g.first = state.side;
				g.show(state);
			}).catch((e) => g.fail(e));
			return;
		}
		g.say(word(g.side === "b" ? "play.loading.b" : "play.loading"));
		g.ask({op: "solve", fen: g.fen}).then((v) => {
			g.value = v;
			return g.ask({op: "moves", fen: g.fen});
		}).then((state) => {
			g.first = state.side;
			g.show(state);
		}).catch((e) => g.fail(e));
	};

	// history returns the positions of the game before the current one.
	Game.prototype.history = function () {
		return this.past.concat(this.plies.map((p) => p.fen));
	};

	// human reports whether a child plays the side to move in state.
	Game.prototype.human = function (state) {
		return this.mode === "friend" || state.side === this.side;
	};

	// push adds the move san, played in the position shown, to the game's
	// plies, with its squares for the board to mark.
	Game.prototype.push = function (san, mine, extra) {
		const st = this.state;
		const m = st.moves.find((x) => x.san === san) || {};
		this.plies.push(Object.assign({fen: st.fen, san: san, mine: mine, from: m.from, to: m.to}, extra || {}));
	};

	// show draws state and asks for the next move: the computer's, or the
	// child's (in an exercise, once the engine has said which moves are
	// best).
	Game.prototype.show = function (state, said) {
		const g = this;
		g.state = state;
		g.mine = false;
		g.select(null);
		g.draw();
		if (state.end) {
			return g.finish(said);
		}
		const check = state.check ? " " + word("play.check") : "";
		const lead = said ? said + " " : "";
		if (!g.human(state)) {
			// The engine plays the other side: the crew when the child is Black.
			g.say(lead + word(g.side === "b" ? "play.thinking.b" : "play.thinking"));
			const request = g.mode === "exercise" ? {op: "reply", fen: state.fen, history: g.history()} :
				{op: "level", fen: state.fen, history: g.history(), level: g.level};
			g.ask(request).then((played) => {
				let how = "";
				if (g.mode !== "exercise") {
					how = played.perfect ? "perfect" : "searching";
				}
				g.push(played.san, false, {how: how});
				const text = word(g.side === "b" ? "play.engine-played.b" : "play.engine-played", {san: localSan(played.san)});
				g.show(played.state, text + (how === "perfect" ? " " + word("play.game.perfect") : how ? " " + word("play.game.searching") : ""));
			}).catch((e) => g.fail(e));
			return;
		}
		if (g.mode === "friend") {
			g.mine = true;
			g.busy(false);
			g.say(lead + word(state.side === "b" ? "play.game.turn.b" : "play.game.turn.w") + check);
			return;
		}
		if (g.mode === "computer") {
			g.mine = true;
			g.busy(false);
			g.say(lead + word(g.side === "b" ? "play.your-move.b" : "play.your-move") + check);
			return;
		}
		g.ask({op: "solve", fen: state.fen}).then((v) => {
			g.best = v.best;
			g.mine = true;
			g.busy(false);
			g.say(lead + word(g.side === "b" ? "play.your-move.b" : "play.your-move") + check);
		}).catch((e) => g.fail(e));
	};

	// moveLabel returns the number of the game's ply i (from 0) as the
	// project's notation writes it: "3." before White's move, "3…" before
	// Black's.
	Game.prototype.moveLabel = function (i) {
		const shift = this.first === "b" ? 1 : 0;
		const n = Math.floor((i + shift) / 2) + 1;
		return (i + shift) % 2 ? n + "…" : n + ".";
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
		g.plies.forEach((p, i) => {
			const li = el("li", p.mine && g.mode !== "friend" ? "nl-mine" : "", localSan(p.san));
			li.dataset.san = p.san;
			if (i === 0 || (i + (g.first === "b" ? 1 : 0)) % 2 === 0) {
				li.dataset.n = g.moveLabel(i);
			}
			if (p.how) {
				li.classList.add("nl-" + p.how);
				li.title = word(p.how === "perfect" ? "play.game.perfect" : "play.game.searching");
			}
			g.moves.appendChild(li);
		});
		g.back.disabled = !g.plies.some((p) => p.mine);
		if (g.legend) {
			g.legend.hidden = !g.plies.some((p) => p.how);
		}
		if (g.copy) {
			g.copy.disabled = g.plies.length === 0;
			g.review.hidden = !g.over;
		}
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
		const g = this, fen = g.state.fen, side = g.state.side;
		g.mine = false;
		g.busy(true);
		g.ask({op: "play", fen: fen, move: move.san, history: g.history()}).then((played) => {
			g.push(played.san, true, g.mode === "exercise" ? {best: g.best.indexOf(played.san) >= 0} : {});
			let said = word("play.you-played", {san: localSan(played.san)});
			if (g.mode === "friend") {
				said = word(side === "b" ? "play.engine-played" : "play.engine-played.b", {san: localSan(played.san)});
			}
			g.show(played.state, said);
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

	// takeBack undoes the child's last move and the computer's reply to
	// it; with a friend, the last move.
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
		g.over = false;
		g.panel.classList.remove("nl-over");
		if (g.reviewBox) {
			g.reviewBox.textContent = "";
		}
		g.plies = g.plies.slice(0, i);
		g.ask({op: "moves", fen: fen, history: g.history()}).then((state) => g.show(state)).catch((e) => g.fail(e));
	};

	// finish says how the game ended: on the play page, who won in the
	// theme's words, and the game is kept and told (record); in an
	// exercise, also how well the child played against the position's
	// value at the start.
	Game.prototype.finish = function (said) {
		const g = this, st = g.state;
		g.over = true;
		if (g.mode !== "exercise") {
			let verdict = "";
			if (g.mode === "computer" && st.result !== "draw") {
				verdict = word(st.result === (g.side === "w" ? "white" : "black") ? "play.game.won" : "play.game.lost");
			}
			g.say([said, word("play.end." + st.end), verdict].filter(Boolean).join(" "));
			g.panel.classList.add("nl-over");
			g.draw();
			g.busy(false);
			g.keep();
			return;
		}
		const v = g.value;
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

	// text returns the game as analyze reads it: its start as a [FEN "..."]
	// line, then its moves in the engine's (English) notation, numbered.
	Game.prototype.text = function () {
		const g = this;
		const moves = g.plies.map((p, i) => (i === 0 || (i + (g.first === "b" ? 1 : 0)) % 2 === 0 ? g.moveLabel(i).replace("…", "...") + " " : "") + p.san);
		return "[FEN \"" + g.fen + "\"]\n" + moves.join(" ") + "\n";
	};

	// record returns the game as the page keeps and tells it (the class
	// script reads the nostromo:game event's detail).
	Game.prototype.record = function () {
		const g = this, st = g.state;
		if (!g.id) {
			g.id = randomID();
		}
		return {
			id: g.id, start: g.fen, moves: g.plies.map((p) => p.san),
			side: g.mode === "friend" ? "" : g.side, level: g.mode === "friend" ? 0 : g.level,
			result: st && st.result || "", end: st && st.end || "",
			date: new Date().toISOString(), text: g.text(),
		};
	};

	// keep stores the finished game beside the stars and tells the page
	// (the nostromo:game event).
	Game.prototype.keep = function () {
		const rec = this.record();
		keepGame(rec);
		document.dispatchEvent(new CustomEvent("nostromo:game", {detail: rec}));
	};

	// copyGame puts the game's text on the clipboard, or, where the
	// browser gives no clipboard (a page opened from the disk may not),
	// shows it selected for the child to copy.
	Game.prototype.copyGame = function () {
		const g = this, text = g.text();
		const show = () => {
			g.copied.textContent = "";
			const label = el("label", "", word("play.game.copy-here"));
			const area = el("textarea");
			area.readOnly = true;
			area.rows = 3;
			area.value = text;
			label.appendChild(area);
			g.copied.appendChild(label);
			area.focus();
			area.select();
		};
		if (!navigator.clipboard || !window.isSecureContext) {
			return show();
		}
		navigator.clipboard.writeText(text).then(() => {
			g.copied.textContent = "";
			g.copied.appendChild(el("p", "", word("play.game.copied")));
		}, show);
	};

	// showReview asks the engine which moves changed the game's value (the
	// analyze command's classes) and lists them, the child's only against
	// the computer, each with the better moves and a button to try again
	// from the position before it.
	Game.prototype.showReview = function () {
		const g = this, box = g.reviewBox;
		box.textContent = "";
		box.appendChild(el("p", "", word("play.game.reviewing")));
		g.busy(true);
		g.ask({op: "review", fen: g.fen, moves: g.plies.map((p) => p.san)}).then((r) => {
			g.busy(false);
			box.textContent = "";
			box.appendChild(el("h2", "", word("play.game.review")));
			const shown = r.moves.filter((m) => g.mode === "friend" || m.side === g.side);
			const marked = shown.filter((m) => m.judged && (m.kind === "mistake" || m.kind === "slip"));
			const unjudged = shown.filter((m) => !m.judged).length;
			const list = el("ol", "nl-review-list");
			for (const m of marked) {
				const key = m.kind === "mistake" ? "play.game.review.mistake" : "play.game.review.slip";
				const li = el("li", "nl-" + m.kind);
				const said = el("p", "", word(key, {move: g.moveLabel(m.ply - 1), san: localSan(m.san), best: m.best.map(localSan).join(", ")}));
				said.id = "nl-review-" + m.ply;
				li.appendChild(said);
				const again = el("button", "button nl-try", word("play.game.try-again"));
				again.type = "button";
				again.setAttribute("aria-describedby", said.id); // which move it tries again
				again.addEventListener("click", () => g.tryFrom(m.ply - 1));
				li.appendChild(again);
				list.appendChild(li);
				g.moves.children[m.ply - 1].classList.add("nl-marked-" + m.kind);
			}
			if (marked.length) {
				box.appendChild(list);
			} else {
				box.appendChild(el("p", "", word("play.game.review.none")));
			}
			if (unjudged > 0) {
				box.appendChild(el("p", "", plural("play.game.review.unjudged", unjudged)));
			}
		}).catch((e) => g.fail(e));
	};

	// tryFrom starts the game again from the position before its ply i
	// (from 0), against the same level, the earlier positions kept for the
	// repetition.
	Game.prototype.tryFrom = function (i) {
		const g = this;
		const past = g.history().slice(0, g.past.length + i);
		g.fen = g.plies[i].fen;
		g.past = past;
		g.id = null;
		g.start();
		g.squares.a1.focus();
	};

	// randomID returns an id for a game record, made in the browser.
	function randomID() {
		if (self.crypto && crypto.randomUUID) {
			return crypto.randomUUID();
		}
		let id = "";
		for (let i = 0; i < 4; i++) {
			id += Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, "0");
		}
		return id;
	}

	// The games kept: the last maxGames of a child, under
	// nl1g|child|course beside the stars (nl1|child|course|lesson|exercise),
	// as a JSON list of game records.
	const maxGames = 100;

	// keepGame adds rec to the games kept of the child chosen on the page,
	// in place of a record of the same id.
	function keepGame(rec) {
		const data = pageData();
		try {
			const key = ["nl1g", localStorage.getItem("nl1|child") || "", data.course || ""].join("|");
			let games;
			try {
				games = JSON.parse(localStorage.getItem(key) || "[]");
			} catch (e) {
				games = [];
			}
			if (!Array.isArray(games)) {
				games = [];
			}
			// A game taken back after its end and ended again is kept once.
			games = games.filter((g) => !g || g.id !== rec.id);
			games.push(rec);
			localStorage.setItem(key, JSON.stringify(games.slice(-maxGames)));
		} catch (e) {
			// No storage (private mode, or full): the game is not kept.
		}
	}

	// pageData returns the page's nl-data, or {}.
	function pageData() {
		const d = document.getElementById("nl-data");
		try {
			return d ? JSON.parse(d.textContent) || {} : {};
		} catch (e) {
			return {};
		}
	}

	// playFrom returns the play page's address for a game from a box's
	// position, the child on the box's side.
	function playFrom(box) {
		return "play.html?fen=" + encodeURIComponent(box.dataset.fen) + "&side=" + (box.dataset.side === "b" ? "b" : "w");
	}

	// fromHere returns the link "Play from here" of a box.
	function fromHere(box) {
		const a = el("a", "nl-from-here", word("play.from-here"));
		a.href = playFrom(box);
		return a;
	}

	// A position too big for the browser gets no button. The page says so
	// once, under the first of them, and counts the others: under every
	// one, the same sentence would fill a middle-game lesson. Every box
	// links the play page from its position, where the computer plays at a
	// level and searches where it cannot prove.
	const boxes = Array.from(document.querySelectorAll(".nl-play"));
	const big = boxes.filter((box) => box.hasAttribute("data-too-big"));
	if (big.length > 0) {
		const more = big.length - 1;
		big[0].appendChild(el("p", "nl-too-big", more > 0 ? plural("play.too-big.more", more) : word("play.too-big")));
	}
	for (const box of boxes) {
		if (box.hasAttribute("data-too-big")) {
			const p = el("p", "nl-play-link");
			p.appendChild(fromHere(box));
			box.appendChild(p);
			continue;
		}
		const button = el("button", "nl-play-button", word(box.dataset.side === "b" ? "play.button.b" : "play.button"));
		button.type = "button";
		let game = null;
		button.addEventListener("click", () => {
			game = game || new Game(box, {mode: "exercise", fen: box.dataset.fen, side: box.dataset.side === "b" ? "b" : "w"});
			game.open(button);
		});
		placeButton(box, button);
	}

	// placeButton puts a box's button, and its link to the play page,
	// under its exercise's answer area (after Check and the result), so
	// that a child does not take it for one of the answers; a box outside
	// an exercise (in the intro) keeps them under its diagram.
	function placeButton(box, button) {
		const exercise = box.closest("article.exercise");
		const result = exercise && exercise.querySelector(".result");
		const p = el("p", "nl-play-link");
		p.append(button, " ", fromHere(box));
		if (!result) {
			box.appendChild(p);
			return;
		}
		result.after(p);
	}

	const page = document.getElementById("nl-game-page");
	if (page) {
		gamePage(page);
	}

	// gamePage sets up the play page: the choice of a game (with a friend,
	// or against the computer with a side and a level), then the game.
	function gamePage(page) {
		const data = pageData();
		const params = new URLSearchParams(location.search);
		const fen = params.get("fen") || data.start;
		const form = el("form", "nl-setup");
		const group = (name, legend, options, checked) => {
			const set = el("fieldset", "nl-" + name);
			set.appendChild(el("legend", "", legend));
			for (const o of options) {
				const label = el("label", "nl-option");
				const input = el("input");
				input.type = "radio";
				input.name = name;
				input.value = o.value;
				input.checked = o.value === checked;
				label.append(input, " " + o.text);
				set.appendChild(label);
			}
			form.appendChild(set);
			return set;
		};
		const side = params.get("side") === "b" ? "b" : "w";
		const mode = group("mode", word("play.game.opponent"), [
			{value: "friend", text: word("play.game.friend")},
			{value: "computer", text: word("play.game.computer")},
		], params.get("fen") ? "computer" : "friend");
		const sides = group("side", word("play.game.side"), [
			{value: "w", text: word("side.white")}, {value: "b", text: word("side.black")},
		], side);
		const levels = group("level", word("play.game.level"), [1, 2, 3, 4, 5].map((n) => ({value: String(n), text: String(n)})), "1");
		const help = el("p", "nl-help", word("play.game.level-help"));
		help.id = "nl-level-help";
		levels.appendChild(help);
		levels.setAttribute("aria-describedby", help.id);
		if (params.get("fen")) {
			form.appendChild(el("p", "nl-from", word("play.game.from")));
		}
		const note = el("p", "nl-note");
		note.setAttribute("role", "status");
		form.appendChild(note);
		const go = el("button", "button nl-start", word("play.game.start"));
		go.type = "submit";
		form.appendChild(go);
		page.appendChild(form);
		const computer = mode.querySelector('input[value="computer"]');
		if (!canWasm) {
			note.textContent = word("play.game.no-engine");
			go.disabled = true;
		} else if (!canWorker) {
			note.textContent = word("play.game.no-worker");
			computer.disabled = true;
			mode.querySelector('input[value="friend"]').checked = true;
		}
		const chosen = (name) => form.querySelector('input[name="' + name + '"]:checked').value;
		const update = () => {
			const vs = chosen("mode") === "computer";
			sides.hidden = !vs;
			levels.hidden = !vs;
		};
		mode.addEventListener("change", update);
		update();
		let game = null;
		form.addEventListener("submit", (e) => {
			e.preventDefault();
			const vs = chosen("mode") === "computer";
			if (game) {
				game.gen++;
				game.panel.remove();
			}
			game = new Game(page, {mode: vs ? "computer" : "friend", fen: fen, side: vs ? chosen("side") : "", level: vs ? Number(chosen("level")) : 0});
			game.newGame.addEventListener("click", () => {
				if (!game.over && game.plies.length > 0) {
					keepGame(game.record());
				}
				game.gen++;
				game.panel.remove();
				form.hidden = false;
				go.focus();
			});
			form.hidden = true;
			page.appendChild(game.panel);
			game.start();
			game.squares.a1.focus();
		});
	}
})();
