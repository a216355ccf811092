package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/derive"
	"github.com/facetui/facet/tea"
)

// Cluster is the session directory of the servers this one shares
// sessions with (package cluster's Node implements it). The server
// consults it whenever it starts a session, so an id that any node runs is
// refused, naming that node, before the app starts.
type Cluster interface {
	// Reserve claims session id of app for this node, or answers an
	// error naming the node that has it. owner is who starts it: "host"
	// for a session no client connection started, else the connection's
	// presence name (mcp:<connection>); shared says whether every
	// connection may reach it.
	Reserve(ctx context.Context, id, app, owner string, shared bool) error
	// Adopt keeps a reserved session in the directory until it stops.
	Adopt(sess *tea.Session)
	// Release gives back a reservation whose session did not start.
	Release(ctx context.Context, id string) error
}

// reserveInCluster reserves id in Options.Cluster, when there is one, and
// returns what to do once the start is over: adopt the session it made,
// or release the id when it made none.
func (s *Server) reserveInCluster(ctx context.Context, id, app string) (started func(*tea.Session), err error) {
	c := s.opts.Cluster
	if c == nil {
		return func(*tea.Session) {}, nil
	}
	owner, shared := hostOwner, false
	if conn, private := s.starts.audience(s.sessions, id); conn != "" {
		owner, shared = agentName(conn), !private
	}
	if err := c.Reserve(ctx, id, app, owner, shared); err != nil {
		return nil, err
	}
	return func(sess *tea.Session) {
		if sess == nil {
			_ = c.Release(context.WithoutCancel(ctx), id)
			return
		}
		c.Adopt(sess)
	}, nil
}

// hostOwner is the owner the directory gives a session no client
// connection started with facet_start.
const hostOwner = "host"

// privateRemote reports whether a directory entry with owner and shared
// is one client connection's own, which no connection of another node
// reaches: anything not plainly a host session, unless it is shared.
func privateRemote(owner string, shared bool) bool {
	return !shared && owner != "" && owner != hostOwner
}

// Forwarder is a Cluster that also carries tool calls to the node that runs
// a session. The server consults it for a call whose session does not run
// here, after authorizing the call as it would a local one.
type Forwarder interface {
	// Remote names the node that runs session id, when another node does.
	Remote(id string) (node string, ok bool)
	// Forward has that node answer caller's call with ServeForwarded,
	// and returns its answer. caller is opaque to the cluster.
	Forward(ctx context.Context, caller json.RawMessage, session, tool string, args json.RawMessage) (json.RawMessage, error)
	// ForwardRead has that node answer caller's resource read with
	// ServeForwardedRead, and returns its answer.
	ForwardRead(ctx context.Context, caller json.RawMessage, session, uri string) (json.RawMessage, error)
	// Leave tells that node that caller is gone from session, with
	// ServeForwardedLeave.
	Leave(ctx context.Context, caller json.RawMessage, session string) error
	// Follow calls changed(false) each time session id changes and
	// changed(true) once when it stops or its node dies, until cancel;
	// changed must not block.
	Follow(ctx context.Context, id string, changed func(stopped bool)) (cancel func(), err error)
}

// forwardedCaller is who makes a forwarded request, as the node they are
// connected to knows them; the owner acts for them as the connection
// "<connection>@<node>" (see ServeForwarded).
type forwardedCaller struct {
	Connection string `json:"connection"`
	Transport  string `json:"transport,omitempty"`
	Agent      string `json:"agent,omitempty"`
	// Principal is who the caller authenticated as at its node, if it
	// did: it owns the same sessions on every node.
	Principal string `json:"principal,omitempty"`
}

// callerOf is the caller of ctx as a forwarded request carries it.
func callerOf(ctx context.Context) json.RawMessage {
	ac := authContext(ctx)
	b, err := json.Marshal(forwardedCaller{Connection: ac.ConnectionID, Transport: ac.Transport, Agent: ac.Agent, Principal: ac.Principal})
	if err != nil {
		return nil
	}
	return b
}

