package playground

import (
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// askToDelete selects item index and presses Delete, by keyboard.
func askToDelete(t *testing.T, rt *tea.Runtime, index int) {
	t.Helper()
	focus(t, rt, "items")
	press(t, rt, "home")
	for range index {
		press(t, rt, "down")
	}
	focus(t, rt, "delete")
	press(t, rt, "enter")
	if !widget[widgets.Modal](t, rt, "confirm").Visible {
		t.Fatal("the dialog did not open")
	}
}

func TestConfirmDeletesTheSelectedItem(t *testing.T) {
	rt := start(t, NewConfirm())
	before := modelOf[ConfirmDemo](t, rt).Items()
	askToDelete(t, rt, 2)
	if f := rt.Snapshot().Focus; f != "confirm" {
		t.Fatalf("focus with the dialog open = %q, want confirm", f)
	}
	if ids := widgetIDs(rt.Snapshot().View); !slices.Equal(ids, []string{"confirm"}) {
		t.Errorf("widgets in view with the dialog open = %v, want the dialog alone", ids)
	}
	press(t, rt, "left", "enter")
	c := modelOf[ConfirmDemo](t, rt)
	want := slices.Delete(slices.Clone(before), 2, 3)
	if !slices.Equal(c.Items(), want) || c.Asking() {
		t.Fatalf("items = %v, asking %v; want %v and the dialog closed", c.Items(), c.Asking(), want)
	}
	if got := textOf(t, rt, "status"); got != "Deleted "+before[2]+". 5 items left." {
		t.Errorf("status = %q", got)
	}
	if got := widget[widgets.SelectList](t, rt, "items").Selected; got != 2 {
		t.Errorf("selection after delete = %d, want 2 (the next item)", got)
	}
}

// The keyboard picks either choice of the dialog: it opens on Keep, so
// Enter alone keeps the file; Left (h) and Right (l) move between Delete
// and Keep; Tab stays in the dialog and moves nothing.
func TestConfirmKeysChooseBetweenDeleteAndKeep(t *testing.T) {
	for _, tc := range []struct {
		keys    []string
		deleted bool
	}{
		{[]string{"enter"}, false},
		{[]string{"left", "enter"}, true},
		{[]string{"h", "enter"}, true},
		{[]string{"left", "right", "enter"}, false},
		{[]string{"h", "l", "enter"}, false},
		{[]string{"left", "left", "enter"}, true},
		{[]string{"tab", "enter"}, false},
		{[]string{"shift+tab", "enter"}, false},
		{[]string{"left", "tab", "enter"}, true},
		{[]string{"y"}, true},
		{[]string{"left", "esc"}, false},
		{[]string{"left", "n"}, false},
	} {
		t.Run(strings.Join(tc.keys, " "), func(t *testing.T) {
			rt := start(t, NewConfirm())
			before := modelOf[ConfirmDemo](t, rt).Items()
			askToDelete(t, rt, 1)
			if got := widget[widgets.Modal](t, rt, "confirm").Describe().State["highlighted"]; got != "dismiss" {
				t.Fatalf("the dialog opened with %v highlighted, want dismiss (Keep)", got)
			}
			press(t, rt, tc.keys...)
			c := modelOf[ConfirmDemo](t, rt)
			if c.Asking() {
				t.Fatal("the dialog is still open")
			}
			if deleted := len(c.Items()) < len(before); deleted != tc.deleted {
				t.Fatalf("deleted %v (status %q), want %v", deleted, c.Status(), tc.deleted)
			}
		})
	}
}

func TestConfirmTellsAnAgentThatConfirmingDeletes(t *testing.T) {
	rt := start(t, NewConfirm())
	askToDelete(t, rt, 0)
	for _, a := range widget[widgets.Modal](t, rt, "confirm").Actions() {
		if got, want := a.Annotations["destructiveHint"] == true, a.Name == "confirm"; got != want {
			t.Errorf("%s: destructiveHint %v, want %v (annotations %v)", a.Name, got, want, a.Annotations)
		}
	}
}

func TestConfirmDismissKeepsTheItem(t *testing.T) {
	for _, key := range []string{"esc", "n"} {
		t.Run(key, func(t *testing.T) {
			rt := start(t, NewConfirm())
			before := modelOf[ConfirmDemo](t, rt).Items()
			askToDelete(t, rt, 1)
			press(t, rt, key)
			c := modelOf[ConfirmDemo](t, rt)
			if !slices.Equal(c.Items(), before) || c.Asking() {
				t.Fatalf("items = %v asking %v; want all kept and the dialog closed", c.Items(), c.Asking())
			}
			if got := textOf(t, rt, "status"); got != "Kept "+before[1]+"." {
				t.Errorf("status = %q", got)
			}
		})
	}
}

func TestConfirmDeletingEverythingDisablesDelete(t *testing.T) {
	rt := start(t, NewConfirm())
	for range len(modelOf[ConfirmDemo](t, rt).Items()) {
		dispatch(t, rt, confirmAsk{})
		dispatch(t, rt, widgets.ModalConfirmed{ID: "confirm"})
	}
	if n := len(modelOf[ConfirmDemo](t, rt).Items()); n != 0 {
		t.Fatalf("%d items left", n)
	}
	if !widget[widgets.Button](t, rt, "delete").Disabled {
		t.Fatal("delete is enabled with nothing to delete")
	}
	if got := stripANSI(widget[widgets.SelectList](t, rt, "items").Render(tea.RenderContext{Width: 40})); !strings.Contains(got, "Nothing left to delete.") {
		t.Errorf("the empty list reads %q, want it to say nothing is left to delete", got)
	}
	dispatch(t, rt, confirmAsk{})
	if modelOf[ConfirmDemo](t, rt).Asking() {
		t.Fatal("asked to delete nothing")
	}
}

func TestConfirmEnterOnAnItemAsksAboutIt(t *testing.T) {
	rt := start(t, NewConfirm())
	focus(t, rt, "items")
	press(t, rt, "down", "enter")
	c := modelOf[ConfirmDemo](t, rt)
	if !c.Asking() {
		t.Fatal("enter on an item (its help line says \"enter choose\") did nothing")
	}
	if body := widget[widgets.Modal](t, rt, "confirm").Body; !strings.HasPrefix(body, c.Items()[1]) {
		t.Fatalf("the dialog asks %q, want about %q", body, c.Items()[1])
	}
}

// The confirm demo's dialog is drawn as the gallery's is: alone, centred
// in the demo's space.
func TestConfirmAndGalleryDialogsLookAlike(t *testing.T) {
	const w, h = 90, 24
	placement := func(m tea.Model, open ...string) (top, left, right int) {
		rt := start(t, m)
		dispatch(t, rt, tea.WindowSizeMsg{Width: w, Height: h})
		press(t, rt, open...)
		if ids := widgetIDs(rt.Snapshot().View); len(ids) != 1 || ids[0] != rt.Snapshot().Focus {
			t.Fatalf("the open dialog does not stand alone: widgets in view %v, focus %q", ids, rt.Snapshot().Focus)
		}
		lines := strings.Split(terminal.Draw(rt.Snapshot().View, w, h, ""), "\n")
		for i, l := range lines {
			if j := strings.Index(l, "╭"); j >= 0 {
				r := []rune(l)
				end := strings.LastIndex(string(r), "╮")
				return i, len([]rune(l[:j])), len([]rune(l[end:])) - 1
			}
		}
		t.Fatalf("no dialog drawn:\n%s", strings.Join(lines, "\n"))
		return 0, 0, 0
	}
	for name, open := range map[string]tea.Model{"confirm": NewConfirm(), "gallery": NewGallery()} {
		keys := []string{"enter"}
		if name == "confirm" {
			keys = []string{"tab", "enter"}
		}
		top, left, right := placement(open, keys...)
		if top < h/4 || left-right > 1 || right-left > 1 {
			t.Errorf("the %s dialog is drawn from line %d with %d columns left of it and %d right: want it centred", name, top, left, right)
		}
	}
}
