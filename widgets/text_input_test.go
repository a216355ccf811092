package widgets_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestTextInputActionsDependOnMaskAndDisabled(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   widgets.TextInput
		want []string
	}{
		{"plain", widgets.TextInput{ID: "q"}, []string{"type_into", "clear", "submit", "get_value"}},
		{"masked offers no read", widgets.TextInput{ID: "q", Mask: '*'}, []string{"type_into", "clear", "submit"}},
		{"disabled offers reads only", widgets.TextInput{ID: "q", Disabled: true}, []string{"get_value"}},
		{"disabled and masked offers nothing", widgets.TextInput{ID: "q", Mask: '*', Disabled: true}, []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.in.Actions()
			if !reflect.DeepEqual(actionNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", actionNames(got), tc.want)
			}
			checkAnnotations(t, got, "type_into", "clear", "submit")
		})
	}
	checkStatic(t,
		widgets.TextInput{ID: "zzid", Label: "ZZLABEL", Value: "ZZVALUE", Placeholder: "ZZPLACE"}.Actions(),
		widgets.TextInput{ID: "other", Label: "x", Value: "y"}.Actions(),
		"zzid", "ZZLABEL", "ZZVALUE", "ZZPLACE")
}

func TestTextInputInvoke(t *testing.T) {
	in := widgets.TextInput{ID: "q", Value: "héllo"}
	runInvoke(t, in, []invokeCase{
		{name: "type_into replaces by default", action: "type_into", args: map[string]any{"text": "abc"}, write: widgets.TextChanged{ID: "q", Value: "abc"}},
		{name: "type_into append=false replaces", action: "type_into", args: map[string]any{"text": "abc", "append": false}, write: widgets.TextChanged{ID: "q", Value: "abc"}},
		{name: "type_into append=true appends", action: "type_into", args: map[string]any{"text": " you", "append": true}, write: widgets.TextChanged{ID: "q", Value: "héllo you"}},
		{name: "type_into empty text empties", action: "type_into", args: map[string]any{"text": ""}, write: widgets.TextChanged{ID: "q", Value: ""}},
		{name: "clear empties", action: "clear", write: widgets.TextChanged{ID: "q", Value: ""}},
		{name: "get_value reads", action: "get_value", read: map[string]any{"value": "héllo"}},
		{name: "type_into without text", action: "type_into", args: map[string]any{}, errIs: tea.ErrInvalidArgument, errHas: []string{"text", "required", "string"}},
		{name: "type_into with a number", action: "type_into", args: map[string]any{"text": 3.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"text", "must be a string"}},
		{name: "type_into with a string append", action: "type_into", args: map[string]any{"text": "a", "append": "yes"}, errIs: tea.ErrInvalidArgument, errHas: []string{"append", "true or false"}},
		{name: "type_into with an unknown argument", action: "type_into", args: map[string]any{"text": "a", "txt": "b"}, errIs: tea.ErrInvalidArgument, errHas: []string{"txt", "text, append"}},
		{name: "clear refuses arguments", action: "clear", args: map[string]any{"text": "a"}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "get_value refuses arguments", action: "get_value", args: map[string]any{"x": true}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "submit, as Enter", action: "submit", write: widgets.TextSubmitted{ID: "q", Value: "héllo"}},
		{name: "unknown action lists the offered", action: "send", errIs: tea.ErrUnknownAction, errHas: []string{"type_into", "clear", "submit", "get_value"}},
	})
	runInvoke(t, widgets.TextInput{ID: "q", Value: "s3cret", Mask: '*'}, []invokeCase{
		{name: "masked refuses get_value", action: "get_value", errIs: tea.ErrUnknownAction},
		{name: "masked still types", action: "type_into", args: map[string]any{"text": "x"}, write: widgets.TextChanged{ID: "q", Value: "x"}},
		{name: "masked takes no append", action: "type_into", args: map[string]any{"text": "x", "append": true}, errIs: tea.ErrInvalidArgument, errHas: []string{"append", "masked"}},
	})
	runInvoke(t, widgets.TextInput{ID: "q", Value: "v", Disabled: true}, []invokeCase{
		{name: "disabled refuses type_into", action: "type_into", args: map[string]any{"text": "x"}, errIs: tea.ErrUnknownAction},
		{name: "disabled refuses clear", action: "clear", errIs: tea.ErrUnknownAction},
		{name: "disabled still reads", action: "get_value", read: map[string]any{"value": "v"}},
	})
}

