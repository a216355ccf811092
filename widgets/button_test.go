package widgets_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// The helpers in this file (prefixed in) are shared by the input widgets'
// tests.

// inWidths are the widths every widget is rendered at: every width from 1
// to 200.
var inWidths = func() []int {
	out := make([]int, 200)
	for i := range out {
		out[i] = i + 1
	}
	return out
}()

// inHeights are the height limits every widget is rendered at.
var inHeights = []int{1, 2, 3, 4, 5, 10}

// inCheckFits fails when a line of out is wider than width or out has more
// than height lines (height > 0).
func inCheckFits(t *testing.T, out string, width, height int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if w := widgets.Width(l); w > width {
			t.Errorf("width %d, height %d: line %d is %d cells wide: %q", width, height, i, w, l)
		}
	}
	if height > 0 && len(lines) > height {
		t.Errorf("width %d, height %d: %d lines:\n%s", width, height, len(lines), out)
	}
}

// inHeightWidths are the widths rendered at every one of inHeights.
var inHeightWidths = []int{1, 2, 3, 4, 5, 8, 13, 40, 80, 200}

// inCheckAllSizes renders w focused and not at every width with no height
// limit, and at every height for a table of widths.
func inCheckAllSizes(t *testing.T, w tea.Widget) {
	t.Helper()
	check := func(width, height int) {
		t.Helper()
		for _, focused := range []bool{false, true} {
			ctx := tea.RenderContext{Width: width, Height: height, Focused: focused}
			inCheckFits(t, w.Render(ctx), width, height)
		}
	}
	for _, width := range inWidths {
		check(width, 0)
	}
	for _, width := range inHeightWidths {
		for _, height := range inHeights {
			check(width, height)
		}
	}
}

// inCheckDistinct fails unless the renders differ pairwise.
func inCheckDistinct(t *testing.T, renders map[string]string) {
	t.Helper()
	names := make([]string, 0, len(renders))
	for n := range renders {
		names = append(names, n)
	}
	slices.Sort(names)
	for i, a := range names {
		for _, b := range names[i+1:] {
			if renders[a] == renders[b] {
				t.Errorf("%s and %s render the same: %q", a, b, renders[a])
			}
		}
	}
}

// inNames lists the names of actions.
func inNames(actions []tea.Action) []string {
	out := []string{}
	for _, a := range actions {
		out = append(out, a.Name)
	}
	return out
}

// inCheckAnnotations fails unless exactly the writes are sensitive and
// every action has a description and an object schema.
func inCheckAnnotations(t *testing.T, actions []tea.Action, writes ...string) {
	t.Helper()
	for _, a := range actions {
		if got, want := a.Sensitive(), slices.Contains(writes, a.Name); got != want {
			t.Errorf("%s: sensitive = %v, want %v", a.Name, got, want)
		}
		if a.Description == "" {
			t.Errorf("%s: no description", a.Name)
		}
		if a.InputSchema["type"] != "object" {
			t.Errorf("%s: schema type = %v, want object", a.Name, a.InputSchema["type"])
		}
	}
}

// inCheckStatic fails unless a and b (the same kind built from different app
// text and ids) offer identical actions, and neither mentions the marker.
func inCheckStatic(t *testing.T, a, b []tea.Action, markers ...string) {
	t.Helper()
	if !reflect.DeepEqual(a, b) {
		t.Errorf("actions depend on app data:\n%+v\n%+v", a, b)
	}
	raw, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range markers {
		if strings.Contains(string(raw), m) {
			t.Errorf("actions mention %q: %s", m, raw)
		}
	}
}

// inInvokeCase is one Invoke and what it must give: a message (write), a
// value (read), or an error matching wantErr whose text holds every errHas.
type inInvokeCase struct {
	name    string
	action  string
	args    map[string]any
	msg     tea.Msg
	value   any
	wantErr error
	errHas  []string
}

func inRunInvoke(t *testing.T, p tea.ToolProvider, cases []inInvokeCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := p.Invoke(tc.action, tc.args)
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("err = %v, want %v", err, tc.wantErr)
				}
				for _, s := range tc.errHas {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("err %q does not mention %q", err, s)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if tc.msg != nil {
				if !res.IsWrite() || !reflect.DeepEqual(res.Msg(), tc.msg) {
					t.Errorf("got write=%v msg %#v, want write %#v", res.IsWrite(), res.Msg(), tc.msg)
				}
				return
			}
			if res.IsWrite() || !reflect.DeepEqual(res.Value(), tc.value) {
				t.Errorf("got write=%v value %#v, want read %#v", res.IsWrite(), res.Value(), tc.value)
			}
			if _, err := json.Marshal(res.Value()); err != nil {
				t.Errorf("read value does not encode as JSON: %v", err)
			}
		})
	}
}

// inKeyCase is one key and the message it must give (nil for none).
type inKeyCase struct {
	name string
	key  tea.Key
	want tea.Msg
}

