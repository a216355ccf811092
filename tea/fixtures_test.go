package tea_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/tea/runtimetest"
)

// Test-local types shared by the tea tests. They depend on nothing but tea,
// so these tests do not wait on package widgets.

// logModel records what Update saw, as strings, and reacts to a few test
// messages: it panics, returns nil or another type, blocks, runs commands.
type logModel struct {
	log []string
}

type (
	appendMsg    string
	panicMsg     struct{}
	nilMsg       struct{}
	wrongTypeMsg struct{}
	blockMsg     struct{ release <-chan struct{} }
	runMsg       struct{ cmd tea.Cmd }
	quitMsg      struct{}
)

func (m logModel) Init() tea.Cmd { return nil }

func (m logModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case appendMsg:
		return m.with(string(msg)), nil
	case panicMsg:
		panic("boom")
	case nilMsg:
		return nil, nil
	case wrongTypeMsg:
		return otherModel{}, nil
	case blockMsg:
		<-msg.release
		return m.with("unblocked"), nil
	case runMsg:
		return m, msg.cmd
	case quitMsg:
		return m, tea.Quit
	case tea.KeyMsg:
		return m.with("key:" + msg.String()), nil
	case tea.WindowSizeMsg:
		return m.with("size"), nil
	}
	return m, nil
}

func (m logModel) View() tea.Node {
	return tea.Label(strings.Join(m.log, ","))
}

// with returns a copy of m with s appended; it never shares the backing
// array with m, so old snapshots stay as they were.
func (m logModel) with(s string) logModel {
	m.log = append(slices.Clone(m.log), s)
	return m
}

// otherModel is a Model of another type than logModel.
type otherModel struct{}

func (otherModel) Init() tea.Cmd                         { return nil }
func (o otherModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return o, nil }
func (otherModel) View() tea.Node                        { return tea.Label("other") }

// probe is a tiny focusable widget: Enter presses it, any other key is left
// for Update. Render draws "[id]".
type probe struct {
	id       string
	disabled bool
}

// pressed is the message a probe sends when Enter is pressed on it.
type pressed struct{ id string }

func (probe) Children() []tea.Node { return nil }
func (p probe) WidgetID() string   { return p.id }
func (probe) WidgetKind() string   { return "probe" }
func (p probe) CanFocus() bool     { return !p.disabled }
func (p probe) Render(ctx tea.RenderContext) string {
	if ctx.Focused {
		return "[*" + p.id + "]"
	}
	return "[" + p.id + "]"
}

func (p probe) HandleKey(k tea.Key) tea.Msg {
	if k.Is("enter") {
		return pressed{id: p.id}
	}
	return nil
}

// focusModel shows one probe per id and records presses and keys.
type focusModel struct {
	ids      []string
	disabled map[string]bool
	log      []string
}

// showMsg replaces the probes in the view.
type showMsg []string

func (m focusModel) Init() tea.Cmd { return nil }

func (m focusModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case showMsg:
		m.ids = slices.Clone(msg)
	case pressed:
		m.log = append(slices.Clone(m.log), "pressed:"+msg.id)
	case tea.KeyMsg:
		m.log = append(slices.Clone(m.log), "key:"+msg.String())
	}
	return m, nil
}

func (m focusModel) View() tea.Node {
	items := []tea.Node{tea.Label("title")}
	for _, id := range m.ids {
		items = append(items, tea.Row{Items: []tea.Node{probe{id: id, disabled: m.disabled[id]}}})
	}
	return tea.Column{Items: items}
}

// start starts m and stops it when the test ends, checking every snapshot
// it publishes (see runtimetest).
func start(t *testing.T, m tea.Model, opts ...tea.Option) *tea.Runtime {
	t.Helper()
	rt, err := tea.Start(context.Background(), m, opts...)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	runtimetest.Check(t, rt)
	t.Cleanup(rt.Stop)
	return rt
}

// eventually polls cond every few milliseconds until it holds or the
// deadline passes.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// logOf returns the log of the runtime's current logModel.
func logOf(rt *tea.Runtime) []string {
	return rt.Snapshot().Model.(logModel).log
}

// focusLog returns the log of the runtime's current focusModel.
func focusLog(rt *tea.Runtime) []string {
	return rt.Snapshot().Model.(focusModel).log
}