func TestTextInputKeys(t *testing.T) {
	in := widgets.TextInput{ID: "q", Value: "añ"}
	runKeys(t, in, []keyCase{
		{"a letter appends", tea.Char('b'), widgets.TextChanged{ID: "q", Value: "añb"}},
		{"a capital appends", parseKey(t, "B"), widgets.TextChanged{ID: "q", Value: "añB"}},
		{"a wide rune appends", tea.Char('字'), widgets.TextChanged{ID: "q", Value: "añ字"}},
		{"space appends a space", parseKey(t, "space"), widgets.TextChanged{ID: "q", Value: "añ "}},
		{"backspace removes the last rune", parseKey(t, "backspace"), widgets.TextChanged{ID: "q", Value: "a"}},
		{"ctrl+u clears", parseKey(t, "ctrl+u"), widgets.TextChanged{ID: "q", Value: ""}},
		{"enter submits", parseKey(t, "enter"), widgets.TextSubmitted{ID: "q", Value: "añ"}},
		{"ctrl+g is not typed", parseKey(t, "ctrl+g"), nil},
		{"alt+x is not typed", parseKey(t, "alt+x"), nil},
		{"up is not used", parseKey(t, "up"), nil},
		{"esc is not used", parseKey(t, "esc"), nil},
	})
	runKeys(t, widgets.TextInput{ID: "q"}, []keyCase{
		{"backspace on empty sends nothing", parseKey(t, "backspace"), nil},
	})
	runKeys(t, widgets.TextInput{ID: "q", Value: "x", Disabled: true}, []keyCase{
		{"disabled ignores letters", tea.Char('a'), nil},
		{"disabled ignores enter", parseKey(t, "enter"), nil},
	})
	if got := len(in.ShortHelp()); got != 3 {
		t.Errorf("ShortHelp has %d bindings, want 3", got)
	}
}

