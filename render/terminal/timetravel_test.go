package terminal_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

const (
	keyF7  = "\x1b[18~"
	keyF8  = "\x1b[19~"
	keyEsc = "\x1b"
)

// travelTerminal runs m in a terminal on an 80x24 virtual screen until
// the test ends, with opts besides the screen's.
func travelTerminal(t *testing.T, m tea.Model, opts ...terminal.Option) (context.Context, *tea.Runtime, *termtest.Terminal) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	rt, err := tea.Start(ctx, m, tea.WithSize(80, 24))
	if err != nil {
		t.Fatal(err)
	}
	term := termtest.NewTerminal(t, 80, 24)
	done := make(chan error, 1)
	go func() {
		done <- terminal.Run(ctx, nil, append([]terminal.Option{terminal.WithRuntime(rt), terminal.WithInput(term), terminal.WithOutput(term), terminal.WithSize(80, 24)}, opts...)...)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("Run did not return after its context was cancelled")
		}
		rt.Stop()
	})
	return ctx, rt, term
}

func TestTimeTravelShowsPastFramesWhileTheAppRuns(t *testing.T) {
	ctx, rt, term := travelTerminal(t, counterApp{})
	term.WaitFor(t, "count: 0")
	inc := func(n int) {
		t.Helper()
		if _, err := rt.Dispatch(ctx, incMsg{}); err != nil {
			t.Fatal(err)
		}
		term.WaitFor(t, fmt.Sprintf("count: %d", n))
	}
	for n := 1; n <= 3; n++ {
		inc(n)
	}
	// The frames are the terminal's: how many it was sent shows in the
	// marker; count: 3 is the newest.
	term.Type(t, keyF7)
	term.WaitFor(t, "count: 2")
	total := markerTotal(t, term)
	term.WaitFor(t, fmt.Sprintf("viewing frame %d of %d — esc returns to live", total-1, total))

	term.Type(t, keyF7)
	term.WaitFor(t, "count: 1")
	term.WaitFor(t, fmt.Sprintf("viewing frame %d of %d", total-2, total))

	// The app keeps running: a new frame arrives and the past one stays.
	if _, err := rt.Dispatch(ctx, incMsg{}); err != nil {
		t.Fatal(err)
	}
	term.WaitFor(t, fmt.Sprintf("viewing frame %d of %d", total-2, total+1))
	if screen := term.Screen(); !strings.Contains(screen, "count: 1") {
		t.Fatalf("a new frame replaced the past one shown:\n%s", screen)
	}
	if got := rt.Snapshot().Model.(counterApp).count; got != 4 {
		t.Fatalf("the model is at %d, want 4: viewing the past must not rewind it", got)
	}
	// A key other than the viewer's is not typed into a screen the person
	// is not looking at: Enter would press the focused button.
	term.Type(t, "\r")
	term.Type(t, keyF8)
	term.WaitFor(t, "count: 2")
	term.WaitFor(t, fmt.Sprintf("viewing frame %d of %d", total-1, total+1))

	term.Type(t, keyEsc)
	term.WaitFor(t, "count: 4")
	if screen := term.Screen(); strings.Contains(screen, "viewing frame") {
		t.Fatalf("the marker stayed on the live screen:\n%s", screen)
	}
	if got := rt.Snapshot().Model.(counterApp).count; got != 4 {
		t.Errorf("the model is at %d after viewing, want 4 (a key was typed while viewing)", got)
	}
}

// markerTotal reads M from the "viewing frame N of M" marker.
func markerTotal(t *testing.T, term *termtest.Terminal) int {
	t.Helper()
	term.WaitFor(t, "viewing frame ")
	var n, m int
	screen := term.Screen()
	i := strings.Index(screen, "viewing frame ")
	if _, err := fmt.Sscanf(screen[i:], "viewing frame %d of %d", &n, &m); err != nil {
		t.Fatalf("marker: %v\n%s", err, screen)
	}
	return m
}

func TestTheFullHelpShowsTheTimeTravelKeys(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	term := termtest.NewTerminal(t, 100, 24)
	done := make(chan error, 1)
	go func() {
		done <- terminal.Run(ctx, counterApp{}, terminal.WithInput(term), terminal.WithOutput(term), terminal.WithSize(100, 24))
	}()
	defer func() {
		cancel()
		<-done
	}()
	term.WaitFor(t, "count: 0")
	term.Type(t, "?")
	term.WaitFor(t, "view earlier/later frames")
	if screen := term.Screen(); !strings.Contains(screen, "f7/f8") {
		t.Errorf("the full help names no keys for time travel:\n%s", screen)
	}
}

// travelPasteApp is a button, focused first, and a search field.
type travelPasteApp struct{ pasteApp }

func (a travelPasteApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := a.pasteApp.Update(msg)
	a.pasteApp = m.(pasteApp)
	return a, cmd
}

func (a travelPasteApp) View() tea.Node {
	return tea.Column{Items: []tea.Node{widgets.Button{ID: "go", Label: "Go"}, a.pasteApp.View()}}
}

