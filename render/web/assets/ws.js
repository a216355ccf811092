// ws.js carries a Facet page over a WebSocket to the server that served it.
"use strict";
(function () {
  // A page opened from an invitation's link (/#join=TOKEN) joins that
  // session: the token goes over the socket, never in a request, and
  // leaves the address bar so that a reload starts a session of its own.
  let join = "";
  if (location.hash.startsWith("#join=")) {
    join = decodeURIComponent(location.hash.slice("#join=".length));
    history.replaceState(null, "", location.pathname + location.search);
  }
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws" + (join ? "?join" : ""));
  const handlers = [], closers = [], pending = [];
  if (join) pending.push(JSON.stringify({ t: "join", text: join }));
  ws.onopen = function () {
    for (const s of pending) ws.send(s);
    pending.length = 0;
  };
  ws.onmessage = function (e) {
    const p = JSON.parse(e.data);
    // The server's heartbeat: answer it, or the server closes an idle tab.
    if (p.t === "beat") {
      ws.send(e.data);
      return;
    }
    for (const h of handlers) h(p);
  };
  ws.onclose = function (e) {
    for (const c of closers) c(e.reason || "the connection closed");
  };
  window.Facet.mount({
    send: function (ev) {
      const s = JSON.stringify(ev);
      if (ws.readyState === WebSocket.OPEN) ws.send(s);
      else if (ws.readyState === WebSocket.CONNECTING) pending.push(s);
    },
    onMessage: function (fn) { handlers.push(fn); },
    onClose: function (fn) { closers.push(fn); },
  });
})();
