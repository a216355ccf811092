// facet.js draws a Facet session in this page and reports the person's
// input to it. It speaks through a transport, so the same page runs over a
// WebSocket (ws.js) or any other carrier:
//
//   transport.send(event)      an Event: {t: "key", key: "shift+tab"}, {t: "click", id, action, args}, ...
//   transport.onMessage(fn)    fn(patch) for every Patch: {t: "patch", v, ops: [{id, html}], focus} or {t: "ended", text}
//   transport.onClose(fn)      fn(reason) once the transport is gone
//
// The page never edits anything itself: keys go to the session, which
// answers with the elements that changed; text the browser puts in a
// field goes to the session as the field's new value.
"use strict";
window.Facet = (function () {
  const named = {
    Enter: "enter", Tab: "tab", Escape: "esc", Backspace: "backspace", Delete: "delete", Insert: "insert",
    " ": "space", ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
    Home: "home", End: "end", PageUp: "pgup", PageDown: "pgdown",
    F1: "f1", F2: "f2", F3: "f3", F4: "f4", F5: "f5", F6: "f6", F7: "f7", F8: "f8", F9: "f9", F10: "f10", F11: "f11", F12: "f12",
  };
  // Keys the browser keeps: copy, paste (which arrives as a paste event),
  // reload, devtools, closing and opening tabs.
  const browserKeys = new Set(["ctrl+c", "ctrl+v", "ctrl+x", "ctrl+r", "ctrl+t", "ctrl+w", "ctrl+n", "ctrl+l", "f5", "f11", "f12", "ctrl+shift+i", "ctrl+shift+r"]);

  // keyName spells a key press as Facet spells keys (tea.Key.String), or
  // "" for a key Facet has no name for (a lone modifier, a dead key).
  function keyName(e) {
    if (e.metaKey || e.isComposing) return "";
    let mods = "";
    if (e.ctrlKey) mods += "ctrl+";
    if (e.altKey) mods += "alt+";
    const base = named[e.key];
    if (base) return mods + (e.shiftKey ? "shift+" : "") + base;
    if ([...e.key].length !== 1) return "";
    return mods + (e.ctrlKey || e.altKey ? e.key.toLowerCase() : e.key);
  }

  function mount(transport) {
    let ended = false;
    let first = true;

    function banner(text) {
      const b = document.getElementById("banner");
      b.textContent = text;
      b.hidden = false;
    }

    function sendSize() {
      const probe = document.getElementById("cell").getBoundingClientRect();
      const app = document.getElementById("app") || document.body;
      const cw = probe.width / 10, lh = probe.height;
      if (!cw || !lh) return;
      const cols = Math.max(20, Math.floor(app.clientWidth / cw));
      const rows = Math.max(10, Math.floor(window.innerHeight / lh) - 3);
      transport.send({ t: "resize", cols: cols, rows: rows });
    }

    // A masked field carries its length only: draw that many bullets.
    function fillMasked() {
      for (const el of document.querySelectorAll("input[type=password][data-len]")) {
        const n = Number(el.dataset.len) || 0;
        if (el.value.length !== n) el.value = "•".repeat(n);
      }
    }

    function focusOn(id) {
      const el = id && document.getElementById(id);
      if (!el) return;
      const target = el.matches("input, textarea, button") ? el : (el.querySelector("input, textarea") || el);
      if (document.activeElement !== target) target.focus({ preventScroll: true });
      if (target.dataset.caret !== undefined && target.setSelectionRange) {
        const c = Number(target.dataset.caret);
        try { target.setSelectionRange(c, c); } catch (_) { /* not a text field */ }
      }
      const sel = el.querySelector("[aria-selected=true]");
      (sel || el).scrollIntoView({ block: "nearest" });
    }

    function apply(p) {
      for (const op of p.ops || []) {
        const el = document.getElementById(op.id);
        if (el) el.outerHTML = op.html;
      }
      fillMasked();
      focusOn(p.focus);
      document.body.dataset.version = String(p.v);
      if (p.session) {
        document.body.dataset.session = p.session;
        const h1 = document.getElementById("title");
        document.title = (h1 ? h1.textContent : "Facet") + " · " + p.session;
      }
      if (first) {
        first = false;
        sendSize();
      }
    }

    transport.onMessage(function (p) {
      if (p.t === "patch") apply(p);
      if (p.t === "ended") {
        ended = true;
        document.body.dataset.ended = "true";
        banner(p.text);
      }
    });
    transport.onClose(function (reason) {
      if (!ended) banner("Disconnected (" + reason + "). Reload the page to start again.");
    });

    document.addEventListener("keydown", function (e) {
      const k = keyName(e);
      if (!k || browserKeys.has(k) || ended) return;
      e.preventDefault();
      transport.send({ t: "key", key: k });
    }, true);
    // The key went to the session: its keypress and keyup must not also
    // press the focused button (Enter and Space activate one natively).
    for (const type of ["keypress", "keyup"]) {
      document.addEventListener(type, function (e) {
        const k = keyName(e);
        if (k && !browserKeys.has(k)) e.preventDefault();
      }, true);
    }
    // Keys typed go to the session (above), never into a field. Text the
    // browser sets in a field itself (autofill, a password manager, a
    // drop, a mobile keyboard, automation's fill, an IME once its
    // composition ends) is sent as the field's new value, which the session
    // applies as the field's type_into and draws back.
    let composing = false;
    function fieldOf(el) {
      if (ended || !el || !el.matches || !el.matches("input.input, textarea.input")) return null;
      return el.closest("[data-w]");
    }
    function sendValue(el) {
      const w = fieldOf(el);
      if (!w) return;
      if (el.type !== "password") {
        transport.send({ t: "input", id: w.dataset.w, text: el.value });
        return;
      }
      // A masked field shows bullets for the value it never receives:
      // text added after them is pasted, bullets taken away are that many
      // backspaces, a value set whole is typed, and anything else is drawn
      // back as the session has it.
      const n = Number(el.dataset.len) || 0, shown = "•".repeat(n);
      if (n && el.value.startsWith(shown) && el.value.length > n) {
        transport.send({ t: "paste", id: w.dataset.w, text: el.value.slice(n) });
      } else if (el.value.length < n && /^•*$/.test(el.value)) {
        for (let i = el.value.length; i < n; i++) transport.send({ t: "key", key: "backspace" });
      } else if (!el.value.includes("•")) {
        transport.send({ t: "input", id: w.dataset.w, text: el.value });
      } else {
        fillMasked();
      }
    }
    document.addEventListener("compositionstart", function () { composing = true; }, true);
    document.addEventListener("compositionend", function (e) {
      composing = false;
      sendValue(e.target);
    }, true);
    document.addEventListener("input", function (e) {
      if (composing || e.isComposing) return;
      sendValue(e.target);
    }, true);
    document.addEventListener("paste", function (e) {
      e.preventDefault();
      const text = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
      const w = fieldOf(e.target);
      if (text) transport.send(w ? { t: "paste", id: w.dataset.w, text: text } : { t: "paste", text: text });
    }, true);
    // clickOn sends the click e on target: the Act of the part it lands
    // on, or a focus for a widget's other places.
    function clickOn(e, target) {
      const w = target.closest("[data-w]");
      if (!w) return;
      e.preventDefault();
      const part = target.closest("[data-act]");
      if (!part || !w.contains(part)) {
        if (e.detail < 2) transport.send({ t: "click", id: w.dataset.w, action: "focus" });
        return;
      }
      const spec = part.dataset.act;
      const cut = spec.indexOf(" ");
      const action = cut < 0 ? spec : spec.slice(0, cut);
      let args = cut < 0 ? {} : JSON.parse(spec.slice(cut + 1));
      if ("min" in part.dataset && "max" in part.dataset) {
        // A slider's bar: its Act takes the point clicked, by default as
        // "position".
        const r = part.getBoundingClientRect();
        const min = Number(part.dataset.min), max = Number(part.dataset.max);
        const f = Math.min(Math.max((e.clientX - r.left) / r.width, 0), 1);
        args = {};
        args[part.dataset.arg || "position"] = Math.round(min + f * (max - min));
      }
      // n says which click of a double click this is: the second opens
      // what the first selected.
      transport.send({ t: "click", id: w.dataset.w, action: action, args: args, n: e.detail || 1 });
    }
    document.addEventListener("click", function (e) {
      const ctl = e.target.closest("[data-ctl]");
      if (ctl) {
        e.preventDefault();
        transport.send({ t: ctl.dataset.ctl });
        return;
      }
      clickOn(e, e.target);
    }, true);
    // A patch may replace the part a press landed on before the button is
    // released (the first click of a double click selected the row, and
    // the row was drawn again): the browser then clicks nothing, so the
    // page clicks the part drawn in its place, as the same widget and Act.
    let pressed = null;
    document.addEventListener("mousedown", function (e) {
      const part = e.target.closest("[data-act]"), w = e.target.closest("[data-w]");
      pressed = part && w ? { el: e.target, w: w.dataset.w, act: part.dataset.act } : null;
    }, true);
    document.addEventListener("mouseup", function (e) {
      const p = pressed;
      pressed = null;
      if (!p || p.el.isConnected) return;
      const part = e.target.closest("[data-act]"), w = e.target.closest("[data-w]");
      if (part && w && w.dataset.w === p.w && part.dataset.act === p.act) clickOn(e, e.target);
    }, true);
    let lastWheel = 0;
    document.addEventListener("wheel", function (e) {
      const w = e.target.closest("[data-wheel]");
      if (!w) return;
      e.preventDefault();
      if (e.timeStamp - lastWheel < 40) return;
      lastWheel = e.timeStamp;
      transport.send({ t: "wheel", id: w.dataset.w, dir: e.deltaY < 0 ? "up" : "down" });
    }, { passive: false });
    let resizeTimer = 0;
    window.addEventListener("resize", function () {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(sendSize, 150);
    });
  }

  return { mount: mount, keyName: keyName };
})();
