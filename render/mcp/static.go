package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// callStatic answers the facet_* tools.
func (s *Server) callStatic(ctx context.Context, name string, args map[string]any) (Answer, error) {
	switch name {
	case "facet_start":
		return s.toolStart(ctx, args)
	case "facet_list":
		return s.toolList(ctx), nil
	case "facet_stop":
		sess, err := s.starts.session(ctx, args, SessionArg)
		if err != nil {
			return Answer{}, err
		}
		if st, ok := s.starts.of(sess); ok && st.owner != authContext(ctx).Owner() {
			return Answer{}, callerError(fmt.Sprintf("session `%s` was started and shared by another client: you may act on it, but only the client that started it can stop it", sess.ID))
		}
		if !s.starts.has(sess) {
			// A person's terminal or SSH session, or one the embedding
			// program started: stopping it would end someone else's
			// work (a person's playground exited on an agent's stop).
			return Answer{}, callerError(fmt.Sprintf("session `%s` was not started with facet_start: it belongs to whoever started it (a person at a terminal or over SSH, or the program embedding Facet), so agents cannot stop it; facet_list says which sessions agents started", sess.ID))
		}
		if err := s.attachAgent(ctx, sess); err != nil {
			return Answer{}, err
		}
		if err := s.sessions.Stop(sess.ID); err != nil {
			return Answer{}, noSession(sess.ID)
		}
		return answer(map[string]any{"stopped": sess.ID}, "Session stopped: "+sess.ID), nil
	case "facet_send_key":
		return s.toolSendKey(ctx, args)
	case AppViewTool:
		return s.apps.view(ctx, args)
	case "facet_get_model":
		return s.toolGetModel(ctx, args)
	case "facet_screenshot":
		sess, err := s.starts.session(ctx, args, SessionArg)
		if err != nil {
			return Answer{}, err
		}
		asOutline, err := boolArg(args, "outline")
		if err != nil {
			return Answer{}, err
		}
		since, err := intArg(args, "since", 0, 0, math.MaxInt)
		if err != nil {
			return Answer{}, callerError(err.Error())
		}
		if err := s.attachAgent(ctx, sess); err != nil {
			return Answer{}, err
		}
		notes := s.notes.since(authContext(ctx).ConnectionID, sess.ID, sess.Snapshot())
		if asOutline || since > 0 {
			return snapshotAnswer(&s.drawings.outlines, sess.ID, agentScreen(sess, s.starts.has(sess)), uint64(since), notes), nil
		}
		return screenResultBy(s.shots.of(sess), agentScreen(sess, s.starts.has(sess)), notes), nil
	}
	if h := s.ext.handler(name); h != nil {
		return h(ctx, args)
	}
	return Answer{}, callerError(fmt.Sprintf("tool `%s` has no handler", name))
}

// renameSessionArg is args as tool name reads them: for the facet_* tools
// that name a session, DeprecatedSessionArg renamed SessionArg (a copy;
// args is the caller's). Both given and different are left as they are,
// for unknownArgs to refuse the old one.
func renameSessionArg(name string, args map[string]any) map[string]any {
	old, has := args[DeprecatedSessionArg]
	if !sessionTools[name] || !has {
		return args
	}
	if cur, both := args[SessionArg]; both && !reflect.DeepEqual(cur, old) {
		return args
	}
	out := maps.Clone(args)
	delete(out, DeprecatedSessionArg)
	out[SessionArg] = old
	return out
}

// sessionNamed is the session a facet_* tool's arguments name, by either
// spelling, or "".
func sessionNamed(args map[string]any) string {
	if id, ok := args[SessionArg].(string); ok {
		return id
	}
	id, _ := args[DeprecatedSessionArg].(string)
	return id
}

