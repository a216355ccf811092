package agent

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The tests in this package run agents against fakeHost: an mcp-go server
// of its own with a few tools of session "demo" as render/mcp derives
// them (client-safe names, the widget and action in _meta), and a record
// of what the manager told the host.

// demoTool is a tool of the fake server: name, and the widget and action
// its _meta names ("" for none).
type demoTool struct {
	name, widget, action string
	sensitive            bool
	answer               func(args map[string]any) *sdk.CallToolResult
}

func textAnswer(text string) func(map[string]any) *sdk.CallToolResult {
	return func(map[string]any) *sdk.CallToolResult { return sdk.NewToolResultText(text) }
}

var demoTools = []demoTool{
	{name: "demo_inc_click", widget: "inc", action: "click", sensitive: true, answer: textAnswer("count 1")},
	{name: "demo_name_type_into", widget: "name", action: "type_into", sensitive: true, answer: textAnswer("typed")},
	{name: "demo_email_type_into", widget: "email", action: "type_into", sensitive: true, answer: textAnswer("typed")},
	{name: "demo_email_get_value", widget: "email", action: "get_value", answer: textAnswer("a@b.co")},
	{name: "demo_list_select_row", answer: textAnswer("selected")}, // no _meta: split by name
	{name: "demo_fail_click", widget: "fail", action: "click", answer: func(map[string]any) *sdk.CallToolResult {
		return sdk.NewToolResultError("the button is disabled")
	}},
	{name: "demo_rows_get_rows", widget: "rows", action: "get_rows", answer: func(map[string]any) *sdk.CallToolResult {
		res := sdk.NewToolResultStructured(map[string]any{"rows": []any{"a", "b"}}, "two rows")
		res.Content = append(res.Content, sdk.NewTextContent("and more"))
		return res
	}},
	{name: "other_inc_click", widget: "inc", action: "click", answer: textAnswer("other")},
	{name: "facet_list", answer: textAnswer("sessions: demo")},
}

// newDemoServer is an MCP server with demoTools, listed three to a page,
// and the resource facet://session/demo/widgets.
func newDemoServer() *server.MCPServer {
	s := server.NewMCPServer("demo", "1", server.WithToolCapabilities(true), server.WithResourceCapabilities(false, false),
		server.WithPaginationLimit(3))
	for _, dt := range demoTools {
		tool := sdk.NewTool(dt.name, sdk.WithDescription("the "+dt.name+" tool"), sdk.WithString("text"))
		if dt.name == "demo_list_select_row" {
			tool = sdk.NewToolWithRawSchema(dt.name, "select a row", []byte(`{"type":"object","properties":{"index":{"type":"integer"}}}`))
		}
		fields := map[string]any{}
		if dt.widget != "" {
			fields[toolname.MetaWidget], fields[toolname.MetaAction] = dt.widget, dt.action
		}
		if dt.sensitive {
			fields["sensitive"] = true
		}
		if len(fields) > 0 {
			tool.Meta = &sdk.Meta{AdditionalFields: fields}
		}
		answer := dt.answer
		s.AddTool(tool, func(_ context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return answer(req.GetArguments()), nil
		})
	}
	s.AddResource(sdk.NewResource("facet://session/demo/widgets", "widgets"), func(context.Context, sdk.ReadResourceRequest) ([]sdk.ResourceContents, error) {
		return []sdk.ResourceContents{
			sdk.TextResourceContents{URI: "facet://session/demo/widgets", Text: `{"widgets":`},
			sdk.TextResourceContents{URI: "facet://session/demo/widgets", Text: `[]}`},
		}, nil
	})
	return s
}

