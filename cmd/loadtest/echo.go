package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// kindEcho is a bare mcp-go server (no Facet) answering the agents'
// search task with Facet's own answers: the floor of the streamable HTTP
// transport under the same load, answering the same bytes.
const kindEcho = "echo"

// echoAnswers are a real Facet server's answers to the search task's
// calls, captured at start-up (captureAnswers): facet_start's, and each
// step's by the query the agent searches for. The echo server answers
// them as they are.
type echoAnswers struct {
	Start json.RawMessage `json:"start"`
	// Steps holds, per step of the search task (searchSteps), the answer
	// to it by query.
	Steps [len(searchSteps)]map[string]json.RawMessage `json:"steps"`
}

// captureAnswers runs the search task against a real Facet MCP server in
// this process (every query, twice: the second pass is the steady state
// the agents cycle through) and keeps the answers of the second pass.
func captureAnswers(ctx context.Context) (echoAnswers, error) {
	var out echoAnswers
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return out, err
	}
	sctx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- serveMCP(sctx, l) }()
	defer func() {
		stop()
		<-served
	}()
	a, err := dialAgent(ctx, l.Addr().String(), "", "")
	if err != nil {
		return out, fmt.Errorf("capturing Facet's answers: %w", err)
	}
	defer a.close()
	// The agents' sessions are a1 to a500: a1 answers as long as most.
	a.session = "a1"
	start, err := a.call(ctx, "facet_start", map[string]any{"app": "search", "session": a.session})
	if err != nil {
		return out, fmt.Errorf("capturing Facet's answers: %w", err)
	}
	if out.Start, err = json.Marshal(start); err != nil {
		return out, err
	}
	want, err := expectedMatches()
	if err != nil {
		return out, err
	}
	for i := range out.Steps {
		out.Steps[i] = map[string]json.RawMessage{}
	}
	for pass := range 2 {
		for _, q := range searchQueries {
			if _, exact, err := a.searchOnce(ctx, q, want[q]); err != nil || !exact {
				return out, fmt.Errorf("capturing Facet's answers: search %q: exact %v, %w", q, exact, err)
			}
			if pass == 0 {
				continue
			}
			for i, res := range a.answers {
				if out.Steps[i][q], err = json.Marshal(res); err != nil {
					return out, err
				}
			}
		}
	}
	return out, nil
}

// writeAnswers writes answers to a new temporary file, for the echo
// server (in a child process or not) to read, and answers its path.
func writeAnswers(answers echoAnswers) (string, error) {
	b, err := json.Marshal(answers)
	if err != nil {
		return "", err
	}
	f, err := os.CreateTemp("", "facet-loadtest-echo-*.json")
	if err != nil {
		return "", fmt.Errorf("writing Facet's answers for the echo server: %w", err)
	}
	_, werr := f.Write(b)
	if err := errors.Join(werr, f.Close()); err != nil {
		_ = os.Remove(f.Name())
		return "", fmt.Errorf("writing Facet's answers for the echo server: %w", err)
	}
	return f.Name(), nil
}

// echoServer answers the search task with Facet's captured answers. It
// keeps what each session's agent typed and submitted, as little state
// as a server can keep and still answer each query's page.
type echoServer struct {
	sdk   *mcpserver.MCPServer
	start *sdk.CallToolResult
	steps [len(searchSteps)]map[string]*sdk.CallToolResult

	mu       sync.Mutex
	sessions map[string]*echoSession
}

// echoSession is what one session's agent typed, and what it submitted.
type echoSession struct{ typed, submitted string }

