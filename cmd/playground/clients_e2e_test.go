package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/internal/termtest"
)

// The tests in this file build the playground binary once and talk to it
// as a real client does: the MCP client of mark3labs/mcp-go over stdio
// (--mcp) and over streamable HTTP (--http), reading every answer as it
// came off the wire.

// builtPlayground is the playground binary, built once per test binary
// into a directory TestMain removes.
type builtPlayground struct {
	once     sync.Once
	dir, bin string
	err      error
}

// path builds the binary on first use and returns its path.
func (b *builtPlayground) path(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the playground")
	}
	b.once.Do(func() {
		b.dir, b.err = os.MkdirTemp("", "facet-playground-")
		if b.err != nil {
			return
		}
		b.bin = filepath.Join(b.dir, "playground")
		if out, err := exec.Command("go", "build", "-o", b.bin, ".").CombinedOutput(); err != nil {
			b.err = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.bin
}

// remove deletes the build directory.
func (b *builtPlayground) remove() {
	if b.dir != "" {
		_ = os.RemoveAll(b.dir)
	}
}

var playgroundBuild builtPlayground

func TestMain(m *testing.M) {
	code := m.Run()
	playgroundBuild.remove()
	os.Exit(code)
}

// clientWait bounds one request of a built-binary test: generous, since
// the machine is shared and loaded.
const clientWait = 30 * time.Second

// wireClient sends requests through an initialized mcp-go client's
// transport and keeps each result exactly as it came off the wire.
type wireClient struct {
	t    *testing.T
	c    *client.Client
	next int64
	// server is who answered initialize.
	server sdk.Implementation
}

// wireAnswer is a tools/call result as sent.
type wireAnswer struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	Structured any  `json:"structuredContent"`
	IsError    bool `json:"isError"`
	// bytes is the size of the whole JSON-RPC response on the wire.
	bytes int
}

// text is the answer's text blocks, joined.
func (a wireAnswer) text() string {
	var parts []string
	for _, c := range a.Content {
		parts = append(parts, c.Text)
	}
	return strings.Join(parts, "\n")
}

// request sends one JSON-RPC request and returns its raw result and the
// size of the response as sent (the envelope included).
func (w *wireClient) request(method string, params any) (json.RawMessage, int) {
	w.t.Helper()
	// Ids far from the client's own counter, so they never collide.
	w.next++
	id := 1_000_000 + w.next
	ctx, cancel := context.WithTimeout(context.Background(), clientWait)
	defer cancel()
	resp, err := w.c.GetTransport().SendRequest(ctx, transport.JSONRPCRequest{JSONRPC: "2.0", ID: sdk.NewRequestId(id), Method: method, Params: params})
	if err != nil {
		w.t.Fatalf("%s %v: %v", method, params, err)
	}
	if resp.Error != nil {
		w.t.Fatalf("%s %v: JSON-RPC error %d %s", method, params, resp.Error.Code, resp.Error.Message)
	}
	envelope := len(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":}`, id))
	return resp.Result, envelope + len(resp.Result)
}

// refused sends one JSON-RPC request that must be refused and returns
// the error's message.
func (w *wireClient) refused(method string, params any) string {
	w.t.Helper()
	w.next++
	ctx, cancel := context.WithTimeout(context.Background(), clientWait)
	defer cancel()
	resp, err := w.c.GetTransport().SendRequest(ctx, transport.JSONRPCRequest{JSONRPC: "2.0", ID: sdk.NewRequestId(1_000_000 + w.next), Method: method, Params: params})
	switch {
	case err != nil:
		return err.Error()
	case resp.Error == nil:
		w.t.Fatalf("%s %v was answered, want a refusal: %s", method, params, resp.Result)
	}
	return resp.Error.Message
}

// listedTool is one tool of tools/list: its definition and its size.
type listedTool struct {
	def   wireTool
	bytes int
}

// tools lists the tools as sent, by name.
func (w *wireClient) tools() map[string]listedTool {
	w.t.Helper()
	raw, _ := w.request("tools/list", map[string]any{})
	var list struct {
		Tools      []json.RawMessage `json:"tools"`
		NextCursor string            `json:"nextCursor"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		w.t.Fatalf("tools/list: %v: %s", err, raw)
	}
	if list.NextCursor != "" {
		w.t.Fatalf("tools/list is paged (nextCursor %q): many clients never ask for the next page", list.NextCursor)
	}
	out := make(map[string]listedTool, len(list.Tools))
	for _, b := range list.Tools {
		var def wireTool
		if err := json.Unmarshal(b, &def); err != nil {
			w.t.Fatalf("tools/list: %v: %s", err, b)
		}
		out[def.str("name")] = listedTool{def: def, bytes: len(b)}
	}
	return out
}

// call calls a tool and returns its answer as sent.
func (w *wireClient) call(name string, args map[string]any) wireAnswer {
	w.t.Helper()
	if args == nil {
		args = map[string]any{}
	}
	raw, n := w.request("tools/call", map[string]any{"name": name, "arguments": args})
	var a wireAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		w.t.Fatalf("tools/call %s: %v: %s", name, err, raw)
	}
	a.bytes = n
	return a
}

// mustCall calls a tool and fails the test on an error answer.
func (w *wireClient) mustCall(name string, args map[string]any) wireAnswer {
	w.t.Helper()
	a := w.call(name, args)
	if a.IsError {
		w.t.Fatalf("%s %v answered an error: %s", name, args, a.text())
	}
	return a
}

// initialize sends initialize as a client does.
func initialize(t *testing.T, c *client.Client, name string) *wireClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), clientWait)
	defer cancel()
	res := initClient(ctx, t, c, name, nil)
	return &wireClient{t: t, c: c, server: res.ServerInfo}
}

// stdioPlayground runs the built binary with --mcp and args under an
// mcp-go stdio client, as Claude Code or Codex would start it.
func stdioPlayground(t *testing.T, args ...string) *wireClient {
	t.Helper()
	bin := playgroundBuild.path(t)
	c, err := client.NewStdioMCPClient(bin, os.Environ(), append([]string{"--mcp"}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return initialize(t, c, "stdio-e2e")
}

// httpPlayground runs the built binary headless with --http on a free
// loopback port and args, and returns the base URL it printed.
func httpPlayground(t *testing.T, args ...string) string {
	t.Helper()
	bin := playgroundBuild.path(t)
	var stderr termtest.SyncBuffer
	cmd := exec.Command(bin, append([]string{"--http", "127.0.0.1:0"}, args...)...)
	cmd.Stdin = nil // /dev/null: no terminal, so it serves headless
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(clientWait):
			_ = cmd.Process.Kill()
			<-exited
		}
	})
	listening := regexp.MustCompile(httpListening)
	deadline := time.Now().Add(clientWait)
	for {
		if m := listening.FindStringSubmatch(stderr.String()); m != nil {
			return m[1]
		}
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("the playground exited (%v) before serving; stderr:\n%s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the playground never said where it serves; stderr:\n%s", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// httpClient is an initialized streamable-HTTP client of base.
func httpClient(t *testing.T, base, name string) *wireClient {
	t.Helper()
	c, err := client.NewStreamableHttpClient(base + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), clientWait)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return initialize(t, c, name)
}

// everyApp is every demo of the catalog, restricted ones included, as a
// --startable list.
func everyApp() string {
	var names []string
	for _, a := range mcpApps() {
		names = append(names, a.Name)
	}
	return strings.Join(names, ",")
}

// outputValidator validates structured answers against the outputSchema
// each tool declares, with a JSON Schema validator (google/jsonschema-go),
// so the check covers every keyword the schema uses, not a subset.
type outputValidator struct {
	resolved map[string]*jsonschema.Resolved
}

// check reports how answer breaks the outputSchema in def, or "".
func (v *outputValidator) check(def wireTool, answer any) string {
	name := def.str("name")
	rs, ok := v.resolved[name]
	if !ok {
		out := def.obj("outputSchema")
		if out == nil {
			return "the tool answers structuredContent but declares no outputSchema"
		}
		b, err := json.Marshal(out)
		if err != nil {
			return err.Error()
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Sprintf("outputSchema is not a JSON Schema: %v", err)
		}
		if rs, err = s.Resolve(nil); err != nil {
			return fmt.Sprintf("outputSchema does not resolve: %v", err)
		}
		v.resolved[name] = rs
	}
	if err := rs.Validate(answer); err != nil {
		return err.Error()
	}
	return ""
}

// exploration is what a walk through every demo saw.
type exploration struct {
	// seen is every tool definition any tools/list held, by name (the
	// last definition of each name).
	seen    map[string]wireTool
	answers int
}

// exploreEveryDemo starts every demo and, in two rounds, selects every
// tab, clicks every button (so dialogs open) and calls every read and
// discover_tools; every structured answer on the way is validated
// against its tool's outputSchema as listed then.
func exploreEveryDemo(t *testing.T, w *wireClient, prefix string) exploration {
	t.Helper()
	ex := exploration{seen: map[string]wireTool{}}
	v := &outputValidator{resolved: map[string]*jsonschema.Resolved{}}
	var listed map[string]listedTool
	relist := func() {
		listed = w.tools()
		for n, lt := range listed {
			ex.seen[n] = lt.def
		}
	}
	relist()
	call := func(name string, args map[string]any) bool {
		a := w.call(name, args)
		if a.IsError {
			return false
		}
		if a.Structured != nil {
			ex.answers++
			def, ok := listed[name]
			if !ok {
				relist()
				def = listed[name]
			}
			if p := v.check(def.def, a.Structured); p != "" {
				t.Errorf("%s %v answered what its outputSchema refuses: %s", name, args, p)
			}
		}
		return true
	}
	for i, app := range mcpApps() {
		// The longest id facet_start takes (seven characters), so the
		// names checked are the longest a session can have.
		id := fmt.Sprintf("%s%06d", prefix, i)
		if !call("facet_start", map[string]any{"app": app.Name, "id": id}) {
			t.Fatalf("facet_start %s failed", app.Name)
		}
		relist()
		call("facet_screenshot", map[string]any{"id": id})
		call("facet_list", nil)
		names := func() []string {
			relist()
			return slices.Sorted(maps.Keys(listed))
		}
		// Each tab shows tools of its own: list them before the next.
		walkSession(id, names, func(name string, args map[string]any) bool {
			ok := call(name, args)
			if ok && strings.HasSuffix(name, "_select_tab") {
				relist()
			}
			return ok
		})
		relist()
	}
	return ex
}

// checkEveryDefinition checks every tool definition seen against Facet's
// name rule and each client's published rules (clientRules: one row per
// rule, its source named beside it).
func checkEveryDefinition(t *testing.T, ex exploration) {
	t.Helper()
	names := make([]string, 0, len(ex.seen))
	for n := range ex.seen {
		names = append(names, n)
	}
	sort.Strings(names)
	statics := 0
	for _, n := range names {
		if !facetName.MatchString(n) {
			t.Errorf("tool name %q does not match %s", n, facetName)
		}
		if strings.HasPrefix(n, "facet_") {
			statics++
		}
	}
	if statics < 6 {
		t.Errorf("only %d static facet_* tools were listed: %v", statics, names)
	}
	for _, r := range clientRules {
		for _, n := range names {
			if p := r.check(ex.seen[n]); p != "" {
				t.Errorf("%s: %s: tool %s: %s", r.client, r.rule, n, p)
			}
		}
	}
	if len(names) < 50 || ex.answers < 50 {
		t.Fatalf("saw %d tools and %d structured answers: the walk did not reach the demos", len(names), ex.answers)
	}
	t.Logf("%d tool definitions (%d static) checked against %d rules; %d structured answers validated against their outputSchema",
		len(names), statics, len(clientRules), ex.answers)
}

// TestBuiltPlaygroundServesToolsEveryClientAccepts runs the built binary
// over stdio and over HTTP, walks every demo, tab and dialog through it,
// and checks every tool definition it listed and every answer it gave.
func TestBuiltPlaygroundServesToolsEveryClientAccepts(t *testing.T) {
	t.Run("stdio", func(t *testing.T) {
		w := stdioPlayground(t, "--startable="+everyApp())
		checkEveryDefinition(t, exploreEveryDemo(t, w, "s"))
	})
	t.Run("http", func(t *testing.T) {
		base := httpPlayground(t, "--startable="+everyApp(), "--allow-tools=*", "--allow-read-methods=*", "--max-sessions-per-client=32")
		w := httpClient(t, base, "http-e2e")
		checkEveryDefinition(t, exploreEveryDemo(t, w, "h"))
	})
}

// TestBuiltPlaygroundKeepsEachHTTPClientsSessionsToItself: over HTTP,
// client A starts 100 counter sessions; client B lists none of their
// tools, facet_list shows B none of them, and B can neither call nor stop
// them, each refusal saying why.
func TestBuiltPlaygroundKeepsEachHTTPClientsSessionsToItself(t *testing.T) {
	const n = 100
	base := httpPlayground(t, "--allow-tools=*", "--allow-read-methods=*", fmt.Sprintf("--max-sessions=%d", n+10), fmt.Sprintf("--max-sessions-per-client=%d", n+10))
	a := httpClient(t, base, "client-a")
	b := httpClient(t, base, "client-b")
	for i := range n {
		a.mustCall("facet_start", map[string]any{"app": "counter", "id": fmt.Sprintf("a%d", i)})
	}
	ofA := regexp.MustCompile(`^a[0-9]+_`)

	aTools, bTools := a.tools(), b.tools()
	if _, ok := aTools["a99_inc_click"]; !ok {
		t.Fatalf("client A does not list its own session's a99_inc_click")
	}
	for name := range bTools {
		if ofA.MatchString(name) {
			t.Errorf("client B lists %s, a tool of a session client A started", name)
		}
	}
	aList, bList := a.mustCall("facet_list", nil), b.mustCall("facet_list", nil)
	if !strings.Contains(aList.text(), "a99") {
		t.Fatalf("client A's facet_list does not show its session a99:\n%s", aList.text())
	}
	if got := fmt.Sprint(bList.Structured); regexp.MustCompile(`\ba[0-9]+\b`).MatchString(got) {
		t.Errorf("client B's facet_list shows client A's sessions: %s", got)
	}

	const why = "started by another client and not shared"
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"a7_inc_click", nil},
		{"a7_discover_tools", nil},
		{"facet_act", map[string]any{"session": "a7", "widget": "inc", "action": "click"}},
		{"facet_screenshot", map[string]any{"id": "a7"}},
		{"facet_send_key", map[string]any{"id": "a7", "key": "enter"}},
		{"facet_get_model", map[string]any{"id": "a7"}},
		{"facet_stop", map[string]any{"id": "a7"}},
	} {
		got := b.call(tc.tool, tc.args)
		if !got.IsError || !strings.Contains(got.text(), why) {
			t.Errorf("client B's %s %v = error %v %q, want an error saying %q", tc.tool, tc.args, got.IsError, got.text(), why)
		}
	}
	// Resources follow the same rule.
	if msg := b.refused("resources/read", map[string]any{"uri": "facet://session/a7/widgets"}); !strings.Contains(msg, "another client and not shared") {
		t.Errorf("client B's resources/read of a7's widgets was refused with %q, want it to say the session is another connection's", msg)
	}
	if raw, _ := a.request("resources/list", map[string]any{}); !strings.Contains(string(raw), "facet://session/a99/") {
		t.Fatalf("client A's resources/list does not show its session a99: %.300s", raw)
	}
	raw, _ := b.request("resources/list", map[string]any{})
	if regexp.MustCompile(`facet://session/a[0-9]+/`).Match(raw) {
		t.Errorf("client B's resources/list shows client A's sessions: %.300s", raw)
	}
	if got := a.mustCall("facet_screenshot", map[string]any{"id": "a7"}); !strings.Contains(got.text(), "Count: 0") {
		t.Errorf("after client B's attempts, client A's session a7 is not untouched at Count: 0:\n%s", got.text())
	}
	a.mustCall("facet_stop", map[string]any{"id": "a7"})

	// A session started shared: B lists it and acts on it, but only A
	// may stop it.
	a.mustCall("facet_start", map[string]any{"app": "counter", "id": "pub", "shared": true})
	if _, ok := b.tools()["pub_inc_click"]; !ok {
		t.Fatal("client B does not list pub_inc_click of the session client A shared")
	}
	b.mustCall("pub_inc_click", nil)
	if got := b.call("facet_stop", map[string]any{"id": "pub"}); !got.IsError || !strings.Contains(got.text(), "only the client that started it can stop it") {
		t.Errorf("client B's facet_stop of the shared session = error %v %q, want a refusal saying only its starter may stop it", got.IsError, got.text())
	}
	a.mustCall("facet_stop", map[string]any{"id": "pub"})
	t.Logf("client A lists %d tools over %d sessions; client B lists %d", len(aTools), n, len(bTools))
}

// TestBuiltPlaygroundSearchTaskIsAffordable: through the built binary over
// stdio, the search task (type a query, submit, sort, read the rows) takes
// at most 4 calls and 4 KB of answers, and one search session's tools take
// at most 4.5 KB of tools/list (3 KB before each derived tool carried its
// widget and action in _meta, about 45 bytes a tool, 3.5 KB before its
// reads' output schemas declared their rows and values and its writes'
// their members). Sizes are of the JSON-RPC responses as sent.
func TestBuiltPlaygroundSearchTaskIsAffordable(t *testing.T) {
	w := stdioPlayground(t)
	start := w.mustCall("facet_start", map[string]any{"app": "search", "id": "demo"})
	steps := []struct {
		tool string
		args map[string]any
	}{
		{"demo_search_type_into", map[string]any{"text": "rust"}},
		{"demo_submit_click", nil},
		{"demo_results_sort", map[string]any{"column": "stars", "direction": "desc"}},
		{"demo_results_get_rows", nil},
	}
	total := 0
	var last wireAnswer
	var sizes []string
	for _, s := range steps {
		last = w.mustCall(s.tool, s.args)
		total += last.bytes
		sizes = append(sizes, fmt.Sprintf("%s %d B", s.tool, last.bytes))
	}
	if !strings.Contains(last.text(), "rust-lang/rust") {
		t.Fatalf("the rows do not show the search's results:\n%s", last.text())
	}
	session, count := 0, 0
	for name, lt := range w.tools() {
		if strings.HasPrefix(name, "demo_") {
			session += lt.bytes
			count++
		}
	}
	report := fmt.Sprintf("search task over stdio: %d calls, %d bytes of answers (%s; facet_start %d B); session demo: %d tools, %d bytes of tools/list",
		len(steps), total, strings.Join(sizes, ", "), start.bytes, count, session)
	t.Log(report)
	if len(steps) > 4 || total > 4096 || session > 4608 {
		t.Errorf("over budget (4 calls, 4096 bytes of answers, 4608 bytes of tools): %s", report)
	}
}

func TestOutputValidatorRefusesWhatTheSchemaRefuses(t *testing.T) {
	schema := map[string]any{"type": "object", "required": []any{"rows"}, "properties": map[string]any{
		"rows":  map[string]any{"type": "array", "items": map[string]any{"type": "object", "properties": map[string]any{"stars": map[string]any{"type": "integer"}}}},
		"order": map[string]any{"type": "string", "enum": []any{"asc", "desc"}},
	}}
	tests := []struct {
		name   string
		def    wireTool
		answer string
		want   string
	}{
		{"an answer that conforms", wireTool{"name": "t", "outputSchema": schema}, `{"rows":[{"stars":3}],"order":"asc"}`, ""},
		{"a number sent as a string", wireTool{"name": "t", "outputSchema": schema}, `{"rows":[{"stars":"3"}]}`, "stars"},
		{"a required member missing", wireTool{"name": "t", "outputSchema": schema}, `{"order":"asc"}`, "rows"},
		{"a value outside the enum", wireTool{"name": "t", "outputSchema": schema}, `{"rows":[],"order":"up"}`, "order"},
		{"no outputSchema", wireTool{"name": "t"}, `{"rows":[]}`, "declares no outputSchema"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var answer any
			if err := json.Unmarshal([]byte(tc.answer), &answer); err != nil {
				t.Fatal(err)
			}
			v := &outputValidator{resolved: map[string]*jsonschema.Resolved{}}
			got := v.check(tc.def, answer)
			if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
				t.Errorf("check(%s) = %q, want a problem naming %q", tc.answer, got, tc.want)
			}
		})
	}
}

