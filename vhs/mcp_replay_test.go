package vhs_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// The MCP tape runs mcpScript, which sends mcpRequests to the playground's
// stdio server.
const (
	mcpScript   = "mcp-demo.sh"
	mcpRequests = "mcp-demo.jsonl"
)

// timestamps are replaced in the golden answers: they change every run.
var timestamps = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)

// playgroundApps are the playground's demos as cmd/playground serves them
// over MCP: the evaluator and the process monitor are restricted.
func playgroundApps() []mcp.App {
	var apps []mcp.App
	for _, a := range playground.Catalog() {
		apps = append(apps, mcp.App{Name: a.Name, Title: a.Title, Description: a.Description, New: a.New,
			Restricted: a.Name == "repl" || a.Name == "runtime"})
	}
	return apps
}

func TestMCPTapeRunsTheDemoScript(t *testing.T) {
	tp, err := parseTape("mcp.tape")
	if err != nil {
		t.Fatal(err)
	}
	typed := false
	for _, s := range tp.steps {
		typed = typed || s.text == "bash vhs/"+mcpScript
	}
	if !typed {
		t.Fatalf("mcp.tape does not type \"bash vhs/%s\" on camera", mcpScript)
	}
	script, err := os.ReadFile(mcpScript)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"go run ./cmd/playground --mcp", "vhs/" + mcpRequests} {
		if !bytes.Contains(script, []byte(want)) {
			t.Errorf("%s does not run %q", mcpScript, want)
		}
	}
}

func TestMCPTapeReplaysItsExchange(t *testing.T) {
	requests, err := os.ReadFile(mcpRequests)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := mcp.New(mcp.Options{Apps: playgroundApps(), Sessions: tea.NewSessions(), Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Sessions().StopAll()
	defer srv.Close()

	// The same transport the script uses: JSON-RPC lines over stdio.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- srv.ServeStdio(ctx, inR, outW) }()
	lines := make(chan []byte)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<22)
		for sc.Scan() {
			lines <- append([]byte(nil), sc.Bytes()...)
		}
		close(lines)
	}()
	defer func() {
		cancel()
		_ = inW.Close()
		_ = outW.Close()
		<-served
	}()

	var golden strings.Builder
	for n, line := range bytes.Split(bytes.TrimSpace(requests), []byte("\n")) {
		var req struct {
			ID     *json.RawMessage `json:"id"`
			Method string           `json:"method"`
			Params struct {
				Name      string         `json:"name"`
				Arguments map[string]any `json:"arguments"`
			} `json:"params"`
		}
		if err := json.Unmarshal(line, &req); err != nil {
			t.Fatalf("%s:%d: %v", mcpRequests, n+1, err)
		}
		fmt.Fprintf(&golden, "→ %s", req.Method)
		if req.Method == "tools/call" {
			args, _ := json.Marshal(req.Params.Arguments)
			fmt.Fprintf(&golden, " %s %s", req.Params.Name, args)
		}
		golden.WriteString("\n")
		if _, err := inW.Write(append(line, '\n')); err != nil {
			t.Fatal(err)
		}
		if req.ID == nil {
			continue // a notification: no answer
		}
		answer := awaitAnswer(t, lines, *req.ID)
		golden.WriteString("← " + answer + "\n\n")
	}
	compareGolden(t, "mcp", golden.String())
}

// awaitAnswer reads the server's lines until the answer to id, skipping
// notifications, and returns it as readable text with timestamps replaced.
func awaitAnswer(t *testing.T, lines <-chan []byte, id json.RawMessage) string {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("the server closed its output before answering request %s", id)
			}
			var msg struct {
				ID *json.RawMessage `json:"id"`
			}
			if err := json.Unmarshal(line, &msg); err != nil {
				t.Fatalf("the server wrote a line that is not JSON: %q", line)
			}
			if msg.ID == nil || !slices.Equal(*msg.ID, id) {
				continue
			}
			return timestamps.ReplaceAllString(readable(t, line), "<time>")
		case <-timeout:
			t.Fatalf("no answer to request %s", id)
		}
	}
}

// readable spells an answer for the golden file: a tool result's texts as
// the script prints them (screens as screens) and its structured content
// as JSON; a protocol error or any other result as indented JSON.
func readable(t *testing.T, line []byte) string {
	t.Helper()
	var msg struct {
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(line, &msg); err != nil {
		t.Fatal(err)
	}
	indent := func(raw json.RawMessage) string {
		var out bytes.Buffer
		if err := json.Indent(&out, raw, "  ", "  "); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if msg.Error != nil {
		return "protocol error " + indent(msg.Error)
	}
	var res struct {
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		Structured json.RawMessage `json:"structuredContent"`
		IsError    bool            `json:"isError"`
	}
	if err := json.Unmarshal(msg.Result, &res); err != nil || res.Content == nil {
		return indent(msg.Result)
	}
	var b strings.Builder
	if res.IsError {
		b.WriteString("error result:\n")
	}
	for _, c := range res.Content {
		if c.Type != "text" {
			fmt.Fprintf(&b, "  [%s content]\n", c.Type)
			continue
		}
		for _, l := range strings.Split(strings.TrimRight(c.Text, "\n "), "\n") {
			b.WriteString(strings.TrimRight("  "+l, " ") + "\n")
		}
	}
	if res.Structured != nil {
		b.WriteString("  structured: " + string(res.Structured) + "\n")
	}
	return strings.TrimPrefix(strings.TrimRight(b.String(), "\n"), "  ")
}
