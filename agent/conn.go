package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// Conn is an agent's MCP connection to the server, journaling every call
// and read. It is safe for concurrent use.
type Conn struct {
	c       *client.Client
	journal *Journal
	session string
	steps   atomic.Int64
	last    atomic.Pointer[string]

	mu sync.Mutex
	// readable are the widgets of the last tool list that offer get_value:
	// a text field without it is masked, so what is typed into it never
	// reaches the journal.
	readable map[string]bool
	// parts are the widget and action of each session tool of the last
	// tool list, by advertised name.
	parts map[string][2]string
}

// NewConn journals the calls made on c, an initialized MCP client, for an
// agent working on session. Managers make one per agent; tests and hosts
// can make their own.
func NewConn(c *client.Client, journal *Journal, session string) *Conn {
	return &Conn{c: c, journal: journal, session: session}
}

// Session is the id of the session the agent works on.
func (c *Conn) Session() string { return c.session }

// Journal is the journal the connection records in.
func (c *Conn) Journal() *Journal { return c.journal }

// Client is the underlying MCP client.
func (c *Conn) Client() *client.Client { return c.c }

// Steps is how many tool calls the connection has made.
func (c *Conn) Steps() int { return int(c.steps.Load()) }

// LastAction says in words what the newest tool call did ("clicked inc").
func (c *Conn) LastAction() string {
	if p := c.last.Load(); p != nil {
		return *p
	}
	return ""
}

// ToolInfo is one tool as tools/list shows it to the agent.
type ToolInfo struct {
	Name        string
	Title       string
	Description string
	InputSchema map[string]any
	Sensitive   bool
	// Widget and Action locate a derived tool in its session: the server
	// sends them in its _meta (toolname.MetaWidget, MetaAction).
	Widget, Action string
}

// Result is a tool call's answer: its text, its structured content, and
// whether it was an error result.
type Result struct {
	Text    string
	Value   map[string]any
	IsError bool
}

// Tools lists the tools the server shows the agent (its spawner's view),
// all of them; SessionTools keeps the session's own.
func (c *Conn) Tools(ctx context.Context) ([]ToolInfo, error) {
	start := time.Now()
	var out []ToolInfo
	req := sdk.ListToolsRequest{}
	for {
		res, err := c.c.ListTools(ctx, req)
		if err != nil {
			c.journal.Add(Entry{Kind: KindError, Text: "tools/list: " + err.Error()})
			return nil, fmt.Errorf("tools/list: %w", err)
		}
		for _, t := range res.Tools {
			info := ToolInfo{Name: t.Name, Title: t.Title, Description: t.Description}
			raw := t.RawInputSchema
			if raw == nil {
				raw, _ = json.Marshal(t.InputSchema)
			}
			_ = json.Unmarshal(raw, &info.InputSchema)
			if t.Meta != nil {
				m := t.Meta.AdditionalFields
				info.Sensitive = m["sensitive"] == true
				info.Widget, _ = m[toolname.MetaWidget].(string)
				info.Action, _ = m[toolname.MetaAction].(string)
			}
			out = append(out, info)
		}
		if res.NextCursor == "" {
			break
		}
		req.Params.Cursor = res.NextCursor
	}
	c.journal.Add(Entry{Kind: KindObservation, Text: fmt.Sprintf("tools/list: %d tools", len(out)), Millis: ms(start)})
	return out, nil
}

// SessionTools lists the tools of the agent's session, with each one's
// widget and action set, as the tool's _meta names them. A tool without
// them (of a server that does not send them) falls back to SplitTool.
func (c *Conn) SessionTools(ctx context.Context) ([]ToolInfo, error) {
	all, err := c.Tools(ctx)
	if err != nil {
		return nil, err
	}
	var out []ToolInfo
	readable := map[string]bool{}
	parts := map[string][2]string{}
	for _, t := range all {
		w, a, ok := c.partsOf(t)
		if !ok {
			continue
		}
		t.Widget, t.Action = w, a
		out = append(out, t)
		parts[t.Name] = [2]string{w, a}
		if a == "get_value" {
			readable[w] = true
		}
	}
	c.mu.Lock()
	c.readable = readable
	c.parts = parts
	c.mu.Unlock()
	return out, nil
}

// partsOf answers the widget and action of t when it is a tool of the
// connection's session.
func (c *Conn) partsOf(t ToolInfo) (widget, action string, ok bool) {
	if t.Widget != "" || t.Action != "" {
		// The session's, when its name is what the parts make for this
		// session: sessions whose client-safe ids prefix each other
		// stay apart.
		full := toolname.ToolName(c.session, t.Widget, t.Action)
		ok := tea.ValidID(t.Widget) && toolname.ValidAction(t.Action) && (t.Name == full || t.Name == toolname.SafeName(full))
		return t.Widget, t.Action, ok
	}
	return SplitTool(c.session, t.Name)
}

// ToolFor is the name to call action of widget on session by, spelled as
// the server spells the tools it lists (dotted or client-safe).
func ToolFor(session, widget, action string, dotted bool) string {
	full := toolname.ToolName(session, widget, action)
	if dotted {
		return full
	}
	return toolname.SafeName(full)
}

// MaskedText stands in the journal for what was typed into a masked field.
const MaskedText = "••••"

