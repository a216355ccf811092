package widgets

import (
	"fmt"
	"strings"

	bt "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/bubble/convert"
	"github.com/facetui/facet/tea"
)

// Bubble puts a Bubble Tea v2 model in a Facet tree: a Bubbles component
// (spinner, progress, textinput, list, ...), a whole tea.Model or your own
// component. Like every widget it is controlled: the model lives in the
// app's model, View is what it drew, and everything meant for it arrives at
// the app's Update as a BubbleReceived, which UpdateBubble applies to it. Its
// commands run with the app's (BubbleCmd), batches and sequences included,
// and their messages come back to it the same way.
//
// Focused, it hands the model every key (Tab too, with TakeTab). Agents get
// send_keys (the same keys, by name) and get_view (what it drew, as text),
// plus any typed actions in Tools.
//
//	func (a app) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
//		return a, widgets.UpdateBubble("spin", &a.spin, msg)
//	}
//	func (a app) View() tea.Node {
//		return widgets.Bubble{ID: "spin", View: a.spin.View()}
//	}
type Bubble struct {
	ID string
	// View is what the model drew: a component's View() or a tea.Model's
	// View().Content. Lines wider than the space given are cut.
	View string
	// Label names the model for the widgets resource ("Upload progress").
	Label string
	// Tools are actions offered to agents besides send_keys and get_view,
	// built with BubbleWrite and BubbleRead.
	Tools []BubbleAction
	// TakeTab hands Tab and Shift+Tab to the model while it is focused,
	// instead of moving focus (for a model that uses Tab itself).
	TakeTab bool
	// Disabled takes no focus, no keys and offers no writes.
	Disabled bool
	Exclude  bool
}

// BubbleReceived carries Bubble Tea messages to the model of the Bubble with
// ID: the keys it was handed, an agent's send_keys or typed write, and what
// its commands returned. UpdateBubble applies them in order.
type BubbleReceived struct {
	ID   string
	Msgs []bt.Msg
}

// BubbleModel is what a Bubble can hold: anything with a Bubble Tea Update
// that returns its own type, as every Bubbles component does
// (spinner.Model, progress.Model, ...) and tea.Model does (M = tea.Model).
type BubbleModel[M any] interface {
	Update(bt.Msg) (M, bt.Cmd)
}

// UpdateBubble applies msg to *m when msg is a BubbleReceived for id, and
// returns the Facet command that runs what the model asked for (see
// BubbleCmd). Any other message leaves *m alone and returns nil, so an app
// can pass it every message.
//
// Many Bubbles components change slices or pointees in place on Update (a
// textinput's runes, its cursor's blink state), which an earlier, already
// published Facet model shares (see tea.Model). UpdateBubble therefore
// gives the component a deep copy of its own first (bubble/convert.Clone);
// an app that calls a component's Update itself must do the same.
func UpdateBubble[M BubbleModel[M]](id string, m *M, msg tea.Msg) tea.Cmd {
	bm, ok := msg.(BubbleReceived)
	if !ok || bm.ID != id {
		return nil
	}
	cmds := make([]bt.Cmd, 0, len(bm.Msgs))
	// The model before this Update may be held by a published snapshot:
	// give the component storage of its own to change.
	*m = convert.Clone(*m)
	for _, inner := range bm.Msgs {
		var cmd bt.Cmd
		*m, cmd = (*m).Update(inner)
		cmds = append(cmds, cmd)
	}
	return BubbleCmd(id, bt.Sequence(cmds...))
}

// BubbleCmd turns a command of the model in the Bubble with id (its Init,
// a spinner's Tick, what its Update returned) into a Facet command. Bubble
// Tea batches and sequences are unpacked so each of their commands runs,
// and every message comes back to the app's Update as a BubbleReceived for id.
func BubbleCmd(id string, cmd bt.Cmd) tea.Cmd {
	return convert.Cmd(cmd, func(msg bt.Msg) tea.Msg { return BubbleReceived{ID: id, Msgs: []bt.Msg{msg}} })
}

// BubbleAction is an action a Bubble offers agents besides send_keys and
// get_view. Build one with BubbleWrite or BubbleRead.
type BubbleAction struct {
	action tea.Action
	// invoke decodes the arguments and returns a write's message for
	// Update or a read's value.
	invoke func(args map[string]any) (msg tea.Msg, value any, err error)
}

// BubbleWrite declares a write: its arguments are A's exported fields,
// declared as every widget's are: named by their json tags, all required
// but those tagged omitempty, described by a jsonschema (or description)
// tag, bounded by minimum and maximum (minItems and maxItems for a list)
// and an enum. A field is a string, a bool, an integer, a number or a list
// of strings; any other is a mistake in the program, and panics here. An
// agent's arguments are checked against A and refused, naming the
// argument and the rule, before do turns them into the message for the
// app's Update: the app's own (a progress bar's SetPercent is a method,
// called in Update) or a BubbleReceived of Bubble Tea messages for the model.
func BubbleWrite[A any](name, description string, do func(A) (tea.Msg, error)) BubbleAction {
	spec := newArgSpec[A]()
	return BubbleAction{
		action: write(name, description, spec.schema()),
		invoke: func(args map[string]any) (tea.Msg, any, error) {
			a, err := spec.bind(name, args)
			if err != nil {
				return nil, nil, err
			}
			msg, err := do(a)
			return msg, nil, err
		},
	}
}

