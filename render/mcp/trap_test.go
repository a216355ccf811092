package mcp

import (
	"context"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// deleter asks before deleting the item its field names, as the todo
// example does: the dialog shows the field's text.
type deleter struct {
	Item    widgets.TextInputState
	Asking  bool
	Deleted string
}

type askDeleteMsg struct{}

func (m *deleter) Init() tea.Cmd { return nil }
func (m *deleter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *m
	if n.Item.Update(msg) {
		return &n, nil
	}
	switch v := msg.(type) {
	case askDeleteMsg:
		n.Asking = true
	case widgets.ModalConfirmed:
		n.Asking, n.Deleted = false, n.Item.Value
	case widgets.ModalDismissed:
		_ = v
		n.Asking = false
	}
	return &n, nil
}
func (m *deleter) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		m.Item.View(widgets.TextInput{}),
		widgets.Button{ID: "delete", Label: "Delete", OnClick: askDeleteMsg{}},
		widgets.Modal{ID: "confirm", Title: "Delete?", Body: m.Item.Value + " will be removed", Visible: m.Asking, Destructive: true},
	}}
}

func TestAnAgentCannotWriteBehindAnOpenDialog(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	if _, err := srv.StartSession(context.Background(), "dl", "deleter", &deleter{Item: widgets.TextInputState{ID: "item", Value: "old report"}}); err != nil {
		t.Fatal(err)
	}
	mustOK(t, tc.call("dl.delete.click", nil))
	mustErr(t, tc.call("dl.item.type_into", map[string]any{"text": "tax return"}),
		"dl.item.type_into: nothing was done: widget `item` is behind the open modal `confirm`")
	mustErr(t, tc.call("dl.delete.click", nil), "behind the open modal `confirm`")
	if v := text(mustOK(t, tc.call("dl.item.get_value", nil))); !strings.Contains(v, "old report") {
		t.Fatalf("a read behind the dialog: %s", v)
	}
	mustOK(t, tc.call("dl.confirm.confirm", nil))
	sess, _ := srv.Sessions().Get("dl")
	if got := sess.Snapshot().Model.(*deleter).Deleted; got != "old report" {
		t.Fatalf("deleted %q, want the item the dialog named", got)
	}
	// With the dialog gone, the field takes writes again.
	mustOK(t, tc.call("dl.item.type_into", map[string]any{"text": "tax return"}))
}
