/* The teacher's class view of serve --class: children by lessons, raised
   hands, games, a child's every answer, the roster and the lessons for
   today. It asks serve for the class's data every two seconds. */
(function () {
  "use strict";
  var words = JSON.parse(document.getElementById("class-words").textContent);
  var base = "/_nostromo/class/";
  function say(key, vars) {
    return String(words[key] || key).replace(/\{(\w+)\}/g, function (m, n) { return vars && n in vars ? vars[n] : m; });
  }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) { e.textContent = text; }
    if (cls) { e.className = cls; }
    return e;
  }
  function post(kind, body) {
    return fetch(base + kind, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (r) { if (!r.ok) { return r.text().then(function (t) { throw new Error(t); }); } etag = ""; poll(); });
  }
  var view = document.getElementById("view"), status = document.getElementById("status");
  var data = null, etag = "";
  function stars(n) { return n + " ★"; }
  function table(head, rows, caption) {
    var wrap = el("div", null, "scroll"), t = el("table"), thead = el("thead"), tr = el("tr");
    if (caption) { t.appendChild(el("caption", caption)); }
    head.forEach(function (h) { var th = el("th", h); th.scope = "col"; tr.appendChild(th); });
    thead.appendChild(tr);
    t.appendChild(thead);
    var tb = el("tbody");
    rows.forEach(function (r) { tb.appendChild(r); });
    t.appendChild(tb);
    wrap.appendChild(t);
    return wrap;
  }
  function lessonTitle(id) {
    for (var i = 0; i < data.lessons.length; i++) { if (data.lessons[i].id === id) { return data.lessons[i].title; } }
    return id;
  }
  // exerciseName returns an exercise's number in its lesson and its key,
  // as "2 (first-count)".
  function exerciseName(lesson, key) {
    for (var i = 0; i < data.lessons.length; i++) {
      var n = data.lessons[i].id === lesson ? data.lessons[i].exercises.indexOf(key) : -1;
      if (n >= 0) { return (n + 1) + " (" + key + ")"; }
    }
    return key;
  }
  function resultText(g) { return say("result." + (g.result || "none")); }

  function showClass() {
    var out = document.createDocumentFragment();
    // Raised hands first: who needs the teacher now.
    out.appendChild(el("h2", say("view.hands")));
    var hands = data.summary.hands || [];
    if (!hands.length) { out.appendChild(el("p", say("view.no-hands"))); }
    var ul = el("ul");
    hands.forEach(function (h) {
      ul.appendChild(el("li", say("view.hand", { child: h.child, n: h.wrong, exercise: exerciseName(h.lesson, h.exercise), lesson: lessonTitle(h.lesson) }), "hand"));
    });
    out.appendChild(ul);

    out.appendChild(el("h2", say("view.progress")));
    var rows = data.children.filter(function (c) { return !c.pending || c.answers; }).map(function (c) {
      var tr = el("tr"), th = el("th"), a = el("a", c.name);
      th.scope = "row";
      a.href = "#child=" + encodeURIComponent(c.name);
      th.appendChild(a);
      tr.appendChild(th);
      data.lessons.forEach(function (l) {
        var p = (data.summary.progress[c.name] || {})[l.id];
        var td = el("td", p ? stars(p.stars) + " · " + say("view.cell", { solved: p.solved, total: l.exercises.length, tried: p.tried }) : "");
        tr.appendChild(td);
      });
      return tr;
    });
    out.appendChild(table([say("view.child")].concat(data.lessons.map(function (l) { return l.title; })), rows));

    out.appendChild(el("h2", say("view.games")));
    out.appendChild(gamesTable(data.games, true));

    out.appendChild(el("h2", say("view.plan")));
    var plan = el("ul");
    data.lessons.forEach(function (l) {
      var li = el("li"), label = el("label", l.title + " "), sel = el("select");
      [["none", say("view.mark-none")], ["today", say("today")], ["next", say("next")]].forEach(function (o) {
        var opt = el("option", o[1]);
        opt.value = o[0];
        sel.appendChild(opt);
      });
      sel.value = data.plan[l.id] || "none";
      sel.addEventListener("change", function () { post("mark", { lesson: l.id, mark: sel.value }).catch(problem); });
      label.appendChild(sel);
      li.appendChild(label);
      plan.appendChild(li);
    });
    out.appendChild(plan);

    out.appendChild(el("h2", say("view.roster")));
    var roster = data.children.filter(function (c) { return !c.pending; });
    out.appendChild(el("p", roster.map(function (c) { return c.name; }).join(", ")));
    var form = el("form"), label = el("label", say("view.roster-add")), area = el("textarea");
    area.rows = 4;
    area.cols = 30;
    area.id = "roster-text";
    label.htmlFor = "roster-text";
    form.appendChild(label);
    form.appendChild(el("br"));
    form.appendChild(area);
    form.appendChild(el("br"));
    form.appendChild(el("button", say("view.add")));
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      post("roster", { text: area.value }).then(function () { area.value = ""; }, problem);
    });
    out.appendChild(form);

    var pending = data.children.filter(function (c) { return c.pending; });
    if (pending.length) {
      out.appendChild(el("h2", say("view.pending")));
      var pl = el("ul");
      pending.forEach(function (c) {
        var li = el("li", c.name + " ");
        var accept = el("button", say("view.accept"));
        accept.type = "button";
        accept.addEventListener("click", function () { post("accept", { name: c.name }).catch(problem); });
        li.appendChild(accept);
        roster.forEach(function (r) {
          var m = el("button", say("view.merge", { name: r.name }));
          m.type = "button";
          m.addEventListener("click", function () { post("merge", { from: c.name, into: r.name }).catch(problem); });
          li.appendChild(document.createTextNode(" "));
          li.appendChild(m);
        });
        pl.appendChild(li);
      });
      out.appendChild(pl);
    }
    return out;
  }

  function gamesTable(games, withChild) {
    var rows = games.slice().reverse().map(function (g) {
      var tr = el("tr");
      if (withChild) { tr.appendChild(el("td", g.child)); }
      tr.appendChild(el("td", g.date));
      tr.appendChild(el("td", g.level ? String(g.level) : say("view.friend")));
      tr.appendChild(el("td", resultText(g)));
      tr.appendChild(el("td", g.moves.join(" ")));
      return tr;
    });
    var head = [say("view.date"), say("view.level"), say("view.result"), say("view.moves")];
    return table(withChild ? [say("view.child")].concat(head) : head, rows);
  }

  function showChild(name) {
    var out = document.createDocumentFragment();
    var back = el("a", say("view.back"));
    back.href = "#";
    out.appendChild(back);
    out.appendChild(el("h2", say("view.answers", { child: name })));
    var box = el("div");
    out.appendChild(box);
    fetch(base + "child?name=" + encodeURIComponent(name)).then(function (r) { return r.json(); }).then(function (d) {
      if (!d.answers.length) { box.appendChild(el("p", say("view.none"))); }
      var rows = d.answers.slice().reverse().map(function (a) {
        var tr = el("tr");
        tr.appendChild(el("td", a.at.replace("T", " ").replace("Z", "")));
        tr.appendChild(el("td", lessonTitle(a.lesson)));
        tr.appendChild(el("td", exerciseName(a.lesson, a.exercise)));
        tr.appendChild(el("td", a.right ? say("view.right") : say("view.wrong"), a.right ? "" : "wrong"));
        tr.appendChild(el("td", String(a.tries)));
        tr.appendChild(el("td", a.right ? stars(a.stars) : ""));
        return tr;
      });
      box.appendChild(table([say("view.time"), say("view.lesson"), say("view.exercise"), say("view.result"), say("view.tries"), say("view.stars")], rows));
      box.appendChild(el("h3", say("view.games")));
      box.appendChild(gamesTable(d.games, false));
    }, problem);
    return out;
  }

  // draw shows the class, or a child's page (#child=NAME). New data
  // waits while the teacher types in the roster or picks a mark: nothing
  // is redrawn under the hands.
  var waiting = false;
  function draw(moved) {
    if (!data) { return; }
    var active = document.activeElement;
    if (!moved && active && (active.tagName === "TEXTAREA" || active.tagName === "SELECT") && view.contains(active)) {
      waiting = true;
      return;
    }
    waiting = false;
    var m = /^#child=(.*)$/.exec(location.hash), child = m ? decodeURIComponent(m[1]) : "";
    view.textContent = "";
    view.appendChild(child ? showChild(child) : showClass());
    if (moved) { document.getElementById("title").focus(); }
  }
  view.addEventListener("focusout", function () { if (waiting) { window.setTimeout(function () { draw(false); }, 0); } });
  function problem(err) { status.textContent = String(err && err.message || err); }
  function poll() {
    fetch(base + "data", { headers: etag ? { "If-None-Match": etag } : {} }).then(function (r) {
      if (r.status === 304) { return null; }
      if (!r.ok) { throw new Error(r.status); }
      etag = r.headers.get("ETag") || "";
      return r.json();
    }).then(function (d) {
      if (d) {
        data = d;
        status.textContent = say("view.updated", { time: new Date().toLocaleTimeString(document.documentElement.lang) });
        draw(false);
      }
    }, function () { status.textContent = say("view.offline"); });
  }
  window.addEventListener("hashchange", function () { draw(true); });
  poll();
  window.setInterval(poll, 2000);
})();
