package agent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client"

	"github.com/facetui/facet/tea"
)

// Host is what a Manager needs from the MCP server its agents act through
// (*mcp.Server has these methods).
type Host interface {
	// ConnectAs opens an initialized in-process client acting for the
	// caller of ctx, shown on sessions as agent.
	ConnectAs(ctx context.Context, agent string) (*client.Client, error)
	// ResourceChanged and ResourceRemoved tell subscribers of a journal.
	ResourceChanged(uri string)
	ResourceRemoved(uri string)
	// AddTools registers owner's tools (replacing its earlier ones),
	// cleaned and limited as the server's own; RemoveTools drops them.
	AddTools(owner string, tools []Tool) error
	RemoveTools(owner string)
	// ToolNameStyle is "dotted" or "safe" (the server's tool names).
	ToolNameStyle() string
}

// Tool is a static tool the manager serves: the agent tool and a
// Bridge's actions.
type Tool struct {
	Name        string
	Title       string // a short human-readable name; empty: made from Name
	Description string
	InputSchema map[string]any
	Sensitive   bool
	ReadOnly    bool // changes nothing
	Destructive bool // destroys what it acts on
	Handle      func(ctx context.Context, args map[string]any) (Reply, error)
}

// Reply is a tool's answer: text for a model to read and a structured
// value (nil for none).
type Reply struct {
	Text  string
	Value any
}

// Statuses an agent can be in.
const (
	StatusRunning = "running"
	StatusDone    = "done"
	StatusFailed  = "failed"
	StatusStopped = "stopped"
	// StatusExposed is a Bridge's agent: the host runs it.
	StatusExposed = "exposed"
)

// ErrNoAgent is matched (errors.Is) by the error for an id no agent has.
var ErrNoAgent = errors.New("no such agent")

// reservedIDs are ids no agent may take: agent names the AgentBridge's
// tools (agent_<action>) and facet the server.
var reservedIDs = map[string]bool{"agent": true, "facet": true}

// DefaultMaxAgents bounds the agents a Manager holds at once.
const DefaultMaxAgents = 16

// Options configure a Manager.
type Options struct {
	// Kinds are the agent kinds the manager knows, by name.
	Kinds map[string]Factory
	// Spawnable names the kinds the agent tool's spawn may start; nil means all of
	// Kinds. Every entry must be a known kind.
	Spawnable []string
	// Max bounds the agents held at once (finished ones count until
	// stopped; the oldest finished one makes room). 0 is DefaultMaxAgents.
	Max int
	// PerOwner bounds the unfinished agents one owner (a principal, or an
	// anonymous client connection: see Host.Caller) runs at once, so that
	// one client cannot take every slot; 0 is half of Max, at least 1.
	// The host's own agents are bounded by Max alone.
	PerOwner int
	// Logger receives warnings; nil discards them.
	Logger *slog.Logger
}

// Manager spawns, lists, asks and stops agents.
type Manager struct {
	host Host
	opts Options
	base context.Context
	halt context.CancelFunc

	mu      sync.Mutex
	agents  map[string]*running
	bridges map[string]*Bridge
	wg      sync.WaitGroup
}

// running is one agent the manager holds.
type running struct {
	spec Spec
	// owner is the connection that spawned it through the agent tool; "" for
	// the host's own (see ownership.go).
	owner   string
	agent   Agent
	journal *Journal
	conn    *Conn
	started time.Time
	cancel  context.CancelFunc
	done    chan struct{}

	mu     sync.Mutex
	status string
	err    string
	ended  time.Time
}

