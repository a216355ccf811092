package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"strings"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/internal/version"
	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/render/mcp/internal/registryof"
	"github.com/facetui/facet/render/mcp/internal/transport"
	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// Server serves Facet sessions over MCP: the static facet_* tools, and per
// session the tools derived from its live view.
type Server struct {
	opts     Options
	sdk      *server.MCPServer
	reg      *derive.Registry
	sessions *tea.Sessions
	breakers *derive.Breakers
	unwatch  func()
	guard    *guard
	names    toolNamer
	// starts holds facet_start to MaxSessions.
	starts *startGate

	res *resources

	drawings *drawings
	apps     *uiApps // MCP Apps views
	lanes    laneRule
	// shots draw each session's screenshots.
	shots screenshots

	syncs synchronizers
	// metas are the tools' _meta objects, shared (see sdkTool).
	metas toolMetas

	// notes say which notifications each connection has been told about.
	notes noteCursors
	// fan tells list changes to the connections they concern.
	fan listeners

	ext *Extensions // what hosts added: AddTools, AddResourceTemplate

	remote *remote // the other nodes of the cluster, if any

	serving httpServers // what Serve runs, for Close
}

// New builds a server from opts, registers the static tools and attaches to
// every session that starts in opts.Sessions from now on. Configuration
// errors are *ConfigError values naming the option.
func New(opts Options) (*Server, error) {
	if err := opts.resolve(); err != nil {
		return nil, err
	}
	policy, err := opts.Auth.resolvePolicy()
	if err != nil {
		return nil, err
	}
	// The renderer's own lines also go to the clients that set a level
	// (logging.go).
	logs := &logListeners{}
	opts.Logger = slog.New(newClientLogs(opts.Logger.Handler(), logs))
	s := &Server{
		guard:    &guard{policy: policy, log: opts.Logger},
		names:    toolNamer{style: opts.ToolNames, sessions: opts.Sessions},
		starts:   &startGate{started: map[string]started{}, sessions: opts.Sessions},
		opts:     opts,
		sessions: opts.Sessions,
		breakers: derive.NewBreakers(opts.Now),
		drawings: &drawings{bySession: map[string]*drawing{}},
	}
	s.reg = derive.NewRegistry(sdkSink{s})
	s.remote = &remote{c: opts.Cluster, sessions: s.sessions, starts: s.starts, guard: s.guard}
	s.res = newResources(s)
	s.ext = &Extensions{reg: s.reg, resources: s.res, style: opts.ToolNames}
	s.lanes = laneRule{reg: s.reg, names: s.names, resolveURI: s.res.resolve}
	hooks := &server.Hooks{}
	hooks.AddBeforeCallTool(s.rewriteCall)
	hooks.AddAfterListTools(s.listTools)
	hooks.AddAfterListResources(s.listResources)
	hooks.AddOnRequestInitialization(s.gateRead)
	hooks.AddOnUnregisterSession(func(_ context.Context, cs server.ClientSession) { s.connectionEnded(cs.SessionID()) })
	s.fan.install(hooks)
	logs.reaches = func(owner, id string) bool {
		sess, running := s.sessions.Get(id)
		return running && s.starts.reachOf(owner, sess) != reachNone
	}
	logs.send = func(id string, n sdk.LoggingMessageNotification) {
		// A full queue drops the line: logs are not worth holding a
		// client's other notifications back for.
		_ = s.sdk.SendLogMessageToSpecificClient(id, n)
	}
	logs.install(hooks)
	s.ext.sdk = server.NewMCPServer(ServerName, version.Version,
		// No listChanged: mcp-go would send every change to every client;
		// fanout.go advertises it and sends each change where it belongs.
		server.WithToolCapabilities(false),
		server.WithHooks(hooks),
		server.WithRecovery(),
		server.WithElicitation(),
		server.WithResourceCapabilities(true, false),
		server.WithPromptCapabilities(true),
		server.WithCompletions(),
		server.WithLogging(),
		server.WithResourceCompletionProvider(completer{s}),
		server.WithPromptCompletionProvider(completer{s}),
		server.WithInstructions(instructions(opts.ToolNames)),
	)
	s.sdk = s.ext.sdk
	s.fan.sdk, s.fan.starts, s.fan.sessions, s.fan.log = s.sdk, s.starts, s.sessions, opts.Logger
	s.guard.ask = approvals{person: opts.AskPerson, sessions: s.sessions, starts: s.starts, names: s.names,
		client: approver{sdk: s.sdk, timeout: opts.AskTimeout}, callTimeout: opts.CallTimeout}.approve
	s.guard.spell = s.names.advertisedName
	s.res.install(hooks)
	s.apps = &uiApps{ui: opts.UI, sdk: s.sdk, reg: s.reg, starts: s.starts, guard: s.guard, names: s.names}
	if err := s.apps.install(hooks); err != nil {
		return nil, err
	}
	s.installRouter()
	addStartPrompt(s.sdk, opts.Startable, opts.ToolNames)
	if err := s.reg.Register(staticOwner, s.staticTools()); err != nil {
		return nil, fmt.Errorf("mcp: static tools: %w", err)
	}
	if err := s.guard.boot(s.reg.Tools("")); err != nil {
		return nil, err
	}
	s.opts.Logger.Info("mcp: authorization", "policy", policy.Description, "source", policy.Source)
	if opts.Cluster != nil {
		opts.Cluster.Attach(&Local{s: s})
	}
	s.unwatch = s.sessions.Watch(s.onSession)
	for _, sess := range s.sessions.List() {
		s.attach(sess)
	}
	return s, nil
}