// asForwarded is ctx acting for caller, who asked on node from: a
// connection of this server's named "<connection>@<from>", so presence and
// labels show who acts, and it owns none of this server's sessions (no
// local connection id has an "@"). A caller that cannot be read acts as
// "unknown@<from>".
func asForwarded(ctx context.Context, from string, caller json.RawMessage) context.Context {
	var c forwardedCaller
	if len(caller) == 0 || json.Unmarshal(caller, &c) != nil || c.Connection == "" {
		c = forwardedCaller{Connection: "unknown"}
	}
	if from == "" {
		from = "unknown-node"
	}
	ac := AuthContext{ConnectionID: c.Connection + "@" + from, Transport: c.Transport, Agent: c.Agent, Principal: c.Principal}
	if ac.Agent != "" {
		ac.Agent += "@" + from
	}
	if ac.Transport == "" {
		ac.Transport = TransportUnknown
	}
	return context.WithValue(ctx, principalKey{}, ac)
}

// forwardedAnswer is a call's answer as it travels between nodes: the
// answer, or the error with its kind and message.
type forwardedAnswer struct {
	Text  []string        `json:"text,omitempty"`
	Value json.RawMessage `json:"value,omitempty"`
	Error *CallError      `json:"error,omitempty"`
}

// forwardCall answers a call to tool of a session that does not run here
// through the node that runs it; forwarded is false when no node does (or
// there is no cluster).
func (s *Server) forwardCall(ctx context.Context, session, tool string, args map[string]any) (a Answer, forwarded bool, err error) {
	f, ok := s.opts.Cluster.(Forwarder)
	if !ok {
		return Answer{}, false, nil
	}
	if _, local := s.sessions.Get(session); local {
		return Answer{}, false, nil
	}
	node, ok := f.Remote(session)
	if !ok {
		return Answer{}, false, nil
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return Answer{}, true, callerError(fmt.Sprintf("%s: arguments: %v", tool, err))
	}
	s.relays.acted(authContext(ctx), session)
	out, err := f.Forward(ctx, callerOf(ctx), session, tool, raw)
	if err != nil {
		// The node is gone or did not answer in time: the error says so
		// and names facet_list.
		return Answer{}, true, callerError(err.Error())
	}
	var fa forwardedAnswer
	if err := json.Unmarshal(out, &fa); err != nil {
		return Answer{}, true, faultError(fmt.Sprintf("session `%s` on node %q: unreadable answer: %v", session, node, err))
	}
	if fa.Error != nil {
		return Answer{}, true, fa.Error
	}
	a = Answer{Text: fa.Text}
	if len(fa.Value) > 0 {
		a.Value = fa.Value
	}
	return a, true, nil
}

// forwardStatic answers a call to a static tool whose session argument
// names a session another node runs (facet_screenshot, facet_send_key,
// facet_get_model, facet_stop, ...) through that node, after this server
// has authorized it; forwarded is false for any other call. facet_start's
// names the session to start, so it is never forwarded.
func (s *Server) forwardStatic(ctx context.Context, tool string, args map[string]any) (a Answer, forwarded bool, err error) {
	id, ok := args[SessionArg].(string)
	if !ok || tool == "facet_start" {
		return Answer{}, false, nil
	}
	return s.forwardCall(ctx, id, tool, args)
}

// forwardAct answers a facet_act call whose session another node runs
// through that node, after deciding it here as the derived tool it names
// (as a call by that tool's name is); forwarded is false for any other
// call, and for arguments that name no tool (resolveAct explains those).
func (s *Server) forwardAct(ctx context.Context, args map[string]any) (a Answer, forwarded bool, err error) {
	id, _ := args["session"].(string)
	widget, _ := args["widget"].(string)
	action, _ := args["action"].(string)
	if id == "" || widget == "" || action == "" {
		return Answer{}, false, nil
	}
	if _, local := s.sessions.Get(id); local {
		return Answer{}, false, nil
	}
	f, ok := s.opts.Cluster.(Forwarder)
	if !ok {
		return Answer{}, false, nil
	}
	if _, remote := f.Remote(id); !remote {
		return Answer{}, false, nil
	}
	name := derive.ToolName(id, widget, action)
	inner, _ := args["args"].(map[string]any)
	if err := s.guard.call(ctx, name, inner, &derive.Tool{Name: name}); err != nil {
		return Answer{}, true, err
	}
	return s.forwardCall(ctx, id, "facet_act", args)
}

