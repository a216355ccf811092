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
			if !reflect.DeepEqual(inNames(got), tc.want) {
				t.Errorf("actions = %v, want %v", inNames(got), tc.want)
			}
			inCheckAnnotations(t, got, "confirm", "dismiss")
		})
	}
	inCheckStatic(t, widgets.Modal{ID: "zzid", Title: "ZZTITLE", Body: "ZZBODY", ConfirmLabel: "ZZYES", Visible: true}.Actions(),
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
	inRunInvoke(t, widgets.Modal{ID: "m", Visible: true}, []inInvokeCase{
		{name: "confirm", action: "confirm", msg: widgets.ModalConfirmed{ID: "m"}},
		{name: "dismiss", action: "dismiss", msg: widgets.ModalDismissed{ID: "m"}},
		{name: "confirm refuses arguments", action: "confirm", args: map[string]any{"ok": true}, wantErr: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "unknown action", action: "close", wantErr: tea.ErrUnknownAction, errHas: []string{"confirm, dismiss"}},
	})
	inRunInvoke(t, widgets.Modal{ID: "m"}, []inInvokeCase{
		{name: "hidden refuses confirm", action: "confirm", wantErr: tea.ErrUnknownAction},
		{name: "hidden refuses dismiss", action: "dismiss", wantErr: tea.ErrUnknownAction},
	})
}

func TestModalKeys(t *testing.T) {
	m := widgets.Modal{ID: "m", Visible: true}
	inRunKeys(t, m, []inKeyCase{
		{"enter confirms", inKey(t, "enter"), widgets.ModalConfirmed{ID: "m"}},
		{"y confirms", tea.Char('y'), widgets.ModalConfirmed{ID: "m"}},
		{"esc dismisses", inKey(t, "esc"), widgets.ModalDismissed{ID: "m"}},
		{"n dismisses", tea.Char('n'), widgets.ModalDismissed{ID: "m"}},
		{"space does nothing", inKey(t, "space"), nil},
		{"x does nothing", tea.Char('x'), nil},
	})
	inRunKeys(t, widgets.Modal{ID: "m"}, []inKeyCase{
		{"hidden ignores enter", inKey(t, "enter"), nil},
		{"hidden ignores esc", inKey(t, "esc"), nil},
	})
	if !m.CanFocus() || (widgets.Modal{ID: "m"}).CanFocus() {
		t.Error("only a visible modal takes focus")
	}
}

func TestModalClickOnAChoice(t *testing.T) {
	// Drawn as: top border, body, blank, then "│ [ OK ]  [ Cancel ] │" on
	// line 3, OK at x 2-7 and Cancel at x 10-19.
	m := widgets.Modal{ID: "m", Title: "Sure?", Body: "Delete it?", Visible: true}
	lines := strings.Split(ansi.Strip(m.Render(tea.RenderContext{Width: 40})), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[3], "│ [ OK ]  [ Cancel ]") {
		t.Fatalf("layout changed:\n%s", strings.Join(lines, "\n"))
	}
	inRunMouse(t, m, []inMouseCase{
		{"click on OK confirms", inClick(2, 3), widgets.ModalConfirmed{ID: "m"}},
		{"click on OK's end confirms", inClick(7, 3), widgets.ModalConfirmed{ID: "m"}},
		{"click between does nothing", inClick(8, 3), nil},
		{"click on Cancel dismisses", inClick(10, 3), widgets.ModalDismissed{ID: "m"}},
		{"click on Cancel's end dismisses", inClick(19, 3), widgets.ModalDismissed{ID: "m"}},
		{"click past Cancel does nothing", inClick(20, 3), nil},
		{"click on the body does nothing", inClick(3, 1), nil},
		{"right click does nothing", tea.Mouse{X: 3, Y: 3, Action: tea.MousePress, Button: tea.MouseRight}, nil},
		// In 4 lines the blank line goes: the choices move up to line 2.
		{"click maps through a clipped height", tea.Mouse{X: 3, Y: 2, Action: tea.MousePress, Button: tea.MouseLeft, Height: 4}, widgets.ModalConfirmed{ID: "m"}},
	})
	clipped := strings.Split(ansi.Strip(m.Render(tea.RenderContext{Width: 40, Height: 4})), "\n")
	if len(clipped) != 4 || !strings.Contains(clipped[2], "[ OK ]") {
		t.Errorf("in 4 lines:\n%s\nwant the choices on line 2", strings.Join(clipped, "\n"))
	}
	inRunMouse(t, widgets.Modal{ID: "m", Title: "Sure?", Body: "Delete it?"}, []inMouseCase{
		{"hidden ignores clicks", inClick(2, 3), nil},
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
		inCheckAllSizes(t, mm)
	}
	inCheckDistinct(t, map[string]string{
		"unfocused": m.Render(tea.RenderContext{Width: 60}),
		"focused":   m.Render(tea.RenderContext{Width: 60, Focused: true}),
	})
}

func TestModalDescribe(t *testing.T) {
	got := widgets.Modal{ID: "m", Title: "Sure?", Body: "Really?", Visible: true}.Describe()
	want := tea.Description{Label: "Sure?", Role: "dialog", State: map[string]any{
		"visible": true, "body": "Really?", "confirm_label": "OK", "dismiss_label": "Cancel"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
}
