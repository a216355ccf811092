package explorer

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/facetui/facet/agent"
)

// Kind is the explorer's agent kind.
const Kind = "explorer"

// DefaultSeed seeds a run whose goal names no seed.
const DefaultSeed = 1

// maxFaults bounds the distinct faults (kind and tool) one run records.
const maxFaults = 8

// Options configure the explorer kind.
type Options struct {
	// Seed is the default seed; a goal "seed=N" overrides it per agent.
	// 0 is DefaultSeed.
	Seed uint64
	// Test says how the test Ask("test") writes makes a fresh model of
	// app: a Go expression and the imports it needs. Nil writes newApp(),
	// for the reader to define.
	Test func(app string) (expr string, imports []string)
	// Package is the test file's package clause (default "app_test").
	Package string
	// MaxReplays bounds the fresh sessions shrinking starts (default 64).
	MaxReplays int
}

// New returns the explorer's factory. A goal may set the seed: "seed=7".
func New(opts Options) agent.Factory {
	if opts.Seed == 0 {
		opts.Seed = DefaultSeed
	}
	if opts.Package == "" {
		opts.Package = "app_test"
	}
	if opts.MaxReplays <= 0 {
		opts.MaxReplays = 64
	}
	return func(spec agent.Spec) (agent.Agent, error) {
		seed := opts.Seed
		if g := strings.TrimSpace(spec.Goal); g != "" {
			n, ok := strings.CutPrefix(g, "seed=")
			v, err := strconv.ParseUint(n, 10, 64)
			if !ok || err != nil {
				return nil, fmt.Errorf("goal %q: the explorer takes no goal but an optional seed, as seed=<number>", g)
			}
			seed = v
		}
		return &Explorer{opts: opts, seed: seed, spec: spec, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
			tried: map[string]int{}, reached: map[string]bool{}, seen: map[string]bool{}, actions: map[string]bool{}}, nil
	}
}

// Step is one call the explorer made.
type Step struct {
	Widget string         `json:"widget"`
	Action string         `json:"action"`
	Args   map[string]any `json:"args,omitempty"`
}

// Fault is a failure the explorer found.
type Fault struct {
	// Kind is panic, invalid_model, timeout, breaker or read_after_write.
	Kind string `json:"kind"`
	// Tool is the tool as it was called; Widget and Action what it acts on.
	Tool    string `json:"tool"`
	Widget  string `json:"widget"`
	Action  string `json:"action"`
	Message string `json:"message"`
	// AtStep is the call (counting from 1) that showed it.
	AtStep int `json:"at_step"`
	// Sequence is every call up to and including the one that showed it
	// (Calls of them); Shrunk, once shrinking has run, the fewest that
	// still reproduce it from a fresh start.
	Sequence []Step `json:"-"`
	Calls    int    `json:"calls"`
	Shrunk   []Step `json:"shrunk,omitempty"`
	// Reproduced is whether Shrunk reproduces the fault from a fresh
	// start; ShrinkNote says why shrinking could not run, if it could not.
	Reproduced bool   `json:"reproduced"`
	ShrinkNote string `json:"shrink_note,omitempty"`
}

// Explorer is one explorer agent.
type Explorer struct {
	opts Options
	seed uint64
	spec agent.Spec
	rng  *rand.Rand // used by Run's goroutine only

	mu      sync.Mutex
	app     string
	dotted  bool
	tried   map[string]int  // tool -> calls
	reached map[string]bool // widgets a call succeeded on
	seen    map[string]bool // widgets with tools
	actions map[string]bool // tools seen
	history []Step
	faults  []Fault
	done    bool
}

// tool is a session tool the explorer can call.
type tool struct {
	info        agent.ToolInfo
	widget, act string
	write       bool
	// reads are the widget's reads, for a write.
	reads []tool
}