// ServeForwarded answers a tool call another node of the cluster forwarded
// (see Forwarder) as this server answers its own clients' calls: the same
// routing of names, the same authorization, the same answers and errors.
// from is the node it came from and caller who asked there (as Forward
// carried it): the call acts as the connection "<connection>@<from>", which
// reaches host and shared sessions only, and shows so on the session's
// presence. The answer is JSON for the asking node's server; it is never an
// error.
func (s *Server) ServeForwarded(ctx context.Context, from string, caller json.RawMessage, session, tool string, args json.RawMessage) json.RawMessage {
	ctx = asForwarded(ctx, from, caller)
	var fa forwardedAnswer
	var in callInput
	if len(args) > 0 {
		if err := json.Unmarshal(args, &in.Args); err != nil {
			fa.Error = callerError(fmt.Sprintf("%s: arguments must be a JSON object of named arguments: %v", tool, err))
		}
	}
	if fa.Error == nil {
		req := sdk.CallToolRequest{}
		req.Params.Name = tool
		req.Params.Arguments = in.Args
		s.rewriteCall(ctx, nil, &req)
		name := req.Params.Name
		// The wire name (the advertised spelling) is registered with the
		// SDK; Facet's calls take the tool's own name, as handlerFor does.
		if t, ok := s.reg.Resolve(name); ok {
			name = t.Name
		}
		in.Args = req.GetArguments()
		if name == "facet_act" {
			in.Stale, in.StaleSession, _ = staleName(req)
			if req.Params.Meta != nil {
				in.Called, _ = req.Params.Meta.AdditionalFields[calledMetaKey].(string)
			}
		}
		if s.sdk.GetTool(req.Params.Name) == nil {
			fa.Error = asCallError(staleSession(session, tool))
		} else if a, err := s.callTool(ctx, name, in); err != nil {
			fa.Error = asCallError(err)
		} else {
			fa.Text = a.Text
			if a.Value != nil {
				v, err := json.Marshal(a.Value)
				if err != nil {
					fa.Error = faultError(fmt.Sprintf("%s: answer: %v", tool, err))
				}
				fa.Value = v
			}
		}
	}
	out, err := json.Marshal(fa)
	if err != nil {
		out, _ = json.Marshal(forwardedAnswer{Error: faultError(fmt.Sprintf("%s: answer: %v", tool, err))})
	}
	return out
}

// ServeForwardedLeave takes caller, who asked on node from (see
// ServeForwarded), off the presence of session, one of this server's:
// their connection there ended, as connectionEnded does for a local one.
func (s *Server) ServeForwardedLeave(ctx context.Context, from string, caller json.RawMessage, session string) {
	ac, _ := principalOf(asForwarded(ctx, from, caller))
	s.notes.forget(ac.ConnectionID, "")
	if sess, running := s.sessions.Get(session); running {
		_, _ = sess.Dispatch(ctx, tea.DetachAgentMsg{Agent: presenceName(ac)})
	}
}

// remoteConnectionEnded tells the nodes whose sessions client connection
// id acted on that it is gone, and ends the relays nobody watches any
// more.
func (s *Server) remoteConnectionEnded(id string) {
	s.syncRelays()
	f, ok := s.opts.Cluster.(Forwarder)
	if !ok {
		return
	}
	gone := s.relays.leave(id)
	if len(gone) == 0 {
		return
	}
	// Off the SDK's unregistering goroutine: a dead node answers late.
	go func() {
		for _, a := range gone {
			b, err := json.Marshal(forwardedCaller{Connection: a.ac.ConnectionID, Transport: a.ac.Transport, Agent: a.ac.Agent, Principal: a.ac.Principal})
			if err != nil {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), s.opts.CallTimeout)
			_ = f.Leave(ctx, b, a.session)
			cancel()
		}
	}()
}

