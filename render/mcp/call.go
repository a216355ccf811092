package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// WriteResult is the structured content of a write's answer.
type WriteResult struct {
	Applied bool     `json:"applied"`
	Tool    string   `json:"tool"`
	Changed []string `json:"changed"`
	// Widgets are the changed widgets still in view, as they are now
	// (label, role, state; never a masked value).
	Widgets map[string]WidgetNow `json:"widgets,omitempty"`
	// ToolsAdded are tools the write's render brought (a dialog that
	// opened, a tab's widgets): callable now.
	ToolsAdded []string `json:"tools_added,omitempty"`
	// Notifications are what the app told the person at the session since
	// this connection's last call to it (tea.Notify), including what the
	// write's own command raised when it came within SettleWait.
	Notifications []ToldNotification `json:"notifications,omitempty"`
	// Masked is set when the write went to a masked field, whose value
	// (and so whose change) is never shown.
	Masked bool `json:"masked,omitempty"`
	// Revision is the session's view the answer reflects (tea.Snapshot's
	// Version).
	Revision uint64 `json:"revision"`
}

// WidgetNow is a changed widget as it is after a write.
type WidgetNow struct {
	Kind  string         `json:"kind"`
	Label string         `json:"label,omitempty"`
	State map[string]any `json:"state,omitempty"`
}

// callInput is a tool call as the adapter hands it over: the arguments,
// and for a name rewriteCall routed to facet_act because no tool has it,
// that name and the session it names.
type callInput struct {
	Args         map[string]any
	Stale        string
	StaleSession string
	// Called is the name the agent called when rewriteCall routed a
	// running session's underived tool to facet_act.
	Called string
}

// callTool answers a call to the registered tool name.
func (s *Server) callTool(ctx context.Context, name string, in callInput) (Answer, error) {
	args := renameSessionArg(name, in.Args)
	if args == nil {
		args = map[string]any{}
	}
	if name == "facet_act" && in.Stale != "" {
		// A name no tool has, routed here by rewriteCall: decided as
		// that name (so a caller it is not allowed learns nothing), and
		// answered before facet_act's own arguments are checked, since
		// the caller never called facet_act.
		if err := s.guard.call(ctx, in.Stale, nil, &derive.Tool{Name: in.Stale}); err != nil {
			return Answer{}, err
		}
		if a, forwarded, err := s.remote.call(ctx, in.StaleSession, in.Stale, args); forwarded {
			return a, err
		}
		if !s.starts.sees(ctx, in.StaleSession) {
			return Answer{}, notYours(in.StaleSession)
		}
		return Answer{}, s.unknownTool(in.StaleSession, in.Stale)
	}
	if t, ok := s.reg.Lookup(name); ok && !t.Derived {
		if err := unknownArgs(s.names.advertised(t), t, args); err != nil {
			// Decide first, explain after: the message names the tool's
			// arguments, which a caller it is not allowed learns nothing of.
			if derr := s.guard.call(ctx, name, args, t); derr != nil {
				return Answer{}, derr
			}
			return Answer{}, err
		}
	}
	if name == "facet_act" {
		// facet_act is authorized as the derived tool it reaches, with that
		// tool's arguments, and runs exactly the tool it was authorized as:
		// it is looked up once, so one that appears in between cannot slip
		// through under facet_act's own decision.
		if a, forwarded, err := s.remote.act(ctx, args); forwarded {
			return a, err
		}
		t, inner, errAct := s.resolveAct(ctx, args)
		if errAct != nil {
			// Nothing to run: decide facet_act itself, so a caller it is
			// not allowed to answer learns nothing from the error either.
			// A call by a tool name is decided, and refused, as the
			// name the agent called, not as facet_act.
			act, _ := s.reg.Lookup(name)
			decideAs := name
			if in.Called != "" {
				decideAs = in.Called
			}
			if err := s.guard.call(ctx, decideAs, args, act); err != nil {
				return Answer{}, err
			}
			return Answer{}, errAct
		}
		if err := s.guard.call(ctx, t.Name, inner, t); err != nil {
			return Answer{}, err
		}
		return s.callDerived(ctx, t, inner)
	}
	t, _ := s.reg.Lookup(name)
	if err := s.guard.call(ctx, name, args, t); err != nil {
		return Answer{}, err
	}
	if t.Session != "" && !s.starts.sees(ctx, t.Session) {
		return Answer{}, notYours(t.Session)
	}
	switch {
	case t.Derived:
		return s.callDerived(ctx, t, args)
	case t.Action == "discover_tools":
		// It lists what has been on the session's screen: a detached
		// agent learns nothing, as with any other read.
		if sess, ok := s.sessions.Get(t.Session); ok {
			if err := s.attachAgent(ctx, sess); err != nil {
				return Answer{}, err
			}
		}
		return s.discover(t.Session, args)
	}
	if a, forwarded, err := s.remote.static(ctx, t.Name, args); forwarded {
		return a, err
	}
	return s.callStatic(ctx, t.Name, args)
}

