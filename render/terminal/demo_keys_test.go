package terminal_test

import (
	"strings"
	"testing"

	"github.com/facetui/facet/playground"
)

// The confirm demo's dialog, driven from the keyboard as a person would:
// it opens on Keep, marked ▸ in plain text; Tab and Shift+Tab stay in it
// and move nothing; Left and Right (h, l) move between Delete and Keep,
// the help line says what Enter picks, and Enter picks it.
func TestKeysChooseTheConfirmDialogsButtons(t *testing.T) {
	tm := runOnTerminal(t, playground.NewConfirm())
	tm.waitFor("Select an item")
	tm.typeRaw("\x1b[B\x1b[B") // Down, Down
	tm.typeRaw("\t\r")         // Tab to Delete…, Enter
	tm.waitFor("[ Delete ] ▸[ Keep ]")
	tm.waitFor("←/→ choose • enter keep")
	for _, step := range []struct {
		name, keys, shows string
	}{
		{"tab", "\t", "[ Delete ] ▸[ Keep ]"},
		{"shift+tab", "\x1b[Z", "[ Delete ] ▸[ Keep ]"},
		{"left", "\x1b[D", "▸[ Delete ]  [ Keep ]"},
		{"right", "\x1b[C", "[ Delete ] ▸[ Keep ]"},
		{"h", "h", "▸[ Delete ]  [ Keep ]"},
	} {
		tm.typeRaw(step.keys)
		screenUntil(tm, step.name+" showing "+step.shows, func(s string) bool {
			if strings.Contains(step.shows, "▸[ Delete ]") && !strings.Contains(s, "enter delete") {
				return false
			}
			return strings.Contains(s, step.shows)
		})
	}
	tm.typeRaw("\r")
	tm.waitFor("Deleted tmp/build-cache.tar.gz. 5 items left.")

	// Focus is back on Delete…; the next file is selected.
	tm.typeRaw("\r")
	tm.waitFor("▸[ Keep ]")
	tm.typeRaw("\r") // Enter on Keep, as the dialog opens
	tm.waitFor("Kept photos/IMG_2041.jpg.")
}