// Run explores until the step budget is spent or ctx ends, then shrinks
// the first fault.
func (e *Explorer) Run(ctx context.Context, env *agent.Env) error {
	conn := env.Conn
	e.findApp(ctx, env)
	tools, err := e.refresh(ctx, conn)
	if err != nil {
		return err
	}
	if len(tools) == 0 {
		env.Journal.Note("session " + conn.Session() + " offers me no tools: nothing to explore")
		return nil
	}
	gone := "session `" + conn.Session() + "` is not running"
	for step := 1; env.StepsLeft() && ctx.Err() == nil; step++ {
		t := e.pick(tools)
		args := genArgs(e.rng, t.info.InputSchema)
		res, err := conn.Call(ctx, t.info.Name, args)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			return err
		}
		if res.IsError && strings.Contains(res.Text, gone) {
			// Nothing left to explore: the session stopped (its app quit,
			// or someone stopped it).
			env.Journal.Note("session " + conn.Session() + " stopped; exploring ends")
			break
		}
		e.record(t, args, res.IsError)
		if kind := faultKind(res); kind != "" {
			e.fault(env, kind, t, res.Text)
		} else if !res.IsError && t.write && len(t.reads) > 0 && env.StepsLeft() {
			// A read of the widget just written must still work.
			read := t.reads[e.rng.IntN(len(t.reads))]
			rres, err := conn.Call(ctx, read.info.Name, map[string]any{})
			if err != nil {
				if ctx.Err() != nil {
					break
				}
				return err
			}
			e.record(read, map[string]any{}, rres.IsError)
			if k := faultKind(rres); k != "" {
				e.fault(env, k, read, rres.Text)
			} else if rres.IsError && !callerMistake(rres) {
				e.fault(env, "read_after_write", read, rres.Text)
			}
		}
		if added, _ := res.Value["tools_added"].([]any); len(added) > 0 || step%16 == 0 {
			if fresh, err := e.refresh(ctx, conn); err == nil && len(fresh) > 0 {
				tools = fresh
			}
		}
	}
	e.shrinkFirst(ctx, env)
	e.mu.Lock()
	e.done = true
	n := len(e.faults)
	e.mu.Unlock()
	env.Journal.Note(fmt.Sprintf("explored %d calls; %d faults; coverage %s", len(e.historyCopy()), n, e.coverageLine()))
	return nil
}

// findApp learns which app the session runs (for replays and the test)
// from facet_list; without it, shrinking cannot start fresh sessions.
func (e *Explorer) findApp(ctx context.Context, env *agent.Env) {
	res, err := env.Conn.Call(ctx, "facet_list", map[string]any{})
	if err != nil || res.IsError {
		return
	}
	rows, _ := res.Value["sessions"].([]any)
	for _, r := range rows {
		m, _ := r.(map[string]any)
		if m["id"] == env.Conn.Session() {
			app, _ := m["app"].(string)
			e.mu.Lock()
			e.app = app
			e.mu.Unlock()
		}
	}
}

func (e *Explorer) refresh(ctx context.Context, conn *agent.Conn) ([]tool, error) {
	infos, err := conn.SessionTools(ctx)
	if err != nil {
		return nil, err
	}
	var tools []tool
	reads := map[string][]tool{}
	for _, in := range infos {
		if in.Action == "discover_tools" || in.Widget == "" {
			continue
		}
		t := tool{info: in, widget: in.Widget, act: in.Action, write: in.Sensitive}
		if !t.write {
			reads[t.widget] = append(reads[t.widget], t)
		}
		tools = append(tools, t)
	}
	sort.Slice(tools, func(i, j int) bool { return tools[i].info.Name < tools[j].info.Name })
	for _, rs := range reads {
		sort.Slice(rs, func(i, j int) bool { return rs[i].info.Name < rs[j].info.Name })
	}
	e.mu.Lock()
	for i := range tools {
		if tools[i].write {
			tools[i].reads = reads[tools[i].widget]
		}
		e.seen[tools[i].widget] = true
		e.actions[tools[i].info.Name] = true
		if strings.Contains(tools[i].info.Name, ".") {
			e.dotted = true
		}
	}
	e.mu.Unlock()
	return tools, nil
}

// pick chooses the next tool: untried tools weigh most, then tools of
// widgets no call has reached, then writes; reads already tried least.
func (e *Explorer) pick(tools []tool) tool {
	e.mu.Lock()
	weights := make([]int, len(tools))
	total := 0
	for i, t := range tools {
		w := 2
		switch {
		case e.tried[t.info.Name] == 0:
			w = 24
		case !e.reached[t.widget]:
			w = 12
		case t.write:
			w = 4
		}
		weights[i] = w
		total += w
	}
	e.mu.Unlock()
	n := e.rng.IntN(total)
	for i, w := range weights {
		if n < w {
			return tools[i]
		}
		n -= w
	}
	return tools[len(tools)-1]
}

