package playground

import (
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/render/terminal"

	"github.com/facetui/facet/widgets"
)

func TestMenuKeysOpenASubmenuAndChooseAnItem(t *testing.T) {
	rt := start(t, NewMenu())
	if got := textOf(t, rt, "status"); got != "Nothing chosen yet." {
		t.Fatalf("status = %q", got)
	}
	press(t, rt, "enter") // open File
	if m := widget[widgets.Menu](t, rt, "main"); !slices.Equal(m.Open, []string{"file"}) || m.Cursor != "new" {
		t.Fatalf("after enter on File: open %v cursor %q", m.Open, m.Cursor)
	}
	press(t, rt, "down", "enter") // Open…
	if got := textOf(t, rt, "status"); got != "Last chosen: File › Open…" {
		t.Fatalf("status = %q", got)
	}
	if m := widget[widgets.Menu](t, rt, "main"); len(m.Open) != 0 || m.Cursor != "file" {
		t.Fatalf("after choosing, the menu is open %v with cursor %q; want closed on File", m.Open, m.Cursor)
	}
}

func TestMenuNestedSubmenusAndClosing(t *testing.T) {
	rt := start(t, NewMenu())
	press(t, rt, "down", "down", "right") // View
	press(t, rt, "down", "down", "right") // Appearance
	if m := widget[widgets.Menu](t, rt, "main"); !slices.Equal(m.Open, []string{"view", "appearance"}) {
		t.Fatalf("open = %v", m.Open)
	}
	press(t, rt, "left")
	if m := widget[widgets.Menu](t, rt, "main"); !slices.Equal(m.Open, []string{"view"}) || m.Cursor != "appearance" {
		t.Fatalf("after left: open %v cursor %q", m.Open, m.Cursor)
	}
	press(t, rt, "right", "down", "enter")
	if got := textOf(t, rt, "status"); got != "Last chosen: View › Appearance › Dark" {
		t.Fatalf("status = %q", got)
	}
}

func TestMenuSelectActionChoosesAnyLeaf(t *testing.T) {
	rt := start(t, NewMenu())
	res, err := widget[widgets.Menu](t, rt, "main").Invoke("select", map[string]any{"item_id": "recent_facet"})
	if err != nil {
		t.Fatal(err)
	}
	dispatch(t, rt, res.Msg())
	if got := modelOf[MenuDemo](t, rt).Chosen(); !slices.Equal(got, []string{"File", "Open recent", "~/src/facet"}) {
		t.Fatalf("chosen = %v", got)
	}
	if _, err := widget[widgets.Menu](t, rt, "main").Invoke("select", map[string]any{"item_id": "save_as"}); err == nil {
		t.Error("selecting the disabled item succeeded")
	}
}

// The catalog says what the demo draws: a Menu is one column (each open
// submenu indented beneath its item), so the demo is not called a menu bar.
func TestMenuDemoIsDescribedAsItIsDrawn(t *testing.T) {
	screen := terminal.Draw(NewMenu().View(), 80, 12, "main")
	var file, edit int = -1, -1
	for i, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "File") {
			file = i
		}
		if strings.Contains(l, "Edit") {
			edit = i
		}
	}
	if file < 0 || edit < 0 {
		t.Fatalf("File or Edit not drawn:\n%s", screen)
	}
	vertical := file != edit
	for _, app := range Catalog() {
		if app.Name == "menu" && vertical && strings.Contains(strings.ToLower(app.Description), "menu bar") {
			t.Fatalf("the menu demo is described as %q but draws File and Edit one above the other:\n%s", app.Description, screen)
		}
	}
}
