package widgets_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestModalActionsOnlyWhileVisible(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    widgets.Modal
		want []string
	}{
		{"visible", widgets.Modal{ID: "m", Visible: true}, []string{"confirm", "dismiss"}},
		{"hidden offers nothing", widgets.Modal{ID: "m"}, []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.m.Actions()
			if !reflect.DeepEqual(actionNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", actionNames(got), tc.want)
			}
			checkAnnotations(t, got, "confirm", "dismiss")
		})
	}
	checkStatic(t, widgets.Modal{ID: "zzid", Title: "ZZTITLE", Body: "ZZBODY", ConfirmLabel: "ZZYES", Visible: true}.Actions(),
		widgets.Modal{ID: "m", Visible: true}.Actions(), "zzid", "ZZTITLE", "ZZBODY", "ZZYES")
}

func TestModalDestructiveConfirmCarriesTheHint(t *testing.T) {
	for _, tc := range []struct {
		name        string
		destructive bool
	}{{"destructive", true}, {"not destructive", false}} {
		t.Run(tc.name, func(t *testing.T) {
			actions := widgets.Modal{ID: "m", Visible: true, Destructive: tc.destructive}.Actions()
			for _, a := range actions {
				if a.Annotations["sensitive"] != true {
					t.Errorf("%s is not sensitive: %v", a.Name, a.Annotations)
				}
				_, has := a.Annotations["destructiveHint"]
				want := tc.destructive && a.Name == "confirm"
				if has != want || (want && a.Annotations["destructiveHint"] != true) {
					t.Errorf("%s annotations %v: destructiveHint wanted %v", a.Name, a.Annotations, want)
				}
			}
		})
	}
}

func TestModalInvoke(t *testing.T) {
	runInvoke(t, widgets.Modal{ID: "m", Visible: true}, []invokeCase{
		{name: "confirm", action: "confirm", write: widgets.ModalConfirmed{ID: "m"}},
		{name: "dismiss", action: "dismiss", write: widgets.ModalDismissed{ID: "m"}},
		{name: "confirm refuses arguments", action: "confirm", args: map[string]any{"ok": true}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "unknown action", action: "close", errIs: tea.ErrUnknownAction, errHas: []string{"confirm, dismiss"}},
	})
	runInvoke(t, widgets.Modal{ID: "m"}, []invokeCase{
		{name: "hidden refuses confirm", action: "confirm", errIs: tea.ErrUnknownAction},
		{name: "hidden refuses dismiss", action: "dismiss", errIs: tea.ErrUnknownAction},
	})
}

func TestModalKeys(t *testing.T) {
	m := widgets.Modal{ID: "m", Visible: true}
	runKeys(t, m, []keyCase{
		{"enter confirms, the default", parseKey(t, "enter"), widgets.ModalConfirmed{ID: "m"}},
		{"y confirms", tea.Char('y'), widgets.ModalConfirmed{ID: "m"}},
		{"esc dismisses", parseKey(t, "esc"), widgets.ModalDismissed{ID: "m"}},
		{"n dismisses", tea.Char('n'), widgets.ModalDismissed{ID: "m"}},
		{"space does nothing", parseKey(t, "space"), nil},
		{"x does nothing", tea.Char('x'), nil},
	})
	runKeys(t, widgets.Modal{ID: "m"}, []keyCase{
		{"hidden ignores enter", parseKey(t, "enter"), nil},
		{"hidden ignores esc", parseKey(t, "esc"), nil},
	})
	if !m.CanFocus() || (widgets.Modal{ID: "m"}).CanFocus() {
		t.Error("only a visible modal takes focus")
	}
}