// asCallError is err as the CallError a client reads: an error of another
// type is the app's failure.
func asCallError(err error) *CallError {
	var ce *CallError
	if errors.As(err, &ce) {
		return ce
	}
	return faultError(err.Error())
}

// Directory is a Cluster that can list the cluster's nodes and the
// sessions other nodes run, for facet_list and the context tree.
type Directory interface {
	// Name is this node's name.
	Name() string
	// NodeNames lists the live nodes, this one included.
	NodeNames() []string
	// EachRemote calls fn for every session another node runs: its id,
	// app, node, owner (see Cluster.Reserve), whether it is shared, and
	// when it started.
	EachRemote(fn func(id, app, node, owner string, shared bool, started time.Time))
}

// remoteRow is a session of another node in facet_list's answer.
type remoteRow struct {
	ID        string    `json:"id"`
	App       string    `json:"app"`
	Node      string    `json:"node"`
	StartedAt time.Time `json:"started_at"`
	// StartedBy is "host" or "agent", as for this node's sessions.
	StartedBy string `json:"started_by"`
	// Owner is the client connection that started it, as its node names
	// it ("" for a host session).
	Owner  string `json:"owner,omitempty"`
	Shared bool   `json:"shared,omitempty"`
}

// clusterNode is one node of the cluster and the sessions on it a
// connection can reach, in facet_list's answer and the context tree.
type clusterNode struct {
	Name     string   `json:"name"`
	This     bool     `json:"this,omitempty"`
	Sessions []string `json:"sessions"`
}

// clusterView is the cluster as seen from this node: its nodes, and on
// each the sessions that pass visible (here) or are not another's private
// ones (elsewhere; mine, when set, is the caller's owner as the directory
// records it, whose private sessions are listed too), by node name.
func (s *Server) clusterView(d Directory, visible func(sess *tea.Session) bool, mine string) ([]clusterNode, []remoteRow) {
	byNode := map[string]*clusterNode{}
	var nodes []clusterNode
	for _, name := range d.NodeNames() {
		nodes = append(nodes, clusterNode{Name: name, This: name == d.Name(), Sessions: []string{}})
	}
	if !slices.ContainsFunc(nodes, func(n clusterNode) bool { return n.This }) {
		nodes = append(nodes, clusterNode{Name: d.Name(), This: true, Sessions: []string{}})
	}
	slices.SortFunc(nodes, func(a, b clusterNode) int { return strings.Compare(a.Name, b.Name) })
	for i := range nodes {
		byNode[nodes[i].Name] = &nodes[i]
	}
	here := byNode[d.Name()]
	for _, sess := range s.sessions.List() {
		if visible(sess) {
			here.Sessions = append(here.Sessions, sess.ID)
		}
	}
	rows := []remoteRow{}
	d.EachRemote(func(id, app, node, owner string, shared bool, started time.Time) {
		if _, local := s.sessions.Get(id); local || (privateRemote(owner, shared) && (mine == "" || owner != mine)) {
			return
		}
		row := remoteRow{ID: id, App: app, Node: node, StartedAt: started.UTC(), StartedBy: "host", Shared: shared}
		if owner != "" && owner != hostOwner {
			row.StartedBy, row.Owner = "agent", owner
		}
		rows = append(rows, row)
		n := byNode[node]
		if n == nil {
			// Its entry is live but its node's is not (yet): list it.
			nodes = append(nodes, clusterNode{Name: node, Sessions: []string{}})
			for i := range nodes {
				byNode[nodes[i].Name] = &nodes[i]
			}
			n = byNode[node]
		}
		n.Sessions = append(n.Sessions, id)
	})
	for i := range nodes {
		slices.Sort(nodes[i].Sessions)
	}
	return nodes, rows
}

