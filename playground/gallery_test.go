package playground

import (
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/render/terminal"
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
	dispatch(t, rt, widgets.TableSorted{ID: "g_table", Column: "moons", Direction: widgets.SortDesc})
	if got := widget[widgets.Table](t, rt, "g_table").Rows[0][0]; got != "Saturn" {
		t.Errorf("most moons: %q, want Saturn", got)
	}
	dispatch(t, rt, widgets.TabsSelected{ID: "g_tabs", Index: 2})
	if got := widget[widgets.Tabs](t, rt, "g_tabs").Active; got != 2 {
		t.Errorf("g_tabs active = %d", got)
	}
	dispatch(t, rt, widgets.MenuChosen{ID: "g_menu", ItemID: "g_help"})
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

func TestGalleryDialogFlowInTheBrowser(t *testing.T) {
	tests := []struct {
		name string
		size *tea.WindowSizeMsg // nil: the browser never learns a size
	}{
		{"without a size", nil},
		{"at 100x30", &tea.WindowSizeMsg{Width: 100, Height: 30}},
		{"at 120x40", &tea.WindowSizeMsg{Width: 120, Height: 40}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := NewBrowserAt("gallery")
			if err != nil {
				t.Fatal(err)
			}
			rt := start(t, b)
			if tc.size != nil {
				dispatch(t, rt, *tc.size)
			}
			press(t, rt, "tab")
			if f := rt.Snapshot().Focus; f == "g_button" {
				t.Fatal("tab did not move focus off the button")
			}
			press(t, rt, "shift+tab")
			if f := rt.Snapshot().Focus; f != "g_button" {
				t.Fatalf("focus = %q after shift+tab, want g_button", f)
			}
			press(t, rt, "enter")
			if !widget[widgets.Modal](t, rt, "g_modal").Visible {
				t.Fatal("enter on the button did not open the dialog")
			}
			if f := rt.Snapshot().Focus; f != "g_modal" {
				t.Fatalf("focus = %q with the dialog open, want g_modal", f)
			}
			press(t, rt, "tab")
			if f := rt.Snapshot().Focus; f != "g_modal" {
				t.Fatalf("tab moved focus out of the open dialog to %q", f)
			}
			if status := browserStatus(t, rt); status != BrowserDialogStatus {
				t.Fatalf("status with the dialog open = %q", status)
			}
			press(t, rt, "esc")
			if name, _ := modelOf[Browser](t, rt).Demo(); name != "gallery" {
				t.Fatalf("esc in the dialog left the demo: open demo %q", name)
			}
			if widget[widgets.Modal](t, rt, "g_modal").Visible {
				t.Fatal("esc did not dismiss the dialog")
			}
			if got := textOf(t, rt, "g_status"); got != "The dialog was dismissed." {
				t.Errorf("g_status = %q", got)
			}
			if f := rt.Snapshot().Focus; f != "g_button" {
				t.Fatalf("focus = %q after the dialog closed, want g_button", f)
			}
			if status := browserStatus(t, rt); status != BrowserStatus {
				t.Fatalf("status after the dialog closed = %q", status)
			}
			press(t, rt, "esc")
			if name, _ := modelOf[Browser](t, rt).Demo(); name != "" {
				t.Fatalf("esc with the dialog closed kept demo %q open", name)
			}
		})
	}
}