func TestModalClickOnAChoice(t *testing.T) {
	// Drawn as: top border, body, blank, then "│ ▸[ OK ]  [ Cancel ] │" on
	// line 3, OK (with its mark) at x 2-8 and Cancel at x 10-20.
	m := widgets.Modal{ID: "m", Title: "Sure?", Body: "Delete it?", Visible: true}
	lines := strings.Split(ansi.Strip(m.Render(tea.RenderContext{Width: 40})), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[3], "│ ▸[ OK ]  [ Cancel ]") {
		t.Fatalf("layout changed:\n%s", strings.Join(lines, "\n"))
	}
	runMouse(t, m, []mouseCase{
		{"click on OK's mark confirms", click(2, 3, 0), widgets.ModalConfirmed{ID: "m"}},
		{"click on OK's end confirms", click(8, 3, 0), widgets.ModalConfirmed{ID: "m"}},
		{"click between does nothing", click(9, 3, 0), nil},
		{"click on Cancel dismisses", click(11, 3, 0), widgets.ModalDismissed{ID: "m"}},
		{"click on Cancel's end dismisses", click(20, 3, 0), widgets.ModalDismissed{ID: "m"}},
		{"click past Cancel does nothing", click(21, 3, 0), nil},
		{"click on the body does nothing", click(3, 1, 0), nil},
		{"right click does nothing", tea.Mouse{X: 3, Y: 3, Action: tea.MousePress, Button: tea.MouseRight}, nil},
		// In 4 lines the blank line goes: the choices move up to line 2.
		{"click maps through a clipped height", tea.Mouse{X: 3, Y: 2, Action: tea.MousePress, Button: tea.MouseLeft, Height: 4}, widgets.ModalConfirmed{ID: "m"}},
	})
	clipped := strings.Split(ansi.Strip(m.Render(tea.RenderContext{Width: 40, Height: 4})), "\n")
	if len(clipped) != 4 || !strings.Contains(clipped[2], "[ OK ]") {
		t.Errorf("in 4 lines:\n%s\nwant the choices on line 2", strings.Join(clipped, "\n"))
	}
	runMouse(t, widgets.Modal{ID: "m", Title: "Sure?", Body: "Delete it?"}, []mouseCase{
		{"hidden ignores clicks", click(2, 3, 0), nil},
	})
}

func TestModalRender(t *testing.T) {
	m := widgets.Modal{ID: "m", Title: "Delete the file?", Body: "This cannot be undone.\nAre you sure?", Visible: true,
		ConfirmLabel: "Delete", DismissLabel: "Keep"}
	out := ansi.Strip(m.Render(tea.RenderContext{Width: 60}))
	for _, want := range []string{"╭", "╯", "Delete the file?", "This cannot be undone.", "Are you sure?", "[ Delete ]", "[ Keep ]"} {
		if !strings.Contains(out, want) {
			t.Errorf("render lacks %q:\n%s", want, out)
		}
	}
	defaults := ansi.Strip(widgets.Modal{ID: "m", Visible: true}.Render(tea.RenderContext{Width: 60}))
	if !strings.Contains(defaults, "[ OK ]") || !strings.Contains(defaults, "[ Cancel ]") {
		t.Errorf("default choices missing:\n%s", defaults)
	}
	if got := (widgets.Modal{ID: "m", Title: "t"}).Render(tea.RenderContext{Width: 60}); got != "" {
		t.Errorf("hidden modal renders %q", got)
	}
	for _, mm := range []widgets.Modal{
		m,
		{ID: "m", Title: "A very long title that goes on and on", Body: "and a body line that is longer still than the title\n\tindented", Visible: true},
		{ID: "m", Title: "字字字字字字字字字字字字字字字字字字", Body: "字字字字字字字字字字字字字字字字字字字字字字字字", Visible: true},
		{ID: "m", Visible: true},
	} {
		checkAllSizes(t, mm)
	}
	checkDistinct(t, map[string]string{
		"unfocused": m.Render(tea.RenderContext{Width: 60}),
		"focused":   m.Render(tea.RenderContext{Width: 60, Focused: true}),
	})
}