func TestTextInputEditsAndMovesAtTheCursor(t *testing.T) {
	changed := func(v string, fromEnd int) tea.Msg {
		return widgets.TextChanged{ID: "q", Value: v, CursorFromEnd: fromEnd}
	}
	moved := func(fromEnd int) tea.Msg { return widgets.TextCursorMoved{ID: "q", CursorFromEnd: fromEnd} }
	tests := []struct {
		name  string
		field widgets.TextInput
		cases []keyCase
	}{
		{"cursor between b and c", widgets.TextInput{ID: "q", Value: "abcd", CursorFromEnd: 2}, []keyCase{
			{"a letter is inserted at the cursor", tea.Char('x'), changed("abxcd", 2)},
			{"a wide rune is inserted at the cursor", tea.Char('字'), changed("ab字cd", 2)},
			{"backspace removes the rune before the cursor", parseKey(t, "backspace"), changed("acd", 2)},
			{"delete removes the rune under the cursor", parseKey(t, "delete"), changed("abd", 1)},
			{"left moves back one rune", parseKey(t, "left"), moved(3)},
			{"right moves on one rune", parseKey(t, "right"), moved(1)},
			{"home goes to the start", parseKey(t, "home"), moved(4)},
			{"end goes to the end", parseKey(t, "end"), moved(0)},
			{"enter submits the whole value", parseKey(t, "enter"), widgets.TextSubmitted{ID: "q", Value: "abcd"}},
			{"ctrl+u deletes everything before the cursor", parseKey(t, "ctrl+u"), changed("cd", 2)},
		}},
		{"cursor at the start", widgets.TextInput{ID: "q", Value: "añ", CursorFromEnd: 2}, []keyCase{
			{"left stays", parseKey(t, "left"), nil},
			{"home stays", parseKey(t, "home"), nil},
			{"backspace has nothing to remove", parseKey(t, "backspace"), nil},
			{"delete removes the first rune", parseKey(t, "delete"), changed("ñ", 1)},
			{"typing prepends", tea.Char('z'), changed("zañ", 2)},
		}},
		{"cursor at the end (the zero value)", widgets.TextInput{ID: "q", Value: "añ"}, []keyCase{
			{"right stays", parseKey(t, "right"), nil},
			{"delete has nothing to remove", parseKey(t, "delete"), nil},
			{"left moves before ñ", parseKey(t, "left"), moved(1)},
		}},
		{"a cursor past the start clamps to it", widgets.TextInput{ID: "q", Value: "ab", CursorFromEnd: 99}, []keyCase{
			{"typing inserts at the start", tea.Char('z'), changed("zab", 2)},
		}},
		{"a negative cursor is the end", widgets.TextInput{ID: "q", Value: "ab", CursorFromEnd: -1}, []keyCase{
			{"typing appends", tea.Char('z'), changed("abz", 0)},
		}},
		{"a password field edits at its cursor too", widgets.TextInput{ID: "q", Value: "secret", CursorFromEnd: 3, Mask: '•'}, []keyCase{
			{"backspace", parseKey(t, "backspace"), changed("seret", 3)},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { runKeys(t, tc.field, tc.cases) })
	}
	runKeys(t, widgets.PasswordField{ID: "q", Value: "secret", CursorFromEnd: 6}, []keyCase{
		{"password field delete at the start", parseKey(t, "delete"), changed("ecret", 5)},
	})
}

func TestTextInputDrawsTheCursorWhereItIsAndKeepsItInView(t *testing.T) {
	rev := func(s string) string { return lipgloss.NewStyle().Reverse(true).Render(s) }
	long := "0123456789abcdefghijklmnopqrstuvwxyz"
	tests := []struct {
		name      string
		field     widgets.TextInput
		plain     string
		underCell string
	}{
		{"in the middle of a short value", widgets.TextInput{ID: "q", Value: "abcd", CursorFromEnd: 2, Width: 8}, "[abcd    ]", "c"},
		{"at the end of a short value", widgets.TextInput{ID: "q", Value: "abcd", Width: 8}, "[abcd    ]", " "},
		{"at the start of a long value", widgets.TextInput{ID: "q", Value: long, CursorFromEnd: len(long), Width: 10}, "[012345678" + widgets.Ellipsis + "]", "0"},
		{"in the middle of a long value", widgets.TextInput{ID: "q", Value: long, CursorFromEnd: len(long) - 18, Width: 10}, "[" + widgets.Ellipsis + "cdefghij" + widgets.Ellipsis + "]", "i"},
		{"at the end of a long value", widgets.TextInput{ID: "q", Value: long, Width: 10}, "[" + widgets.Ellipsis + "stuvwxyz ]", " "},
		{"on a masked value", widgets.TextInput{ID: "q", Value: "abcd", CursorFromEnd: 4, Mask: '*', Width: 6}, "[****  ]", "*"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := tc.field.Render(tea.RenderContext{Width: 40, Focused: true})
			if got := ansi.Strip(out); got != tc.plain {
				t.Errorf("Render = %q, want %q", got, tc.plain)
			}
			if !strings.Contains(out, rev(tc.underCell)) {
				t.Errorf("Render = %q, want the cursor drawn reversed over %q", out, tc.underCell)
			}
		})
	}
}

