package mcp

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"github.com/facetui/facet/render/mcp/toolname"
	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Client logging (MCP logging/setLevel). The server's own log lines, those
// of the MCP renderer that go to Options.Logger (their message starts with
// "mcp: ": ids and names derivation skipped, refused specs and names,
// authorizer failures, full notification queues), are also sent, as
// notifications/message, to every client connection that set a level with
// logging/setLevel and whose level the line reaches. A connection that
// never set one is sent nothing: logging/setLevel passes the read seam, so
// the read policy decides who may listen (production denies it unless
// AllowedReadMethods names it).
//
// A line goes only where it may be read:
//   - a line about a session (the session it was logged for, its "session"
//     attribute, or the session of the tool its "tool" or "name" attribute
//     names) goes to the connections that reach that session (ownership.go),
//     and to none once it has stopped;
//   - a line naming a client connection ("connection", "client": keys, never
//     transport ids; see connectionKey) goes to that connection only;
//   - a "panic" value stays in the server's log: it is the internals of
//     whatever panicked, and may hold anything.
//
// Other lines (the runtime's, the SDK's transport lines) stay in the
// server's log. Over protocol 2026-07-28 a client has no setLevel (the
// level is per request) and these lines are not request-scoped, so such a
// client is sent none.

// clientLogs is the slog.Handler the server logs through: everything goes
// to the operator's handler, and the renderer's own lines are also teed
// to the listening connections.
type clientLogs struct {
	base  slog.Handler
	conns *logListeners
	// session is the session this handler's lines are about
	// (aboutSession), or "".
	session string
	// attrs are those added with WithAttrs, for the clients' copy.
	attrs []slog.Attr
	// group prefixes the keys of attributes added from now on.
	group string
}

// logListeners are the connections that set a level, by mcp-go session id.
type logListeners struct {
	mu    sync.Mutex
	conns map[string]logListener
	// reaches reports whether the caller owning under owner
	// (AuthContext.Owner) reaches the running session id.
	reaches func(owner, id string) bool
	// send sends n to the connection with mcp-go session id.
	send func(id string, n sdk.LoggingMessageNotification)
}

type logListener struct {
	level slog.Level
	owner string // AuthContext.Owner
	conn  string // AuthContext.ConnectionID (a key)
}

// sessionRoute is the attribute key aboutSession records a session under;
// clientLogs takes it out of the line (the operator's log does not show
// it) and routes by it.
const sessionRoute = "facet/log-session"

// aboutSession is l for lines about session id: clients that do not reach
// the session are not sent them.
func aboutSession(l *slog.Logger, id string) *slog.Logger {
	return l.With(sessionRoute, id)
}

// newClientLogs wraps base.
func newClientLogs(base slog.Handler, conns *logListeners) *clientLogs {
	return &clientLogs{base: base, conns: conns}
}

// install records who sets a level and forgets connections that end.
func (l *logListeners) install(h *server.Hooks) {
	h.AddAfterSetLevel(func(ctx context.Context, _ any, req *sdk.SetLevelRequest, _ *sdk.EmptyResult) {
		cs := server.ClientSessionFromContext(ctx)
		if cs == nil || req == nil {
			return
		}
		ac := authContext(ctx)
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.conns == nil {
			l.conns = map[string]logListener{}
		}
		l.conns[cs.SessionID()] = logListener{level: slogLevel(req.Params.Level), owner: ac.Owner(), conn: ac.ConnectionID}
	})
	h.AddOnUnregisterSession(func(_ context.Context, cs server.ClientSession) {
		l.mu.Lock()
		defer l.mu.Unlock()
		delete(l.conns, cs.SessionID())
	})
}

// listening reports whether some connection wants lines at level.
func (l *logListeners) listening(level slog.Level) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		if level >= c.level {
			return true
		}
	}
	return false
}

func (h *clientLogs) Enabled(ctx context.Context, level slog.Level) bool {
	return h.base.Enabled(ctx, level) || h.conns.listening(level)
}

func (h *clientLogs) Handle(ctx context.Context, r slog.Record) error {
	var err error
	if h.base.Enabled(ctx, r.Level) {
		err = h.base.Handle(ctx, r)
	}
	if strings.HasPrefix(r.Message, "mcp: ") {
		h.tee(r)
	}
	return err
}

// tee sends r to the connections that listen at its level and may read it.
func (h *clientLogs) tee(r slog.Record) {
	data := map[string]any{"message": escapeInvisible(r.Message)}
	route := lineRoute{session: h.session}
	add := func(prefix string, a slog.Attr) {
		if prefix == "" {
			route.note(a)
		}
		putAttr(data, prefix, a)
	}
	for _, a := range h.attrs {
		add("", a) // already prefixed by WithAttrs
	}
	r.Attrs(func(a slog.Attr) bool {
		add(h.group, a)
		return true
	})
	var to []string
	h.conns.mu.Lock()
	for id, c := range h.conns.conns {
		if r.Level >= c.level && route.allows(c) {
			to = append(to, id)
		}
	}
	h.conns.mu.Unlock()
	if len(to) == 0 {
		return
	}
	// reaches is asked outside the lock: it takes the session registry's.
	n := sdk.NewLoggingMessageNotification(mcpLevel(r.Level), "facet", data)
	for _, id := range to {
		if route.session != "" && !h.conns.reachesAs(id, route.session) {
			continue
		}
		h.conns.send(id, n)
	}
}