// BubbleRead declares a read: its arguments are A's fields (as for
// BubbleWrite) and read answers from the model as it was when the view was
// built.
func BubbleRead[A any](name, description string, read func(A) (any, error)) BubbleAction {
	spec := newArgSpec[A]()
	return BubbleAction{
		action: tea.Action{Name: name, Description: description, InputSchema: spec.schema()},
		invoke: func(args map[string]any) (tea.Msg, any, error) {
			a, err := spec.bind(name, args)
			if err != nil {
				return nil, nil, err
			}
			v, err := read(a)
			return nil, v, err
		},
	}
}

// sendKeysArgs are send_keys' arguments.
type sendKeysArgs struct {
	Keys []string `json:"keys" jsonschema:"the keys, such as [\"h\", \"i\", \"enter\"]" minItems:"1" maxItems:"256"`
}

// sendKeysArgsSpec reads sendKeysArgs once.
var sendKeysArgsSpec = newArgSpec[sendKeysArgs]()

// Children implements tea.Node.
func (Bubble) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (b Bubble) WidgetID() string { return b.ID }

// WidgetKind implements tea.Widget.
func (Bubble) WidgetKind() string { return "bubble" }

// CanFocus implements tea.Focusable.
func (b Bubble) CanFocus() bool { return !b.Disabled }

// TakesTab implements tea.TabTaker.
func (b Bubble) TakesTab() bool { return b.TakeTab && !b.Disabled }

// Excluded implements tea.Excludable.
func (b Bubble) Excluded() bool { return b.Exclude }

// Describe implements tea.Describer.
func (b Bubble) Describe() tea.Description {
	return tea.Description{Label: b.Label, Role: "bubble", Value: strings.TrimRight(ansi.Strip(b.View), "\n"),
		State: map[string]any{"disabled": b.Disabled}, States: tea.States{Disabled: b.Disabled}}
}

// DescribeShown implements tea.ShownDescriber: a Bubble is never hidden.
func (b Bubble) DescribeShown() bool { return true }

// Render implements tea.Widget: the model's view, each line cut to the
// width and the lines to the height.
func (b Bubble) Render(ctx tea.RenderContext) string {
	lines := clipLines(strings.Split(strings.TrimRight(b.View, "\n"), "\n"), ctx.Height)
	for i, l := range lines {
		lines[i] = Fit(strings.TrimRight(l, "\r"), ctx.Width)
	}
	return strings.Join(lines, "\n")
}

// HandleKey implements tea.KeyHandler: every key goes to the model.
func (b Bubble) HandleKey(k tea.Key) tea.Msg {
	if b.Disabled {
		return nil
	}
	return BubbleReceived{ID: b.ID, Msgs: []bt.Msg{bt.KeyPressMsg(convert.ToKey(k))}}
}

// Actions implements tea.ToolProvider.
func (b Bubble) Actions() []tea.Action {
	var out []tea.Action
	if !b.Disabled {
		out = append(out, write("send_keys", "Press keys in this embedded Bubble Tea component, in order, as a person would with it focused: each a key name (enter, tab, esc, up, ctrl+c, ...) or one character.",
			sendKeysArgsSpec.schema()))
	}
	out = append(out, readAs(read("get_view", "Read what this embedded Bubble Tea component draws now, as plain text.", noArgsSpec.schema()), outView))
	for _, t := range b.Tools {
		if b.Disabled && t.action.Sensitive() {
			continue
		}
		out = append(out, t.action)
	}
	return out
}

// Invoke implements tea.ToolProvider.
func (b Bubble) Invoke(action string, args map[string]any) (tea.Result, error) {
	switch {
	case action == "get_view":
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		return tea.Read(map[string]any{"view": ansi.Strip(b.Render(tea.RenderContext{Width: 1 << 16}))}), nil
	case action == "send_keys" && !b.Disabled:
		a, err := sendKeysArgsSpec.bind(action, args)
		if err != nil {
			return tea.Result{}, err
		}
		msgs := make([]bt.Msg, len(a.Keys))
		for i, name := range a.Keys {
			k, err := tea.ParseKey(name)
			if err != nil {
				return tea.Result{}, argErr(action, "keys", "item %d: %v", i, err)
			}
			msgs[i] = bt.KeyPressMsg(convert.ToKey(k))
		}
		return tea.Write(BubbleReceived{ID: b.ID, Msgs: msgs}), nil
	}
	for _, t := range b.Tools {
		if t.action.Name != action || (b.Disabled && t.action.Sensitive()) {
			continue
		}
		msg, value, err := t.invoke(args)
		if err != nil {
			return tea.Result{}, err
		}
		if t.action.Sensitive() {
			if msg == nil {
				return tea.Result{}, fmt.Errorf("bubble %q: action %s returned no message for Update", b.ID, action)
			}
			return tea.Write(msg), nil
		}
		return tea.Read(value), nil
	}
	return tea.Result{}, tea.UnknownActionError("bubble", action, b.Actions())
}
