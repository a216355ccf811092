package bubble_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/bubble"
	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/tea"
)

// form is an unmodified Bubble Tea program: two text inputs, Tab and
// Shift+Tab switch between them, a spinner ticks, Enter says hello and
// quits.
type form struct {
	fields [2]textinput.Model
	active int
	spin   spinner.Model
	greet  string
}

type greeted string

func newForm() form {
	f := form{spin: spinner.New()}
	for i, p := range []string{"first", "last"} {
		f.fields[i] = textinput.New()
		f.fields[i].Placeholder = p
	}
	f.fields[0].Focus()
	return f
}

func (f form) Init() bt.Cmd { return bt.Batch(f.spin.Tick, textinput.Blink) }

func (f form) Update(msg bt.Msg) (bt.Model, bt.Cmd) {
	switch msg := msg.(type) {
	case bt.KeyPressMsg:
		switch msg.String() {
		case "tab", "shift+tab":
			f.fields[f.active].Blur()
			f.active = 1 - f.active
			return f, f.fields[f.active].Focus()
		case "enter":
			name := f.fields[0].Value() + " " + f.fields[1].Value()
			return f, bt.Sequence(func() bt.Msg { return greeted(name) }, bt.Quit)
		}
	case greeted:
		f.greet = "Hello, " + string(msg) + "!"
		return f, nil
	case spinner.TickMsg:
		var cmd bt.Cmd
		f.spin, cmd = f.spin.Update(msg)
		return f, cmd
	}
	var cmd bt.Cmd
	f.fields[f.active], cmd = f.fields[f.active].Update(msg)
	return f, cmd
}

func (f form) View() bt.View {
	return bt.NewView(f.spin.View() + " Who are you?\n" + f.fields[0].View() + "\n" + f.fields[1].View() + "\n" + f.greet)
}

func TestProgramRunsABubbleTeaProgramAsASession(t *testing.T) {
	s := mcptest.Start(t, bubble.Program(newForm()), mcptest.WithID("form"), mcptest.WithSize(40, 8))
	sess, ok := s.Server().Sessions().Get("form")
	if !ok {
		t.Fatal("no session form")
	}

	// Keys from facet_send_key reach the program; Tab too, which the
	// runtime would otherwise keep for moving focus.
	for _, k := range []string{"A", "d", "a", "tab", "L"} {
		s.SendKey(k)
	}
	// The program's own tool: the same keys, by name.
	s.Call("program.send_keys", map[string]any{"keys": []any{"o", "v", "e"}})
	s.AssertScreenContains("> Ada").AssertScreenContains("> Love")

	var view struct {
		View string `json:"view"`
	}
	if err := s.Call("program.get_view", nil).Decode(&view); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(view.View, "Who are you?") || !strings.Contains(view.View, "Love") {
		t.Fatalf("get_view = %q", view.View)
	}

	// The spinner from Init's batch ticks: the screen changes on its own.
	first := s.Screenshot()
	deadline := time.Now().Add(3 * time.Second)
	for s.Screenshot() == first {
		if time.Now().After(deadline) {
			t.Fatalf("the spinner of Init's batch never ticked:\n%s", first)
		}
		time.Sleep(20 * time.Millisecond)
	}

	// Enter runs a sequence whose last command is tea.Quit: the greeting
	// is applied, then the session stops.
	if _, err := sess.Runtime.Dispatch(context.Background(), tea.KeyInputMsg{Key: tea.Named(tea.KeyEnter)}); err != nil && !errors.Is(err, tea.ErrStopped) {
		t.Fatal(err)
	}
	select {
	case <-sess.Runtime.Done():
	case <-time.After(3 * time.Second):
		t.Fatal("the program's tea.Quit did not stop the session")
	}
	if got := sess.Runtime.Snapshot().View; !strings.Contains(renderedView(got), "Hello, Ada Love!") {
		t.Fatalf("the greeting before the quit was not applied:\n%s", renderedView(got))
	}
}