// connectDemo is an initialized in-process client of a demo server.
func connectDemo(t testing.TB) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(newDemoServer())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = sdk.Implementation{Name: "agent-test", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// callerKey carries the connection a test's call comes from.
type callerKey struct{}

func asCaller(connection string) context.Context {
	return context.WithValue(context.Background(), callerKey{}, connection)
}

// fakeHost is a Host whose agents connect to demo servers, and which
// records what the manager tells it.
type fakeHost struct {
	t          testing.TB
	style      string
	connectErr error
	addErr     error

	// announced, if set, hears of every ResourceChanged (without waiting).
	announced chan string

	mu        sync.Mutex
	connected []string
	changed   map[string]int
	removed   []string
	tools     map[string][]Tool
}

func newFakeHost(t testing.TB) *fakeHost {
	return &fakeHost{t: t, style: "safe", changed: map[string]int{}, tools: map[string][]Tool{}}
}

func (h *fakeHost) ConnectAs(_ context.Context, agent string) (*client.Client, error) {
	if h.connectErr != nil {
		return nil, h.connectErr
	}
	h.mu.Lock()
	h.connected = append(h.connected, agent)
	h.mu.Unlock()
	return connectDemo(h.t), nil
}

func (h *fakeHost) ResourceChanged(uri string) {
	h.mu.Lock()
	h.changed[uri]++
	h.mu.Unlock()
	select {
	case h.announced <- uri:
	default:
	}
}

func (h *fakeHost) ResourceRemoved(uri string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.removed = append(h.removed, uri)
}

func (h *fakeHost) AddTools(owner string, tools []Tool) error {
	if h.addErr != nil {
		return h.addErr
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.tools[owner] = tools
	return nil
}

func (h *fakeHost) RemoveTools(owner string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.tools, owner)
}

func (h *fakeHost) ToolNameStyle() string { return h.style }

func (h *fakeHost) changes(uri string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.changed[uri]
}

func (h *fakeHost) removedURIs() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.removed)
}

func (h *fakeHost) toolsOf(owner string) []Tool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.tools[owner]
}

// tellingHost is a fakeHost that tells each call's connection, as
// mcphost.Host does.
type tellingHost struct{ *fakeHost }

func (tellingHost) Caller(ctx context.Context) string {
	s, _ := ctx.Value(callerKey{}).(string)
	return s
}

// fakeAgent is an agent whose behaviour a test sets.
type fakeAgent struct {
	run    func(ctx context.Context, env *Env) error
	ask    func(question string) (string, error)
	status map[string]any
}

func (a *fakeAgent) Run(ctx context.Context, env *Env) error {
	if a.run == nil {
		<-ctx.Done()
		return ctx.Err()
	}
	return a.run(ctx, env)
}

func (a *fakeAgent) Ask(_ context.Context, q string) (string, error) {
	if a.ask == nil {
		return "", errors.New("no answer")
	}
	return a.ask(q)
}

func (a *fakeAgent) Status() map[string]any { return a.status }

// kindOf is a factory making a for every spec.
func kindOf(a *fakeAgent) Factory { return func(Spec) (Agent, error) { return a, nil } }

// runsUntilStopped is the kind whose agents work until their context ends.
func runsUntilStopped() Factory { return kindOf(&fakeAgent{}) }

// newTestManager is a manager of host's, closed when the test ends.
func newTestManager(t testing.TB, host Host, opts Options) *Manager {
	t.Helper()
	m, err := NewManager(host, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return m
}

// spawnOK spawns spec and fails the test if it is refused.
func spawnOK(t testing.TB, m *Manager, spec Spec) Info {
	t.Helper()
	i, err := m.Spawn(context.Background(), spec)
	if err != nil {
		t.Fatalf("spawn %+v: %v", spec, err)
	}
	return i
}

// waitOK waits for agent id to finish.
func waitOK(t testing.TB, m *Manager, id string) Info {
	t.Helper()
	i, err := m.Wait(context.Background(), id)
	if err != nil {
		t.Fatalf("wait %s: %v", id, err)
	}
	return i
}

func entryTexts(j *Journal) []string {
	entries, _ := j.Entries()
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		out = append(out, fmt.Sprintf("%s %s%s", e.Kind, e.Tool, e.Text))
	}
	return out
}
