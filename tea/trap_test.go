package tea_test

import (
	"testing"

	"github.com/facetui/facet/tea"
)

func TestBlockedByTrap(t *testing.T) {
	open := func(id string, items ...tea.Node) dialog { return dialog{id: id, open: true, items: items} }
	tests := []struct {
		name     string
		view     tea.Node
		id       string
		wantTrap string // "" when not blocked
	}{
		{"no dialog", tea.Vertical(probe{id: "a"}), "a", ""},
		{"a closed dialog blocks nothing", tea.Vertical(probe{id: "a"}, dialog{id: "d", items: []tea.Node{probe{id: "ok"}}}), "a", ""},
		{"behind an open dialog", tea.Vertical(probe{id: "a"}, open("d", probe{id: "ok"})), "a", "d"},
		{"the dialog itself", tea.Vertical(probe{id: "a"}, open("d", probe{id: "ok"})), "d", ""},
		{"inside the dialog", tea.Vertical(probe{id: "a"}, open("d", tea.Vertical(probe{id: "ok"}))), "ok", ""},
		{"inside the second of two dialogs", tea.Vertical(open("d1", probe{id: "x"}), open("d2", probe{id: "y"})), "y", ""},
		{"behind two dialogs names the first", tea.Vertical(probe{id: "a"}, open("d1"), open("d2")), "a", "d1"},
		{"an id not in view is blocked too", tea.Vertical(open("d")), "ghost", "d"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			trap, blocked := tea.BlockedByTrap(tc.view, tc.id)
			got := ""
			if blocked {
				got = trap.WidgetID()
			}
			if got != tc.wantTrap {
				t.Fatalf("BlockedByTrap(%q) = %q, %v; want %q", tc.id, got, blocked, tc.wantTrap)
			}
		})
	}
}
