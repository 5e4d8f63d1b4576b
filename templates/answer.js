/* nostromo-lessons: answer on the page, be told at once, earn stars.
   Plain script, no framework, nothing loaded and nothing sent: every
   accepted answer is in the page (nl-data, computed by the Go checker),
   every message in nl-words, the stars in this browser's localStorage.
   Each answer is told to the page as a "nostromo:answer" event, which
   only the class script that serve --class adds listens to. */
(function () {
  "use strict";

  function byId(id) { return document.getElementById(id); }
  function json(id) {
    var el = byId(id);
    try { return el ? JSON.parse(el.textContent) : null; } catch (e) { return null; }
  }
  var lair = "f6"; // where the knight's flight goes (RULES.md)
  var words = json("nl-words") || {};
  var data = json("nl-data");
  if (!data) { return; }

  // say returns the message key with each {name} filled in from vars.
  // A message with plural forms takes the form of vars.n.
  var pluralRules = new Intl.PluralRules(document.documentElement.lang || "en");
  function say(key, vars) {
    var text = words[key] || key;
    if (typeof text === "object") { text = text[pluralRules.select(vars.n)] || text.other || key; }
    return text.replace(/\{(\w+)\}/g, function (m, name) {
      return vars && name in vars ? vars[name] : m;
    });
  }

  // localSan writes a move with the piece letters of the page's language
  // (the checker writes English SAN: K for the king, N for the knight).
  function localSan(san) {
    var letter = { K: words["san.king"], N: words["san.knight"] }[san.charAt(0)];
    return letter ? letter + san.slice(1) : san;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text) { e.textContent = text; }
    return e;
  }

  // Storage: nl1|child|course|lesson|exercise-id -> stars ("1".."3").
  var store = {
    get: function (k) { try { return window.localStorage.getItem(k); } catch (e) { return null; } },
    set: function (k, v) { try { window.localStorage.setItem(k, v); } catch (e) { /* private mode: no stars kept */ } },
    del: function (k) { try { window.localStorage.removeItem(k); } catch (e) { /* nothing kept */ } }
  };
  // A list of names is read only as far as its first maxNames names: no
  // class has more children, and 100,000 names (which another page opened
  // from the disk may write, sharing the origin) would freeze the page.
  var maxNames = 1000;
  // What is stored is read defensively: another script of the same site,
  // an old page or a hand in the browser's tools may have written it, and
  // a wrong value counts as none, but a name that can be read is kept.
  // children returns the names kept, each once: those of the list, read
  // as far as they can be (a name in a list that is cut short or holds
  // other things too is still a name), then the names that only the stars
  // or the choice still hold, so that a spoilt list loses nobody.
  function children() {
    var names = [], seen = new Set();
    var add = function (n) {
      if (typeof n === "string" && n.trim() !== "" && !seen.has(n)) { seen.add(n); names.push(n); }
    };
    listed(store.get("nl1|children")).forEach(function (n) { if (names.length < maxNames) { add(n); } });
    starred().forEach(add);
    add(store.get("nl1|child"));
    return names;
  }
  // listed returns what a stored list of names holds that may be a name:
  // its strings, the name of a {"name": ...}, a lone string; of a text
  // that is not JSON, its quoted strings.
  function listed(raw) {
    var list;
    try { list = JSON.parse(raw || "[]"); } catch (e) { return quoted(raw); }
    return (Array.isArray(list) ? list : [list]).map(function (n) {
      return n && typeof n.name === "string" ? n.name : n;
    });
  }
  // quoted returns the strings quoted in a text, as JSON reads them.
  function quoted(raw) {
    var out = [];
    (String(raw).match(/"(?:[^"\\\n]|\\.)*"/g) || []).forEach(function (q) {
      try { out.push(JSON.parse(q)); } catch (e) { /* not a string after all */ }
    });
    return out;
  }
  // starred returns the names that stars are kept under, sorted: a key
  // is nl1|name|course|lesson|exercise, read from the right, since a name
  // may hold "|" and the others never do.
  function starred() {
    var out = [], i, k, parts;
    try {
      for (i = 0; i < window.localStorage.length; i++) {
        k = window.localStorage.key(i);
        parts = k.split("|");
        if (parts.length >= 5 && parts[0] === "nl1" && starsAt(k) > 0) { out.push(parts.slice(1, -3).join("|")); }
      }
    } catch (e) { /* no storage: no names */ }
    return out.sort();
  }
  // child returns the child chosen, "" for nobody (children holds it).
  function child() {
    var n = store.get("nl1|child") || "";
    return n.trim() !== "" ? n : "";
  }
  // keepChildren writes the names read back (children) as the list, so
  // that the names only the stars or the choice held stay in it.
  function keepChildren(list) { store.set("nl1|children", JSON.stringify(list)); }
  // starsAt returns the stars kept under k: 1 to 3, else 0.
  function starsAt(k) {
    var s = store.get(k);
    return /^[123]$/.test(s || "") ? Number(s) : 0;
  }
  function key(lesson, ex) { return ["nl1", child(), data.course, lesson, ex].join("|"); }

  // moveOldStars moves the stars kept before they were keyed on the
  // exercise's id alone (nl1|child|course|lesson|old-id:hash, where an
  // exercise without an id of its own was "n" and its number, now "#" and
  // it) to their keys, for every child, once: ids are a lesson's exercise
  // ids, by lesson. An exercise's best stars are kept.
  function moveOldStars(ids) {
    var old = [], i;
    try {
      for (i = 0; i < window.localStorage.length; i++) { old.push(window.localStorage.key(i)); }
    } catch (e) { return; }
    old.forEach(function (k) {
      var parts = k.split("|"), n = parts.length;
      if (n < 5 || parts[0] !== "nl1" || parts[n - 3] !== data.course || parts[n - 1].indexOf(":") < 0 ||
          !Object.prototype.hasOwnProperty.call(ids, parts[n - 2])) { return; }
      var known = ids[parts[n - 2]], was = parts[n - 1].split(":")[0];
      var id = known.indexOf(was) >= 0 ? was : was.replace(/^n(\d+)$/, "#$1");
      if (known.indexOf(id) < 0) { return; }
      var to = parts.slice(0, n - 1).concat(id).join("|");
      var stars = Math.max(starsAt(k), starsAt(to));
      if (stars > 0) { store.set(to, String(stars)); }
      store.del(k);
    });
  }

  // moveRenamedStars moves the stars kept under a lesson's former page
  // name to its name now, for every child, once, so that renaming a lesson
  // file keeps them: ids are the lessons' exercise ids by lesson, stems
  // each lesson's id without its number where no other lesson shares it
  // (stars under 00-board or board go to the 01-board of stems), formerly
  // the names each lesson lists as its own before. A name of a lesson of
  // now never moves; only the lesson's exercises' stars (and those of
  // before their ids, which moveOldStars reads next) move; an exercise's
  // best stars are kept.
  function moveRenamedStars(ids, stems, formerly) {
    var from = {}, all = [], has = Object.prototype.hasOwnProperty, i;
    Object.keys(stems || {}).forEach(function (id) { if (has.call(ids, id)) { from["stem|" + stems[id]] = id; } });
    Object.keys(formerly || {}).forEach(function (id) {
      if (has.call(ids, id)) { formerly[id].forEach(function (was) { from["name|" + was] = id; }); }
    });
    try {
      for (i = 0; i < window.localStorage.length; i++) { all.push(window.localStorage.key(i)); }
    } catch (e) { return; }
    all.forEach(function (k) {
      var parts = k.split("|"), n = parts.length;
      if (n < 5 || parts[0] !== "nl1" || parts[n - 3] !== data.course) { return; }
      var was = parts[n - 2], ex = parts[n - 1];
      if (has.call(ids, was)) { return; }
      var id = has.call(from, "name|" + was) ? from["name|" + was] : from["stem|" + was.replace(/^[0-9]+-(?=.)/, "")];
      if (!id || (ids[id].indexOf(ex) < 0 && ex.indexOf(":") < 0)) { return; }
      var to = parts.slice(0, n - 2).concat(id, ex).join("|");
      var stars = Math.max(starsAt(k), starsAt(to));
      if (stars > 0) { store.set(to, String(stars)); }
      store.del(k);
    });
  }

  // The child's name: a list to pick from and a field to add one.
  function childPicker(onChange) {
    var box = byId("nl-child");
    if (!box) { return; }
    box.hidden = false;
    box.textContent = "";
    var label = el("label", "", say("child.who"));
    var pick = el("select");
    pick.id = "nl-child-pick";
    label.htmlFor = pick.id;
    var names = [""].concat(children()), chosen = child();
    names.forEach(function (n) {
      var o = el("option", "", n || say("child.nobody"));
      o.value = n;
      o.selected = n === chosen;
      pick.appendChild(o);
    });
    pick.addEventListener("change", function () {
      keepChildren(children());
      store.set("nl1|child", pick.value);
      onChange();
    });
    var add = el("input");
    add.id = "nl-child-new";
    add.type = "text";
    add.setAttribute("aria-label", say("child.name"));
    add.placeholder = say("child.name");
    var addButton = el("button", "", say("child.add"));
    addButton.type = "button";
    addButton.addEventListener("click", function () {
      var n = add.value.trim();
      if (!n) { return; }
      var list = children();
      if (list.indexOf(n) < 0) { list.push(n); }
      keepChildren(list);
      store.set("nl1|child", n);
      childPicker(onChange);
      onChange();
    });
    box.appendChild(label);
    box.appendChild(pick);
    box.appendChild(add);
    box.appendChild(addButton);
  }

  // lessonStars returns the stars of a lesson's exercises (by their ids):
  // the mean of their stars, rounded down (an unsolved one counts 0), but
  // at least one once one is solved, since a child reads three empty stars
  // beside solved exercises as "no stars"; and how many are solved. The
  // stars only grow as exercises are solved, and three mean a lesson done
  // nearly without a miss.
  function lessonStars(lesson, keys) {
    var sum = 0, solved = 0;
    keys.forEach(function (k) {
      var s = starsAt(key(lesson, k));
      if (s > 0) { solved++; sum += s; }
    });
    var stars = solved ? Math.max(1, Math.floor(sum / keys.length)) : 0;
    return { stars: stars, solved: solved, total: keys.length };
  }
  function starText(s) {
    var row = "", i;
    for (i = 0; i < 3; i++) { row += i < s.stars ? "★" : "☆"; }
    return row;
  }
  // progressText says the stars and how many exercises are done, which
  // grows with each one solved: "1 of 3 stars · 4 of 38 done". The two
  // together are one message, so that a language words them together.
  function progressText(s) {
    if (!s.solved) { return say("stars.none"); }
    return say("stars.of-done", { stars: s.stars, n: s.solved, total: s.total });
  }
  function showStars(p, s) {
    p.hidden = false;
    p.textContent = "";
    var row = el("span", "star-row", starText(s));
    row.setAttribute("aria-hidden", "true");
    p.appendChild(row);
    p.appendChild(el("span", "star-words", " " + progressText(s)));
  }

  if (data.game) { // the play page: only the child's name, under which play.js keeps the games
    childPicker(function () {});
    return;
  }
  if (data.lessons) { // the index
    moveRenamedStars(data.lessons, data.stems, data.formerly);
    moveOldStars(data.lessons);
    var showIndex = function () {
      Array.prototype.forEach.call(document.querySelectorAll(".stars[data-lesson]"), function (p) {
        var keys = data.lessons[p.getAttribute("data-lesson")] || [];
        showStars(p, lessonStars(p.getAttribute("data-lesson"), keys));
      });
    };
    childPicker(showIndex);
    showIndex();
    return;
  }

  var keys = data.exercises.map(function (x) { return x.id; });
  var lessonIDs = {};
  lessonIDs[data.lesson] = keys;
  var stems = {}, formerly = {};
  if (data.stem) { stems[data.lesson] = data.stem; }
  if (data.formerly) { formerly[data.lesson] = data.formerly; }
  moveRenamedStars(lessonIDs, stems, formerly);
  moveOldStars(lessonIDs);
  var exercises = [];
  // showLesson shows the lesson's stars, and "Start again" only once
  // there are stars to lose.
  function showLesson() {
    var p = byId("nl-stars"), again = byId("nl-again");
    if (p) {
      byId("nl-progress").hidden = false;
      var s = lessonStars(data.lesson, keys);
      showStars(p, s);
      if (again) { again.hidden = !s.solved; }
    }
  }
  function reload() {
    exercises.forEach(function (x) { x.restore(); });
    showLesson();
  }
  childPicker(reload);
  var progress = byId("nl-progress");
  if (progress) {
    var again = el("button", "again", say("stars.reset"));
    again.type = "button";
    again.id = "nl-again";
    // A first tap only asks to be sure, for five seconds: a child's stray
    // tap must not wipe a lesson's stars.
    var sure = 0;
    var unsure = function () {
      window.clearTimeout(sure);
      sure = 0;
      again.textContent = say("stars.reset");
    };
    again.addEventListener("click", function () {
      if (!sure) {
        again.textContent = say("stars.reset-sure");
        sure = window.setTimeout(unsure, 5000);
        return;
      }
      unsure();
      keys.forEach(function (k) { store.del(key(data.lesson, k)); });
      reload();
      byId("nl-stars").appendChild(el("span", "star-words", " " + say("stars.reset-done")));
    });
    progress.appendChild(again);
  }

  // board lays 64 buttons over a figure's board: the arrow keys move
  // between them, Enter or Space (or a tap) chooses one. onTap gets the
  // square's name; onDrag, if given, a drag from one square to another.
  function board(article, x, onTap, onDrag) {
    var box = article.querySelector(".board-box");
    if (!box) { return null; }
    var g = (box.getAttribute("data-board") || "28 10 320 356 360").split(" ").map(Number);
    var grid = el("div", "squares");
    grid.setAttribute("role", "group");
    grid.setAttribute("aria-label", say("board.label"));
    grid.style.left = (100 * g[0] / g[3]) + "%";
    grid.style.top = (100 * g[1] / g[4]) + "%";
    grid.style.width = (100 * g[2] / g[3]) + "%";
    grid.style.height = (100 * g[2] / g[4]) + "%";
    var buttons = {}, order = [];
    for (var r = 8; r >= 1; r--) {
      for (var f = 0; f < 8; f++) {
        var name = "abcdefgh".charAt(f) + r;
        var b = el("button", "sq");
        b.type = "button";
        b.setAttribute("data-square", name);
        b.tabIndex = order.length === 0 ? 0 : -1;
        var piece = x.pieces && x.pieces[name];
        b.setAttribute("aria-label", name + (piece ? ", " + say("piece." + piece) : ""));
        if (piece && onDrag) { b.className = "sq piece"; } // drags start on a piece; elsewhere a finger scrolls
        b.setAttribute("aria-pressed", "false");
        buttons[name] = b;
        order.push(b);
        grid.appendChild(b);
      }
    }
    var dragFrom = null;
    grid.addEventListener("click", function (ev) {
      var b = ev.target.closest ? ev.target.closest(".sq") : null;
      if (b && !b.disabled) { onTap(b.getAttribute("data-square")); }
    });
    grid.addEventListener("keydown", function (ev) {
      var i = order.indexOf(document.activeElement);
      if (i < 0) { return; }
      var d = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 }[ev.key];
      if (d === undefined) { return; }
      ev.preventDefault();
      var j = i + d;
      if (j < 0 || j > 63 || (Math.abs(d) === 1 && Math.floor(j / 8) !== Math.floor(i / 8))) { return; }
      order[i].tabIndex = -1;
      order[j].tabIndex = 0;
      order[j].focus();
    });
    if (onDrag) {
      grid.addEventListener("pointerdown", function (ev) {
        var b = ev.target.closest ? ev.target.closest(".sq") : null;
        dragFrom = b ? b.getAttribute("data-square") : null;
      });
      grid.addEventListener("pointerup", function (ev) {
        var under = document.elementFromPoint(ev.clientX, ev.clientY);
        var b = under && under.closest ? under.closest(".sq") : null;
        var to = b ? b.getAttribute("data-square") : null;
        if (dragFrom && to && to !== dragFrom) {
          onDrag(dragFrom, to);
          ev.preventDefault();
          dragFrom = "dragged";
        }
      });
      grid.addEventListener("click", function (ev) {
        if (dragFrom === "dragged") { ev.stopImmediatePropagation(); dragFrom = null; }
      }, true);
    }
    box.appendChild(grid);
    return {
      mark: function (names, labels) {
        order.forEach(function (b) {
          var n = b.getAttribute("data-square");
          var i = names.indexOf(n);
          b.setAttribute("aria-pressed", i >= 0 ? "true" : "false");
          b.textContent = i >= 0 && labels ? labels[i] : "";
        });
      },
      lock: function () { order.forEach(function (b) { b.disabled = true; }); }
    };
  }

  // answered tells the page that the child answered exercise k: the
  // "nostromo:answer" event, which only the class script of serve --class
  // listens to (on a static host nothing is sent). tries counts this
  // answer; id is made here, so that a resend is stored once.
  function answered(k, right, tries, stars) {
    var b = new Uint8Array(12), id = "";
    if (window.crypto && window.crypto.getRandomValues) { window.crypto.getRandomValues(b); }
    for (var i = 0; i < b.length; i++) { id += ("0" + b[i].toString(16)).slice(-2); }
    document.dispatchEvent(new CustomEvent("nostromo:answer", {
      detail: { lesson: data.lesson, exercise: k, right: right, tries: tries, stars: stars, id: id }
    }));
  }

  // exercise wires one exercise's answer: the gesture of its kind, Check,
  // the result, the hint after a miss and the answer once solved.
  function exercise(x) {
    var article = byId("exercise-" + x.n);
    if (!article) { return; }
    var respond = article.querySelector(".respond");
    var result = article.querySelector(".result");
    var hint = article.querySelector("details.hint");
    var answer = article.querySelector("details.answer");
    var choices = article.querySelector("ul.choices");
    var a = x.accept;
    var k = x.id;
    var misses = 0, done = false;
    var picked = [], from = null, choice = -1;
    // With find: every (a.every) the child plays each accepted move: found
    // holds the SAN of those found so far, kept and listed under the
    // board, and matched the accepted move the last verdict met.
    var found = [], matched = null, foundLine = null;
    var controls = [];
    article.classList.add("live");
    if (answer) { answer.hidden = true; }

    var form = el("div", "answer-ui");
    var check = el("button", "check", say("answer.check"));
    check.type = "button";
    var clear = el("button", "clear", say("answer.clear"));
    clear.type = "button";

    var b = null, number = null, never = null, buttons = [], sideButtons = [], side = "";
    // pickSide marks the side chosen as the winner ("white", "black"),
    // or none ("").
    function pickSide(s) {
      side = s;
      sideButtons.forEach(function (o) { o.setAttribute("aria-pressed", o.getAttribute("data-side") === s ? "true" : "false"); });
    }
    // whoWins adds to form the two sides, by the theme's names, for a
    // question that asks who wins as well as how many moves, and returns
    // their buttons.
    function whoWins(form) {
      var group = el("div", "who-wins");
      group.setAttribute("role", "group");
      var label = el("span", "who-wins-label", say("answer.who-wins"));
      label.id = "nl-who-" + x.n;
      group.setAttribute("aria-labelledby", label.id);
      group.appendChild(label);
      var row = el("div", "choice-row");
      var out = ["white", "black"].map(function (s) {
        var c = el("button", "choice side", say("side." + s));
        c.type = "button";
        c.setAttribute("data-side", s);
        c.setAttribute("aria-pressed", "false");
        c.addEventListener("click", function () { pickSide(s); });
        row.appendChild(c);
        return c;
      });
      group.appendChild(row);
      form.appendChild(group);
      return out;
    }
    var kind = x.kind;
    if (kind === "knight-moves" || kind === "king-moves") {
      b = board(article, x, function (s) {
        var i = picked.indexOf(s);
        if (i >= 0) { picked.splice(i, 1); } else { picked.push(s); }
        b.mark(picked);
      });
    } else if (kind === "labyrinth") {
      picked = [a.path.from];
      b = board(article, x, function (s) {
        if (s === picked[picked.length - 1] && picked.length > 1) { picked.pop(); } else if (s !== picked[picked.length - 1]) { picked.push(s); }
        b.mark(picked, picked.map(function (s, i) { return i ? String(i) : ""; }));
      });
    } else if (kind === "best-move") {
      var made = function (f, t) {
        picked = [f, t];
        from = null;
        b.mark(picked, ["", "→"]);
        result.textContent = say("move.made", { from: f, to: t });
      };
      // With no knight on the board, Black's move is the flight: a tap on
      // the empty lair makes it at once (a second tap there would only
      // unpick it as a square to move from).
      var flightDue = !Object.keys(x.pieces || {}).some(function (s) { return x.pieces[s] === "knight"; });
      b = board(article, x, function (s) {
        if (flightDue && from === null && s === lair) {
          picked = [s, s];
          b.mark([s], ["→"]);
          result.textContent = say("move.flight", { to: s });
          return;
        }
        if (from === null || from === s) {
          from = from === s ? null : s;
          picked = from ? [from] : [];
          b.mark(picked);
          result.textContent = from ? say("move.from", { square: s }) : "";
          return;
        }
        made(from, s);
      }, made);
    } else if (kind === "legal" || kind === "outcome") {
      var texts = choices ? Array.prototype.map.call(choices.querySelectorAll("li"), function (li) { return li.textContent; }) : [];
      if (choices) { choices.hidden = true; }
      var row = el("div", "choice-row");
      texts.forEach(function (t, i) {
        var c = el("button", "choice", t);
        c.type = "button";
        c.setAttribute("aria-pressed", "false");
        c.addEventListener("click", function () {
          choice = i;
          buttons.forEach(function (o, j) { o.setAttribute("aria-pressed", j === i ? "true" : "false"); });
        });
        buttons.push(c);
        row.appendChild(c);
      });
      form.appendChild(row);
    } else {
      if (choices) { choices.hidden = true; }
      if (x.sides) { sideButtons = whoWins(form); }
      var label = el("label", "number");
      label.appendChild(el("span", "", say("answer.number") + " "));
      number = el("input");
      number.type = "number";
      number.min = "0";
      number.max = "999";
      number.inputMode = "numeric";
      label.appendChild(number);
      form.appendChild(label);
      if (x.never) {
        var nl = el("label", "never");
        never = el("input");
        never.type = "checkbox";
        nl.appendChild(never);
        nl.appendChild(el("span", "", " " + say("answer.never")));
        form.appendChild(nl);
        never.addEventListener("change", function () {
          number.disabled = never.checked;
          sideButtons.forEach(function (o) { o.disabled = never.checked; });
          if (never.checked) { pickSide(""); }
        });
      }
      number.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { check.click(); } });
    }
    if (kind === "best-move" && a.every) {
      foundLine = el("p", "found");
      foundLine.hidden = true;
      form.appendChild(foundLine);
    }
    var actions = el("div", "actions");
    actions.appendChild(check);
    if (b) { actions.appendChild(clear); }
    form.appendChild(actions);
    respond.appendChild(form);
    controls = [check, clear].concat(buttons, sideButtons, number ? [number] : [], never ? [never] : []);

    clear.addEventListener("click", function () {
      picked = kind === "labyrinth" ? [a.path.from] : [];
      from = null;
      if (b) { b.mark(picked); }
      result.className = "result";
      result.textContent = kind === "labyrinth" ? say("path.start", { square: a.path.from }) : kind === "best-move" ? say("move.start") : "";
    });

    // verdict compares the answer with the accepted ones: "right",
    // "slower", "wrong" or "" when nothing is given yet; for who wins and
    // in how many moves, also which part is wrong or missing (winsIn).
    function verdict() {
      switch (kind) {
      case "knight-moves":
      case "king-moves":
        if (!picked.length && a.squares && a.squares.length) { return ""; }
        var want = (a.squares || []).slice().sort().join(" ");
        return picked.slice().sort().join(" ") === want ? "right" : "wrong";
      case "legal":
      case "outcome":
        if (choice < 0) { return ""; }
        return choice === a.choice ? "right" : "wrong";
      case "best-move":
        matched = null;
        if (picked.length < 2) { return ""; }
        for (var i = 0; i < a.moves.length; i++) {
          var m = a.moves[i];
          if (m.to === picked[1] && (m.from === picked[0] || (m.from === "" && picked[0] === m.to))) {
            matched = m;
            return m.slower ? "slower" : "right";
          }
        }
        return "wrong";
      case "labyrinth":
        if (picked.length < 2) { return ""; }
        for (var j = 1; j < picked.length; j++) {
          if ((a.path.next[picked[j - 1]] || []).indexOf(picked[j]) < 0) { return "wrong"; }
        }
        return picked[picked.length - 1] === a.path.to ? "right" : "wrong";
      default:
        if (never && never.checked) { return a.number === -1 ? "right" : "wrong"; }
        return x.sides ? winsIn() : number.value === "" ? "" : typed() === a.number ? "right" : "wrong";
      }
    }
    // typed returns the number typed: a whole number from 0, else NaN
    // (which is no answer's number, "never" being -1).
    function typed() {
      var n = Number(number.value);
      return Number.isInteger(n) && n >= 0 ? n : NaN;
    }
    // winsIn judges who wins and in how many moves, each part: "right",
    // "wrong-winner" or "wrong-moves" when one part is wrong, "wrong" when
    // both are (or nobody can win), "need-winner" or "need-moves" when a
    // part is missing, "" when both are.
    function winsIn() {
      if (number.value === "") { return side ? "need-moves" : ""; }
      if (!side) { return "need-winner"; }
      var winner = a.winner && side === a.winner, moves = typed() === a.number;
      if (winner && moves) { return "right"; }
      if (winner) { return "wrong-moves"; }
      return a.winner && moves ? "wrong-winner" : "wrong";
    }

    function solved(stars, how) {
      done = true;
      article.classList.add("solved");
      controls.forEach(function (c) { c.disabled = true; });
      if (b) { b.lock(); }
      if (answer) { answer.hidden = false; answer.open = true; }
      result.className = "result " + (how === "slower" ? "slower" : "right");
      // A drill's praise is plain, and so is that of a game question whose
      // answer is no win for the child's side; "Black did not see that
      // coming" is a game's, and "White did not see it" when the child
      // plays Black.
      var msg = how ? say(how === "slower" ? "answer.slower" : x.plain ? "answer.right-plain" : x.black ? "answer.right-black" : "answer.right") : say("answer.solved");
      result.textContent = msg + " " + starText({ stars: stars });
    }

    check.addEventListener("click", function () {
      if (done) { return; }
      var v = verdict();
      if (v === "" || v === "need-winner" || v === "need-moves") {
        result.className = "result";
        result.textContent = say(v ? "answer." + v : "answer.choose");
        return;
      }
      if (v !== "right" && v !== "slower") {
        misses++;
        result.className = "result wrong";
        result.textContent = "";
        // A new text each time, so that a screen reader says it again.
        window.setTimeout(function () {
          result.textContent = say(v !== "wrong" ? "answer." + v : hint ? "answer.wrong-hint" : "answer.wrong");
        }, 30);
        if (hint) { hint.hidden = false; hint.open = true; }
        answered(k, false, misses, 0);
        return;
      }
      if (a.every && matched && foundOne(matched.san)) { return; }
      var stars = Math.max(1, 3 - misses - (v === "slower" ? 1 : 0));
      store.set(key(data.lesson, k), String(stars));
      solved(stars, v);
      showLesson();
      answered(k, true, misses + 1, stars);
    });

    // foundOne keeps a right move of a find: every exercise, says how many
    // are left and readies the board for the next one; it returns false
    // once every move is found (the exercise is then solved), true while
    // some are left or the move was found before.
    function foundOne(san) {
      var again = found.indexOf(san) >= 0;
      if (!again) { found.push(san); }
      showFound();
      picked = [];
      from = null;
      b.mark(picked);
      var left = a.moves.length - found.length;
      if (!again && left === 0) { return false; }
      result.className = again ? "result" : "result right";
      result.textContent = "";
      window.setTimeout(function () {
        result.textContent = again ? say("answer.again", { san: localSan(san) }) : say("answer.more", { san: localSan(san), n: left });
      }, 30);
      return true;
    }
    function showFound() {
      if (!foundLine) { return; }
      foundLine.hidden = !found.length;
      foundLine.textContent = found.length ? say("answer.found", { moves: found.map(localSan).join(", ") }) : "";
    }

    if (hint) { hint.hidden = true; }
    exercises.push({
      restore: function () {
        var s = starsAt(key(data.lesson, k));
        if (s > 0) { solved(s, ""); return; }
        done = false;
        misses = 0;
        found = [];
        showFound();
        article.classList.remove("solved");
        controls.forEach(function (c) { c.disabled = false; });
        if (number) { number.value = ""; }
        if (never) { never.checked = false; }
        choice = -1;
        buttons.forEach(function (o) { o.setAttribute("aria-pressed", "false"); });
        pickSide("");
        if (answer) { answer.hidden = true; answer.open = false; }
        if (hint) { hint.hidden = true; hint.open = false; }
        result.className = "result";
        result.textContent = "";
        if (b) {
          Array.prototype.forEach.call(article.querySelectorAll(".sq"), function (q) { q.disabled = false; });
          clear.click();
        }
      }
    });
  }

  data.exercises.forEach(exercise);
  reload();
})();