// withRemote adds the cluster to facet_list's answer a, as the caller of
// ctx may see it: "remote" beside "sessions" (the sessions other nodes
// run that this connection reaches: host and shared ones) and "cluster"
// (this node's name and every live node with those sessions), in the value
// and as text.
func (s *Server) withRemote(ctx context.Context, a Answer) Answer {
	d, ok := s.opts.Cluster.(Directory)
	if !ok {
		return a
	}
	conn := authContext(ctx).Owner()
	// A principal's own private sessions on other nodes are its too: its
	// owner key is the same on every node (an anonymous connection's is
	// not).
	mine := ""
	if ac := authContext(ctx); ac.Principal != "" {
		mine = agentName(ac.Owner())
	}
	nodes, rows := s.clusterView(d, func(sess *tea.Session) bool { return s.reachOf(conn, sess) != reachNone }, mine)
	var b strings.Builder
	for _, r := range rows {
		shared := ""
		if r.Shared {
			shared = ", shared"
		}
		fmt.Fprintf(&b, "%s\t%s\ton node %s\tstarted %s by %s%s\n", r.ID, r.App, r.Node, r.StartedAt.Format(time.RFC3339), r.StartedBy, shared)
	}
	if v, ok := a.Value.(map[string]any); ok {
		v["remote"] = rows
		v["cluster"] = map[string]any{"node": d.Name(), "nodes": nodes}
	}
	if len(rows) > 0 {
		if len(a.Text) == 1 && strings.HasPrefix(a.Text[0], "No sessions are running.") {
			a.Text[0] = "No sessions are running on this node."
		}
		a.Text = append(a.Text, "Sessions on other nodes of the cluster (call their tools here, by the same names):\n"+b.String())
	}
	var nb strings.Builder
	fmt.Fprintf(&nb, "Cluster: this is node %s; sessions you reach by node:", d.Name())
	for i, n := range nodes {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(&nb, "%s %s %d", sep, n.Name, len(n.Sessions))
	}
	a.Text = append(a.Text, nb.String())
	return a
}

// swarm is the context tree's cluster section: this node's name and every
// live node with its sessions that every connection reaches (host and
// shared ones; the context is the same for every reader, so a
// connection's own sessions are not in it). Nil without a cluster.
func (s *Server) swarm() map[string]any {
	d, ok := s.opts.Cluster.(Directory)
	if !ok {
		return nil
	}
	nodes, _ := s.clusterView(d, func(sess *tea.Session) bool {
		_, private := s.starts.audience(s.sessions, sess.ID)
		return !private
	}, "")
	return map[string]any{"node": d.Name(), "nodes": nodes}
}

// forwardedRead is a resource read's answer as it travels between nodes.
type forwardedRead struct {
	Text    string         `json:"text,omitempty"`
	Meta    map[string]any `json:"meta,omitempty"`
	MIME    string         `json:"mime,omitempty"`
	Message string         `json:"error,omitempty"`
}

// forwardRead answers a read of uri, a resource of a session that does not
// run here, through the node that runs it; forwarded is false when no node
// does (or there is no cluster).
func (s *Server) forwardRead(ctx context.Context, session, uri string) (c []sdk.ResourceContents, forwarded bool, err error) {
	f, ok := s.opts.Cluster.(Forwarder)
	if !ok {
		return nil, false, nil
	}
	node, ok := f.Remote(session)
	if !ok {
		return nil, false, nil
	}
	fr, err := readRemote(ctx, f, node, callerOf(ctx), session, uri)
	if err != nil {
		return nil, true, err
	}
	s.relays.observe(s, uri, fr)
	return []sdk.ResourceContents{sdk.TextResourceContents{URI: uri, MIMEType: fr.MIME, Text: fr.Text, Meta: fr.Meta}}, true, nil
}

// readRemote has node answer caller's read of uri, a resource of session.
func readRemote(ctx context.Context, f Forwarder, node string, caller json.RawMessage, session, uri string) (forwardedRead, error) {
	var fr forwardedRead
	out, err := f.ForwardRead(ctx, caller, session, uri)
	if err != nil {
		return fr, fmt.Errorf("resource %q: %w", uri, err)
	}
	if err := json.Unmarshal(out, &fr); err != nil {
		return fr, fmt.Errorf("resource %q of session `%s` on node %q: unreadable answer: %w", uri, session, node, err)
	}
	if fr.Message != "" {
		return fr, errors.New(fr.Message)
	}
	return fr, nil
}

