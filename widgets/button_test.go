package widgets_test

import (
	"reflect"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

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
			if !reflect.DeepEqual(actionNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", actionNames(got), tc.want)
			}
			checkAnnotations(t, got, "click")
		})
	}
	checkStatic(t, widgets.Button{ID: "b1", Label: "ZZLABEL", OnClick: pressed{1}}.Actions(),
		widgets.Button{ID: "zzid", Label: "other", OnClick: pressed{2}}.Actions(), "ZZLABEL", "zzid")
}

func TestButtonInvokeSendsOnClick(t *testing.T) {
	b := widgets.Button{ID: "go", Label: "Go", OnClick: pressed{7}}
	runInvoke(t, b, []invokeCase{
		{name: "click sends OnClick", action: "click", write: pressed{7}},
		{name: "click with empty args", action: "click", args: map[string]any{}, write: pressed{7}},
		{name: "click refuses arguments", action: "click", args: map[string]any{"x": 1.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "unknown action", action: "press", errIs: tea.ErrUnknownAction, errHas: []string{"click"}},
	})
	runInvoke(t, widgets.Button{ID: "go", OnClick: pressed{7}, Disabled: true}, []invokeCase{
		{name: "disabled offers no click", action: "click", errIs: tea.ErrUnknownAction},
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
	runKeys(t, b, []keyCase{
		{"enter presses", tea.Named(tea.KeyEnter), pressed{1}},
		{"space presses", tea.Char(' '), pressed{1}},
		{"a letter does nothing", tea.Char('x'), nil},
		{"esc does nothing", tea.Named(tea.KeyEscape), nil},
	})
	runKeys(t, widgets.Button{ID: "b", OnClick: pressed{1}, Disabled: true}, []keyCase{
		{"disabled ignores enter", tea.Named(tea.KeyEnter), nil},
	})
	runMouse(t, b, []mouseCase{
		{"left press presses", click(2, 0, 0), pressed{1}},
		{"right press does nothing", tea.Mouse{Action: tea.MousePress, Button: tea.MouseRight}, nil},
		{"release does nothing", tea.Mouse{Action: tea.MouseRelease, Button: tea.MouseLeft}, nil},
	})
	if !b.CanFocus() || (widgets.Button{Disabled: true}).CanFocus() {
		t.Error("an enabled button must take focus and a disabled one must not")
	}
}

func TestButtonRenderFitsAndShowsState(t *testing.T) {
	b := widgets.Button{ID: "b", Label: "A rather long button label", OnClick: pressed{1}}
	checkAllSizes(t, b)
	ctx := tea.RenderContext{Width: 40}
	focused := ctx
	focused.Focused = true
	checkDistinct(t, map[string]string{
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

// contract is everything every widget implements.
type contract interface {
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
		w         contract
		excluded  contract
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
		{"spinner", widgets.Spinner{ID: "w"}, widgets.Spinner{ID: "w", Exclude: true}, false, false},
		{"progress", widgets.Progress{ID: "w"}, widgets.Progress{ID: "w", Exclude: true}, false, false},
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

// TestButtonKeysAreBuiltOnce proves a Button with the default keys builds
// no key map when asked about a key or its help: the terminal asks on
// every key typed and every frame (before: HandleKey 3 allocations,
// ShortHelp 2; now the key's name and the help's slice).
func TestButtonKeysAreBuiltOnce(t *testing.T) {
	b := widgets.Button{ID: "inc", Label: "+1", OnClick: 1}
	for _, tc := range []struct {
		name  string
		limit float64
		ask   func()
	}{
		{"HandleKey of a key it ignores", 1, func() { b.HandleKey(tea.Key{Code: tea.KeyRune, Rune: 'q'}) }},
		{"ShortHelp", 1, func() { b.ShortHelp() }},
	} {
		if got := testing.AllocsPerRun(100, tc.ask); got > tc.limit {
			t.Errorf("%s allocates %.0f times, want at most %.0f", tc.name, got, tc.limit)
		}
	}
}