// NewManager makes a manager whose agents act through host. A Spawnable
// entry that names no kind is refused.
func NewManager(host Host, opts Options) (*Manager, error) {
	if opts.Spawnable == nil {
		for k := range opts.Kinds {
			opts.Spawnable = append(opts.Spawnable, k)
		}
		sort.Strings(opts.Spawnable)
	}
	for _, k := range opts.Spawnable {
		if _, ok := opts.Kinds[k]; !ok {
			return nil, fmt.Errorf("agent: spawnable kind %q is not a known kind (kinds: %s)", k, strings.Join(kindNames(opts.Kinds), ", "))
		}
	}
	if opts.Max <= 0 {
		opts.Max = DefaultMaxAgents
	}
	if opts.PerOwner <= 0 || opts.PerOwner > opts.Max {
		opts.PerOwner = max(opts.Max/2, 1)
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	base, halt := context.WithCancel(context.Background())
	return &Manager{host: host, opts: opts, base: base, halt: halt, agents: map[string]*running{}, bridges: map[string]*Bridge{}}, nil
}

func kindNames(kinds map[string]Factory) []string {
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// Spawnable returns the kinds the agent tool's spawn may start.
func (m *Manager) Spawnable() []string { return slices.Clone(m.opts.Spawnable) }

// JournalURI names an agent's journal resource.
func JournalURI(id string) string { return "facet://agent/" + id + "/journal" }

// CheckID checks an agent id: the session id rule, and not a reserved id.
func CheckID(id string) error {
	if reservedIDs[id] {
		return fmt.Errorf("agent id %q is reserved (reserved: agent, facet)", id)
	}
	if !tea.ValidID(id) {
		return fmt.Errorf("invalid agent id %q: want 1-32 characters of [A-Za-z0-9_-]", id)
	}
	return nil
}

// Spawn starts an agent for spec, acting for the caller of ctx. It checks
// the kind, the id, the session and the budget, makes the agent (whose
// factory may refuse), connects it and starts it on its own goroutine.
// The agent is the host's: every connection sees it (those the agent tool spawns are
// their spawner's; see ownership.go).
func (m *Manager) Spawn(ctx context.Context, spec Spec) (Info, error) {
	return m.spawn(ctx, spec, "")
}

func (m *Manager) spawn(ctx context.Context, spec Spec, owner string) (Info, error) {
	if !slices.Contains(m.opts.Spawnable, spec.Kind) {
		return Info{}, fmt.Errorf("agent kind %q is not spawnable here; spawnable kinds: %s", spec.Kind, strings.Join(m.opts.Spawnable, ", "))
	}
	if err := CheckID(spec.ID); err != nil {
		return Info{}, err
	}
	if !tea.ValidID(spec.Session) {
		return Info{}, fmt.Errorf("invalid session id %q: want 1-32 characters of [A-Za-z0-9_-]", spec.Session)
	}
	budget, err := spec.Budget.withDefaults()
	if err != nil {
		return Info{}, err
	}
	spec.Budget = budget
	a, err := m.opts.Kinds[spec.Kind](spec)
	if err != nil {
		return Info{}, fmt.Errorf("agent %s: %w", spec.Kind, err)
	}
	// r is complete but for its connection before reserve lists it:
	// info, Ask, Journal and stop read it from then on.
	done := make(chan struct{})
	journal := NewJournal(m.notifier(spec.ID, done))
	runCtx, cancel := context.WithTimeout(m.base, spec.Budget.Time)
	abandon := func() { cancel(); close(done) }
	r := &running{spec: spec, owner: owner, agent: a, started: time.Now().UTC(), status: StatusRunning, done: done,
		journal: journal, cancel: cancel}
	if err := m.reserve(r); err != nil {
		abandon()
		return Info{}, err
	}
	c, err := m.host.ConnectAs(ctx, spec.Kind+" "+spec.ID)
	if err != nil {
		m.drop(spec.ID)
		abandon()
		return Info{}, fmt.Errorf("agent %s: connect: %w", spec.ID, err)
	}
	r.mu.Lock()
	r.conn = NewConn(c, journal, spec.Session)
	r.mu.Unlock()
	journal.Note(fmt.Sprintf("spawned %s %s on session %s (budget: %d steps, %v)", spec.Kind, spec.ID, spec.Session, spec.Budget.Steps, spec.Budget.Time))
	m.wg.Add(1)
	go m.run(runCtx, r, c)
	return r.info(), nil
}

// reserve holds r's id, making room by evicting the oldest finished agent
// at the cap.
func (m *Manager) reserve(r *running) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	id := r.spec.ID
	if _, taken := m.agents[id]; taken {
		return fmt.Errorf("agent %q already exists; pick another id, or stop it first (%s)", id, Call("stop"))
	}
	if _, taken := m.bridges[id]; taken {
		return fmt.Errorf("agent %q already exists (the host exposes it); pick another id", id)
	}
	if r.owner != "" {
		mine := 0
		for _, o := range m.agents {
			if o.owner == r.owner && !o.finished() {
				mine++
			}
		}
		if mine >= m.opts.PerOwner {
			return fmt.Errorf("you run %d agents, one client's share of the %d this server holds; stop one of yours first (%s)", mine, m.opts.Max, Call("stop"))
		}
	}
	if len(m.agents) >= m.opts.Max {
		var oldest *running
		for _, o := range m.agents {
			if o.finished() && (oldest == nil || o.started.Before(oldest.started)) {
				oldest = o
			}
		}
		if oldest == nil {
			return fmt.Errorf("%d agents are running, the most this server holds; stop one first (%s)", m.opts.Max, Call("stop"))
		}
		delete(m.agents, oldest.spec.ID)
		m.host.ResourceRemoved(JournalURI(oldest.spec.ID))
	}
	m.agents[id] = r
	return nil
}

func (m *Manager) drop(id string) {
	m.mu.Lock()
	delete(m.agents, id)
	m.mu.Unlock()
}

// notifier coalesces journal changes into at most one resource update per
// 20 ms, and a last one when the agent ends.
func (m *Manager) notifier(id string, done <-chan struct{}) func() {
	dirty := make(chan struct{}, 1)
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		uri := JournalURI(id)
		for {
			select {
			case <-dirty:
				m.host.ResourceChanged(uri)
				select {
				case <-time.After(20 * time.Millisecond):
				case <-done:
				}
			case <-done:
				m.host.ResourceChanged(uri)
				return
			}
		}
	}()
	return func() {
		select {
		case dirty <- struct{}{}:
		default:
		}
	}
}

