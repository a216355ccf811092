package widgets

import (
	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// Checkbox is a labelled on/off box. Space or Enter while focused, a left
// click, or the agent action toggle sends CheckboxToggled with the opposite of
// Checked. A disabled Checkbox cannot be focused and offers only its read.
type Checkbox struct {
	ID       string
	Label    string
	Checked  bool
	Disabled bool
	Exclude  bool
	// Keys overrides the keys it answers to; nil means DefaultCheckboxKeyMap().
	Keys  *CheckboxKeyMap
	Theme *Theme
}

// CheckboxToggled reports a Checkbox's new state.
type CheckboxToggled struct {
	ID      string
	Checked bool
}

// CheckboxKeyMap holds the keys of a Checkbox.
type CheckboxKeyMap struct {
	Toggle key.Binding
}

// DefaultCheckboxKeyMap returns the keys a focused Checkbox answers to.
func DefaultCheckboxKeyMap() CheckboxKeyMap {
	return CheckboxKeyMap{
		Toggle: key.NewBinding(key.WithKeys("space", "enter"), key.WithHelp("space", "toggle")),
	}
}

// defaultCheckboxKeys is DefaultCheckboxKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultCheckboxKeys = DefaultCheckboxKeyMap()

// keys returns Keys, or DefaultCheckboxKeyMap() when it is nil.
func (c Checkbox) keys() CheckboxKeyMap {
	if c.Keys != nil {
		return *c.Keys
	}
	return defaultCheckboxKeys
}

// Children implements tea.Node.
func (Checkbox) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (c Checkbox) WidgetID() string { return c.ID }

// WidgetKind implements tea.Widget.
func (Checkbox) WidgetKind() string { return "checkbox" }

// CanFocus implements tea.Focusable.
func (c Checkbox) CanFocus() bool { return !c.Disabled }

// Excluded implements tea.Excludable.
func (c Checkbox) Excluded() bool { return c.Exclude }

// Describe implements tea.Describer: a checkbox, checked or not, which a
// click toggles unless it is disabled.
func (c Checkbox) Describe() tea.Description {
	return tea.Description{Label: c.Label, Role: "checkbox", State: map[string]any{"checked": c.Checked, "disabled": c.Disabled},
		States: tea.States{Checked: c.Checked, Disabled: c.Disabled}, Action: act(!c.Disabled, "toggle")}
}

// DescribeShown implements tea.ShownDescriber: a Checkbox is never hidden.
func (c Checkbox) DescribeShown() bool { return true }

// Render implements tea.Widget: "[x] Label" or "[ ] Label", the box
// highlighted when focused.
func (c Checkbox) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	t := themeIn(c.Theme, ctx)
	box, label := t.Border, t.Normal
	switch {
	case c.Disabled:
		box, label = t.Disabled, t.Disabled
	case ctx.Focused:
		box, label = t.Accent, t.Accent
	}
	mark := "[ ]"
	if c.Checked {
		mark = "[x]"
	}
	line := box.Render(mark)
	if text := OneLine(c.Label); text != "" {
		line += " " + label.Render(Fit(text, max(ctx.Width-4, 1)))
	}
	return Fit(line, ctx.Width)
}

// HandleKey implements tea.KeyHandler.
func (c Checkbox) HandleKey(k tea.Key) tea.Msg {
	km := c.keys()
	if c.Disabled || !key.Matches(k, km.Toggle) {
		return nil
	}
	return c.toggled()
}

// HandleMouse implements tea.MouseHandler: a left click toggles.
func (c Checkbox) HandleMouse(m tea.Mouse) tea.Msg {
	if c.Disabled || m.Action != tea.MousePress || m.Button != tea.MouseLeft {
		return nil
	}
	return c.toggled()
}

func (c Checkbox) toggled() tea.Msg { return CheckboxToggled{ID: c.ID, Checked: !c.Checked} }

// ShortHelp lists the keys for the help line.
func (c Checkbox) ShortHelp() []key.Binding { return []key.Binding{c.keys().Toggle} }

// Actions implements tea.ToolProvider.
func (c Checkbox) Actions() []tea.Action {
	var out []tea.Action
	if !c.Disabled {
		out = append(out, write("toggle", "Toggle the checkbox: check it when unchecked, uncheck it when checked.", noArgsSpec.schema()))
	}
	return append(out, readAs(read("get_checked", "Read whether the checkbox is checked.", noArgsSpec.schema()), outChecked))
}

// Invoke implements tea.ToolProvider.
func (c Checkbox) Invoke(action string, args map[string]any) (tea.Result, error) {
	if !actionOffered(c.Actions(), action) {
		return tea.Result{}, tea.UnknownActionError(c.WidgetKind(), action, c.Actions())
	}
	if _, err := noArgsSpec.bind(action, args); err != nil {
		return tea.Result{}, err
	}
	if action == "toggle" {
		return tea.Write(c.toggled()), nil
	}
	return tea.Read(map[string]any{"checked": c.Checked}), nil
}

// CheckboxState is whether a Checkbox is checked. Update applies CheckboxToggled
// for ID.
type CheckboxState struct {
	ID      string `json:"id"`
	Checked bool   `json:"checked"`
}

// View returns w, the Checkbox as the app configures it, showing the state:
// its ID is s.ID and its Checked come from s.
func (s *CheckboxState) View(w Checkbox) Checkbox {
	w.ID = s.ID
	w.Checked = s.Checked
	return w
}

// Update applies CheckboxToggled and reports whether it used msg.
func (s *CheckboxState) Update(msg tea.Msg) bool {
	m, ok := msg.(CheckboxToggled)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	s.Checked = m.Checked
	return true
}
