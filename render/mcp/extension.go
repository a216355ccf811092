package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/render/mcp/internal/derive"
)

// ExtraTool is a static tool a host adds to a server with AddTools (the
// agent tool, an AgentBridge's actions): it is listed, authorized,
// refused when sensitive and unguarded, and answered like the facet_*
// tools, by Handle.
type ExtraTool struct {
	// Name is the tool's registered name: a lowercase letter, then
	// [a-z0-9_], optionally one "." and a second such segment (ExtraToolRule).
	Name string
	// Description and InputSchema are cleaned exactly as a widget's action
	// spec is (derive.CleanText, derive.CleanSchema).
	Description string
	InputSchema map[string]any
	// Sensitive tools never run without an authorizer.
	Sensitive bool
	// Title is the tool's short human-readable name; empty, it is made
	// from Name ("agent_spawn" -> "Agent spawn").
	Title string
	// ReadOnly marks a tool that changes nothing (readOnlyHint);
	// Destructive one that destroys (destructiveHint).
	ReadOnly, Destructive bool
	// OutputSchema is the JSON Schema of the tool's structured answer; nil
	// means any object. A value that is not an object is answered as
	// {"value": ...}, and no value as {}.
	OutputSchema map[string]any
	// Handle answers a call that authorization allowed. ctx carries the
	// caller's identity (ConnectAs reads it).
	Handle func(ctx context.Context, args map[string]any) (Answer, error)
}

// extraTitle is the title of an extra tool that gives none: its name in
// words, capitalised.
func extraTitle(name string) string {
	words := strings.NewReplacer("_", " ", ".", " ").Replace(name)
	return strings.ToUpper(words[:1]) + words[1:]
}

// asObject makes an extra tool's answer value the object its output
// schema promises: as it is when it is one, {"value": v} otherwise, {}
// for none.
func asObject(a Answer) Answer {
	switch v := a.Value.(type) {
	case nil:
		a.Value = map[string]any{}
	case map[string]any:
	default:
		b, err := json.Marshal(v)
		if err != nil || len(b) == 0 || b[0] != '{' {
			a.Value = map[string]any{"value": v}
		}
	}
	return a
}

// ExtraToolRule describes the names AddTools accepts.
const ExtraToolRule = "a lowercase letter and up to 47 of [a-z0-9_], optionally followed by one \".\" and such a segment"

var extraNameRe = regexp.MustCompile(`^[a-z][a-z0-9_]{0,47}(\.[a-z][a-z0-9_]{0,47})?$`)

// Extensions is where a host adds to a server (Server.Extensions): static
// tools of its own (AddTools), resource templates it serves
// (AddResourceTemplate) and tells the changes of (ResourceChanged), the
// agents working on each session, and what to do when a client
// connection ends. Package agent/mcphost installs agents this way.
type Extensions struct {
	reg       *derive.Registry
	sdk       *server.MCPServer
	resources *resources
	style     string

	mu       sync.Mutex
	handlers map[string]func(context.Context, map[string]any) (Answer, error)
	owners   map[string][]string // owner -> tool names
	res      []*ExtraResource
	// agentsOf lists the agents working on a session, for its context.
	agentsOf func(session string) any
	// ended are told each client connection that ends.
	ended []func(connection string)
}

// Extensions returns where a host adds tools and resources to the
// server.
func (s *Server) Extensions() *Extensions { return s.ext }

// OnConnectionEnd makes f run with a client connection's id (its
// AuthContext.ConnectionID) when the connection ends, after the sessions
// it started and did not share have stopped: a host stops what belongs to
// it (an agent it spawned).
func (e *Extensions) OnConnectionEnd(f func(connection string)) {
	e.mu.Lock()
	e.ended = append(e.ended, f)
	e.mu.Unlock()
}

// connectionEnded tells every OnConnectionEnd function that connection
// ended.
func (e *Extensions) connectionEnded(connection string) {
	e.mu.Lock()
	fs := append([]func(string){}, e.ended...)
	e.mu.Unlock()
	for _, f := range fs {
		f(connection)
	}
}

// SetSessionAgents makes each session's context resource list, under
// "active_agents", what f answers for it (the agents working on it: id,
// kind, status, last action); nil or an empty answer leaves the key out.
func (e *Extensions) SetSessionAgents(f func(session string) any) {
	e.mu.Lock()
	e.agentsOf = f
	e.mu.Unlock()
}