func (m *Manager) run(ctx context.Context, r *running, c *client.Client) {
	defer m.wg.Done()
	defer close(r.done)
	defer r.cancel()
	env := &Env{Conn: r.conn, Journal: r.journal, Spec: r.spec}
	err := safeRun(ctx, r.agent, env)
	_ = c.Close()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ended = time.Now().UTC()
	switch {
	case r.status == StatusStopped:
	case err == nil || errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil:
		r.status = StatusDone
	default:
		r.status = StatusFailed
		r.err = err.Error()
	}
	if r.err != "" {
		r.journal.Error(r.err)
	}
	r.journal.Note(fmt.Sprintf("%s after %d steps", r.status, r.conn.Steps()))
}

// safeRun runs a, turning a panic into an error.
func safeRun(ctx context.Context, a Agent, env *Env) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the agent panicked: %v", p)
		}
	}()
	return a.Run(ctx, env)
}

func (r *running) finished() bool {
	select {
	case <-r.done:
		return true
	default:
		return false
	}
}

// Stop stops an agent (waiting up to 5 s for it to end) and removes it.
func (m *Manager) Stop(id string) (Info, error) {
	m.mu.Lock()
	r, ok := m.agents[id]
	_, bridged := m.bridges[id]
	if ok {
		delete(m.agents, id)
	}
	m.mu.Unlock()
	if bridged {
		return Info{}, fmt.Errorf("agent %q belongs to the host that exposes it; it cannot be stopped here", id)
	}
	if !ok {
		return Info{}, m.noAgent(id)
	}
	r.mu.Lock()
	if r.status == StatusRunning {
		r.status = StatusStopped
	}
	r.mu.Unlock()
	r.cancel()
	select {
	case <-r.done:
	case <-time.After(5 * time.Second):
		r.journal.Error("the agent did not stop within 5 s")
	}
	m.host.ResourceRemoved(JournalURI(id))
	return r.info(), nil
}

func (m *Manager) noAgent(id string) error {
	ids := m.ids()
	if len(ids) == 0 {
		return fmt.Errorf("agent %q: %w (no agents; start one with %s)", id, ErrNoAgent, Call("spawn"))
	}
	return fmt.Errorf("agent %q: %w (agents: %s)", id, ErrNoAgent, strings.Join(ids, ", "))
}

func (m *Manager) ids() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var ids []string
	for id := range m.agents {
		ids = append(ids, id)
	}
	for id := range m.bridges {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Close stops every agent and waits for them. Each running agent is
// marked stopped before its context ends, as Stop does: otherwise one
// that returns the cancellation at once would be recorded as failed.
func (m *Manager) Close() {
	m.mu.Lock()
	for _, r := range m.agents {
		r.mu.Lock()
		if r.status == StatusRunning {
			r.status = StatusStopped
		}
		r.mu.Unlock()
	}
	m.mu.Unlock()
	m.halt()
	m.wg.Wait()
}

// Wait blocks until agent id has finished or ctx ends.
func (m *Manager) Wait(ctx context.Context, id string) (Info, error) {
	m.mu.Lock()
	r, ok := m.agents[id]
	m.mu.Unlock()
	if !ok {
		return Info{}, m.noAgent(id)
	}
	select {
	case <-r.done:
		return r.info(), nil
	case <-ctx.Done():
		return r.info(), ctx.Err()
	}
}

func (m *Manager) get(id string) (*running, *Bridge, error) {
	m.mu.Lock()
	r, ok := m.agents[id]
	b := m.bridges[id]
	m.mu.Unlock()
	if !ok && b == nil {
		return nil, nil, m.noAgent(id)
	}
	return r, b, nil
}
