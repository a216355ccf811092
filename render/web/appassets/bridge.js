// bridge.js carries a Facet page inside an MCP Apps host (SEP-1865,
// "io.modelcontextprotocol/ui"). The page talks only to its host, over the
// spec's postMessage JSON-RPC bridge: ui/initialize, then tools/call of
// the session's own tools for what the person does, and a call of the
// app-only view tool whenever something may have changed (after each
// call, on a forwarded notifications/resources/updated, on a tool result,
// and on a slow timer for hosts that forward nothing).
"use strict";
(function () {
  const cfg = window.FacetAppConfig || {};
  let session = cfg.session || "";
  let version = 0;
  let tools = {};
  let nextID = 1;
  let closed = false;
  let drawing = null;
  let again = false;
  // acting is the person's last action: the next waits for it, so keys
  // typed quickly arrive in order whatever the host does with its calls.
  let acting = Promise.resolve();
  const pending = new Map();
  const handlers = [], closers = [];

  function post(msg) { window.parent.postMessage(msg, "*"); }
  function request(method, params) {
    const id = nextID++;
    post({ jsonrpc: "2.0", id: id, method: method, params: params });
    return new Promise(function (resolve, reject) { pending.set(id, { resolve: resolve, reject: reject }); });
  }
  function notify(method, params) { post({ jsonrpc: "2.0", method: method, params: params || {} }); }
  function emit(p) { for (const h of handlers) h(p); }
  function problem(text) {
    const b = document.getElementById("banner");
    b.textContent = text;
    b.hidden = !text;
  }

  function callTool(name, args) {
    return request("tools/call", { name: name, arguments: args }).then(function (res) {
      if (res && res.isError) {
        const t = (res.content || []).map(function (c) { return c.text || ""; }).join("\n");
        throw new Error(t || name + " failed");
      }
      return res;
    });
  }

  // draw asks for the session's drawing newer than the one shown; calls
  // that arrive while one is out run once after it.
  function draw() {
    if (!session || closed) return;
    if (drawing) { again = true; return; }
    drawing = callTool(cfg.viewTool, { session: session, since: version }).then(function (res) {
      const f = res.structuredContent || {};
      if (f.tools) tools = f.tools;
      if (f.html !== undefined && f.v > version) {
        version = f.v;
        emit({ t: "patch", v: f.v, session: session, ops: [{ id: "facet", html: f.html }], focus: f.focus });
        const r = document.documentElement.getBoundingClientRect();
        notify("ui/notifications/size-changed", { width: Math.ceil(r.width), height: Math.ceil(r.height) });
      }
    }, function (err) {
      if (/not running/.test(err.message)) {
        closed = true;
        emit({ t: "ended", text: err.message });
      }
    }).finally(function () {
      drawing = null;
      if (again) { again = false; draw(); }
    });
  }

  // act sends one of the page's events to the session as the tool call it
  // stands for.
  function act(ev) {
    if (!session || closed) return;
    let call = null;
    if (ev.t === "key") {
      call = [cfg.keyTool, { session: session, key: ev.key, wait_ms: 0 }];
    } else if (ev.t === "click" && ev.action !== "focus") {
      const name = tools[ev.id + " " + ev.action];
      if (!name) { problem("widget " + ev.id + " offers no " + ev.action + " here"); return; }
      call = [name, ev.args || {}];
    }
    if (!call) return;
    acting = acting.then(function () {
      return callTool(call[0], call[1]).then(function () { problem(""); }, function (err) { problem(err.message); });
    }).finally(draw);
  }

  window.addEventListener("message", function (e) {
    if (e.source !== window.parent) return;
    const m = e.data;
    if (!m || m.jsonrpc !== "2.0") return;
    if (m.id !== undefined && !m.method) {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error.message || "error " + m.error.code));
      else p.resolve(m.result);
      return;
    }
    switch (m.method) {
      case "ui/notifications/tool-input":
        if (!session && m.params && m.params.arguments) {
          const a = m.params.arguments; // facet_start's session (its old name: id)
          if (typeof a.session === "string") session = a.session;
          else if (typeof a.id === "string") session = a.id;
        }
        draw();
        break;
      case "ui/notifications/tool-result": {
        const sc = (m.params && m.params.structuredContent) || {};
        if (!session && typeof sc.id === "string") session = sc.id;
        draw();
        break;
      }
      case "notifications/resources/updated":
        draw();
        break;
      case "ui/resource-teardown":
        closed = true;
        post({ jsonrpc: "2.0", id: m.id, result: {} });
        for (const c of closers) c("the host closed the view");
        break;
      case "ping":
        post({ jsonrpc: "2.0", id: m.id, result: {} });
        break;
      default:
        if (m.id !== undefined) post({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "method not found: " + m.method } });
    }
  });

  window.Facet.mount({
    send: act,
    onMessage: function (fn) { handlers.push(fn); },
    onClose: function (fn) { closers.push(fn); },
  });

  request("ui/initialize", {
    appCapabilities: { availableDisplayModes: ["inline"] },
    appInfo: { name: "facet", version: cfg.version },
    protocolVersion: "2026-01-26",
  }).then(function () {
    notify("ui/notifications/initialized");
    draw();
    if (cfg.pollMs > 0) setInterval(draw, cfg.pollMs);
  }, function (err) { problem("The host refused the view: " + err.message); });
})();
