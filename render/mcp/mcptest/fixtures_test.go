package mcptest_test

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// kitchen is an app with one widget of every interactive kind. It exposes
// its model (ExposeModel), whose fields are exported, so facet_get_model
// answers them: the harness's Model reads what each step changed.
type kitchen struct {
	Name   widgets.TextInputState
	Secret widgets.TextInputState
	Agree  widgets.CheckboxState
	Color  widgets.SelectListState
	Repos  widgets.TableState
	Files  widgets.TreeState
	Clip   widgets.ScrubberState
	Pages  widgets.TabsState
	Log    widgets.ViewportState
	Menu   widgets.MenuState
	Asking bool
	Clicks int
	Status string
}

type (
	incMsg struct{}
	askMsg struct{}
)

func newKitchen() *kitchen {
	lines := make([]string, 50)
	for i := range lines {
		lines[i] = fmt.Sprintf("line %02d", i)
	}
	return &kitchen{
		Name:   widgets.TextInputState{ID: "name", Value: "Ada"},
		Secret: widgets.TextInputState{ID: "secret"},
		Agree:  widgets.CheckboxState{ID: "agree"},
		Color:  widgets.SelectListState{ID: "color", Options: []string{"red", "green", "blue"}, Height: 3},
		Repos: widgets.TableState{ID: "repos", Height: 4,
			Columns: []widgets.TableColumn{{Key: "name", Title: "Name", Width: 10}, {Key: "stars", Title: "Stars", Width: 6}},
			Rows:    [][]string{{"bubbletea", "30"}, {"lipgloss", "9"}, {"glow", "17"}}},
		Files: widgets.TreeState{ID: "files", Height: 4, Nodes: []widgets.TreeNode{
			{ID: "src", Label: "src/", Children: []widgets.TreeNode{{ID: "src/main.go", Label: "main.go"}}},
			{ID: "go.mod", Label: "go.mod"},
		}},
		Clip:  widgets.ScrubberState{ID: "clip", Label: "Clip", Max: 100},
		Pages: widgets.TabsState{ID: "pages", Tabs: []string{"One", "Two", "Three"}},
		Log:   widgets.ViewportState{ID: "log", Lines: lines, Height: 3},
		Menu: widgets.MenuState{ID: "menu", Height: 3, Cursor: "file", Items: []widgets.MenuItem{
			{ID: "file", Label: "File", Children: []widgets.MenuItem{{ID: "open", Label: "Open"}}},
			{ID: "quit", Label: "Quit"},
		}},
		Status: "ready",
	}
}

func (k *kitchen) Init() tea.Cmd { return nil }

// ExposeModel implements mcp.ModelExposer: the harness's tests read the
// model itself, the masked Secret included.
func (k *kitchen) ExposeModel() bool { return true }

func (k *kitchen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *k
	if n.Name.Update(msg) || n.Secret.Update(msg) || n.Agree.Update(msg) || n.Color.Update(msg) ||
		n.Repos.Update(msg) || n.Files.Update(msg) || n.Clip.Update(msg) || n.Pages.Update(msg) ||
		n.Log.Update(msg) || n.Menu.Update(msg) {
		return &n, nil
	}
	switch m := msg.(type) {
	case incMsg:
		n.Clicks++
		n.Status = fmt.Sprintf("clicked %d times", n.Clicks)
		return &n, tea.Notify(tea.LevelSuccess, fmt.Sprintf("Counted %d", n.Clicks))
	case askMsg:
		n.Asking = true
	case widgets.ModalConfirmed:
		n.Asking, n.Status = false, "confirmed"
	case widgets.ModalDismissed:
		n.Asking, n.Status = false, "dismissed"
	case widgets.MenuChosen:
		n.Status = "chose " + m.ItemID
	}
	return &n, nil
}