func TestModalDescribe(t *testing.T) {
	got := widgets.Modal{ID: "m", Title: "Sure?", Body: "Really?", Visible: true}.Describe()
	want := tea.Description{Label: "Sure?", Role: "dialog", State: map[string]any{
		"visible": true, "body": "Really?", "confirm_label": "OK", "dismiss_label": "Cancel", "highlighted": "confirm"},
		Detail: "Really?", States: tea.States{Modal: true}, Parts: []tea.Part{
			{Role: "button", ID: "confirm", Label: "OK", States: tea.States{Default: true}, Action: tea.Act{Name: "confirm"}},
			{Role: "button", ID: "dismiss", Label: "Cancel", Action: tea.Act{Name: "dismiss"}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
	hidden := widgets.Modal{ID: "m", Title: "Sure?", Destructive: true}.Describe()
	if !hidden.States.Hidden || hidden.States.Modal || hidden.Parts != nil {
		t.Errorf("a hidden dialog describes %#v, want hidden, not modal, no choices", hidden)
	}
}

// The keyboard reaches both choices: Left and Right (h and l) move the
// highlight, Enter picks the highlighted one, and a destructive dialog
// highlights its dismiss choice first, so Enter alone never destroys.
func TestModalKeysChooseTheHighlightedChoice(t *testing.T) {
	confirm := widgets.ModalHighlighted{ID: "m", Choice: widgets.ModalConfirm}
	dismiss := widgets.ModalHighlighted{ID: "m", Choice: widgets.ModalDismiss}
	for _, tc := range []struct {
		name  string
		modal widgets.Modal
		cases []keyCase
	}{
		{"destructive, as it opens", widgets.Modal{ID: "m", Visible: true, Destructive: true}, []keyCase{
			{"enter dismisses", parseKey(t, "enter"), widgets.ModalDismissed{ID: "m"}},
			{"left highlights confirm", parseKey(t, "left"), confirm},
			{"h highlights confirm", tea.Char('h'), confirm},
			{"right stays on dismiss", parseKey(t, "right"), nil},
			{"l stays on dismiss", tea.Char('l'), nil},
			{"y confirms", tea.Char('y'), widgets.ModalConfirmed{ID: "m"}},
			{"esc dismisses", parseKey(t, "esc"), widgets.ModalDismissed{ID: "m"}},
		}},
		{"destructive, confirm highlighted", widgets.Modal{ID: "m", Visible: true, Destructive: true, Highlighted: widgets.ModalConfirm}, []keyCase{
			{"enter confirms", parseKey(t, "enter"), widgets.ModalConfirmed{ID: "m"}},
			{"right highlights dismiss", parseKey(t, "right"), dismiss},
			{"l highlights dismiss", tea.Char('l'), dismiss},
			{"left stays on confirm", parseKey(t, "left"), nil},
			{"esc dismisses", parseKey(t, "esc"), widgets.ModalDismissed{ID: "m"}},
		}},
		{"not destructive, as it opens", widgets.Modal{ID: "m", Visible: true}, []keyCase{
			{"enter confirms", parseKey(t, "enter"), widgets.ModalConfirmed{ID: "m"}},
			{"right highlights dismiss", parseKey(t, "right"), dismiss},
		}},
		{"not destructive, dismiss highlighted", widgets.Modal{ID: "m", Visible: true, Highlighted: widgets.ModalDismiss}, []keyCase{
			{"enter dismisses", parseKey(t, "enter"), widgets.ModalDismissed{ID: "m"}},
			{"left highlights confirm", parseKey(t, "left"), confirm},
		}},
		{"an unknown highlight is the default", widgets.Modal{ID: "m", Visible: true, Destructive: true, Highlighted: "delete"}, []keyCase{
			{"enter dismisses", parseKey(t, "enter"), widgets.ModalDismissed{ID: "m"}},
		}},
		{"hidden", widgets.Modal{ID: "m", Destructive: true}, []keyCase{
			{"left does nothing", parseKey(t, "left"), nil},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) { runKeys(t, tc.modal, tc.cases) })
	}
}

// The highlighted choice is marked in plain text, not only by colour, and
// the help line names the keys and what Enter picks.
func TestModalShowsTheHighlightedChoice(t *testing.T) {
	for _, tc := range []struct {
		name    string
		modal   widgets.Modal
		buttons string
		help    string
	}{
		{"destructive, as it opens", widgets.Modal{Destructive: true}, " [ Delete ] ▸[ Keep ]", "←/→ choose • enter keep • esc/n dismiss"},
		{"destructive, confirm highlighted", widgets.Modal{Destructive: true, Highlighted: widgets.ModalConfirm}, "▸[ Delete ]  [ Keep ]", "←/→ choose • enter delete • esc/n dismiss"},
		{"not destructive", widgets.Modal{}, "▸[ Delete ]  [ Keep ]", "←/→ choose • enter delete • esc/n dismiss"},
		{"not destructive, dismiss highlighted", widgets.Modal{Highlighted: widgets.ModalDismiss}, " [ Delete ] ▸[ Keep ]", "←/→ choose • enter keep • esc/n dismiss"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.modal
			m.ID, m.Visible, m.Title, m.ConfirmLabel, m.DismissLabel = "m", true, "Delete it?", "Delete", "Keep"
			for _, focused := range []bool{true, false} {
				out := ansi.Strip(m.Render(tea.RenderContext{Width: 40, Focused: focused}))
				if !strings.Contains(out, "│ "+tc.buttons+" │") {
					t.Errorf("focused %v: the choices do not read %q:\n%s", focused, tc.buttons, out)
				}
			}
			var help []string
			for _, b := range m.ShortHelp() {
				help = append(help, b.Help().Key+" "+b.Help().Desc)
			}
			if got := strings.Join(help, " • "); got != tc.help {
				t.Errorf("help %q, want %q", got, tc.help)
			}
		})
	}
	// In colour, the focused highlight is the focused button style.
	m := widgets.Modal{ID: "m", Visible: true, Destructive: true}
	other := m
	other.Highlighted = widgets.ModalConfirm
	checkDistinct(t, map[string]string{
		"dismiss highlighted": m.Render(tea.RenderContext{Width: 40, Focused: true}),
		"confirm highlighted": other.Render(tea.RenderContext{Width: 40, Focused: true}),
	})
}

func TestModalStateMovesTheHighlight(t *testing.T) {
	s := widgets.ModalState{ID: "m"}
	s.Open()
	if v := s.View(widgets.Modal{}); !v.Visible || v.Highlighted != "" {
		t.Fatalf("opened: %+v, want visible with the default highlight", v)
	}
	for _, tc := range []struct {
		name string
		msg  tea.Msg
		used bool
		want widgets.ModalChoice
	}{
		{"its highlight", widgets.ModalHighlighted{ID: "m", Choice: widgets.ModalConfirm}, true, widgets.ModalConfirm},
		{"another modal's", widgets.ModalHighlighted{ID: "x", Choice: widgets.ModalDismiss}, false, widgets.ModalConfirm},
		{"a confirm is the app's", widgets.ModalConfirmed{ID: "m"}, false, widgets.ModalConfirm},
		{"back to dismiss", widgets.ModalHighlighted{ID: "m", Choice: widgets.ModalDismiss}, true, widgets.ModalDismiss},
	} {
		if used := s.Update(tc.msg); used != tc.used || s.Highlighted != tc.want {
			t.Fatalf("%s: used %v, highlighted %q; want %v, %q", tc.name, used, s.Highlighted, tc.used, tc.want)
		}
	}
	s.Close()
	s.Open()
	if s.Highlighted != "" {
		t.Fatalf("reopened with %q highlighted, want the default", s.Highlighted)
	}
}