// journalArgs are a call's arguments as the journal keeps them: the text
// typed into a field that offers no get_value (a password, a masked
// input; any field before the session's tools were listed, or of a
// session whose tools were not) is masked, as every MCP answer masks it.
func (c *Conn) journalArgs(tool string, args map[string]any) map[string]any {
	if _, has := args["text"]; !has {
		return args
	}
	w, a, known := c.widgetOf(tool)
	if known && a != "type_into" {
		return args
	}
	if !known && !strings.HasSuffix(tool, "type_into") {
		return args
	}
	c.mu.Lock()
	readable := known && c.readable[w]
	c.mu.Unlock()
	if readable {
		return args
	}
	out := make(map[string]any, len(args))
	for k, v := range args {
		out[k] = v
	}
	out["text"] = MaskedText
	return out
}

// widgetOf answers the widget and action a call of tool acts on: a tool of
// the last listing, or a dotted derived name of any session (a replay on a
// fresh session of the same app has the same widgets).
func (c *Conn) widgetOf(tool string) (widget, action string, ok bool) {
	c.mu.Lock()
	p, listed := c.parts[tool]
	c.mu.Unlock()
	if listed {
		return p[0], p[1], true
	}
	if _, w, a, ok := toolname.SplitToolName(tool); ok {
		return w, a, true
	}
	return "", "", false
}

// SplitTool splits a tool name of session into widget and action. Dotted
// names split at their dots. Client-safe names are ambiguous where an
// action has "_" in it, so a built-in action that ends the name wins (the
// longest first); otherwise the name splits at its last "_".
func SplitTool(session, name string) (widget, action string, ok bool) {
	if rest, found := strings.CutPrefix(name, session+"."); found {
		w, a, ok := strings.Cut(rest, ".")
		if !ok || w == "" || a == "" || strings.Contains(a, ".") {
			return "", "", false
		}
		return w, a, true
	}
	rest, found := strings.CutPrefix(name, session+"_")
	if !found || rest == "discover_tools" {
		return "", "", false
	}
	for _, a := range multiWordActions {
		if w, cut := strings.CutSuffix(rest, "_"+a); cut && w != "" {
			return w, a, true
		}
	}
	i := strings.LastIndexByte(rest, '_')
	if i <= 0 || i == len(rest)-1 {
		return "", "", false
	}
	return rest[:i], rest[i+1:], true
}

// multiWordActions are the built-in actions with "_" in their names,
// longest first.
var multiWordActions = []string{"get_visible_range", "get_selected", "get_options", "get_checked", "get_position",
	"discover_tools", "select_node", "select_row", "select_tab", "get_nodes", "get_items", "get_value", "get_rows",
	"get_tabs", "type_into", "scroll_to"}

// Call calls tool with args and journals the call and its answer. A tool
// error is a Result with IsError; the error return is for the transport
// (the connection closed, ctx ended).
func (c *Conn) Call(ctx context.Context, tool string, args map[string]any) (Result, error) {
	start := time.Now()
	req := sdk.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := c.c.CallTool(ctx, req)
	c.steps.Add(1)
	what := c.describeCall(tool)
	c.last.Store(&what)
	if err != nil {
		c.journal.Add(Entry{Kind: KindCall, Tool: tool, Args: c.journalArgs(tool, args), Answer: err.Error(), IsError: true, Millis: ms(start)})
		return Result{Text: err.Error(), IsError: true}, fmt.Errorf("%s: %w", tool, err)
	}
	r := Result{IsError: res.IsError}
	var texts []string
	for _, block := range res.Content {
		if t, ok := block.(sdk.TextContent); ok {
			texts = append(texts, t.Text)
		}
	}
	r.Text = strings.Join(texts, "\n")
	if res.StructuredContent != nil {
		b, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(b, &r.Value)
	}
	c.journal.Add(Entry{Kind: KindCall, Tool: tool, Args: c.journalArgs(tool, args), Answer: r.Text, IsError: r.IsError, Millis: ms(start)})
	return r, nil
}

// Read reads a resource and journals that it did (not its content, which
// can be large; the server answered it to the agent alone).
func (c *Conn) Read(ctx context.Context, uri string) (string, error) {
	start := time.Now()
	res, err := c.c.ReadResource(ctx, sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: uri}})
	if err != nil {
		c.journal.Add(Entry{Kind: KindError, Text: "read " + uri + ": " + err.Error(), Millis: ms(start)})
		return "", fmt.Errorf("read %s: %w", uri, err)
	}
	var b strings.Builder
	for _, content := range res.Contents {
		if t, ok := content.(sdk.TextResourceContents); ok {
			b.WriteString(t.Text)
		}
	}
	c.journal.Add(Entry{Kind: KindObservation, Text: fmt.Sprintf("read %s (%d bytes)", uri, b.Len()), Millis: ms(start)})
	return b.String(), nil
}

// describeCall says what a call does in a few words: "clicked inc",
// "type_into query", "facet_screenshot".
func (c *Conn) describeCall(tool string) string {
	w, a, ok := c.widgetOf(tool)
	if !ok {
		w, a, ok = SplitTool(c.session, tool)
	}
	if !ok {
		return tool
	}
	if a == "click" {
		return "clicked " + w
	}
	return a + " " + w
}

func ms(start time.Time) float64 {
	return float64(time.Since(start).Microseconds()) / 1000
}