// TestBuiltPlaygroundCompactListStaysSmall: with --tools=compact, the
// built binary lists only the static tools (facet_* and the agent tool
// the playground serves) and each session's discover_tools, and the
// search task still runs by parts through facet_act.
func TestBuiltPlaygroundCompactListStaysSmall(t *testing.T) {
	w := stdioPlayground(t, "--tools=compact")
	w.mustCall("facet_start", map[string]any{"app": "search", "id": "demo"})
	tools := w.tools()
	size := 0
	for name, lt := range tools {
		size += lt.bytes
		if !strings.HasPrefix(name, "facet_") && !agentStatic[name] && name != "demo_discover_tools" {
			t.Errorf("compact tools/list holds %s", name)
		}
	}
	if _, ok := tools["demo_discover_tools"]; !ok {
		t.Errorf("compact tools/list has no demo_discover_tools")
	}
	act := func(widget, action string, args map[string]any) wireAnswer {
		return w.mustCall("facet_act", map[string]any{"session": "demo", "widget": widget, "action": action, "args": args})
	}
	act("search", "type_into", map[string]any{"text": "rust"})
	act("submit", "click", nil)
	act("results", "sort", map[string]any{"column": "stars", "direction": "desc"})
	if rows := act("results", "get_rows", nil); !strings.Contains(rows.text(), "rust-lang/rust") {
		t.Fatalf("the rows read through facet_act do not show the search's results:\n%s", rows.text())
	}
	t.Logf("compact tools/list with one search session: %d tools, %d bytes", len(tools), size)
}