func inRunKeys(t *testing.T, h tea.KeyHandler, cases []inKeyCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := h.HandleKey(tc.key); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("HandleKey(%s) = %#v, want %#v", tc.key, got, tc.want)
			}
		})
	}
}

// inMouseCase is one mouse event and the message it must give.
type inMouseCase struct {
	name string
	m    tea.Mouse
	want tea.Msg
}

func inRunMouse(t *testing.T, h tea.MouseHandler, cases []inMouseCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := h.HandleMouse(tc.m); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("HandleMouse(%+v) = %#v, want %#v", tc.m, got, tc.want)
			}
		})
	}
}

// inClick is a left press at x, y.
func inClick(x, y int) tea.Mouse {
	return tea.Mouse{X: x, Y: y, Action: tea.MousePress, Button: tea.MouseLeft}
}

// inKey parses a key name, failing the test on a bad one.
func inKey(t *testing.T, s string) tea.Key {
	t.Helper()
	k, err := tea.ParseKey(s)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// inStyleStart is the escape sequence style opens text with.
func inStyleStart(style lipgloss.Style) string {
	out := style.Render("X")
	return out[:strings.Index(out, "X")]
}

type pressed struct{ n int }

func TestButtonActionsOfferClickUnlessDisabled(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    widgets.Button
		want []string
	}{
		{"enabled", widgets.Button{ID: "b", Label: "Go", OnClick: pressed{1}}, []string{"click"}},
		{"disabled", widgets.Button{ID: "b", Label: "Go", OnClick: pressed{1}, Disabled: true}, []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.b.Actions()
			if !reflect.DeepEqual(inNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", inNames(got), tc.want)
			}
			inCheckAnnotations(t, got, "click")
		})
	}
	inCheckStatic(t, widgets.Button{ID: "b1", Label: "ZZLABEL", OnClick: pressed{1}}.Actions(),
		widgets.Button{ID: "zzid", Label: "other", OnClick: pressed{2}}.Actions(), "ZZLABEL", "zzid")
}

func TestButtonInvokeSendsOnClick(t *testing.T) {
	b := widgets.Button{ID: "go", Label: "Go", OnClick: pressed{7}}
	inRunInvoke(t, b, []inInvokeCase{
		{name: "click sends OnClick", action: "click", msg: pressed{7}},
		{name: "click with empty args", action: "click", args: map[string]any{}, msg: pressed{7}},
		{name: "click refuses arguments", action: "click", args: map[string]any{"x": 1.0}, wantErr: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "unknown action", action: "press", wantErr: tea.ErrUnknownAction, errHas: []string{"click"}},
	})
	inRunInvoke(t, widgets.Button{ID: "go", OnClick: pressed{7}, Disabled: true}, []inInvokeCase{
		{name: "disabled offers no click", action: "click", wantErr: tea.ErrUnknownAction},
	})
}

func TestButtonInvokeRefusesMissingOrFunctionOnClick(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    widgets.Button
		has  string
	}{
		{"no message", widgets.Button{ID: "b"}, "no OnClick"},
		{"a command", widgets.Button{ID: "b", OnClick: tea.Cmd(func() tea.Msg { return nil })}, "function"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.b.Invoke("click", nil)
			if err == nil || !strings.Contains(err.Error(), tc.has) {
				t.Errorf("err = %v, want one mentioning %q", err, tc.has)
			}
			if got := tc.b.HandleKey(tea.Named(tea.KeyEnter)); got != nil {
				t.Errorf("HandleKey = %#v, want nil", got)
			}
		})
	}
}

func TestButtonKeysAndClicksPress(t *testing.T) {
	b := widgets.Button{ID: "b", Label: "Go", OnClick: pressed{1}}
	inRunKeys(t, b, []inKeyCase{
		{"enter presses", tea.Named(tea.KeyEnter), pressed{1}},
		{"space presses", tea.Char(' '), pressed{1}},
		{"a letter does nothing", tea.Char('x'), nil},
		{"esc does nothing", tea.Named(tea.KeyEscape), nil},
	})
	inRunKeys(t, widgets.Button{ID: "b", OnClick: pressed{1}, Disabled: true}, []inKeyCase{
		{"disabled ignores enter", tea.Named(tea.KeyEnter), nil},
	})
	inRunMouse(t, b, []inMouseCase{
		{"left press presses", inClick(2, 0), pressed{1}},
		{"right press does nothing", tea.Mouse{Action: tea.MousePress, Button: tea.MouseRight}, nil},
		{"release does nothing", tea.Mouse{Action: tea.MouseRelease, Button: tea.MouseLeft}, nil},
	})
	if !b.CanFocus() || (widgets.Button{Disabled: true}).CanFocus() {
		t.Error("an enabled button must take focus and a disabled one must not")
	}
}