// ServeForwardedRead answers a resource read another node of the cluster
// forwarded (see Forwarder) as this server answers its own clients' reads,
// for caller on node from (see ServeForwarded). The answer is JSON for the
// asking node's server; it is never an error.
func (s *Server) ServeForwardedRead(ctx context.Context, from string, caller json.RawMessage, uri string) json.RawMessage {
	ctx = asForwarded(ctx, from, caller)
	req := sdk.ReadResourceRequest{}
	req.Params.URI = uri
	var fr forwardedRead
	contents, err := s.res.read(ctx, req)
	switch {
	case err != nil:
		fr.Message = err.Error()
	case len(contents) != 1:
		fr.Message = fmt.Sprintf("resource %q: %d contents, want 1", uri, len(contents))
	default:
		t, ok := contents[0].(sdk.TextResourceContents)
		if !ok {
			fr.Message = fmt.Sprintf("resource %q: not text", uri)
		}
		fr.Text, fr.MIME, fr.Meta = t.Text, t.MIMEType, t.Meta
	}
	out, err := json.Marshal(fr)
	if err != nil {
		out, _ = json.Marshal(forwardedRead{Message: fmt.Sprintf("resource %q: %v", uri, err)})
	}
	return out
}

// subscribableRemote answers, for a uri of a session another node runs
// (handled), why the caller of ctx may not subscribe to it: a session of
// one client connection there is nobody's here, and the resource must be
// one its node serves to the caller. Not handled: no node runs the
// session, or this one does.
func (s *Server) subscribableRemote(ctx context.Context, uri string) (handled bool, err error) {
	f, ok := s.opts.Cluster.(Forwarder)
	if !ok {
		return false, nil
	}
	session, _, _, ok := parseURI(uri)
	if !ok {
		return false, nil
	}
	if _, local := s.sessions.Get(session); local {
		return false, nil
	}
	node, remote := f.Remote(session)
	if !remote {
		return false, nil
	}
	if d, ok := s.opts.Cluster.(Directory); ok {
		private := false
		d.EachRemote(func(id, _, _, owner string, shared bool, _ time.Time) {
			if id == session {
				private = privateRemote(owner, shared)
			}
		})
		if private {
			return true, fmt.Errorf("resource %q: %w", uri, notYours(session))
		}
	}
	if _, err := readRemote(ctx, f, node, callerOf(ctx), session, uri); err != nil {
		return true, err
	}
	return true, nil
}

// relayCaller is who a node's relay reads other nodes' resources as: its
// subscribers were authorized here, and may reach only host and shared
// sessions there, as the relay may.
var relayCaller = json.RawMessage(`{"connection":"relay"}`)

// relays carry the updates of resources that other nodes' sessions serve
// to this server's subscribers: one relay per remote session that a
// subscriber here watches, following the session's changes over the
// cluster and reading the watched resources again from its node after
// each, so a subscriber here gets notifications/resources/updated with a
// version and a patch as the owner's own subscribers do. A relay ends
// when nobody here watches the session any more, or when it stops or its
// node dies; its resources' subscriptions end with it, as a stopped local
// session's do. The zero value is ready.
type relays struct {
	mu        sync.Mutex
	bySession map[string]*relay
	// actors are the callers that acted on other nodes' sessions, by
	// client connection: told to leave when the connection ends.
	actorsMu sync.Mutex
	actors   map[string]map[actor]bool
}

// actor is one caller (a connection, or an agent of it) on one remote
// session.
type actor struct {
	ac      AuthContext
	session string
}