func (s *Server) toolStart(ctx context.Context, args map[string]any) (Answer, error) {
	app, err := stringArg(args, "app")
	if err != nil {
		return Answer{}, callerError(fmt.Sprintf("%v: the app to start; startable apps: %s", err, strings.Join(s.opts.Startable, ", ")))
	}
	// Refuse an unlisted name before any lookup.
	if !slices.Contains(s.opts.Startable, app) {
		return Answer{}, callerError(fmt.Sprintf("app %q is not startable here; startable apps: %s", app, strings.Join(s.opts.Startable, ", ")))
	}
	var entry App
	for _, a := range s.opts.Apps {
		if a.Name == app {
			entry = a
		}
	}
	width, err := intArg(args, "width", DefaultWidth, 10, maxDimension)
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	height, err := intArg(args, "height", DefaultHeight, 3, maxDimension)
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	id, _ := args[SessionArg].(string)
	// why says why a session started without an id did not get the app's
	// own: the agent may think it acts on the session it had.
	why := ""
	if raw, present := args[SessionArg]; present && raw != nil {
		if _, ok := raw.(string); !ok {
			return Answer{}, callerError(fmt.Sprintf("%s must be a string matching %s, %s", SessionArg, StartIDRule, StartIDWhy))
		}
		if err := CheckStartID(id); err != nil {
			return Answer{}, callerError(err.Error())
		}
	} else {
		id, err = defaultStartID(app, func(c string) bool { _, ok := s.sessions.Get(c); return ok })
		if err != nil {
			return Answer{}, callerError(err.Error())
		}
		if first, _ := defaultStartID(app, func(string) bool { return false }); first != id {
			why = s.idTaken(ctx, first, app)
		}
	}
	if _, running := s.sessions.Get(id); running {
		// Before the limit: a start that cannot work anyway should say why.
		if !s.starts.sees(ctx, id) {
			// Another connection's: the caller can neither see nor stop it.
			return Answer{}, callerError(fmt.Sprintf("facet_start: id %q is taken; pick another id", id))
		}
		return Answer{}, callerError(fmt.Sprintf("facet_start: session %q is already running; pick another id, or facet_stop it first", id))
	}
	shared, err := boolArg(args, "shared")
	if err != nil {
		return Answer{}, err
	}
	screen, err := boolArg(args, "screen")
	if err != nil {
		return Answer{}, err
	}
	lim := limits{max: s.opts.MaxSessions, perClient: s.opts.MaxSessionsPerClient}
	if authContext(ctx).Transport == TransportStdio {
		// One client: the server's cap is its cap.
		lim.perClient = 0
	}
	done, err := s.starts.reserve(s.sessions, lim, claim{id: id, owner: authContext(ctx).Owner(), shared: shared})
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	var sess *tea.Session
	defer func() { done(sess) }()
	// The session outlives the request, and keeps its context: one cut
	// from the request's values as well as its end, or every idle
	// session would hold its start's request (headers, response stream,
	// connection), about 2 KB each.
	sess, err = s.StartSession(context.Background(), id, app, entry.New(), tea.WithSize(width, height))
	if err != nil {
		return Answer{}, callerError(fmt.Sprintf("facet_start: %v", err))
	}
	names := s.toolNames(ctx, sess.ID)
	started := "Session started: " + sess.ID
	if why != "" {
		started += " (" + why + ")"
	}
	snap := sess.Snapshot()
	a := answer(map[string]any{"id": sess.ID, "app": app, "tools": names, "revision": snap.Version},
		fmt.Sprintf("%s\nTools: %s", started, strings.Join(names, ", ")))
	// The first view too, which saves the call nearly every agent makes
	// next: its outline, or the screen on request.
	if screen {
		a.Text = append(a.Text, "Screen:\n"+compactScreen(Screenshot(snap)))
		return a, nil
	}
	lines := outline(snap.View, snap.Focus)
	s.drawings.outlines.record(sess.ID, snap.Version, lines)
	// The tools go with the widgets they act on: each widget's actions
	// in brackets at the end of its line.
	actions, other := map[string][]string{}, []string{}
	for _, t := range s.reg.Tools(sess.ID) {
		switch {
		case !s.guard.listed(ctx, t.Name):
		case t.Derived:
			actions[t.Widget] = append(actions[t.Widget], t.Action)
		default:
			other = append(other, s.names.advertised(t))
		}
	}
	placed, unplaced := withActions(lines, actions)
	for _, id := range unplaced {
		for _, act := range actions[id] {
			other = append(other, s.names.advertisedName(toolname.ToolName(sess.ID, id, act)))
		}
	}
	slices.Sort(other)
	shape := strings.Replace(s.names.shape(), "<session>", toolname.ClientName(sess.ID), 1)
	a.Text[0] = fmt.Sprintf("%s\nTools: %s for the actions in brackets; %s", started, shape, strings.Join(other, ", "))
	a.Text = append(a.Text, fmt.Sprintf("Outline (revision %d):\n%s", snap.Version, outlineText(placed)))
	return a, nil
}

