package playground

import (
	"slices"
	"strings"
	"testing"

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
	if !widget[widgets.SelectList](t, rt, "items").Disabled || widget[widgets.Button](t, rt, "delete").CanFocus() {
		t.Error("the list and the button stay usable behind the dialog")
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