func (e *Explorer) record(t tool, args map[string]any, failed bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tried[t.info.Name]++
	if !failed {
		e.reached[t.widget] = true
	}
	e.history = append(e.history, Step{Widget: t.widget, Action: t.act, Args: args})
}

func (e *Explorer) historyCopy() []Step {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.history)
}

// fault records a fault once per kind and tool.
func (e *Explorer) fault(env *agent.Env, kind string, t tool, msg string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if len(e.faults) >= maxFaults || slices.ContainsFunc(e.faults, func(f Fault) bool { return f.Kind == kind && f.Tool == t.info.Name }) {
		return
	}
	e.faults = append(e.faults, Fault{Kind: kind, Tool: t.info.Name, Widget: t.widget, Action: t.act, Message: msg,
		AtStep: len(e.history), Sequence: slices.Clone(e.history), Calls: len(e.history)})
	env.Journal.Error(fmt.Sprintf("fault (%s) at call %d: %s", kind, len(e.history), msg))
}

// faultKind classifies an error answer that is the app's failure, or "".
// A refusal (its structured content carries its code) is never one; the
// server answers the app's failures in words only, so those are read from
// the text.
func faultKind(r agent.Result) string {
	if !r.IsError || refused(r) {
		return ""
	}
	t := r.Text
	switch {
	case strings.Contains(t, "panicked"):
		return "panic"
	case strings.Contains(t, "update returned") && strings.Contains(t, "want"):
		return "invalid_model"
	case strings.Contains(t, "no answer within"):
		return "timeout"
	case strings.Contains(t, "temporarily unavailable"):
		return "breaker"
	}
	return ""
}

// refused reports whether an error answer is a refusal by authorization or
// the sensitive-tool guard: its structured content names its code.
func refused(r agent.Result) bool {
	code, _ := r.Value["error"].(string)
	return r.IsError && code != ""
}

// callerMistake reports whether an error answer is the caller's (a
// refusal, the widget left the view, an argument out of range, a session
// it cannot reach), which a read after a write may rightly get.
func callerMistake(r agent.Result) bool {
	if refused(r) {
		return true
	}
	for _, s := range []string{"not in the session's current view", "no longer offers", "is now a", "out of range",
		"authorization_required", "detached agents", "not running", "behind the open", "invalid", "unknown", "must be",
		"started by another client"} {
		if strings.Contains(r.Text, s) {
			return true
		}
	}
	return false
}

// Faults returns the faults found so far.
func (e *Explorer) Faults() []Fault {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.faults)
}

// Status reports the seed, coverage and faults.
func (e *Explorer) Status() map[string]any {
	e.mu.Lock()
	defer e.mu.Unlock()
	var unreached []string
	for w := range e.seen {
		if !e.reached[w] {
			unreached = append(unreached, w)
		}
	}
	sort.Strings(unreached)
	tried := 0
	for name := range e.actions {
		if e.tried[name] > 0 {
			tried++
		}
	}
	faults := slices.Clone(e.faults)
	if faults == nil {
		faults = []Fault{}
	}
	return map[string]any{
		"seed": e.seed, "app": e.app, "calls": len(e.history), "finished": e.done,
		"coverage": map[string]any{"widgets_reached": len(e.seen) - len(unreached), "widgets": len(e.seen),
			"actions_tried": tried, "actions": len(e.actions), "unreached": unreached},
		"faults": faults,
	}
}

func (e *Explorer) coverageLine() string {
	st := e.Status()["coverage"].(map[string]any)
	return fmt.Sprintf("%v/%v widgets reached, %v/%v actions tried", st["widgets_reached"], st["widgets"], st["actions_tried"], st["actions"])
}

// Ask answers "test" (a Go test reproducing the first fault), "faults" and
// "coverage".
func (e *Explorer) Ask(_ context.Context, question string) (string, error) {
	switch q := strings.ToLower(strings.TrimSpace(question)); {
	case strings.Contains(q, "test"):
		return e.goTest()
	case strings.Contains(q, "fault"), strings.Contains(q, "bug"):
		b, _ := json.MarshalIndent(e.Faults(), "", "  ")
		return string(b), nil
	case strings.Contains(q, "coverage"):
		return e.coverageLine(), nil
	}
	return "I answer \"test\" (a Go test reproducing the first fault I found), \"faults\" and \"coverage\".", nil
}