// TestBuiltPlaygroundsSessionCapNamesNoOtherClientsSessions: over HTTP,
// when client A's sessions fill --max-sessions, client B's refused
// facet_start says why without naming A's sessions, and A's names its
// own to stop.
func TestBuiltPlaygroundsSessionCapNamesNoOtherClientsSessions(t *testing.T) {
	base := httpPlayground(t, "--allow-tools=*", "--allow-read-methods=*", "--max-sessions=3")
	a := httpClient(t, base, "client-a")
	b := httpClient(t, base, "client-b")
	for i := range 3 {
		a.mustCall("facet_start", map[string]any{"app": "counter", "id": fmt.Sprintf("secret%d", i)})
	}
	got := b.call("facet_start", map[string]any{"app": "counter", "id": "mine"})
	if !got.IsError || !strings.Contains(got.text(), "limit of 3") || !strings.Contains(got.text(), "other client connections") {
		t.Errorf("client B's facet_start at the cap = error %v %q, want a refusal naming the limit and that other connections hold it", got.IsError, got.text())
	}
	if strings.Contains(got.text(), "secret") {
		t.Errorf("client B's refusal names client A's sessions: %q", got.text())
	}
	// An id another connection holds is taken, and nothing more is said
	// (client B could not stop it).
	got = b.call("facet_start", map[string]any{"app": "counter", "id": "secret0"})
	if !got.IsError || !strings.Contains(got.text(), `id "secret0" is taken`) || strings.Contains(got.text(), "facet_stop") {
		t.Errorf("client B's facet_start of client A's id = error %v %q, want only that the id is taken", got.IsError, got.text())
	}
	got = a.call("facet_start", map[string]any{"app": "counter", "id": "more"})
	if !got.IsError || !strings.Contains(got.text(), "facet_stop one of yours first: secret0, secret1, secret2") {
		t.Errorf("client A's facet_start at the cap = error %v %q, want its own sessions named to stop", got.IsError, got.text())
	}
}

// agentStatic are the playground's static agent tools (issue 14's MCP
// surface): static, so a compact list keeps them.
var agentStatic = map[string]bool{"agent": true}
