package playground

import (
	"fmt"
	"slices"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// confirmAsk is the delete button's message: ask before deleting.
type confirmAsk struct{}

// ConfirmDemo deletes items from a list after asking. Widgets: SelectList
// "items", Button "delete" (opens the dialog), Modal "confirm" (confirm
// deletes the selected item, dismiss keeps it; it is Destructive, so it
// opens with Keep highlighted and its confirm tool says so to an agent)
// and Text "status".
//
// Enter on an item asks about it, as Delete… does. While the dialog is
// open it stands alone in the middle of the demo's space (as every demo's
// dialog does) and the list and the button are disabled, so focus goes to
// the dialog.
type ConfirmDemo struct {
	items  widgets.SelectListState
	dialog widgets.ModalState
	status string
	// size is the space the demo has (zero until a WindowSizeMsg says),
	// where the open dialog is centred.
	size tea.WindowSizeMsg
}

// NewConfirm returns the demo with a few files in the list.
func NewConfirm() ConfirmDemo {
	return ConfirmDemo{
		items: widgets.SelectListState{ID: "items", Height: 8, Options: []string{
			"notes/2026-03-01-standup.md",
			"drafts/release-announcement.md",
			"tmp/build-cache.tar.gz",
			"photos/IMG_2041.jpg",
			"backups/links-2026-02.db",
			"scratch/old-prototype.go",
		}},
		dialog: widgets.ModalState{ID: "confirm"},
		status: "Select an item and press Delete.",
	}
}

// Items returns the items left.
func (c ConfirmDemo) Items() []string { return c.items.Options }

// Asking reports whether the confirmation dialog is open.
func (c ConfirmDemo) Asking() bool { return c.dialog.Visible }

// Status returns the status line.
func (c ConfirmDemo) Status() string { return c.status }

// selected returns the selected item, or "" if there is none.
func (c ConfirmDemo) selected() string {
	if i := c.items.Selected; i >= 0 && i < len(c.items.Options) {
		return c.items.Options[i]
	}
	return ""
}

// Init implements tea.Model.
func (c ConfirmDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (c ConfirmDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if (!c.dialog.Visible && c.items.Update(msg)) || c.dialog.Update(msg) {
		return c, nil
	}
	switch m := msg.(type) {
	case tea.WindowSizeMsg:
		c.size = m
	case confirmAsk:
		return c.ask(), nil
	case widgets.SelectListChosen:
		if m.ID == c.items.ID {
			return c.ask(), nil
		}
	case widgets.ModalConfirmed:
		if m.ID == "confirm" && c.dialog.Visible {
			name := c.selected()
			i := c.items.Selected
			c.items.Options = slices.Delete(slices.Clone(c.items.Options), i, i+1)
			c.items.Selected = min(i, len(c.items.Options)-1)
			c.dialog.Close()
			c.status = fmt.Sprintf("Deleted %s. %s left.", name, plural(len(c.items.Options), "item", "items"))
		}
	case widgets.ModalDismissed:
		if m.ID == "confirm" && c.dialog.Visible {
			c.dialog.Close()
			c.status = "Kept " + c.selected() + "."
		}
	}
	return c, nil
}

// ask opens the dialog about the selected item.
func (c ConfirmDemo) ask() ConfirmDemo {
	if c.selected() != "" && !c.dialog.Visible {
		c.dialog.Open()
		c.status = "Waiting for confirmation…"
	}
	return c
}

// View implements tea.Model.
func (c ConfirmDemo) View() tea.Node {
	list := c.items.View(widgets.SelectList{})
	list.Label, list.Disabled, list.Empty = "Files", c.dialog.Visible, "Nothing left to delete."
	dialog := c.dialog.View(widgets.Modal{})
	dialog.Title = "Delete this file?"
	dialog.Body = fmt.Sprintf("%s will be deleted. This cannot be undone.", c.selected())
	dialog.ConfirmLabel, dialog.DismissLabel, dialog.Destructive = "Delete", "Keep", true
	if dialog.Visible {
		return dialogScreen(c.size, dialog)
	}
	return tea.Column{Gap: 1, Items: []tea.Node{
		list,
		widgets.Button{ID: "delete", Label: "Delete…", OnClick: confirmAsk{}, Disabled: c.dialog.Visible || c.selected() == ""},
		dialog,
		widgets.Text{ID: "status", Content: c.status},
	}}
}