func TestGalleryDialogStandsAloneInTheMiddle(t *testing.T) {
	for _, size := range []tea.WindowSizeMsg{{Width: 98, Height: 27}, {Width: 118, Height: 37}, {Width: 60, Height: 20}} {
		t.Run(fmtAny(size), func(t *testing.T) {
			rt := start(t, NewGallery())
			dispatch(t, rt, size)
			press(t, rt, "enter")
			view := rt.Snapshot().View
			if ids := widgetIDs(view); len(ids) != 1 || ids[0] != "g_modal" {
				t.Fatalf("widgets with the dialog open = %v, want only g_modal in place of the gallery", ids)
			}
			modal := widget[widgets.Modal](t, rt, "g_modal")
			drawn := strings.Split(stripANSI(modal.Render(tea.RenderContext{Width: size.Width})), "\n")
			// Where the renderer puts it on the gallery's screen.
			screen := strings.Split(terminal.Draw(view, size.Width, size.Height-helpLines, ""), "\n")
			top, left := -1, -1
			for i, line := range screen {
				if j := strings.Index(line, drawn[0]); j >= 0 {
					top, left = i, widgets.Width(line[:j])
					break
				}
			}
			if top < 0 {
				t.Fatalf("the dialog's first line is not on the screen:\n%s", strings.Join(screen, "\n"))
			}
			below := size.Height - helpLines - top - len(drawn)
			right := size.Width - left - widgets.Width(drawn[0])
			if below < 0 || right < 0 || abs(top-below) > 1 || abs(left-right) > 1 {
				t.Fatalf("dialog %dx%d in %v: %d lines above, %d below, %d columns left, %d right; want it centred",
					widgets.Width(drawn[0]), len(drawn), size, top, below, left, right)
			}
			press(t, rt, "n")
			if ids := widgetIDs(rt.Snapshot().View); !slices.Contains(ids, "g_button") || !slices.Contains(ids, "g_viewport") {
				t.Fatalf("the gallery did not come back when the dialog closed: %v", ids)
			}
		})
	}
}

func TestViewportDemosKeepAColumnBeforeTheBorder(t *testing.T) {
	tests := []struct {
		name     string
		model    tea.Model
		viewport string
	}{
		{"log", NewLog(), "log"},
		{"gallery", NewGallery(), "g_viewport"},
		{"repl", NewRepl(), "history"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !paddedOnTheRight(tc.model.View(), tc.viewport) {
				t.Fatalf("viewport %q is not inside a row that ends with a blank column", tc.viewport)
			}
		})
	}
}

// paddedOnTheRight reports whether widget id is inside a Row whose last
// item is a Spacer of at least one column.
func paddedOnTheRight(n tea.Node, id string) bool {
	if r, ok := n.(tea.Row); ok && len(r.Items) > 1 {
		if s, ok := r.Items[len(r.Items)-1].(tea.Spacer); ok && s.Cols > 0 {
			if _, found := tea.FindWidget(tea.Column{Items: r.Items[:len(r.Items)-1]}, id); found {
				return true
			}
		}
	}
	for _, c := range n.Children() {
		if paddedOnTheRight(c, id) {
			return true
		}
	}
	return false
}

func abs(n int) int { return max(n, -n) }

// browserStatus is the status line under the browser's open demo.
func browserStatus(t *testing.T, rt *tea.Runtime) string {
	t.Helper()
	col, ok := rt.Snapshot().View.(tea.Column)
	if !ok || len(col.Items) < 2 {
		t.Fatalf("the browser's view is not a box and a status line: %T", rt.Snapshot().View)
	}
	status, ok := col.Items[len(col.Items)-1].(tea.Text)
	if !ok {
		t.Fatalf("the browser's last line is a %T", col.Items[len(col.Items)-1])
	}
	return status.Content
}

func TestGalleryDialogFitsInsideTheCatalog(t *testing.T) {
	// In the catalog the demo gets less than the window: the dialog must
	// still be drawn whole, not pushed against the right edge and cut.
	for _, size := range []tea.WindowSizeMsg{{Width: 100, Height: 30}, {Width: 60, Height: 16}} {
		t.Run(fmtAny(size), func(t *testing.T) {
			b, err := NewBrowserAt("gallery")
			if err != nil {
				t.Fatal(err)
			}
			rt := start(t, b)
			dispatch(t, rt, size)
			press(t, rt, "enter")
			snap := rt.Snapshot()
			screen := terminal.Draw(snap.View, size.Width, size.Height, snap.Focus)
			if plain := stripANSI(screen); !strings.Contains(plain, "dismisses.") || strings.Contains(plain, "…") {
				t.Fatalf("the dialog's text is cut:\n%s", screen)
			}
		})
	}
}

func TestGalleryNeverShowsASubmittedPassword(t *testing.T) {
	rt := start(t, NewGallery())
	focus(t, rt, "g_password")
	typeText(t, rt, "hunter2")
	press(t, rt, "enter")
	if got := textOf(t, rt, "g_status"); strings.Contains(got, "hunter2") || got != "Submitted the password." {
		t.Fatalf("status after submitting the password = %q, want it said without the password", got)
	}
}