// instructions tell a client how the tools are named and used.
func instructions(style string) string {
	n := toolNamer{style: style}
	shape, example := n.shape(), n.advertisedName(toolname.ToolName("demo", "results", "sort"))
	return "Facet apps: start one with facet_start, then drive it with its " + shape + " tools (such as " + example +
		"; or facet_act by parts). facet_screenshot shows the screen; read facet://session/<id>/context for the model, widgets and focus."
}

// staticOwner owns the facet_* tools in the registry.
const staticOwner = "facet"

func init() {
	// mcptest reads the registry; it is not public API.
	registryof.Of = func(srv any) *derive.Registry { return srv.(*Server).reg }
}

// Sessions returns the session registry the server serves.
func (s *Server) Sessions() *tea.Sessions { return s.sessions }

// ServeStdio serves one client over in and out (JSON-RPC, one message a
// line) until ctx ends or in closes. Logs go to the Logger, never to out.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	stdio := server.NewStdioServer(s.sdk)
	// mcp-go runs stdio tool calls on a pool of workers, so a client that
	// sends type_into, click and get_rows without waiting would see them
	// applied in any order; lanes keep each session's calls in order and
	// let different sessions' calls run side by side.
	l := transport.NewLanes(s.lanes.laneOf)
	go l.Feed(in)
	server.WithWorkerPoolSize(transport.StdioWorkers)(stdio)
	stdio.SetContextFunc(func(ctx context.Context) context.Context { return withTransport(ctx, TransportStdio) })
	stdio.SetErrorLogger(log.New(slogWriter{s.opts.Logger}, "", 0))
	// The transport is on Listen's context too, so the one connection is
	// registered under the id its calls carry (see listeners).
	err := stdio.Listen(withTransport(ctx, TransportStdio), l, l.Watch(out))
	if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// Close stops serving HTTP (Serve and ListenAndServe return), stops
// watching sessions and makes every tool deny, including those mounted on
// another server. It does not stop the sessions.
func (s *Server) Close() error {
	s.guard.closed.Store(true)
	s.unwatch()
	return s.serving.close()
}

// StartSession starts m as session id of app for a Go caller (trusted: the
// startable list does not apply). Any 1-32 [A-Za-z0-9_-] id works; "" derives
// one from app. If a tool of the first render is refused because its name
// is taken, the session is stopped and the error is a *NameCollisionError
// naming only this session's refused tools.
func (s *Server) StartSession(ctx context.Context, id, app string, m tea.Model, opts ...tea.Option) (*tea.Session, error) {
	if id == "" {
		id = DefaultSessionID(app)
	}
	opts = append([]tea.Option{tea.WithTimeout(s.opts.CallTimeout), tea.WithLogger(s.opts.Logger)}, opts...)
	started, err := s.remote.reserve(ctx, id, app)
	if err != nil {
		return nil, err
	}
	sess, err := s.sessions.Start(ctx, id, app, m, opts...)
	started(sess)
	if err != nil {
		return nil, err
	}
	if err := s.syncs.firstError(id); err != nil {
		_ = s.sessions.Stop(id)
		return nil, fmt.Errorf("session %q: %w", id, err)
	}
	return sess, nil
}

func (s *Server) onSession(ev tea.SessionEvent) {
	if ev.Started {
		s.attach(ev.Session)
		return
	}
	sy, ok := s.syncs.remove(ev.Session)
	if !ok {
		// Already cleaned up, or the id now belongs to a newer session.
		s.starts.forget(ev.Session)
		return
	}
	s.drawings.forget(ev.Session.ID)
	s.shots.forget(ev.Session.ID)
	sy.Stop()
	s.res.detach(ev.Session.ID)
	s.notes.forget("", ev.Session.ID)
	// Last: the removals above were told by who could see the session.
	s.starts.forget(ev.Session)
}

// connectionEnded detaches the agent of a client connection that ended
// (an HTTP session deleted or expired, an SSE stream closed) from every
// session, so the person at one no longer sees it as attached.
func (s *Server) connectionEnded(id string) {
	if id == "" {
		return
	}
	key := connectionKey(id)
	s.notes.forget(key, "")
	s.res.dropClient(id)
	s.res.syncRemote()
	if s.remote.c != nil {
		s.remote.c.Left(key)
	}
	s.detachConnection(key)
	s.starts.stopOrphans(key)
	s.ext.connectionEnded(key)
}