// unknownArgs refuses arguments a static tool's schema does not name, so a
// misplaced argument is not silently ignored; shown is t's name as listed.
func unknownArgs(shown string, t *derive.Tool, args map[string]any) error {
	props, _ := t.InputSchema["properties"].(map[string]any)
	for k := range args {
		if _, ok := props[k]; ok {
			continue
		}
		if len(props) == 0 {
			return callerError(fmt.Sprintf("%s takes no arguments; got %q", shown, k))
		}
		names := make([]string, 0, len(props))
		for p := range props {
			names = append(names, p)
		}
		sort.Strings(names)
		hint := ""
		if t.Name == "facet_act" {
			hint = `; put the action's own arguments in "args"`
		}
		return callerError(fmt.Sprintf("%s: unknown argument %q (arguments: %s)%s", shown, k, strings.Join(names, ", "), hint))
	}
	return nil
}

// callDerived runs a derived tool against the session's view as it is now.
func (s *Server) callDerived(ctx context.Context, t *derive.Tool, args map[string]any) (Answer, error) {
	shown := s.names.advertised(t)
	sess, ok := s.sessions.Get(t.Session)
	if !ok {
		return Answer{}, staleSession(t.Session, shown)
	}
	if err := s.attachAgent(ctx, sess); err != nil {
		return Answer{}, err
	}
	if !s.breakers.Allow(t.Name) {
		return Answer{}, callerError(fmt.Sprintf("tool `%s` is temporarily unavailable: it failed %d times in a row; it will be retried after %v (or reset its breaker)", shown, derive.BreakerThreshold, derive.BreakerCooldown))
	}
	a, err := s.invoke(ctx, sess, t, args)
	s.breakers.Record(t.Name, outcome(err))
	return a, err
}