// acted records that ac acted on session, another node's.
func (rs *relays) acted(ac AuthContext, session string) {
	rs.actorsMu.Lock()
	defer rs.actorsMu.Unlock()
	if rs.actors == nil {
		rs.actors = map[string]map[actor]bool{}
	}
	if rs.actors[ac.ConnectionID] == nil {
		rs.actors[ac.ConnectionID] = map[actor]bool{}
	}
	rs.actors[ac.ConnectionID][actor{ac: ac, session: session}] = true
}

// leave forgets and returns the callers of connection conn.
func (rs *relays) leave(conn string) []actor {
	rs.actorsMu.Lock()
	defer rs.actorsMu.Unlock()
	var out []actor
	for a := range rs.actors[conn] {
		out = append(out, a)
	}
	delete(rs.actors, conn)
	return out
}

// relay follows one remote session.
type relay struct {
	session string
	node    string
	wake    chan struct{} // a change to read; holds one
	done    chan struct{} // closed when the relay ends

	mu     sync.Mutex
	cancel func() // stops following
	ended  bool
}

// setCancel gives the relay the function that stops following; when the
// relay has already ended, it is called at once.
func (rl *relay) setCancel(cancel func()) {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	if rl.ended {
		cancel()
		return
	}
	rl.cancel = cancel
}

// end stops following and wakes the relay's goroutine to finish.
func (rl *relay) end() {
	rl.mu.Lock()
	defer rl.mu.Unlock()
	if rl.ended {
		return
	}
	rl.ended = true
	if rl.cancel != nil {
		rl.cancel()
	}
	close(rl.done)
}

// syncRelays starts a relay for every remote session a subscriber here
// watches and ends the relays of sessions nobody watches any more. It runs
// after each subscription change; a newly watched resource gets its
// baseline (its content now) before it returns, so the first update's
// patch applies to what the subscriber can read.
func (s *Server) syncRelays() {
	f, ok := s.opts.Cluster.(Forwarder)
	if !ok {
		return
	}
	watched := map[string][]string{} // remote session -> its watched URIs
	s.res.mu.Lock()
	for uri, set := range s.res.subs {
		if len(set) == 0 {
			continue
		}
		session, _, _, ok := parseURI(uri)
		if !ok {
			continue
		}
		if _, local := s.sessions.Get(session); local {
			continue
		}
		watched[session] = append(watched[session], uri)
	}
	s.res.mu.Unlock()

	// The lock covers the map only: following and reading go over the
	// network, and calls (acted) and reads (observe) must not wait on them.
	s.relays.mu.Lock()
	if s.relays.bySession == nil {
		s.relays.bySession = map[string]*relay{}
	}
	var ended []*relay
	for session, rl := range s.relays.bySession {
		if _, still := watched[session]; !still {
			delete(s.relays.bySession, session)
			ended = append(ended, rl)
		}
	}
	s.relays.mu.Unlock()
	for _, rl := range ended {
		rl.end()
		s.forgetRemote(rl.session)
	}

	for session, uris := range watched {
		node, remote := f.Remote(session)
		if !remote {
			continue
		}
		rl := s.follow(f, session, node)
		if rl == nil {
			continue
		}
		for _, uri := range uris {
			s.res.mu.Lock()
			_, has := s.res.states[uri]
			s.res.mu.Unlock()
			if has {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), s.opts.CallTimeout)
			fr, err := readRemote(ctx, f, node, relayCaller, session, uri)
			cancel()
			if err != nil {
				continue
			}
			s.res.mu.Lock()
			if _, has := s.res.states[uri]; !has {
				s.res.states[uri] = &resourceState{}
			}
			s.res.mu.Unlock()
			s.relays.record(s, rl, uri, fr)
		}
	}
}