// detachConnection detaches the agent of client connection id from every
// session: the connection ended, or its client went quiet (see
// HTTPOptions.AgentIdle). A later call attaches it again.
func (s *Server) detachConnection(id string) {
	for _, sess := range s.sessions.List() {
		ctx, cancel := context.WithTimeout(context.Background(), s.opts.CallTimeout)
		_, _ = sess.Dispatch(ctx, tea.DetachAgentMsg{Agent: agentName(id)})
		cancel()
	}
}

// attach gives a session its synchronizer, registers its first view's tools
// and its resources, and follows its renders: Follow catches up with the
// renders made after the first view, so none falls between the two. One
// follower serves both the tools and the resources, so a change starts
// one goroutine, not one each.
func (s *Server) attach(sess *tea.Session) {
	sy := derive.NewToolSynchronizer(sess.ID, s.reg, aboutSession(s.opts.Logger, sess.ID))
	if !s.syncs.add(sess, sy) {
		return
	}
	_ = sy.Start(sess.Snapshot())
	sy.Follow(sess.Runtime, func(snap tea.Snapshot) { s.res.follow(sess, snap) })
	if sy.Valid() {
		s.res.attach(sess)
	}
	// A session stopped while it was being attached may have been reported
	// before its synchronizer existed: clean up after it here.
	select {
	case <-sess.Done():
		s.onSession(tea.SessionEvent{Session: sess, Started: false})
	default:
	}
}

// staleSessionKey carries the stale call's session id.
const staleSessionKey = "facet/stale_session"

// calledMetaKey carries the name a call rewritten to facet_act was made
// by, so a refusal names the tool the agent called.
const calledMetaKey = "facet/called_tool"

// staleMetaKey marks a call rewritten by rewriteCall for a session that is
// not running.
const staleMetaKey = "facet/stale_tool"

// rewriteCall runs before the SDK looks a tool up. mcp-go answers an
// unregistered name with a protocol error and offers no other hook for it,
// so this is the narrowest point to (1) route a call by the other spelling
// of a tool name (dotted or client-safe) to the name it is registered
// under, and (2) answer a derived-shape name whose session is not running
// with a tool error that names the session, by routing it to facet_act
// with a marker; clients keep names from old listings, even across runs.
func (s *Server) rewriteCall(_ context.Context, _ any, req *sdk.CallToolRequest) {
	if req.Params.Meta != nil {
		// The marker is the server's own word; a client cannot send it.
		delete(req.Params.Meta.AdditionalFields, staleMetaKey)
		delete(req.Params.Meta.AdditionalFields, staleSessionKey)
		delete(req.Params.Meta.AdditionalFields, calledMetaKey)
		delete(req.Params.Meta.AdditionalFields, routedMetaKey)
	}
	name := req.Params.Name
	if s.sdk.GetTool(name) != nil {
		return
	}
	if t, ok := s.reg.Resolve(name); ok {
		if t.Session != "" {
			route(req, t)
			return
		}
		req.Params.Name = s.names.advertised(t)
		return
	}
	session, widget, action, ok := toolname.SplitToolName(name)
	if ok && !reservedIDs[session] {
		if _, running := s.sessions.Get(session); running {
			// A running session's tool that was never derived (a widget not
			// shown yet, a masked field's read): facet_act answers with
			// what the session does have, rather than a bare "not found".
			req.Params.Name = "facet_act"
			req.Params.Arguments = map[string]any{"session": session, "widget": widget, "action": action, "args": req.GetArguments()}
			setMeta(req, calledMetaKey, name)
			return
		}
	}
	// A name of a session (running or not) that no tool has would get
	// mcp-go's bare "tool not found": answer it through facet_act with a
	// marker instead, naming the session, so the agent learns what to do
	// next. A name of no session keeps the protocol error.
	switch {
	case ok:
	case strings.Contains(name, "."):
		session = toolname.SessionOf(name) // ghost.discover_tools
	case s.opts.ToolNames == NamesSafe:
		session = s.names.safeSession(name)
	}
	if reservedIDs[session] || !tea.ValidID(session) || s.sdk.GetTool("facet_act") == nil {
		// Nothing to tell: the protocol's own unknown-tool error.
		return
	}
	req.Params.Name = "facet_act"
	setMeta(req, staleMetaKey, name)
	setMeta(req, staleSessionKey, session)
}

// setMeta sets one of the server's own markers on a rewritten call.
func setMeta(req *sdk.CallToolRequest, key, value string) {
	if req.Params.Meta == nil {
		req.Params.Meta = &sdk.Meta{}
	}
	if req.Params.Meta.AdditionalFields == nil {
		req.Params.Meta.AdditionalFields = map[string]any{}
	}
	req.Params.Meta.AdditionalFields[key] = value
}

// slogWriter adapts the SDK's *log.Logger output to slog.
type slogWriter struct {
	l interface{ Warn(string, ...any) }
}

func (w slogWriter) Write(p []byte) (int, error) {
	w.l.Warn("mcp-go", "msg", string(p))
	return len(p), nil
}