// invoke resolves the widget, invokes the action and, for a write,
// dispatches the message. The error's kind tells the breaker whether the
// app ran and how it went; a caller's mistake is neither.
func (s *Server) invoke(ctx context.Context, sess *tea.Session, t *derive.Tool, args map[string]any) (Answer, error) {
	shown := s.names.advertised(t)
	snap := sess.Snapshot()
	w, err := resolveWidget(snap.View, t, s.hints(t.Session))
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	result, err := safeInvoke(w.(tea.ToolProvider), t.Action, args)
	if err != nil {
		var pe *tea.PanicError
		if errors.As(err, &pe) {
			return Answer{}, faultError(fmt.Sprintf("%s: %v", shown, err))
		}
		return Answer{}, callerError(fmt.Sprintf("%s: %v", shown, err))
	}
	if !result.IsWrite() {
		a, err := readResult(shown, result.Value())
		if err == nil {
			// After the value, a line with what
			// the app notified since this connection's last call.
			if line := notesText(s.notes.since(authContext(ctx).ConnectionID, t.Session, sess.Snapshot())); line != "" {
				a.Text = append(a.Text, line)
			}
		}
		return a, err
	}
	if trap, blocked := tea.BlockedByTrap(snap.View, w.WidgetID()); blocked {
		// A person cannot reach a widget behind an open dialog; neither
		// may an agent, or it could change what the dialog is about (the
		// item a "Delete?" confirms) behind the person's back.
		return Answer{}, callerError(fmt.Sprintf("%s: nothing was done: widget `%s` is behind the open %s `%s`, which holds focus until it is answered; %s (reads still work)", shown, w.WidgetID(), trap.WidgetKind(), trap.WidgetID(), s.hints(t.Session).answerDialog(trap)))
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout+s.opts.CallTimeout/10)
	defer cancel()
	tr, err := sess.Dispatch(ctx, tea.AgentMsg{Agent: presenceName(authContext(ctx)), Msg: result.Msg()})
	if err == nil && tr.Settled != nil {
		settle(ctx, sess, tr.Settled)
	}
	if err != nil {
		switch {
		case errors.Is(err, tea.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
			return Answer{}, faultError(fmt.Sprintf("%s: no answer within %v: the message may still apply, so check the state before retrying", shown, s.opts.CallTimeout))
		case errors.Is(err, tea.ErrStopped):
			return Answer{}, staleSession(t.Session, shown)
		}
		return Answer{}, faultError(fmt.Sprintf("%s: %v", shown, err))
	}
	changed, looked := s.drawings.changed(t.Session, tr.Before, tr.After)
	wr := WriteResult{Applied: true, Tool: shown, Changed: changed}
	if sy := s.syncs.of(t.Session); sy != nil {
		_ = sy.Sync(tr.After)
		for _, n := range sy.AddedBetween(tr.Before.Version, tr.After.Version) {
			wr.ToolsAdded = append(wr.ToolsAdded, s.names.advertisedName(n))
		}
	}
	if s.opts.Schemas != SchemasStrict {
		wr.Widgets = widgetsNow(tr.After.View, wr.Changed, looked)
	}
	wr.Revision = tr.After.Version
	text := fmt.Sprintf("Applied %s.", shown)
	switch {
	case tea.IsMasked(w) && !slices.Contains(wr.Changed, w.WidgetID()):
		// A masked field's value never shows, so neither does its change.
		wr.Masked = true
		text = fmt.Sprintf("Applied %s (masked: the value is never shown).", shown)
		if len(wr.Changed) > 0 {
			text += " Changed: " + strings.Join(wr.Changed, ", ") + "."
		}
	case len(wr.Changed) > 0:
		text += " Changed: " + strings.Join(wr.Changed, ", ") + "."
	default:
		text += " No widget changed."
	}
	if len(wr.ToolsAdded) > 0 {
		text += " New tools: " + strings.Join(wr.ToolsAdded, ", ") + "."
	}
	wr.Notifications = s.notes.since(authContext(ctx).ConnectionID, t.Session, sess.Snapshot())
	if line := notesText(wr.Notifications); line != "" {
		text += " " + line + "."
	}
	a := answer(wr, text)
	s.drawings.outlines.recordView(t.Session, tr.After)
	if shows := writeShowsLooked(tr.Before, tr.After, wr.Changed, looked); shows != "" {
		a.Text = append(a.Text, shows)
	}
	return a, nil
}

// widgetsNow describes the widgets ids names that are in view, for a
// write's answer; a masked widget as its redacted form. The descriptions
// are looked's where it has them (see drawing.describe; looked may be
// nil).
func widgetsNow(view tea.Node, ids []string, looked *drawing) map[string]WidgetNow {
	if len(ids) == 0 {
		return nil
	}
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	out := map[string]WidgetNow{}
	for _, w := range tea.Widgets(view) {
		id := w.WidgetID()
		if !want[id] {
			continue
		}
		if _, seen := out[id]; seen {
			continue
		}
		now := WidgetNow{Kind: w.WidgetKind()}
		if dw := looked.describe(w); dw.described {
			desc := dw.desc
			now.Label, now.State = desc.Label, desc.State
			if tea.IsMasked(w) {
				now.State = scrubState(now.State)
			}
		}
		out[id] = now
	}
	return out
}

// SettleWait bounds how long a write's answer waits for the command its
// Update returned (an app raises notifications from commands): a command
// that has run by then has its message applied before the answer.
const SettleWait = 25 * time.Millisecond

// settle waits up to SettleWait for a write's command to run, and then for
// its message to go through Update.
func settle(ctx context.Context, sess *tea.Session, settled <-chan struct{}) {
	t := time.NewTimer(SettleWait)
	defer t.Stop()
	select {
	case <-settled:
		_ = sess.Barrier(ctx)
	case <-t.C:
	case <-ctx.Done():
	}
}

func safeInvoke(p tea.ToolProvider, action string, args map[string]any) (r tea.Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &tea.PanicError{Value: fmt.Sprintf("in the widget's Invoke: %v", v), Stack: debug.Stack()}
		}
	}()
	if args == nil {
		args = map[string]any{}
	}
	return p.Invoke(action, args)
}

// readResult answers a read's value as structured content and as text.
// The value is encoded once: those bytes are the structured content (an
// object; any other value as {"value": v}), and the text is a compact
// rendering of the same value, not its JSON again: a model reads it, code
// reads structuredContent. A page of rows (tea.RowPage: a table's page)
// is written straight from its rows (see pageAnswer); anything else goes
// through its JSON.
func readResult(name string, v any) (Answer, error) {
	if p, ok := v.(tea.RowPage); ok {
		if a, ok := pageAnswer(p); ok {
			return a, nil
		}
	}
	return encodedRead(name, v)
}

