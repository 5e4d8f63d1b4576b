/* nostromo-lessons serve --class: sends this tablet's answers and games
   to the teacher's laptop. Added by serve to the pages it serves, never
   written by build: a static host or file:// never has it. Unsent work
   waits in localStorage (and in memory when the storage is full or off)
   and is sent again until serve says it is stored; an id made here makes
   a resend stored once. */
(function () {
  "use strict";
  var cfg = window.nostromoClass;
  if (!cfg || !window.fetch) { return; }
  var words = cfg.words || {};
  function say(key, vars) {
    return String(words[key] || key).replace(/\{(\w+)\}/g, function (m, n) { return vars && n in vars ? vars[n] : m; });
  }
  var store = {
    get: function (k) { try { return window.localStorage.getItem(k); } catch (e) { return null; } },
    set: function (k, v) { try { window.localStorage.setItem(k, v); return true; } catch (e) { return false; } }
  };
  function newID() {
    var b = new Uint8Array(12), s = "";
    window.crypto.getRandomValues(b);
    for (var i = 0; i < b.length; i++) { s += ("0" + b[i].toString(16)).slice(-2); }
    return s;
  }
  var tablet = store.get("nl1|class-tablet");
  if (!tablet) { tablet = newID(); store.set("nl1|class-tablet", tablet); }
  var queueKey = "nl1|class-queue";
  var queue = [];
  try { queue = JSON.parse(store.get(queueKey) || "[]") || []; } catch (e) { queue = []; }
  function save() { store.set(queueKey, JSON.stringify(queue)); }
  function child() { return store.get("nl1|class-child") || ""; }

  // The bar: who this tablet is, and how many answers wait.
  var bar = document.createElement("div");
  bar.id = "nostromo-class";
  bar.setAttribute("role", "status");
  bar.style.cssText = "position:fixed;right:.5em;bottom:.5em;z-index:2147483646;background:#eef6ff;color:#123;border:1px solid #8ab;border-radius:.4em;padding:.3em .6em;font:14px/1.4 system-ui,sans-serif";
  document.body.appendChild(bar);
  function showBar() {
    bar.textContent = "";
    var who = document.createElement("span");
    who.textContent = child() ? say("name.is", { name: child() }) + " " : "";
    bar.appendChild(who);
    var change = document.createElement("button");
    change.type = "button";
    change.textContent = child() ? say("name.change") : say("name.ask");
    change.addEventListener("click", askName);
    bar.appendChild(change);
    if (queue.length) {
      var n = document.createElement("span");
      n.className = "unsent";
      n.textContent = " " + say("unsent", { n: queue.length });
      bar.appendChild(n);
    }
  }

  // askName shows the roster to choose from, and a field for a name
  // that is not on it (the teacher accepts it later).
  var dialog = null, asking = false;
  function askName() {
    if (dialog || asking) { return; }
    asking = true;
    fetch(cfg.base + "names").then(function (r) { return r.ok ? r.json() : { names: [] }; }, function () { return { names: [] }; }).then(function (info) {
      asking = false;
      dialog = document.createElement("div");
      dialog.id = "nostromo-class-name";
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.setAttribute("aria-labelledby", "nostromo-class-ask");
      dialog.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;font:18px/1.4 system-ui,sans-serif";
      var box = document.createElement("div");
      box.style.cssText = "background:#fff;color:#111;padding:1em;border-radius:.5em;max-width:30em;max-height:90vh;overflow:auto";
      var h = document.createElement("h2");
      h.id = "nostromo-class-ask";
      h.textContent = say("name.ask");
      box.appendChild(h);
      var list = document.createElement("ul");
      list.style.cssText = "list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.4em";
      (info.names || []).forEach(function (n) {
        var li = document.createElement("li"), b = document.createElement("button");
        b.type = "button";
        b.className = "class-name";
        b.textContent = n;
        b.style.cssText = "font:inherit;padding:.4em .8em";
        b.addEventListener("click", function () { chose(n); });
        li.appendChild(b);
        list.appendChild(li);
      });
      box.appendChild(list);
      var form = document.createElement("form");
      var label = document.createElement("label");
      label.textContent = (info.names && info.names.length ? say("name.other") + ": " : "") + say("name.type") + " ";
      var input = document.createElement("input");
      input.maxLength = 40;
      input.autocomplete = "off";
      input.style.cssText = "font:inherit;padding:.3em;margin:.3em .3em 0 0";
      label.appendChild(input);
      var ok = document.createElement("button");
      ok.textContent = say("name.ok");
      ok.style.cssText = "font:inherit;padding:.3em .8em";
      var msg = document.createElement("p");
      msg.setAttribute("role", "alert");
      form.appendChild(label);
      form.appendChild(ok);
      form.appendChild(msg);
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        var n = input.value.replace(/\s+/g, " ").trim();
        if (!n || n.length > 40 || /[<>&"'`\\\u0000-\u001f\u007f]/.test(n)) { msg.textContent = say("name.bad"); return; }
        send("name", { name: n }).then(function (r) {
          if (r.status === 422) { msg.textContent = say("name.bad"); return; }
          chose(n);
        }, function () { chose(n); });
      });
      box.appendChild(form);
      dialog.appendChild(box);
      // Escape closes it: the answers wait, and the name is asked for
      // again before they are sent.
      dialog.addEventListener("keydown", function (ev) {
        if (ev.key === "Escape") { dialog.remove(); dialog = null; }
      });
      document.body.appendChild(dialog);
      (list.querySelector("button") || input).focus();
    });
  }
  function chose(n) {
    store.set("nl1|class-child", n);
    if (dialog) { dialog.remove(); dialog = null; }
    showBar();
    flush();
  }

  function send(kind, body) {
    return fetch(cfg.base + kind, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  }

  // flush sends the queue, oldest first, one at a time: a stored answer
  // (or one stored before) leaves it; a refused one too (it could never
  // be stored); on a network error, a full disk, a busy or stopped serve,
  // it waits and tries again.
  var sending = false, wait = 1000, timer = 0;
  function flush() {
    if (sending || !queue.length) { showBar(); return; }
    var item = queue[0];
    if (!item.body.child) {
      if (!child()) { askName(); return; }
      item.body.child = child();
    }
    sending = true;
    send(item.kind, item.body).then(function (r) {
      sending = false;
      if (r.ok || r.status >= 400 && r.status < 500 && r.status !== 429 && r.status !== 408) {
        queue.shift();
        save();
        wait = 1000;
        flush();
        return;
      }
      retry();
    }, function () { sending = false; retry(); });
  }
  function retry() {
    showBar();
    window.clearTimeout(timer);
    timer = window.setTimeout(flush, wait);
    wait = Math.min(wait * 2, 30000);
  }
  function add(kind, body) {
    body.tablet = tablet;
    body.child = child();
    if (!body.id) { body.id = newID(); }
    queue.push({ kind: kind, body: body });
    save();
    flush();
  }
  document.addEventListener("nostromo:answer", function (e) {
    var d = e.detail || {};
    add("answer", { id: d.id, lesson: d.lesson, exercise: d.exercise, right: !!d.right, tries: d.tries, stars: d.right ? d.stars : 0 });
  });
  document.addEventListener("nostromo:game", function (e) {
    var d = e.detail || {};
    add("game", { id: d.id, start: d.start || "", moves: d.moves || [], side: d.side || "", level: d.level || 0, result: d.result || "", end: d.end || "", date: d.date || "", text: d.text || "" });
  });
  window.addEventListener("online", function () { wait = 1000; flush(); });

  // The index shows the lessons marked for today and next time first.
  function showPlan(plan) {
    var header = document.querySelector("header.course");
    if (!header || !plan) { return; }
    ["next", "today"].forEach(function (mark) {
      var items = [];
      Array.prototype.forEach.call(document.querySelectorAll("ol.lessons > li"), function (li) {
        var p = li.querySelector(".stars[data-lesson]");
        if (p && plan[p.getAttribute("data-lesson")] === mark) { items.push(li.cloneNode(true)); }
      });
      if (!items.length) { return; }
      var section = document.createElement("section");
      section.className = "level class-plan class-" + mark;
      var h = document.createElement("h2");
      h.textContent = say(mark === "today" ? "today" : "next");
      var ol = document.createElement("ol");
      ol.className = "lessons";
      items.forEach(function (li) { ol.appendChild(li); });
      section.appendChild(h);
      section.appendChild(ol);
      header.parentNode.insertBefore(section, header.nextSibling);
    });
  }
  if (document.querySelector("header.course")) {
    fetch(cfg.base + "names").then(function (r) { return r.ok ? r.json() : null; }).then(function (info) { if (info) { showPlan(info.plan); } }, function () {});
  }
  showBar();
  if (!child()) { askName(); } else { flush(); }
})();
