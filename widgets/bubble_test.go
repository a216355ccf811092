package widgets_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/progress"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textinput"
	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// gotA and gotB are what pair's batch of two commands returns.
type (
	gotA struct{}
	gotB struct{}
)

// pair is a custom Bubble Tea component: "b" returns a Bubble Tea batch of
// two commands, and it counts what comes back.
type pair struct{ a, b int }

func (p pair) Update(msg bt.Msg) (pair, bt.Cmd) {
	switch msg := msg.(type) {
	case bt.KeyPressMsg:
		if msg.String() == "b" {
			return p, bt.Batch(func() bt.Msg { return gotA{} }, func() bt.Msg { return gotB{} })
		}
	case gotA:
		p.a++
	case gotB:
		p.b++
	}
	return p, nil
}

func (p pair) View() string { return fmt.Sprintf("a=%d b=%d", p.a, p.b) }

// setPercent is the app's own message for the progress bar's typed action.
type setPercent struct{ percent float64 }

// bubbles is a Facet app holding four Bubble Tea components.
type bubbles struct {
	spin  spinner.Model
	prog  progress.Model
	input textinput.Model
	pair  pair
}

func newBubbles() bubbles {
	in := textinput.New()
	in.Placeholder = "name"
	in.Focus()
	return bubbles{spin: spinner.New(), prog: progress.New(progress.WithWidth(20)), input: in}
}

func (b bubbles) Init() tea.Cmd { return widgets.BubbleCmd("spin", b.spin.Tick) }

func (b bubbles) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m, ok := msg.(setPercent); ok {
		return b, widgets.BubbleCmd("prog", b.prog.SetPercent(m.percent))
	}
	return b, tea.Batch(
		widgets.UpdateBubble("spin", &b.spin, msg),
		widgets.UpdateBubble("prog", &b.prog, msg),
		widgets.UpdateBubble("input", &b.input, msg),
		widgets.UpdateBubble("pair", &b.pair, msg),
	)
}

func (b bubbles) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		widgets.Bubble{ID: "input", View: b.input.View(), Label: "Name"},
		widgets.Bubble{ID: "pair", View: b.pair.View()},
		widgets.Bubble{ID: "spin", View: b.spin.View()},
		widgets.Bubble{ID: "prog", View: b.prog.View(), Tools: []widgets.BubbleAction{
			widgets.BubbleWrite("set_percent", "Set the bar.", func(a struct {
				Percent float64 `json:"percent" description:"from 0 to 1"`
			}) (tea.Msg, error) {
				if a.Percent < 0 || a.Percent > 1 {
					return nil, &tea.ArgumentError{Action: "set_percent", Arg: "percent", Rule: "must be from 0 to 1"}
				}
				return setPercent{a.Percent}, nil
			}),
			widgets.BubbleRead("get_percent", "Read the bar.", func(struct{}) (any, error) { return b.prog.Percent(), nil }),
		}},
	}}
}

// started runs the app and returns its runtime and a reader of what the
// widget with id draws.
func started(t *testing.T) (*tea.Runtime, func(id string) string) {
	t.Helper()
	rt, err := tea.Start(context.Background(), newBubbles())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	view := func(id string) string {
		w, ok := tea.FindWidget(rt.Snapshot().View, id)
		if !ok {
			t.Fatalf("no widget %q", id)
		}
		return w.(widgets.Bubble).View
	}
	return rt, view
}

// eventually waits for cond, failing with what.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func invoke(t *testing.T, rt *tea.Runtime, id, action string, args map[string]any) tea.Result {
	t.Helper()
	w, ok := tea.FindWidget(rt.Snapshot().View, id)
	if !ok {
		t.Fatalf("no widget %q", id)
	}
	res, err := w.(tea.ToolProvider).Invoke(action, args)
	if err != nil {
		t.Fatalf("%s.%s: %v", id, action, err)
	}
	if res.IsWrite() {
		if _, err := rt.Dispatch(context.Background(), res.Msg()); err != nil {
			t.Fatal(err)
		}
	}
	return res
}

func TestBubbleSpinnerTicks(t *testing.T) {
	_, view := started(t)
	frames := map[string]bool{view("spin"): true}
	eventually(t, "the spinner showed three frames", func() bool {
		frames[view("spin")] = true
		return len(frames) >= 3
	})
}

