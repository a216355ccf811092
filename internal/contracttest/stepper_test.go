package contracttest_test

import (
	"fmt"
	"strconv"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
)

// Stepper is a widget an app writes for itself: a number from Min to Max
// that + and - (or = for +) step by one while it has focus, as a click on
// its buttons or an agent's increment and decrement do. It describes
// itself as a spinbutton whose parts are its two buttons.
type Stepper struct {
	ID       string
	Label    string
	Value    int
	Min, Max int
}

// Stepped asks the app to set stepper ID to Value.
type Stepped struct {
	ID    string
	Value int
}

var (
	stepUp   = key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+", "increment"))
	stepDown = key.NewBinding(key.WithKeys("-"), key.WithHelp("-", "decrement"))
)

// Children implements tea.Node.
func (Stepper) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (s Stepper) WidgetID() string { return s.ID }

// WidgetKind implements tea.Widget.
func (Stepper) WidgetKind() string { return "stepper" }

// CanFocus implements tea.Focusable.
func (Stepper) CanFocus() bool { return true }

// Describe implements tea.Describer.
func (s Stepper) Describe() tea.Description {
	down, up := s.Value > s.Min, s.Value < s.Max
	return tea.Description{Role: "spinbutton", Label: s.Label, Value: strconv.Itoa(s.Value),
		State: map[string]any{"value": s.Value, "min": s.Min, "max": s.Max},
		Range: &tea.Range{Min: float64(s.Min), Max: float64(s.Max), Now: float64(s.Value)},
		Parts: []tea.Part{
			{Role: "button", ID: "down", Label: "decrement", Value: "−", States: tea.States{Disabled: !down}, Action: actIf(down, "decrement")},
			{Role: "button", ID: "up", Label: "increment", Value: "+", States: tea.States{Disabled: !up}, Action: actIf(up, "increment")},
		}}
}

func actIf(on bool, name string) tea.Act {
	if !on {
		return tea.Act{}
	}
	return tea.Act{Name: name}
}

// Render implements tea.Widget: "Count: [-] 3 [+]", marked when focused.
func (s Stepper) Render(ctx tea.RenderContext) string {
	mark := "  "
	if ctx.Focused {
		mark = "▸ "
	}
	return ansi.Truncate(fmt.Sprintf("%s%s: [-] %d [+]", mark, s.Label, s.Value), ctx.Width, "")
}

// HandleKey implements tea.KeyHandler.
func (s Stepper) HandleKey(k tea.Key) tea.Msg {
	switch {
	case key.Matches(k, stepUp):
		return s.step(1)
	case key.Matches(k, stepDown):
		return s.step(-1)
	}
	return nil
}

// ShortHelp lists the keys for the help line.
func (Stepper) ShortHelp() []key.Binding { return []key.Binding{stepDown, stepUp} }

// step is the message of a step by d, or nil past either end.
func (s Stepper) step(d int) tea.Msg {
	v := min(max(s.Value+d, s.Min), s.Max)
	if v == s.Value {
		return nil
	}
	return Stepped{ID: s.ID, Value: v}
}

var noArgs = map[string]any{"type": "object", "properties": map[string]any{}, "additionalProperties": false}

// Actions implements tea.ToolProvider.
func (Stepper) Actions() []tea.Action {
	return []tea.Action{
		{Name: "increment", Description: "Add one, as + does.", InputSchema: noArgs, Annotations: map[string]any{"sensitive": true}},
		{Name: "decrement", Description: "Take one away, as - does.", InputSchema: noArgs, Annotations: map[string]any{"sensitive": true}},
		{Name: "get_value", Description: "Read the number.", InputSchema: noArgs, Annotations: map[string]any{}},
	}
}

// Invoke implements tea.ToolProvider.
func (s Stepper) Invoke(action string, _ map[string]any) (tea.Result, error) {
	switch action {
	case "increment", "decrement":
		d := 1
		if action == "decrement" {
			d = -1
		}
		msg := s.step(d)
		if msg == nil {
			return tea.Result{}, &tea.ArgumentError{Action: action, Rule: fmt.Sprintf("the number is already %d, from %d to %d", s.Value, s.Min, s.Max)}
		}
		return tea.Write(msg), nil
	case "get_value":
		return tea.Read(map[string]any{"value": strconv.Itoa(s.Value)}), nil
	}
	return tea.Result{}, tea.UnknownActionError(s.WidgetKind(), action, s.Actions())
}

// ResetButton is a button of the app's own (not widgets.Button): a
// click, Enter or an agent's reset sends Reset.
type ResetButton struct{ ID string }

// Reset asks the app to put the count back to 0.
type Reset struct{}

// Children implements tea.Node.
func (ResetButton) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (b ResetButton) WidgetID() string { return b.ID }

// WidgetKind implements tea.Widget.
func (ResetButton) WidgetKind() string { return "reset_button" }

// CanFocus implements tea.Focusable.
func (ResetButton) CanFocus() bool { return true }

// Describe implements tea.Describer: a button whose click is reset.
func (ResetButton) Describe() tea.Description {
	return tea.Description{Role: "button", Label: "Reset", Action: tea.Act{Name: "reset"}}
}

// Render implements tea.Widget.
func (ResetButton) Render(ctx tea.RenderContext) string {
	return ansi.Truncate("<Reset>", ctx.Width, "")
}

// HandleKey implements tea.KeyHandler: Enter resets.
func (ResetButton) HandleKey(k tea.Key) tea.Msg {
	if k.Is("enter") {
		return Reset{}
	}
	return nil
}

// Actions implements tea.ToolProvider.
func (ResetButton) Actions() []tea.Action {
	return []tea.Action{{Name: "reset", Description: "Put the count back to 0.", InputSchema: noArgs, Annotations: map[string]any{"sensitive": true}}}
}

// Invoke implements tea.ToolProvider.
func (b ResetButton) Invoke(action string, _ map[string]any) (tea.Result, error) {
	if action != "reset" {
		return tea.Result{}, tea.UnknownActionError(b.WidgetKind(), action, b.Actions())
	}
	return tea.Write(Reset{}), nil
}

// counter is the app: a Stepper from 0 to 9 and the app's own line that
// says the count, so every renderer shows what Update did.
type counter struct{ n int }

func (c counter) Init() tea.Cmd { return nil }

func (c counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch m := msg.(type) {
	case Stepped:
		if m.ID == "count" {
			c.n = m.Value
		}
	case Reset:
		c.n = 0
	}
	return c, nil
}

func (c counter) View() tea.Node {
	return tea.Vertical(
		Stepper{ID: "count", Label: "Count", Value: c.n, Max: 9},
		ResetButton{ID: "reset"},
		tea.Label(fmt.Sprintf("The count is %d.", c.n)),
	)
}

// countOf is the count a snapshot's model holds.
func countOf(s tea.Snapshot) int { return s.Model.(counter).n }
