package recordtool_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/trace"
	"github.com/facetui/facet/trace/recordtool"
)

// conn is one client connection of the server: a principal of its own.
type conn struct {
	t *testing.T
	c *client.Client
}

func connect(t *testing.T, srv *mcp.Server) conn {
	t.Helper()
	ic, err := srv.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c := mcpclient.New(ic)
	t.Cleanup(func() { _ = c.Close() })
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	req := sdk.InitializeRequest{}
	req.Params.ProtocolVersion = sdk.LATEST_PROTOCOL_VERSION
	req.Params.ClientInfo = sdk.Implementation{Name: "recordtool-test", Version: "1"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatal(err)
	}
	return conn{t: t, c: c}
}

// call answers a tool call as its text, and whether it was an error.
func (c conn) call(name string, args map[string]any) (string, map[string]any, bool) {
	c.t.Helper()
	req := sdk.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.c.CallTool(context.Background(), req)
	if err != nil {
		return err.Error(), nil, true
	}
	var text []string
	for _, content := range res.Content {
		if tc, ok := content.(sdk.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	var value map[string]any
	if b, err := json.Marshal(res.StructuredContent); err == nil {
		_ = json.Unmarshal(b, &value)
	}
	return strings.Join(text, "\n"), value, res.IsError
}

func (c conn) ok(name string, args map[string]any) (string, map[string]any) {
	c.t.Helper()
	text, value, isErr := c.call(name, args)
	if isErr {
		c.t.Fatalf("%s %v: %s", name, args, text)
	}
	return text, value
}

func (c conn) refused(name string, args map[string]any, want string) {
	c.t.Helper()
	text, _, isErr := c.call(name, args)
	if !isErr || !strings.Contains(text, want) {
		c.t.Errorf("%s %v answered %q (error %v), want an error containing %q", name, args, text, isErr, want)
	}
}

func server(t *testing.T) *mcp.Server {
	t.Helper()
	srv, err := mcp.New(mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()},
		Apps: []mcp.App{{Name: "counter", New: func() tea.Model { return playground.NewCounter() }}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	tool, err := recordtool.Register(srv)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tool.Close)
	t.Cleanup(srv.Sessions().StopAll)
	return srv
}

func TestAnAgentRecordsStopsAndFetchesASessionItStarted(t *testing.T) {
	srv := server(t)
	a := connect(t, srv)
	a.ok("facet_start", map[string]any{"app": "counter", "id": "a1"})
	_, v := a.ok(recordtool.Name, map[string]any{"action": "start", "session": "a1"})
	if v["recording"] != true {
		t.Errorf("start answered %v", v)
	}
	a.refused(recordtool.Name, map[string]any{"action": "start", "session": "a1"}, "being recorded already")
	click := map[string]any{"session": "a1", "widget": "inc", "action": "click"}
	a.ok("facet_act", click)
	a.ok("facet_act", click)
	// Fetched while it records: the recording so far.
	data, v := a.ok(recordtool.Name, map[string]any{"action": "fetch", "session": "a1"})
	if v["recording"] != true || v["format"] != recordtool.FormatRecording {
		t.Errorf("fetch answered %v", v)
	}
	entries, err := trace.Read(strings.NewReader(data))
	if err != nil {
		t.Fatalf("the recording does not read: %v\n%s", err, data)
	}
	if n := clicks(entries); n != 2 {
		t.Errorf("%d clicks recorded, want 2:\n%s", n, data)
	}
	a.ok("facet_act", click)
	a.ok(recordtool.Name, map[string]any{"action": "stop", "session": "a1"})
	a.ok("facet_act", click) // after stop: not recorded
	data, _ = a.ok(recordtool.Name, map[string]any{"action": "fetch", "session": "a1"})
	entries, _ = trace.Read(strings.NewReader(data))
	if n := clicks(entries); n != 3 {
		t.Errorf("%d clicks recorded, want 3 (the fourth came after stop)", n)
	}
	if res, err := trace.Replay(context.Background(), entries, playground.NewCounter(), trace.ReplayOptions{}); err != nil || res.Inputs != 4 {
		t.Errorf("replay of the fetched recording (3 clicks and the agent attaching): %+v %v", res, err)
	}
	cast, _ := a.ok(recordtool.Name, map[string]any{"action": "fetch", "session": "a1", "format": "asciicast"})
	if !strings.HasPrefix(cast, `{"version":2,`) || !strings.Contains(cast, "Count: 3") {
		t.Errorf("asciicast:\n%s", cast)
	}
	src, _ := a.ok(recordtool.Name, map[string]any{"action": "fetch", "session": "a1", "format": "go_test"})
	if !strings.Contains(src, "func TestCounterRecording(t *testing.T)") || strings.Count(src, `s.Call("inc.click", nil)`) != 3 {
		t.Errorf("go test:\n%s", src)
	}
	a.refused(recordtool.Name, map[string]any{"action": "fetch", "session": "a1", "format": "mp4"}, `format "mp4" is not one of`)
}

func TestOnlyTheSessionsOwnerRecordsOrFetches(t *testing.T) {
	srv := server(t)
	a, b := connect(t, srv), connect(t, srv)
	if _, err := srv.StartSession(context.Background(), "host", "counter", playground.NewCounter()); err != nil {
		t.Fatal(err)
	}
	a.ok("facet_start", map[string]any{"app": "counter", "id": "a1"})
	a.ok("facet_start", map[string]any{"app": "counter", "id": "pub", "shared": true})
	for _, c := range []struct {
		who     conn
		session string
		want    string
	}{
		{b, "a1", "is not yours"},
		{b, "pub", "is not yours"},
		{a, "host", "is not yours"},
		{a, "nosuch", "is not yours"},
	} {
		c.who.refused(recordtool.Name, map[string]any{"action": "start", "session": c.session}, c.want)
	}
	a.ok(recordtool.Name, map[string]any{"action": "start", "session": "pub"})
	b.refused(recordtool.Name, map[string]any{"action": "fetch", "session": "pub"}, "you have no recording of session `pub`")
	b.refused(recordtool.Name, map[string]any{"action": "stop", "session": "pub"}, "you have no recording of session `pub`")
	a.ok(recordtool.Name, map[string]any{"action": "fetch", "session": "pub"})
}

func TestARecordingEndsWithItsSessionAndIsStillFetched(t *testing.T) {
	srv := server(t)
	a := connect(t, srv)
	a.ok("facet_start", map[string]any{"app": "counter", "id": "a1"})
	a.ok(recordtool.Name, map[string]any{"action": "start", "session": "a1"})
	a.ok("facet_act", map[string]any{"session": "a1", "widget": "inc", "action": "click"})
	a.ok("facet_stop", map[string]any{"session": "a1"})
	data, v := a.ok(recordtool.Name, map[string]any{"action": "fetch", "session": "a1"})
	if v["recording"] != false {
		t.Errorf("the recording of a stopped session is still running: %v", v)
	}
	entries, err := trace.Read(strings.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if last := entries[len(entries)-1]; last.Kind != trace.KindEnd || clicks(entries) != 1 {
		t.Errorf("the recording ends with %+v and has %d clicks", last, clicks(entries))
	}
}

// clicks counts the recorded clicks on the counter's +1 (the agent's
// attaching is an input too).
func clicks(entries []trace.Entry) int {
	n := 0
	for _, e := range entries {
		if e.Kind == trace.KindInput && e.Via != nil && e.Via.Widget == "inc" {
			n++
		}
	}
	return n
}