// sessionAgents answers SetSessionAgents' function for session, or nil.
func (e *Extensions) sessionAgents(session string) any {
	e.mu.Lock()
	f := e.agentsOf
	e.mu.Unlock()
	if f == nil {
		return nil
	}
	return f(session)
}

// extraOwnerPrefix keeps hosts' owners apart from sessions and facet in
// the registry.
const extraOwnerPrefix = "extra:"

// AddTools registers owner's extra tools, replacing what owner registered
// before (so a host can add and drop an agent's tools as one set). Every
// tool is checked and cleaned as a widget's action is; a bad name, a spec
// that cannot be cleaned, or a name already taken (by its client form
// too) refuses the whole set with an error naming the tool.
func (e *Extensions) AddTools(owner string, tools []ExtraTool) error {
	if owner == "" {
		return fmt.Errorf("mcp: AddTools: the owner is empty")
	}
	reg := make([]*derive.Tool, 0, len(tools))
	handlers := map[string]func(context.Context, map[string]any) (Answer, error){}
	for _, t := range tools {
		if !extraNameRe.MatchString(t.Name) {
			return fmt.Errorf("mcp: AddTools: tool name %q is invalid: want %s", t.Name, ExtraToolRule)
		}
		if t.Handle == nil {
			return fmt.Errorf("mcp: AddTools: tool %q has no Handle", t.Name)
		}
		if _, dup := handlers[t.Name]; dup {
			return fmt.Errorf("mcp: AddTools: tool %q is listed twice", t.Name)
		}
		schema := t.InputSchema
		if schema == nil {
			schema = map[string]any{"type": "object", "properties": map[string]any{}}
		}
		clean, err := derive.CleanSchema(schema)
		if err != nil {
			return fmt.Errorf("mcp: AddTools: tool %q: input schema: %w", t.Name, err)
		}
		title := t.Title
		if title == "" {
			title = extraTitle(t.Name)
		}
		out := t.OutputSchema
		if out == nil {
			out = map[string]any{"type": "object"}
		}
		reg = append(reg, &derive.Tool{Name: t.Name, Title: derive.CleanText(title), Description: derive.CleanText(t.Description), InputSchema: clean,
			OutputSchema: out, Sensitive: t.Sensitive, ReadOnly: t.ReadOnly, Destructive: t.Destructive})
		handle := t.Handle
		handlers[t.Name] = func(ctx context.Context, args map[string]any) (Answer, error) {
			a, err := handle(ctx, args)
			if err != nil {
				return a, err
			}
			return asObject(a), nil
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.reg.Register(extraOwnerPrefix+owner, reg); err != nil {
		return fmt.Errorf("mcp: AddTools: %w", err)
	}
	if e.handlers == nil {
		e.handlers = map[string]func(context.Context, map[string]any) (Answer, error){}
		e.owners = map[string][]string{}
	}
	for _, old := range e.owners[owner] {
		delete(e.handlers, old)
	}
	names := make([]string, 0, len(handlers))
	for n, h := range handlers {
		e.handlers[n] = h
		names = append(names, n)
	}
	sort.Strings(names)
	e.owners[owner] = names
	return nil
}

// RemoveTools removes every extra tool owner registered, in one change.
func (e *Extensions) RemoveTools(owner string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.reg.RemoveOwner(extraOwnerPrefix + owner)
	for _, n := range e.owners[owner] {
		delete(e.handlers, n)
	}
	delete(e.owners, owner)
}

// ToolNameStyle returns the server's tool name style (NamesDotted or
// NamesSafe), for hosts that name extra tools the way derived ones are.
func (e *Extensions) ToolNameStyle() string { return e.style }

// handler returns the extra tool registered as name, or nil.
func (e *Extensions) handler(name string) func(context.Context, map[string]any) (Answer, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.handlers[name]
}

// ToolError is a caller's mistake with message msg, for an extra tool's
// Handle: it is answered as an error result and never counts as a fault.
func ToolError(format string, args ...any) error {
	return callerError(strings.TrimSpace(fmt.Sprintf(format, args...)))
}