// encodedRead is readResult for any value: encoded, then decoded again
// for its text.
func encodedRead(name string, v any) (Answer, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return Answer{}, faultError(fmt.Sprintf("%s: the widget answered a value JSON cannot encode: %v", name, err))
	}
	var decoded any
	_ = json.Unmarshal(b, &decoded)
	if _, isObject := decoded.(map[string]any); !isObject {
		decoded = map[string]any{"value": decoded}
		b = append(append([]byte(`{"value":`), b...), '}')
	}
	return answer(json.RawMessage(b), readText(decoded)), nil
}

// attachAgent records the caller as an agent acting on sess, so a human at
// its terminal sees it, and refuses the call while the human has detached
// agents.
func (s *Server) attachAgent(ctx context.Context, sess *tea.Session) error {
	_, err := sess.Dispatch(ctx, tea.AttachAgentMsg{Agent: presenceName(authContext(ctx))})
	switch {
	case errors.Is(err, tea.ErrAgentsBlocked):
		return callerError(fmt.Sprintf("session `%s`: the person at its terminal has detached agents; nothing was done (they can allow agents again with their detach key)", sess.ID))
	case err != nil && !errors.Is(err, tea.ErrStopped):
		return callerError(fmt.Sprintf("session `%s`: %v", sess.ID, err))
	}
	return nil
}

// unknownTool answers a call to a name no tool has, by what can be told of
// the session it names.
func (s *Server) unknownTool(session, name string) error {
	if sess, running := s.sessions.Get(session); running {
		if widget, action, ok := widgetAction(sess, name); ok {
			return callerError(s.noTool(session, widget, action))
		}
		if widget, ok := heldWidget(sess, name); ok {
			p := hiddenPanes(sess.Snapshot().View)[widget]
			return callerError(fmt.Sprintf("session `%s` has no tool `%s` yet: %s", session, name, p.where(widget, s.hints(session))))
		}
		view := sess.Snapshot().View
		var tools []string
		for _, t := range s.reg.Tools(session) {
			tools = append(tools, s.names.advertised(t))
		}
		near := quoteAll(nearest(name, tools))
		if len(near) == 0 {
			rest := strings.TrimPrefix(strings.TrimPrefix(name, toolname.ClientName(session)+"_"), session+".")
			for _, id := range nearestWidget(rest, widgetIDs(view)) {
				near = append(near, "widget `"+id+"`")
			}
		}
		return callerError(fmt.Sprintf("session `%s` has no tool `%s`%s Call %s to search its tools, or facet_screenshot to see its screen", session, name, suggest(near, widgetIDs(view)), s.names.advertisedName(session+".discover_tools")))
	}
	return staleSession(session, name)
}

// agentName is how a session's agents list the client on connection id.
func agentName(connection string) string { return "mcp:" + connection }

func staleSession(session, tool string) error {
	return callerError(fmt.Sprintf("session `%s` is not running in this server, so tool `%s` does nothing (an earlier listing or another run may have had it); call facet_list to see running sessions, or facet_start to start one", session, tool))
}

// heldWidget is the widget out of view, held by a hidden pane, whose
// client-safe name prefixes the tool name (after the session's), the
// longest that fits.
func heldWidget(sess *tea.Session, name string) (widget string, ok bool) {
	rest, found := strings.CutPrefix(name, toolname.ClientName(sess.ID)+"_")
	if !found {
		rest, found = strings.CutPrefix(name, sess.ID+".")
	}
	if !found {
		return "", false
	}
	for id := range hiddenPanes(sess.Snapshot().View) {
		if (strings.HasPrefix(rest, toolname.ClientName(id)+"_") || strings.HasPrefix(rest, id+".")) && len(id) > len(widget) {
			widget, ok = id, true
		}
	}
	return widget, ok
}

// widgetAction splits a client-safe tool name of sess into a widget in its
// current view and an action, taking the longest widget id that fits.
func widgetAction(sess *tea.Session, name string) (widget, action string, ok bool) {
	prefix := toolname.ClientName(sess.ID) + "_"
	rest, found := strings.CutPrefix(name, prefix)
	if !found {
		return "", "", false
	}
	for _, w := range tea.Widgets(sess.Snapshot().View) {
		id := w.WidgetID()
		a, fits := strings.CutPrefix(rest, toolname.ClientName(id)+"_")
		if fits && toolname.ValidAction(a) && len(id) > len(widget) {
			widget, action, ok = id, a, true
		}
	}
	return widget, action, ok
}
