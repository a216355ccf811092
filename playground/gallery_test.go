package playground

import (
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestGalleryShowsEveryKindOfWidget(t *testing.T) {
	rt := start(t, NewGallery())
	kinds := map[string]bool{}
	for _, w := range tea.Widgets(rt.Snapshot().View) {
		kinds[w.WidgetKind()] = true
	}
	for _, kind := range []string{"button", "text_input", "password_field", "text_area", "select_list", "checkbox",
		"modal", "table", "tree", "scrubber", "tabs", "viewport", "menu", "text", "sparkline", "bar_chart"} {
		if !kinds[kind] {
			t.Errorf("no %s in the gallery", kind)
		}
	}
}

func TestGalleryWidgetsApplyTheirMessages(t *testing.T) {
	rt := start(t, NewGallery())
	focus(t, rt, "g_input")
	typeText(t, rt, "!")
	if got := widget[widgets.TextInput](t, rt, "g_input").Value; got != "hello!" {
		t.Errorf("g_input = %q", got)
	}
	focus(t, rt, "g_password")
	typeText(t, rt, "pw")
	if got := widget[widgets.PasswordField](t, rt, "g_password").Value; got != "pw" {
		t.Errorf("g_password = %q", got)
	}
	focus(t, rt, "g_checkbox")
	press(t, rt, "space")
	if widget[widgets.Checkbox](t, rt, "g_checkbox").Checked {
		t.Error("g_checkbox still checked after space")
	}
	dispatch(t, rt, widgets.Sorted{ID: "g_table", Column: "moons", Direction: widgets.SortDesc})
	if got := widget[widgets.Table](t, rt, "g_table").Rows[0][0]; got != "Saturn" {
		t.Errorf("most moons: %q, want Saturn", got)
	}
	dispatch(t, rt, widgets.TabSelected{ID: "g_tabs", Index: 2})
	if got := widget[widgets.Tabs](t, rt, "g_tabs").Active; got != 2 {
		t.Errorf("g_tabs active = %d", got)
	}
	dispatch(t, rt, widgets.MenuSelected{ID: "g_menu", ItemID: "g_help"})
	if got := textOf(t, rt, "g_status"); got != "Menu: chose g_help." {
		t.Errorf("g_status = %q", got)
	}
}

func TestGalleryButtonOpensTheModal(t *testing.T) {
	rt := start(t, NewGallery())
	if f := rt.Snapshot().Focus; f != "g_button" {
		t.Fatalf("focus = %q, want g_button", f)
	}
	press(t, rt, "enter")
	if !widget[widgets.Modal](t, rt, "g_modal").Visible {
		t.Fatal("the modal did not open")
	}
	focus(t, rt, "g_modal")
	press(t, rt, "y")
	if widget[widgets.Modal](t, rt, "g_modal").Visible || textOf(t, rt, "g_status") != "The dialog was confirmed." {
		t.Fatalf("after y: visible %v, status %q", widget[widgets.Modal](t, rt, "g_modal").Visible, textOf(t, rt, "g_status"))
	}
}
