package widgets

import (
	"fmt"
	"reflect"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// Button is a pressable label. Pressing it (Enter or Space while focused, a
// left click, or the agent action click) sends OnClick to Update as it is.
// A disabled Button cannot be focused and offers no action; it is drawn in
// parentheses, "( Label )" instead of "[ Label ]", so plain text (what an
// agent's screenshot holds) shows it too.
type Button struct {
	ID       string
	Label    string
	OnClick  tea.Msg
	Disabled bool
	// DisabledReason says why a disabled button is disabled ("the count is
	// 0"), for whoever cannot press it: an agent's refusal says it.
	DisabledReason string
	Exclude        bool
	// Keys overrides the keys it answers to; nil means DefaultButtonKeyMap().
	Keys  *ButtonKeyMap
	Theme *Theme
}

// ButtonKeyMap holds the keys of a Button.
type ButtonKeyMap struct {
	Press key.Binding
}

// DefaultButtonKeyMap returns the keys a focused Button answers to.
func DefaultButtonKeyMap() ButtonKeyMap {
	return ButtonKeyMap{
		Press: key.NewBinding(key.WithKeys("enter", "space"), key.WithHelp("enter", "press")),
	}
}

// defaultButtonKeys is DefaultButtonKeyMap built once: keys() is asked on
// every key and every frame's help, and a Binding is never changed in
// place (keys() hands out copies), so one value serves every Button.
var defaultButtonKeys = DefaultButtonKeyMap()

// keys returns Keys, or DefaultButtonKeyMap() when it is nil.
func (b Button) keys() ButtonKeyMap {
	if b.Keys != nil {
		return *b.Keys
	}
	return defaultButtonKeys
}

// Children implements tea.Node.
func (Button) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (b Button) WidgetID() string { return b.ID }

// WidgetKind implements tea.Widget.
func (Button) WidgetKind() string { return "button" }

// CanFocus implements tea.Focusable.
func (b Button) CanFocus() bool { return !b.Disabled }

// Excluded implements tea.Excludable.
func (b Button) Excluded() bool { return b.Exclude }

// Describe implements tea.Describer: a button named by its label, which a
// click presses unless it is disabled.
func (b Button) Describe() tea.Description {
	state := map[string]any{"disabled": b.Disabled}
	if b.Disabled && b.DisabledReason != "" {
		state["disabled_reason"] = b.DisabledReason
	}
	return tea.Description{Label: b.Label, Role: "button", State: state,
		States: tea.States{Disabled: b.Disabled}, Action: act(!b.Disabled, "click")}
}

// DescribeShown implements tea.ShownDescriber: a Button is never hidden.
func (b Button) DescribeShown() bool { return true }

// Render implements tea.Widget: "[ Label ]", highlighted when focused, or
// "( Label )", dimmed, when disabled.
func (b Button) Render(ctx tea.RenderContext) string {
	t := themeIn(b.Theme, ctx)
	style, open, closing := t.Button, "[ ", " ]"
	switch {
	case b.Disabled:
		style, open, closing = t.Disabled, "( ", " )"
	case ctx.Focused:
		style = t.ButtonFocus
	}
	label := Fit(OneLine(b.Label), max(ctx.Width-4, 1))
	return style.Render(Fit(open+label+closing, ctx.Width))
}

// HandleKey implements tea.KeyHandler.
func (b Button) HandleKey(k tea.Key) tea.Msg {
	km := b.keys()
	if b.Disabled || !key.Matches(k, km.Press) {
		return nil
	}
	if msg, err := b.click(); err == nil {
		return msg
	}
	return nil
}

// HandleMouse implements tea.MouseHandler: a left click presses the button.
func (b Button) HandleMouse(m tea.Mouse) tea.Msg {
	if b.Disabled || m.Action != tea.MousePress || m.Button != tea.MouseLeft {
		return nil
	}
	if msg, err := b.click(); err == nil {
		return msg
	}
	return nil
}

// ShortHelp lists the keys for the help line.
func (b Button) ShortHelp() []key.Binding { return []key.Binding{b.keys().Press} }

// Actions implements tea.ToolProvider.
func (b Button) Actions() []tea.Action {
	if b.Disabled {
		return nil
	}
	return []tea.Action{write("click", "Press the button (as Enter or a click).", noArgsSpec.schema())}
}

// Invoke implements tea.ToolProvider.
func (b Button) Invoke(action string, args map[string]any) (tea.Result, error) {
	if action != "click" || b.Disabled {
		return tea.Result{}, tea.UnknownActionError("button", action, b.Actions())
	}
	if _, err := noArgsSpec.bind(action, args); err != nil {
		return tea.Result{}, err
	}
	msg, err := b.click()
	if err != nil {
		return tea.Result{}, err
	}
	return tea.Write(msg), nil
}

// click returns OnClick, refusing a missing one or a function (a tea.Cmd is
// work, not a message; return it from Update instead).
func (b Button) click() (tea.Msg, error) {
	if b.OnClick == nil {
		return nil, fmt.Errorf("button %q has no OnClick message", b.ID)
	}
	if reflect.TypeOf(b.OnClick).Kind() == reflect.Func {
		return nil, fmt.Errorf("button %q: OnClick is a function (%T), not a message; send a message and return the command from Update", b.ID, b.OnClick)
	}
	return b.OnClick, nil
}
