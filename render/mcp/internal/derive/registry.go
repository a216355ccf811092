package derive

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/facetui/facet/render/mcp/toolname"
)

// ErrNameCollision is matched (errors.Is) by *NameCollisionError.
var ErrNameCollision = errors.New("tool name collision")

// NameCollisionError lists tools refused because their name, or the name a
// renaming client would see (SafeName), is held by another tool.
type NameCollisionError struct {
	Names []string
}

func (e *NameCollisionError) Error() string {
	return fmt.Sprintf("tool names taken by other tools (as clients see them): %s", strings.Join(e.Names, ", "))
}

// Is makes errors.Is(err, ErrNameCollision) true.
func (e *NameCollisionError) Is(target error) bool { return target == ErrNameCollision }

// Sink is where a registry publishes its tool list (the MCP server, or a
// server the tools are mounted on). Each call is one change, which a server
// announces with one notifications/tools/list_changed.
type Sink interface {
	AddTools(tools []*Tool)
	RemoveTools(names []string)
}

// Registry is the single source of truth for the server's tool list. It owns
// tools by owner (a session's synchronizer, or the server for static tools),
// refuses a name whose client name another tool holds, and publishes each
// change to its sink exactly once.
type Registry struct {
	mu      sync.RWMutex
	tools   map[string]*regEntry
	clients map[string]string // SafeName -> tool name
	// bySession holds each session's entries (the tools whose name's
	// first "." segment is its id), so that one session's tools are found
	// without a walk over every session's: a walk that made starting
	// ten thousand sessions quadratic.
	bySession map[string][]*regEntry
	sinks     []Sink
	// specs are the cleaned schemas its sessions' derived tools share.
	specs specs
	// scratch is where its sessions' renders derive (see deriveMemo).
	scratch sync.Pool
}

type regEntry struct {
	tool  *Tool
	owner string
}

// NewRegistry returns an empty registry that publishes to sink (nil for
// none, in tests).
func NewRegistry(sink Sink) *Registry {
	r := &Registry{tools: map[string]*regEntry{}, clients: map[string]string{}, bySession: map[string][]*regEntry{}}
	r.scratch.New = newMemoScratch
	if sink != nil {
		r.sinks = append(r.sinks, sink)
	}
	return r
}

// AddSink publishes every current tool to sink, then every later change.
func (r *Registry) AddSink(sink Sink) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sinks = append(r.sinks, sink)
	all := make([]*Tool, 0, len(r.tools))
	for _, e := range r.tools {
		all = append(all, e.tool)
	}
	if len(all) > 0 {
		sink.AddTools(all)
	}
}

// Register adds or replaces owner's tools. A tool whose name another owner
// holds, or whose SafeName another tool holds, is refused: the error is a
// *NameCollisionError naming only those. The rest are registered in one
// change.
func (r *Registry) Register(owner string, tools []*Tool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var refused []string
	var accepted []*Tool
	// batch holds the client names this call accepts, so two tools of one
	// batch (widget ids x_y and x-y) cannot share one either.
	batch := map[string]string{}
	for _, t := range tools {
		if e, ok := r.tools[t.Name]; ok && e.owner != owner {
			refused = append(refused, t.Name)
			continue
		}
		cn := toolname.SafeName(t.Name)
		if holder, ok := r.clients[cn]; ok && holder != t.Name {
			refused = append(refused, t.Name)
			continue
		}
		if holder, ok := batch[cn]; ok && holder != t.Name {
			refused = append(refused, t.Name)
			continue
		}
		batch[cn] = t.Name
		accepted = append(accepted, t)
	}
	for _, t := range accepted {
		if e, ok := r.tools[t.Name]; ok {
			e.tool = t // owner's own: replaced in place
			continue
		}
		e := &regEntry{tool: t, owner: owner}
		r.tools[t.Name] = e
		r.clients[toolname.SafeName(t.Name)] = t.Name
		if session := toolname.SessionOf(t.Name); session != "" {
			r.bySession[session] = append(r.bySession[session], e)
		}
	}
	if len(accepted) > 0 {
		for _, k := range r.sinks {
			k.AddTools(accepted)
		}
	}
	if len(refused) > 0 {
		return &NameCollisionError{Names: refused}
	}
	return nil
}

// RemoveOwner removes every tool owner still owns, in one change, and
// returns their names.
func (r *Registry) RemoveOwner(owner string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var names []string
	for name, e := range r.tools {
		if e.owner == owner {
			names = append(names, name)
		}
	}
	for _, n := range names {
		r.remove(n)
	}
	sort.Strings(names)
	if len(names) > 0 {
		for _, k := range r.sinks {
			k.RemoveTools(names)
		}
	}
	return names
}

// Unregister removes the tools named that owner owns, in one change, and
// returns their names.
func (r *Registry) Unregister(owner string, names []string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var gone []string
	for _, n := range names {
		if e, ok := r.tools[n]; ok && e.owner == owner {
			r.remove(n)
			gone = append(gone, n)
		}
	}
	sort.Strings(gone)
	if len(gone) > 0 {
		for _, k := range r.sinks {
			k.RemoveTools(gone)
		}
	}
	return gone
}

// remove takes the tool registered as name out of every index. r.mu is
// held.
func (r *Registry) remove(name string) {
	delete(r.tools, name)
	delete(r.clients, toolname.SafeName(name))
	session := toolname.SessionOf(name)
	if session == "" {
		return
	}
	kept := slices.DeleteFunc(r.bySession[session], func(e *regEntry) bool { return e.tool.Name == name })
	if len(kept) == 0 {
		delete(r.bySession, session)
		return
	}
	r.bySession[session] = kept
}

// Lookup returns the tool registered under name.
func (r *Registry) Lookup(name string) (*Tool, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	e, ok := r.tools[name]
	if !ok {
		return nil, false
	}
	return e.tool, true
}

// Resolve finds a tool by its registered name or by its SafeName.
func (r *Registry) Resolve(name string) (*Tool, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if e, ok := r.tools[name]; ok {
		return e.tool, true
	}
	if real, ok := r.clients[name]; ok {
		return r.tools[real].tool, true
	}
	return nil, false
}

// Tools returns the registered tools sorted by name; with a session id, only
// that session's (those whose first "." segment is exactly the id).
func (r *Registry) Tools(session string) []*Tool {
	r.mu.RLock()
	var out []*Tool
	if session == "" {
		out = make([]*Tool, 0, len(r.tools))
		for _, e := range r.tools {
			out = append(out, e.tool)
		}
	} else {
		of := r.bySession[session]
		out = make([]*Tool, 0, len(of))
		for _, e := range of {
			out = append(out, e.tool)
		}
	}
	r.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Sessions returns the ids of the sessions that have tools (see Tools),
// in no order.
func (r *Registry) Sessions() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]string, 0, len(r.bySession))
	for id := range r.bySession {
		out = append(out, id)
	}
	return out
}