func TestBubbleTextInputTypesWhenFocused(t *testing.T) {
	rt, view := started(t)
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "input"}); err != nil {
		t.Fatal(err)
	}
	for _, r := range "Ada" {
		if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Char(r)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Named(tea.KeyBackspace)}); err != nil {
		t.Fatal(err)
	}
	if got := view("input"); !strings.Contains(got, "Ad") || strings.Contains(got, "Ada") {
		t.Fatalf("the input shows %q after typing Ada and Backspace", got)
	}
	// An agent's send_keys is the same keys.
	invoke(t, rt, "input", "send_keys", map[string]any{"keys": []any{"a", "space", "L"}})
	got := invoke(t, rt, "input", "get_view", nil).Value().(map[string]any)["view"].(string)
	if !strings.Contains(got, "Ada L") {
		t.Fatalf("get_view after send_keys = %q, want Ada L", got)
	}
}

func TestBubbleProgressAnimatesToATypedActionsValue(t *testing.T) {
	rt, view := started(t)
	before := rt.Snapshot().Version
	invoke(t, rt, "prog", "set_percent", map[string]any{"percent": 0.5})
	frames := map[string]bool{}
	eventually(t, "the bar animated to 50%", func() bool {
		frames[view("prog")] = true
		return strings.Contains(view("prog"), "50%")
	})
	if len(frames) < 2 || rt.Snapshot().Version < before+3 {
		t.Errorf("the bar jumped to 50%% (%d frames seen, %d renders): it did not animate", len(frames), rt.Snapshot().Version-before)
	}
	if got := invoke(t, rt, "prog", "get_percent", nil).Value(); got != 0.5 {
		t.Errorf("get_percent = %v, want 0.5", got)
	}
}

func TestBubbleRunsEveryCommandOfABatch(t *testing.T) {
	rt, view := started(t)
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "pair"}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Char('b')}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "both commands of the batch ran", func() bool { return view("pair") == "a=1 b=1" })
}

func TestBubbleToolsAndTheirRefusals(t *testing.T) {
	b := newBubbles().View().(tea.Column).Items[3].(widgets.Bubble)
	var names []string
	for _, a := range b.Actions() {
		names = append(names, a.Name)
	}
	if got := strings.Join(names, " "); got != "send_keys get_view set_percent get_percent" {
		t.Fatalf("actions %q", got)
	}
	tests := []struct {
		name, action string
		args         map[string]any
		want         string
	}{
		{"no keys", "send_keys", map[string]any{"keys": []any{}}, `argument "keys": has 0 items: it takes 1 to 256`},
		{"a key that is not one", "send_keys", map[string]any{"keys": []any{"nope"}}, "unknown key"},
		{"an unknown argument", "send_keys", map[string]any{"keys": []any{"a"}, "text": "x"}, `argument "text": is not an argument`},
		{"a missing typed argument", "set_percent", map[string]any{}, `argument "percent": is required: a number`},
		{"a typed argument of the wrong type", "set_percent", map[string]any{"percent": "half"}, `argument "percent": must be a number, got a string`},
		{"the action's own rule", "set_percent", map[string]any{"percent": 2.0}, "from 0 to 1"},
		{"an unknown action", "explode", nil, "offers: send_keys, get_view, set_percent, get_percent"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.Invoke(tt.action, tt.args)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Invoke(%s, %v) = %v, want an error containing %q", tt.action, tt.args, err, tt.want)
			}
			if tt.action != "explode" && !errors.Is(err, tea.ErrInvalidArgument) {
				t.Errorf("the error is not an invalid argument: %v", err)
			}
		})
	}
	b.Disabled = true
	for _, a := range b.Actions() {
		if a.Sensitive() {
			t.Errorf("a disabled Bubble offers the write %s", a.Name)
		}
	}
	if b.HandleKey(tea.Char('x')) != nil || b.CanFocus() {
		t.Error("a disabled Bubble takes focus or keys")
	}
}

func TestBubbleRenderFitsItsSpace(t *testing.T) {
	b := widgets.Bubble{ID: "b", View: "first line that is long\nsecond\nthird\n"}
	got := b.Render(tea.RenderContext{Width: 10, Height: 2})
	if got != "first lin…\nsecond" {
		t.Fatalf("Render = %q", got)
	}
}