// reachesAs reports whether listener id reaches session.
func (l *logListeners) reachesAs(id, session string) bool {
	l.mu.Lock()
	c, ok := l.conns[id]
	l.mu.Unlock()
	return ok && l.reaches(c.owner, session)
}

func (h *clientLogs) WithAttrs(as []slog.Attr) slog.Handler {
	next := *h
	var kept []slog.Attr
	next.attrs = append([]slog.Attr(nil), h.attrs...)
	for _, a := range as {
		if a.Key == sessionRoute && h.group == "" {
			next.session = a.Value.Resolve().String()
			continue
		}
		kept = append(kept, a)
		if h.group != "" {
			a.Key = h.group + a.Key
		}
		next.attrs = append(next.attrs, a)
	}
	next.base = h.base
	if len(kept) > 0 {
		next.base = h.base.WithAttrs(kept)
	}
	return &next
}

func (h *clientLogs) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	next := *h
	next.base = h.base.WithGroup(name)
	next.group = h.group + name + "."
	return &next
}

// lineRoute is what a line says about who may read it.
type lineRoute struct {
	session string // a session's line: those who reach it
	conn    string // a connection's line: that connection
}

// note reads one top-level attribute for the route.
func (r *lineRoute) note(a slog.Attr) {
	v := a.Value.Resolve()
	if v.Kind() != slog.KindString {
		return
	}
	switch a.Key {
	case "session":
		if r.session == "" {
			r.session = v.String()
		}
	case "tool", "name":
		if s := toolname.SessionOf(v.String()); s != "" && r.session == "" {
			r.session = s
		}
	case "connection", "client":
		r.conn = v.String()
	}
}

// allows reports whether listener c may read the line, as far as its
// connection goes (reach is checked apart, outside the listeners' lock).
func (r lineRoute) allows(c logListener) bool {
	return r.conn == "" || r.conn == c.conn
}

// putAttr adds a to data under prefix, as JSON-friendly values.
func putAttr(data map[string]any, prefix string, a slog.Attr) {
	v := a.Value.Resolve()
	key := prefix + a.Key
	if a.Key == sessionRoute {
		return
	}
	if v.Kind() == slog.KindGroup {
		p := prefix
		if a.Key != "" {
			p = key + "."
		}
		for _, g := range v.Group() {
			putAttr(data, p, g)
		}
		return
	}
	if a.Key == "panic" {
		data[key] = "(withheld from clients: see the server's log)"
		return
	}
	switch v.Kind() {
	case slog.KindString:
		data[key] = escapeInvisible(v.String())
	case slog.KindInt64:
		data[key] = v.Int64()
	case slog.KindUint64:
		data[key] = v.Uint64()
	case slog.KindFloat64:
		data[key] = v.Float64()
	case slog.KindBool:
		data[key] = v.Bool()
	default:
		data[key] = escapeInvisible(fmt.Sprint(v.Any()))
	}
}

// slogLevel is the slog level of an MCP logging level.
func slogLevel(l sdk.LoggingLevel) slog.Level {
	switch l {
	case sdk.LoggingLevelDebug:
		return slog.LevelDebug
	case sdk.LoggingLevelInfo:
		return slog.LevelInfo
	case sdk.LoggingLevelNotice:
		return slog.LevelInfo + 2
	case sdk.LoggingLevelWarning:
		return slog.LevelWarn
	case sdk.LoggingLevelError:
		return slog.LevelError
	case sdk.LoggingLevelCritical:
		return slog.LevelError + 4
	case sdk.LoggingLevelAlert:
		return slog.LevelError + 8
	}
	return slog.LevelError + 12 // emergency
}

// mcpLevel is the MCP logging level of a slog level.
func mcpLevel(l slog.Level) sdk.LoggingLevel {
	switch {
	case l < slog.LevelInfo:
		return sdk.LoggingLevelDebug
	case l < slog.LevelInfo+2:
		return sdk.LoggingLevelInfo
	case l < slog.LevelWarn:
		return sdk.LoggingLevelNotice
	case l < slog.LevelError:
		return sdk.LoggingLevelWarning
	case l < slog.LevelError+4:
		return sdk.LoggingLevelError
	case l < slog.LevelError+8:
		return sdk.LoggingLevelCritical
	case l < slog.LevelError+12:
		return sdk.LoggingLevelAlert
	}
	return sdk.LoggingLevelEmergency
}