// boolArg is the optional boolean argument key (false when absent).
func boolArg(args map[string]any, key string) (bool, error) {
	raw, present := args[key]
	if !present || raw == nil {
		return false, nil
	}
	b, ok := raw.(bool)
	if !ok {
		return false, callerError(fmt.Sprintf("%s must be true or false, not %s", key, jsonType(raw)))
	}
	return b, nil
}

// idTaken says why facet_start gave a session of app another id than
// first, the app's own: first is reserved, or another session has it (the
// caller's own, which it may act on or stop, or one it cannot see).
func (s *Server) idTaken(ctx context.Context, first, app string) string {
	sess, running := s.sessions.Get(first)
	r := reachNone
	if running {
		r = s.starts.reachOf(authContext(ctx).Owner(), sess)
	}
	choose := fmt.Sprintf("pass %s to choose an id", SessionArg)
	switch {
	case reservedIDs[first]:
		return fmt.Sprintf("id %s is reserved; %s", first, choose)
	case r == reachNone:
		return fmt.Sprintf("id %s is taken; %s", first, choose)
	case sess.App != app:
		return fmt.Sprintf("session %s runs app %s; %s", first, sess.App, choose)
	case r == reachOwn && s.starts.has(sess):
		return fmt.Sprintf("your session %s of this app is still running: act on it with its tools, or facet_stop it and start again; %s", first, choose)
	}
	return fmt.Sprintf("session %s of this app is already running and you may act on it; %s", first, choose)
}

// toolNames lists a session's tools as they are advertised, leaving out
// those the caller's tools/list would not show (the authorizer does not
// Allow them), so an agent does not spend calls on refusals.
func (s *Server) toolNames(ctx context.Context, id string) []string {
	names := []string{}
	for _, t := range s.reg.Tools(id) {
		if !s.guard.listed(ctx, t.Name) {
			continue
		}
		names = append(names, s.names.advertised(t))
	}
	slices.Sort(names)
	return names
}

func (s *Server) toolList(ctx context.Context) Answer {
	type row struct {
		ID        string    `json:"id"`
		App       string    `json:"app"`
		StartedAt time.Time `json:"started_at"`
		// StartedBy is "agent" for a session started with facet_start
		// (its starter may stop it), "host" for one a person or the
		// embedding program started (a terminal, an SSH connection),
		// which agents share but cannot stop.
		StartedBy string `json:"started_by"`
		// Yours marks a session this connection started: it may stop it.
		Yours bool `json:"yours,omitempty"`
		// Shared marks another connection's session it shared.
		Shared bool `json:"shared,omitempty"`
		Tools  int  `json:"tools"`
	}
	rows := []row{}
	var b strings.Builder
	conn := authContext(ctx).Owner()
	for _, sess := range s.sessions.List() {
		r := s.starts.reachOf(conn, sess)
		if r == reachNone {
			continue
		}
		n := len(s.reg.Tools(sess.ID))
		by := "host"
		if s.starts.has(sess) {
			by = "agent"
		}
		shared := by == "agent" && r != reachOwn
		rows = append(rows, row{ID: sess.ID, App: sess.App, StartedAt: sess.StartedAt.UTC(), StartedBy: by, Yours: r == reachOwn, Shared: shared, Tools: n})
		fmt.Fprintf(&b, "%s\t%s\tstarted %s by %s\t%d tools\n", sess.ID, sess.App, sess.StartedAt.UTC().Format(time.RFC3339), by, n)
	}
	if len(rows) == 0 {
		b.WriteString("No sessions are running. Start one with facet_start.")
	}
	return s.remote.list(ctx, answer(map[string]any{"sessions": rows}, b.String()), func(sess *tea.Session) bool {
		return s.starts.reachOf(authContext(ctx).Owner(), sess) != reachNone
	})
}