// serveEcho serves the echo server over streamable HTTP at /mcp on l, a
// loopback listener, until ctx ends, answering the answers in the file
// at path (writeAnswers).
//
// Of what Facet configures (render/mcp's server.go and http.go) it
// mirrors what mcp-go does on every call: stateful sessions whose ids
// are checked (Facet's own id manager checks them too), the same
// protocol versions (those with sessions, as Facet serves a client
// without a bearer token, so that the agents negotiate the same one), an
// event store (it puts every response through the store's path: the POST
// waits for its notification forwarder to exit), the idle TTL and
// heartbeat, tools without listChanged (Facet's derived tools are added
// globally, as here, and it sends list changes itself), panic recovery,
// and the same http.Server settings. It leaves out what is Facet's own:
// the hooks, the caps and limits, the Host and Origin checks and the
// session-id tracking around the handler.
func serveEcho(ctx context.Context, l net.Listener, path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		_ = l.Close()
		return fmt.Errorf("echo: %w", err)
	}
	var answers echoAnswers
	if err := json.Unmarshal(b, &answers); err != nil {
		_ = l.Close()
		return fmt.Errorf("echo: reading Facet's answers: %w", err)
	}
	e, err := newEchoServer(answers)
	if err != nil {
		_ = l.Close()
		return err
	}
	const ttl = 30 * time.Minute // Facet's default HTTP.SessionTTL
	var versions []string
	for _, v := range sdk.ValidProtocolVersions {
		if !sdk.IsModernProtocol(v) {
			versions = append(versions, v)
		}
	}
	streamable := mcpserver.NewStreamableHTTPServer(e.sdk,
		mcpserver.WithEndpointPath("/mcp"),
		mcpserver.WithStateful(true),
		mcpserver.WithHeartbeatInterval(min(ttl/3, 30*time.Second)),
		mcpserver.WithStreamableHTTPProtocolVersions(versions...),
		mcpserver.WithSessionIdleTTL(ttl),
		mcpserver.WithEventStore(mcpserver.NewInMemoryEventStore()),
	)
	mux := http.NewServeMux()
	mux.Handle("/mcp", streamable)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 60 * time.Second,
		MaxHeaderBytes: 64 << 10,
		BaseContext:    func(net.Listener) context.Context { return ctx }}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(shut)
	}()
	if err := hs.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("echo: serve http: %w", err)
	}
	return nil
}

// newEchoServer builds the echo's MCP server from answers, with
// facet_start, which adds a session's tools.
func newEchoServer(answers echoAnswers) (*echoServer, error) {
	e := &echoServer{sessions: map[string]*echoSession{}}
	decode := func(raw json.RawMessage) (*sdk.CallToolResult, error) {
		var res sdk.CallToolResult
		if err := json.Unmarshal(raw, &res); err != nil {
			return nil, fmt.Errorf("echo: reading Facet's answers: %w", err)
		}
		return &res, nil
	}
	var err error
	if e.start, err = decode(answers.Start); err != nil {
		return nil, err
	}
	for i, byQuery := range answers.Steps {
		e.steps[i] = map[string]*sdk.CallToolResult{}
		for q, raw := range byQuery {
			if e.steps[i][q], err = decode(raw); err != nil {
				return nil, err
			}
		}
	}
	e.sdk = mcpserver.NewMCPServer("facet-loadtest-echo", "1",
		mcpserver.WithToolCapabilities(false),
		mcpserver.WithRecovery(),
	)
	e.sdk.AddTool(sdk.NewTool("facet_start",
		sdk.WithString("app", sdk.Required()), sdk.WithString("session", sdk.Required())), e.startSession)
	return e, nil
}

// answer is a copy of res, as Facet builds a new result for every call
// (mcp-go encodes it the same way: text content, raw structured content).
func answer(res *sdk.CallToolResult) *sdk.CallToolResult {
	c := *res
	return &c
}

// startSession is facet_start: it adds the session's tools, one per step
// of the search task, named as Facet names them.
func (e *echoServer) startSession(_ context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	session := req.GetString("session", "")
	if session == "" {
		return sdk.NewToolResultError("facet_start: no session"), nil
	}
	e.mu.Lock()
	_, exists := e.sessions[session]
	if !exists {
		e.sessions[session] = &echoSession{}
	}
	e.mu.Unlock()
	if exists {
		return sdk.NewToolResultError(fmt.Sprintf("facet_start: session %q is running", session)), nil
	}
	var tools []mcpserver.ServerTool
	for i, s := range searchSteps {
		tools = append(tools, mcpserver.ServerTool{
			Tool: sdk.NewTool(session + "_" + s.widget + "_" + s.action),
			Handler: func(_ context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				return e.step(session, i, req), nil
			},
		})
	}
	e.sdk.AddTools(tools...)
	return answer(e.start), nil
}

// step answers step i of the search task in session: Facet's answer to it
// for the query the agent typed (type_into) or submitted (the others).
func (e *echoServer) step(session string, i int, req sdk.CallToolRequest) *sdk.CallToolResult {
	e.mu.Lock()
	s := e.sessions[session]
	q := s.submitted
	switch searchSteps[i].action {
	case "type_into":
		s.typed = req.GetString("text", "")
		q = s.typed
	case "click":
		s.submitted = s.typed
		q = s.submitted
	}
	e.mu.Unlock()
	res, ok := e.steps[i][q]
	if !ok {
		return sdk.NewToolResultError(fmt.Sprintf("echo: no answer of Facet's to %s for %q", searchSteps[i].action, q))
	}
	return answer(res)
}