func TestFieldLabelsLineUpAtTheirLabelWidth(t *testing.T) {
	ctx := tea.RenderContext{Width: 24}
	email := widgets.TextInput{ID: "e", Label: "Email", LabelWidth: 10, Value: "a@b.co"}
	password := widgets.PasswordField{ID: "p", Label: "Password", LabelWidth: 10, Value: "pw"}
	plain := widgets.TextInput{ID: "x", Label: "Email", Value: "a"}
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"a short label is padded after its colon", email.Render(ctx), "Email:    [a@b.co      ]"},
		{"a password field lines up with it", password.Render(ctx), "Password: [••          ]"},
		{"no label width keeps the label tight", plain.Render(ctx), "Email: [a              ]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ansi.Strip(tc.got); got != tc.want {
				t.Errorf("Render = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTextInputRenderFitsEveryWidth(t *testing.T) {
	for _, in := range []widgets.TextInput{
		{ID: "q", Label: "Search the catalogue", Value: "a fairly long query that will not fit"},
		{ID: "q", Label: "Name", Placeholder: "your full name, as on your passport"},
		{ID: "q", Value: "字字字字字字字字字字字字字字字字字字字字字字字字"},
		{ID: "q", Label: "Pin", Value: "123456", Mask: '字', Width: 12},
		{ID: "q", Label: "L", Value: "v", Width: 500},
		{ID: "q", Label: "multi\nline", Value: "a\tb\nc", Disabled: true},
	} {
		checkAllSizes(t, in)
	}
}

func TestTextInputRenderStates(t *testing.T) {
	in := widgets.TextInput{ID: "q", Label: "Name", Value: "bob"}
	ctx := tea.RenderContext{Width: 30}
	focused := tea.RenderContext{Width: 30, Focused: true}
	dis := in
	dis.Disabled = true
	checkDistinct(t, map[string]string{
		"unfocused": in.Render(ctx),
		"focused":   in.Render(focused),
		"disabled":  dis.Render(ctx),
	})
	cursor := "\x1b[7m"
	if !strings.Contains(in.Render(focused), cursor) {
		t.Errorf("focused input shows no cursor: %q", in.Render(focused))
	}
	if strings.Contains(in.Render(ctx), cursor) {
		t.Errorf("unfocused input shows a cursor: %q", in.Render(ctx))
	}
	if !strings.Contains(ansi.Strip(in.Render(ctx)), "Name: [bob") {
		t.Errorf("render = %q, want the label and value", ansi.Strip(in.Render(ctx)))
	}
}

func TestTextInputShowsPlaceholderOnlyWhenEmpty(t *testing.T) {
	ctx := tea.RenderContext{Width: 40}
	empty := widgets.TextInput{ID: "q", Placeholder: "type here"}
	if out := ansi.Strip(empty.Render(ctx)); !strings.Contains(out, "type here") {
		t.Errorf("empty input hides its placeholder: %q", out)
	}
	out := empty.Render(ctx)
	if !strings.Contains(out, styleStart(widgets.DefaultTheme().Muted)+"‹type here›") {
		t.Errorf("placeholder is not drawn muted: %q", out)
	}
	full := widgets.TextInput{ID: "q", Placeholder: "type here", Value: "x"}
	if out := ansi.Strip(full.Render(ctx)); strings.Contains(out, "type here") {
		t.Errorf("input with a value shows its placeholder: %q", out)
	}
	focused := ansi.Strip(empty.Render(tea.RenderContext{Width: 40, Focused: true}))
	if !strings.Contains(focused, "type here") {
		t.Errorf("focused empty input hides its placeholder: %q", focused)
	}
}

func TestPlaceholdersAreToldFromValuesInPlainText(t *testing.T) {
	for _, tc := range []struct {
		name string
		w    tea.Widget
		ctx  tea.RenderContext
		want string
	}{
		{"text input", widgets.TextInput{ID: "e", Label: "Email", Placeholder: "you@example.com", Width: 20},
			tea.RenderContext{Width: 40}, "Email: [‹you@example.com›   ]"},
		{"focused text input", widgets.TextInput{ID: "e", Label: "Email", Placeholder: "you@example.com", Width: 20},
			tea.RenderContext{Width: 40, Focused: true}, "Email: [‹you@example.com›   ]"},
		{"a typed value has no marks", widgets.TextInput{ID: "e", Label: "Email", Value: "you@example.com", Placeholder: "x", Width: 20},
			tea.RenderContext{Width: 40}, "Email: [you@example.com     ]"},
		{"a placeholder in parentheses is still set apart", widgets.TextInput{ID: "c", Label: "calc", Placeholder: "2*(3+4)", Width: 12},
			tea.RenderContext{Width: 40}, "calc: [‹2*(3+4)›   ]"},
		{"a cut placeholder keeps its closing mark", widgets.TextInput{ID: "e", Placeholder: "you@example.com", Width: 8},
			tea.RenderContext{Width: 40}, "[‹you@e…›]"},
		{"text area", widgets.TextArea{ID: "n", Placeholder: "what happened?", Height: 2, Width: 18},
			tea.RenderContext{Width: 40}, "│ ‹what happened?›  \n│                   "},
		{"focused text area", widgets.TextArea{ID: "n", Placeholder: "what happened?", Height: 1, Width: 18},
			tea.RenderContext{Width: 40, Focused: true}, "│ ‹what happened?›  "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ansi.Strip(tc.w.Render(tc.ctx)); got != tc.want {
				t.Errorf("plain text =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestTextInputFocusedShowsTheEndOfALongValue(t *testing.T) {
	in := widgets.TextInput{ID: "q", Value: "the beginning ... the end", Width: 10}
	focused := ansi.Strip(in.Render(tea.RenderContext{Width: 40, Focused: true}))
	if !strings.Contains(focused, widgets.Ellipsis+" the end ]") {
		t.Errorf("focused = %q, want the tail after an ellipsis", focused)
	}
	unfocused := ansi.Strip(in.Render(tea.RenderContext{Width: 40}))
	if !strings.Contains(unfocused, "the begin"+widgets.Ellipsis) {
		t.Errorf("unfocused = %q, want the head before an ellipsis", unfocused)
	}
}

func TestMaskedTextInputNeverShowsItsValue(t *testing.T) {
	secret := "hunter2!"
	in := widgets.TextInput{ID: "pw", Label: "Password", Value: secret, Mask: '*'}
	for _, width := range widths {
		for _, focused := range []bool{false, true} {
			out := in.Render(tea.RenderContext{Width: width, Focused: focused})
			for _, part := range []string{secret, "hunter", "2!"} {
				if strings.Contains(ansi.Strip(out), part) {
					t.Fatalf("width %d: render shows %q: %q", width, part, out)
				}
			}
		}
	}
	out := ansi.Strip(in.Render(tea.RenderContext{Width: 80}))
	if got := strings.Count(out, "*"); got != len([]rune(secret)) {
		t.Errorf("render draws %d mask runes, want %d: %q", got, len([]rune(secret)), out)
	}
	d := in.Describe()
	raw, _ := json.Marshal(d)
	if strings.Contains(string(raw), "hunter") {
		t.Errorf("Describe leaks the value: %s", raw)
	}
	if _, ok := d.State["length"]; ok || d.State["masked"] != true {
		t.Errorf("Describe state = %v, want masked and nothing of the value (not its length)", d.State)
	}
	if !tea.IsMasked(in) || tea.IsMasked(widgets.TextInput{ID: "q"}) {
		t.Error("IsMasked must follow Mask")
	}
}

func TestTextInputDescribe(t *testing.T) {
	got := widgets.TextInput{ID: "q", Label: "Name", Value: "bob", Placeholder: "who", CursorFromEnd: 1, Width: 12}.Describe()
	want := tea.Description{Label: "Name", Role: "textbox", State: map[string]any{"value": "bob", "disabled": false},
		Value: "bob", Placeholder: "who", Caret: 2, Columns: 12}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
}

// formModel is a tiny app: a text input, a checkbox and a log of what
// reached Update.
type formModel struct {
	name      widgets.TextInputState
	agree     widgets.CheckboxState
	submitted string
}

func newFormModel() formModel {
	return formModel{name: widgets.TextInputState{ID: "name"}, agree: widgets.CheckboxState{ID: "agree"}}
}

func (m formModel) Init() tea.Cmd { return nil }

func (m formModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch {
	case m.name.Update(msg), m.agree.Update(msg):
	default:
		if s, ok := msg.(widgets.TextSubmitted); ok && s.ID == "name" {
			m.submitted = s.Value
		}
	}
	return m, nil
}

func (m formModel) View() tea.Node {
	in := m.name.View(widgets.TextInput{})
	in.Label = "Name"
	box := m.agree.View(widgets.Checkbox{})
	box.Label = "I agree"
	return tea.Vertical(in, box)
}

// startForm starts the form app and stops it when the test ends.
func startForm(t *testing.T) *tea.Runtime {
	t.Helper()
	rt, err := tea.Start(context.Background(), newFormModel(), tea.WithTimeout(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	return rt
}

// viewWidget finds id in the runtime's current view.
func viewWidget(t *testing.T, rt *tea.Runtime, id string) tea.Widget {
	t.Helper()
	w, ok := tea.FindWidget(rt.Snapshot().View, id)
	if !ok {
		t.Fatalf("widget %q is not in the view", id)
	}
	return w
}

func TestTextInputEndToEndKeysAndToolsReachUpdate(t *testing.T) {
	ctx := context.Background()
	rt := startForm(t)
	if got := rt.Snapshot().Focus; got != "name" {
		t.Fatalf("focus = %q, want the input first", got)
	}
	for _, k := range []tea.Key{tea.Char('b'), tea.Char('o'), tea.Char('b'), tea.Char('x'), tea.Named(tea.KeyBackspace)} {
		if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: k}); err != nil {
			t.Fatal(err)
		}
	}
	if got := rt.Snapshot().Model.(formModel).name.Value; got != "bob" {
		t.Fatalf("model value = %q, want bob", got)
	}
	w := viewWidget(t, rt, "name")
	if out := ansi.Strip(w.Render(tea.RenderContext{Width: 30, Focused: true})); !strings.Contains(out, "Name: [bob") {
		t.Errorf("next view = %q, want it to show bob", out)
	}

	// An agent's tool call is the same message through the same Update.
	res, err := w.(tea.ToolProvider).Invoke("type_into", map[string]any{"text": " smith", "append": true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, res.Msg()); err != nil {
		t.Fatal(err)
	}
	read, err := viewWidget(t, rt, "name").(tea.ToolProvider).Invoke("get_value", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]any{"value": "bob smith"}; !reflect.DeepEqual(read.Value(), want) {
		t.Errorf("get_value after type_into = %v, want %v", read.Value(), want)
	}

	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Named(tea.KeyEnter)}); err != nil {
		t.Fatal(err)
	}
	if got := rt.Snapshot().Model.(formModel).submitted; got != "bob smith" {
		t.Errorf("submitted = %q, want TextSubmitted to reach Update", got)
	}
}

func TestTextInputStateAppliesOnlyItsTextChanged(t *testing.T) {
	for _, tc := range []struct {
		name string
		msg  tea.Msg
		used bool
		want string
	}{
		{"its TextChanged", widgets.TextChanged{ID: "q", Value: "new"}, true, "new"},
		{"its TextChanged to empty", widgets.TextChanged{ID: "q", Value: ""}, true, ""},
		{"another widget's TextChanged", widgets.TextChanged{ID: "other", Value: "new"}, false, "old"},
		{"TextSubmitted is left to the app", widgets.TextSubmitted{ID: "q", Value: "new"}, false, "old"},
		{"an unrelated message", widgets.CheckboxToggled{ID: "q", Checked: true}, false, "old"},
		{"nil", nil, false, "old"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := widgets.TextInputState{ID: "q", Value: "old"}
			if used := s.Update(tc.msg); used != tc.used || s.Value != tc.want {
				t.Errorf("Update = %v, value %q; want %v, %q", used, s.Value, tc.used, tc.want)
			}
		})
	}
	for _, msg := range []tea.Msg{widgets.TextChanged{}, widgets.SelectListSelected{}, widgets.CheckboxToggled{Checked: true}, widgets.MenuMoved{ItemID: "x"}} {
		in, list, box, menu := widgets.TextInputState{Value: "v"}, widgets.SelectListState{Options: []string{"a"}}, widgets.CheckboxState{}, widgets.MenuState{}
		if in.Update(msg) || list.Update(msg) || box.Update(msg) || menu.Update(msg) {
			t.Errorf("a state with no id applied %#v", msg)
		}
	}
	s := widgets.TextInputState{ID: "q", Value: "v"}
	if got, want := s.View(widgets.TextInput{}), (widgets.TextInput{ID: "q", Value: "v"}); got != want {
		t.Errorf("View = %#v, want %#v", got, want)
	}
}

func TestTextInputStateFollowsTheWidgetsKeys(t *testing.T) {
	s := widgets.TextInputState{ID: "q"}
	for _, k := range []tea.Key{tea.Char('h'), tea.Char('i'), tea.Char('!'), tea.Named(tea.KeyBackspace)} {
		if !s.Update(s.View(widgets.TextInput{}).HandleKey(k)) {
			t.Fatalf("key %s was not applied", k)
		}
	}
	if s.Value != "hi" {
		t.Errorf("value = %q, want hi", s.Value)
	}
}

func TestTextInputStateCarriesTheCursorThroughEveryField(t *testing.T) {
	keys := func(names ...string) []tea.Key {
		var out []tea.Key
		for _, n := range names {
			k, err := tea.ParseKey(n)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, k)
		}
		return out
	}
	typing := keys("h", "e", "l", "l", "o", "left", "left", "X", "home", "A", "end", "!", "left", "delete")
	views := map[string]func(s *widgets.TextInputState) tea.KeyHandler{
		"text input":     func(s *widgets.TextInputState) tea.KeyHandler { return s.View(widgets.TextInput{}) },
		"password field": func(s *widgets.TextInputState) tea.KeyHandler { return s.PasswordView(widgets.PasswordField{}) },
		"text area":      func(s *widgets.TextInputState) tea.KeyHandler { return s.AreaView(widgets.TextArea{}) },
	}
	for name, view := range views {
		t.Run(name, func(t *testing.T) {
			s := widgets.TextInputState{ID: "q"}
			for _, k := range typing {
				if msg := view(&s).HandleKey(k); msg != nil && !s.Update(msg) {
					t.Fatalf("key %s gave %#v, which the state did not apply", k, msg)
				}
			}
			if s.Value != "AhelXlo" || s.CursorFromEnd != 0 || s.Cursor() != 7 {
				t.Errorf("value %q, cursor from end %d (index %d); want AhelXlo with the cursor at its end", s.Value, s.CursorFromEnd, s.Cursor())
			}
		})
	}
	s := widgets.TextInputState{ID: "q", Value: "abc"}
	if !s.Update(widgets.TextCursorMoved{ID: "q", CursorFromEnd: 9}) || s.CursorFromEnd != 3 {
		t.Errorf("TextCursorMoved past the start: cursor from end %d, want 3 (clamped)", s.CursorFromEnd)
	}
	if s.Update(widgets.TextCursorMoved{ID: "other", CursorFromEnd: 1}) || s.CursorFromEnd != 3 {
		t.Error("another widget's TextCursorMoved was applied")
	}
	s.SetValue("xy")
	if s.Value != "xy" || s.CursorFromEnd != 0 {
		t.Errorf("SetValue: %+v, want xy with the cursor at the end", s)
	}
}