func (k *kitchen) View() tea.Node {
	secret := k.Secret.View(widgets.TextInput{})
	secret.Label, secret.Mask = "Secret", '*'
	name := k.Name.View(widgets.TextInput{})
	name.Label = "Name"
	agree := k.Agree.View(widgets.Checkbox{})
	agree.Label = "I agree"
	return tea.Column{Items: []tea.Node{
		tea.Row{Gap: 2, Items: []tea.Node{
			tea.Column{Items: []tea.Node{name, secret, agree, k.Color.View(widgets.SelectList{}), k.Repos.View(widgets.Table{})}},
			tea.Column{Items: []tea.Node{k.Files.View(widgets.Tree{}), k.Clip.View(widgets.Scrubber{}), k.Pages.View(widgets.Tabs{}), k.Log.View(widgets.Viewport{}), k.Menu.View(widgets.Menu{})}},
		}},
		tea.Row{Gap: 1, Items: []tea.Node{
			widgets.Button{ID: "inc", Label: "Count", OnClick: incMsg{}},
			widgets.Button{ID: "ask", Label: "Ask", OnClick: askMsg{}, Disabled: k.Asking},
			widgets.Button{ID: "never", Label: "Never", OnClick: incMsg{}, Disabled: true},
		}},
		widgets.Modal{ID: "confirm", Title: "Really?", Body: "Are you sure?", Visible: k.Asking},
		widgets.Text{ID: "status", Content: k.Status},
	}}
}

// fakeTB records what the harness reports instead of failing the test.
// Fatalf ends the goroutine it runs on, as testing.T's does, so run steps
// with run. Cleanups wait for cleanup (or the real test's end).
type fakeTB struct {
	testing.TB

	mu       sync.Mutex
	errors   []string
	fatals   []string
	helpers  map[string]bool
	unmarked []string // harness frames on a report's stack that did not call Helper
	cleanups []func()
}

func newFake(t *testing.T) *fakeTB {
	f := &fakeTB{TB: t, helpers: map[string]bool{}}
	t.Cleanup(f.cleanup)
	return f
}

// harnessPkg prefixes the harness's own functions.
const harnessPkg = "github.com/facetui/facet/render/mcp/mcptest."

func (f *fakeTB) Helper() {
	pc, _, _, _ := runtime.Caller(1)
	f.mu.Lock()
	f.helpers[runtime.FuncForPC(pc).Name()] = true
	f.mu.Unlock()
}

// record notes a report and which harness frames between it and the test
// did not mark themselves as helpers.
func (f *fakeTB) record(dst *[]string, format string, args []any) {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	f.mu.Lock()
	defer f.mu.Unlock()
	for {
		fr, more := frames.Next()
		if strings.HasPrefix(fr.Function, harnessPkg) && !f.helpers[fr.Function] {
			f.unmarked = append(f.unmarked, fr.Function)
		}
		if !more {
			break
		}
	}
	*dst = append(*dst, fmt.Sprintf(format, args...))
}

func (f *fakeTB) Errorf(format string, args ...any) { f.record(&f.errors, format, args) }

func (f *fakeTB) Fatalf(format string, args ...any) {
	f.record(&f.fatals, format, args)
	runtime.Goexit()
}

func (f *fakeTB) Cleanup(fn func()) {
	f.mu.Lock()
	f.cleanups = append(f.cleanups, fn)
	f.mu.Unlock()
}

// cleanup runs the registered cleanups, last first, once.
func (f *fakeTB) cleanup() {
	f.mu.Lock()
	fns := f.cleanups
	f.cleanups = nil
	f.mu.Unlock()
	for i := len(fns) - 1; i >= 0; i-- {
		fns[i]()
	}
}

// run runs fn on its own goroutine, as a test body, and reports whether it
// ran to the end (false: a Fatalf stopped it).
func (f *fakeTB) run(fn func()) (finished bool) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
		finished = true
	}()
	<-done
	return finished
}

func (f *fakeTB) reports() (errors, fatals, unmarked []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.errors...), append([]string(nil), f.fatals...), append([]string(nil), f.unmarked...)
}