// toolSendKey presses a key in a session as a person would, after moving
// focus to a widget when one is named (as Tab or a click would), and
// answers the screen. Either may come alone.
func (s *Server) toolSendKey(ctx context.Context, args map[string]any) (Answer, error) {
	sess, err := s.starts.session(ctx, args, SessionArg)
	if err != nil {
		return Answer{}, err
	}
	keyName, hasKey := args["key"].(string)
	_, hasWidget := args["widget"]
	if !hasKey && !hasWidget || hasKey && keyName == "" {
		return Answer{}, callerError("key or widget is required: key is one character or a named key (" + strings.Join(tea.KeyNames(), ", ") + "); widget is the id of a widget to focus first")
	}
	widget := ""
	if hasWidget {
		if widget, err = stringArg(args, "widget"); err != nil {
			return Answer{}, callerError(fmt.Sprintf("%v: a widget id (%s)", err, tea.IDRule))
		}
	}
	var k tea.Key
	if hasKey {
		if k, err = tea.ParseKey(keyName); err != nil {
			return Answer{}, callerError(err.Error())
		}
	}
	for _, mod := range []struct {
		name string
		dst  *bool
	}{{"ctrl", &k.Ctrl}, {"alt", &k.Alt}, {"shift", &k.Shift}} {
		if v, present := args[mod.name]; present && v != nil {
			b, ok := v.(bool)
			if !ok {
				return Answer{}, callerError(mod.name + " must be true or false")
			}
			*mod.dst = *mod.dst || b
		}
	}
	wait, err := intArg(args, "wait_ms", DefaultWaitMS, 0, maxWaitMS)
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	if err := s.attachAgent(ctx, sess); err != nil {
		return Answer{}, err
	}
	if widget != "" {
		if _, err := sess.Dispatch(ctx, tea.FocusMsg{ID: widget}); err != nil {
			msg := fmt.Sprintf("facet_send_key: widget `%s` cannot take focus: %v", widget, err)
			if dialog := openDialog(sess.Snapshot().View); dialog != nil && dialog.WidgetID() != widget {
				msg += fmt.Sprintf(" (the %s `%s` is open: %s)", dialog.WidgetKind(), dialog.WidgetID(), s.hints(sess.ID).answerDialog(dialog))
			}
			if hasKey {
				msg += "; the key was not pressed"
			}
			return Answer{}, callerError(msg)
		}
	}
	if hasKey {
		tr, err := sess.Dispatch(ctx, tea.KeyInputMsg{Key: k, Agent: agentName(authContext(ctx).ConnectionID)})
		if err != nil {
			return Answer{}, callerError(fmt.Sprintf("key %s: %v", k, err))
		}
		if sy := s.syncs.of(sess.ID); sy != nil {
			_ = sy.Sync(tr.After)
		}
		if wait > 0 {
			select {
			case <-time.After(time.Duration(wait) * time.Millisecond):
			case <-ctx.Done():
			}
		}
	}
	return screenResultBy(s.shots.of(sess), agentScreen(sess, s.starts.has(sess)), s.notes.since(authContext(ctx).ConnectionID, sess.ID, sess.Snapshot())), nil
}

// discover answers a session's discover_tools.
func (s *Server) discover(session string, args map[string]any) (Answer, error) {
	q, isString := args["query"].(string)
	if raw, present := args["query"]; present && raw != nil && !isString {
		return Answer{}, callerError(fmt.Sprintf("query must be a string (a keyword; empty lists every tool), not %s", jsonType(raw)))
	}
	q = strings.ToLower(q)
	// A hit is a tool as tools/list defines it, less what a call does not
	// need: a client that lists only the static tools calls it through
	// facet_act, with these arguments.
	type hit struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	hits := []hit{}
	for _, t := range s.reg.Tools(session) {
		name := s.names.advertised(t)
		if q == "" || strings.Contains(strings.ToLower(name), q) || strings.Contains(strings.ToLower(t.Description), q) {
			hits = append(hits, hit{Name: name, Description: t.Description, InputSchema: t.Schema()})
		}
	}
	b, _ := json.Marshal(hits)
	a := answer(map[string]any{"tools": hits}, string(b))
	var held []HeldWidget
	if sess, ok := s.sessions.Get(session); ok {
		held = heldMatching(sess.Snapshot().View, q, s.hints(session))
	}
	if len(held) > 0 {
		a.Value = map[string]any{"tools": hits, "hidden": held}
		for _, h := range held {
			a.Text = append(a.Text, h.Where)
		}
	}
	return a, nil
}