// A paste while a past frame is shown reaches nothing, as a key does not:
// the person is looking at the past, and the live focus may have moved
// (here an agent's focus moves it to the search field) to a field they
// cannot see. Back at live, a paste edits the focused field again.
func TestAPasteWhileViewingThePastReachesNothing(t *testing.T) {
	ctx, rt, term := travelTerminal(t, travelPasteApp{newPasteApp()})
	term.WaitFor(t, "edits: 0")
	// A second frame, with the button focused, to look back from.
	for _, msg := range []tea.Msg{tea.FocusMsg{ID: "go"}, widgets.TextChanged{ID: "field", Value: "x"}} {
		if _, err := rt.Dispatch(ctx, msg); err != nil {
			t.Fatal(err)
		}
	}
	term.WaitFor(t, "edits: 1")
	term.Type(t, keyF7)
	term.WaitFor(t, "viewing frame ")
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "field"}); err != nil {
		t.Fatal(err)
	}
	term.Type(t, bracketed("secret"))
	term.Type(t, keyEsc)
	term.WaitFor(t, "Go")
	for deadline := time.Now().Add(10 * time.Second); strings.Contains(term.Screen(), "viewing frame"); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("still viewing the past after esc:\n%s", term.Screen())
		}
	}
	term.Type(t, bracketed("b"))
	term.WaitFor(t, "edits: 2")
	if v := rt.Snapshot().Model.(travelPasteApp).field.Value; v != "xb" {
		t.Fatalf("the field holds %q, want \"xb\": the paste made while viewing the past reached it", v)
	}
}

// F7 steps back while a text field has focus: a field types characters,
// not function keys, so the key is the terminal's unless the field uses
// it. Nothing is typed into the field, and Esc (which a field keeps for
// itself while live) returns to the live screen from the past.
func TestTimeTravelWorksWhileATextFieldHasFocus(t *testing.T) {
	ctx, rt, term := travelTerminal(t, newPasteApp())
	term.WaitFor(t, "edits: 0")
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "field"}); err != nil {
		t.Fatal(err)
	}
	term.Type(t, "a")
	term.WaitFor(t, "edits: 1")
	term.Type(t, "b")
	term.WaitFor(t, "edits: 2")
	term.Type(t, keyF7)
	term.WaitFor(t, "edits: 1")
	term.WaitFor(t, "viewing frame ")
	term.Type(t, keyEsc)
	term.WaitFor(t, "edits: 2")
	for deadline := time.Now().Add(10 * time.Second); strings.Contains(term.Screen(), "viewing frame"); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("still viewing the past after esc:\n%s", term.Screen())
		}
	}
	if v := rt.Snapshot().Model.(pasteApp).field.Value; v != "ab" {
		t.Fatalf("the field holds %q, want \"ab\": a time-travel key was typed into it", v)
	}
}

// TestTimeTravelKeepsAsManyFramesAsAsked: WithTimeTravel(2) keeps the last
// two frames: from the live screen F7 shows the one before the latest, and
// a second F7 stays on it, the oldest kept.
func TestTimeTravelKeepsAsManyFramesAsAsked(t *testing.T) {
	ctx, rt, term := travelTerminal(t, counterApp{}, terminal.WithTimeTravel(2))
	term.WaitFor(t, "count: 0")
	for n := 1; n <= 5; n++ {
		if _, err := rt.Dispatch(ctx, incMsg{}); err != nil {
			t.Fatal(err)
		}
		term.WaitFor(t, fmt.Sprintf("count: %d", n))
	}
	term.Type(t, keyF7)
	term.WaitFor(t, "count: 4")
	total := markerTotal(t, term)
	term.Type(t, keyF7)
	term.Type(t, keyF7)
	term.WaitFor(t, fmt.Sprintf("viewing frame %d of %d", total-1, total))
	if screen := term.Screen(); !strings.Contains(screen, "count: 4") {
		t.Fatalf("stepping back past the two frames kept:\n%s", screen)
	}
}

// keyCounter counts the keys that reach it.
type keyCounter struct{ f7, keys int }

func (keyCounter) Init() tea.Cmd { return nil }

func (m keyCounter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		m.keys++
		if k.Code == tea.KeyF7 {
			m.f7++
		}
	}
	return m, nil
}

func (m keyCounter) View() tea.Node {
	return tea.Label(fmt.Sprintf("keys: %d, f7: %d", m.keys, m.f7))
}

// TestTimeTravelOffLeavesF7ToTheApp: with WithTimeTravel(0) the terminal
// keeps no frames, F7 reaches the app like any key, and the full help does
// not offer the time-travel keys.
func TestTimeTravelOffLeavesF7ToTheApp(t *testing.T) {
	_, _, term := travelTerminal(t, keyCounter{}, terminal.WithTimeTravel(0))
	term.WaitFor(t, "keys: 0, f7: 0")
	term.Type(t, keyF7)
	term.WaitFor(t, "keys: 1, f7: 1")
	term.Type(t, "?") // the terminal's full help
	term.WaitFor(t, "close help")
	if screen := term.Screen(); strings.Contains(screen, "viewing frame") || strings.Contains(screen, "view earlier/later frames") {
		t.Fatalf("time travel is off, yet the screen offers it:\n%s", screen)
	}
}