// follow returns the relay of session, on node, starting it when there is
// none; nil when the session cannot be followed (it is gone).
func (s *Server) follow(f Forwarder, session, node string) *relay {
	s.relays.mu.Lock()
	rl := s.relays.bySession[session]
	s.relays.mu.Unlock()
	if rl != nil {
		return rl
	}
	rl = &relay{session: session, node: node, wake: make(chan struct{}, 1), done: make(chan struct{})}
	cancel, err := f.Follow(context.Background(), session, func(stopped bool) {
		if stopped {
			go s.relayEnded(rl)
			return
		}
		select {
		case rl.wake <- struct{}{}:
		default:
		}
	})
	if err != nil {
		return nil
	}
	rl.setCancel(cancel)
	s.relays.mu.Lock()
	if cur := s.relays.bySession[session]; cur != nil {
		// Another sync started one meanwhile: keep that one.
		s.relays.mu.Unlock()
		rl.end()
		return cur
	}
	s.relays.bySession[session] = rl
	s.relays.mu.Unlock()
	go s.runRelay(f, rl)
	return rl
}

// runRelay reads the watched resources of rl's session after each change,
// until the relay ends.
func (s *Server) runRelay(f Forwarder, rl *relay) {
	for {
		select {
		case <-rl.done:
			return
		case <-rl.wake:
		}
		s.res.mu.Lock()
		var uris []string
		prefix := uriPrefix + rl.session + "/"
		for uri, set := range s.res.subs {
			if len(set) > 0 && strings.HasPrefix(uri, prefix) {
				uris = append(uris, uri)
			}
		}
		s.res.mu.Unlock()
		for _, uri := range uris {
			ctx, cancel := context.WithTimeout(context.Background(), s.opts.CallTimeout)
			fr, err := readRemote(ctx, f, rl.node, relayCaller, rl.session, uri)
			cancel()
			if err == nil {
				s.relays.observe(s, uri, fr)
			}
		}
	}
}

// relayEnded ends rl, whose session stopped or whose node died: its
// resources' subscriptions and states go, as a stopped local session's
// do.
func (s *Server) relayEnded(rl *relay) {
	s.relays.mu.Lock()
	if s.relays.bySession[rl.session] == rl {
		delete(s.relays.bySession, rl.session)
	}
	s.relays.mu.Unlock()
	rl.end()
	s.res.mu.Lock()
	prefix := uriPrefix + rl.session + "/"
	for uri := range s.res.subs {
		if strings.HasPrefix(uri, prefix) {
			delete(s.res.subs, uri)
		}
	}
	s.res.mu.Unlock()
	s.forgetRemote(rl.session)
}

// forgetRemote drops the states of a remote session's resources.
func (s *Server) forgetRemote(session string) {
	if _, local := s.sessions.Get(session); local {
		return
	}
	prefix := uriPrefix + session + "/"
	s.res.mu.Lock()
	defer s.res.mu.Unlock()
	for uri := range s.res.states {
		if strings.HasPrefix(uri, prefix) {
			delete(s.res.states, uri)
		}
	}
}

// observe records fr, the content of uri as its node answered a read, when
// a relay follows uri's session: when it differs from what the relay last
// had, this server's subscribers to uri get one update with the owner's
// version and the RFC 6902 patch from the last content, as observe does
// for a local session. Reads pass through here too, so a read that sees a
// change first cannot leave a subscriber's patch against older content.
func (rs *relays) observe(s *Server, uri string, fr forwardedRead) {
	session, _, _, ok := parseURI(uri)
	if !ok {
		return
	}
	rs.mu.Lock()
	rl := rs.bySession[session]
	rs.mu.Unlock()
	if rl == nil {
		return
	}
	rs.record(s, rl, uri, fr)
}

// record is observe for rl, which follows uri's session.
func (rs *relays) record(s *Server, rl *relay, uri string, fr forwardedRead) {
	s.res.mu.Lock()
	st := s.res.states[uri]
	s.res.mu.Unlock()
	if st == nil {
		return
	}
	version, _ := fr.Meta["version"].(float64)
	body := []byte(fr.Text)
	st.mu.Lock()
	defer st.mu.Unlock()
	select {
	case <-rl.done:
		return
	default:
	}
	if uint64(version) < st.version || bytes.Equal(body, st.last) {
		return
	}
	first := st.last == nil
	patch, perr := derive.Diff(st.last, body)
	st.version, st.last = uint64(version), body
	if !first && perr == nil {
		s.res.notify(uri, st.version, patch)
	}
}