func TestButtonRenderFitsAndShowsState(t *testing.T) {
	b := widgets.Button{ID: "b", Label: "A rather long button label", OnClick: pressed{1}}
	inCheckAllSizes(t, b)
	ctx := tea.RenderContext{Width: 40}
	focused := ctx
	focused.Focused = true
	inCheckDistinct(t, map[string]string{
		"unfocused": b.Render(ctx),
		"focused":   b.Render(focused),
		"disabled":  widgets.Button{ID: "b", Label: b.Label, Disabled: true}.Render(ctx),
	})
	if out := b.Render(tea.RenderContext{Width: 12}); !strings.Contains(out, widgets.Ellipsis) {
		t.Errorf("a cut label must end with an ellipsis: %q", out)
	}
}

func TestButtonDisabledShowsInPlainText(t *testing.T) {
	for _, tc := range []struct {
		name     string
		disabled bool
		focused  bool
		want     string
	}{
		{"enabled", false, false, "[ Reset ]"},
		{"focused", false, true, "[ Reset ]"},
		{"disabled", true, false, "( Reset )"},
		{"disabled while the focus is on it", true, true, "( Reset )"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := widgets.Button{ID: "reset", Label: "Reset", OnClick: pressed{1}, Disabled: tc.disabled}
			if got := ansi.Strip(b.Render(tea.RenderContext{Width: 20, Focused: tc.focused})); got != tc.want {
				t.Errorf("plain text = %q, want %q", got, tc.want)
			}
		})
	}
}

// inContract is everything every widget implements.
type inContract interface {
	tea.Widget
	tea.Focusable
	tea.KeyHandler
	tea.Excludable
	tea.Describer
	tea.ToolProvider
	ShortHelp() []key.Binding
}

func TestWidgetsImplementTheContract(t *testing.T) {
	for _, tc := range []struct {
		kind      string
		w         inContract
		excluded  inContract
		mouse     bool
		focusable bool
	}{
		{"button", widgets.Button{ID: "w", OnClick: pressed{}}, widgets.Button{ID: "w", Exclude: true}, true, true},
		{"text_input", widgets.TextInput{ID: "w"}, widgets.TextInput{ID: "w", Exclude: true}, false, true},
		{"password_field", widgets.PasswordField{ID: "w"}, widgets.PasswordField{ID: "w", Exclude: true}, false, true},
		{"text_area", widgets.TextArea{ID: "w"}, widgets.TextArea{ID: "w", Exclude: true}, false, true},
		{"select_list", widgets.SelectList{ID: "w"}, widgets.SelectList{ID: "w", Exclude: true}, true, true},
		{"checkbox", widgets.Checkbox{ID: "w"}, widgets.Checkbox{ID: "w", Exclude: true}, true, true},
		{"modal", widgets.Modal{ID: "w", Visible: true}, widgets.Modal{ID: "w", Exclude: true}, true, true},
		{"menu", widgets.Menu{ID: "w", Items: []widgets.MenuItem{{ID: "a"}}}, widgets.Menu{ID: "w", Exclude: true}, true, true},
		{"text", widgets.Text{ID: "w"}, widgets.Text{ID: "w", Exclude: true}, false, false},
		{"sparkline", widgets.Sparkline{ID: "w"}, widgets.Sparkline{ID: "w", Exclude: true}, false, false},
		{"bar_chart", widgets.BarChart{ID: "w"}, widgets.BarChart{ID: "w", Exclude: true}, false, false},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			if got := tc.w.WidgetKind(); got != tc.kind {
				t.Errorf("kind = %q, want %q", got, tc.kind)
			}
			if tc.w.WidgetID() != "w" || tc.w.Children() != nil {
				t.Errorf("id %q, children %v; want w and none", tc.w.WidgetID(), tc.w.Children())
			}
			if tc.w.Excluded() || !tc.excluded.Excluded() {
				t.Error("Excluded must follow Exclude")
			}
			if _, ok := tc.w.(tea.MouseHandler); ok != tc.mouse {
				t.Errorf("MouseHandler = %v, want %v", ok, tc.mouse)
			}
			if tc.w.CanFocus() != tc.focusable {
				t.Errorf("CanFocus = %v, want %v", tc.w.CanFocus(), tc.focusable)
			}
			help := tc.w.ShortHelp()
			if tc.focusable != (len(help) > 0) {
				t.Errorf("ShortHelp has %d bindings; a focusable widget needs some, a display-only one none", len(help))
			}
			for _, b := range help {
				if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
					t.Errorf("binding %+v lacks keys or help", b.Help())
				}
			}
			if d := tc.w.Describe(); d.Role == "" {
				t.Error("Describe has no role")
			}
		})
	}
}

func TestADisabledButtonDescribesItsReason(t *testing.T) {
	b := widgets.Button{ID: "reset", Label: "Reset", Disabled: true, DisabledReason: "the count is 0"}
	if got := b.Describe().State["disabled_reason"]; got != "the count is 0" {
		t.Fatalf("disabled_reason = %v", got)
	}
	b.Disabled = false
	if _, ok := b.Describe().State["disabled_reason"]; ok {
		t.Fatal("an enabled button describes a disabled reason")
	}
}
