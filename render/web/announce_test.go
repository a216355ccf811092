package web

import (
	"context"
	"strings"
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestAnnouncementSaysWhatChangedInWords(t *testing.T) {
	col := func(ws ...tea.Node) tea.Node { return tea.Column{Items: ws} }
	field := func(v string) widgets.TextInput { return widgets.TextInput{ID: "q", Label: "Search", Value: v} }
	for _, c := range []struct {
		name          string
		before, after tea.Node
		want          string
	}{
		{"a field", col(field("")), col(field("rust")), "agent set Search: rust"},
		{"a cleared field", col(field("rust")), col(field("")), "agent cleared Search"},
		{"a masked field", col(widgets.PasswordField{ID: "pw", Label: "Password", Value: "a"}), col(widgets.PasswordField{ID: "pw", Label: "Password", Value: "ab"}), ""},
		{"a checkbox", col(widgets.Checkbox{ID: "c", Label: "Remember me"}), col(widgets.Checkbox{ID: "c", Label: "Remember me", Checked: true}), "agent checked Remember me"},
		{"a list", col(widgets.SelectList{ID: "l", Label: "Language", Options: []string{"Go", "Zig"}}), col(widgets.SelectList{ID: "l", Label: "Language", Options: []string{"Go", "Zig"}, Selected: 1}), "agent selected Zig in Language"},
		{"a table's row", col(widgets.Table{ID: "results", Rows: [][]string{{"a"}, {"b"}}}), col(widgets.Table{ID: "results", Rows: [][]string{{"a"}, {"b"}}, Selected: 1}), "agent selected row 2 of results"},
		{"a tab", col(widgets.Tabs{ID: "t", Tabs: []string{"One", "Two"}}), col(widgets.Tabs{ID: "t", Tabs: []string{"One", "Two"}, Active: 1}), "agent selected tab Two"},
		{"a seek", col(widgets.Scrubber{ID: "s", Label: "Seek", Max: 100}), col(widgets.Scrubber{ID: "s", Label: "Seek", Max: 100, Position: 40}), "agent set Seek: 00:40"},
		{"a playing clock", col(widgets.Scrubber{ID: "s", Max: 100, Playing: true}), col(widgets.Scrubber{ID: "s", Max: 100, Playing: true, Position: 1}), ""},
		{"a text", col(widgets.Text{ID: "n", Content: "Count: 1"}), col(widgets.Text{ID: "n", Content: "Count: 2"}), ""},
		{"a button's state", col(widgets.Button{ID: "b", Label: "Reset", Disabled: true}), col(widgets.Button{ID: "b", Label: "Reset"}), ""},
		{"a widget that came", col(), col(field("x")), ""},
		{"many", col(field(""), widgets.Checkbox{ID: "c1", Label: "A"}, widgets.Checkbox{ID: "c2", Label: "B"}, widgets.Checkbox{ID: "c3", Label: "C"}),
			col(field("x"), widgets.Checkbox{ID: "c1", Label: "A", Checked: true}, widgets.Checkbox{ID: "c2", Label: "B", Checked: true}, widgets.Checkbox{ID: "c3", Label: "C", Checked: true}),
			"agent set Search: x, agent checked A, agent checked B, and 1 more changes"},
	} {
		if got := announcement(c.before, c.after); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestTabAnnouncesOnlyAnAgentsChanges: an agent's change that reaches the
// tab from the session is announced; the page's own event's is not, nor a
// person's change elsewhere (while an agent is attached or not).
func TestTabAnnouncesOnlyAnAgentsChanges(t *testing.T) {
	m, err := playground.NewBrowserAt("login")
	if err != nil {
		t.Fatal(err)
	}
	tab := startTab(t, m)
	sess := tab.Session()
	ctx := context.Background()
	said := func(p Patch) string {
		for _, op := range p.Ops {
			if i := strings.Index(op.HTML, `<span id="announce:text">`); i >= 0 {
				rest := op.HTML[i+len(`<span id="announce:text">`):]
				return rest[:strings.Index(rest, "</span>")]
			}
		}
		return ""
	}
	type_ := func(agent, text string) {
		t.Helper()
		var msg tea.Msg = widgets.TextChanged{ID: "email", Value: text}
		if agent != "" {
			msg = tea.AgentMsg{Agent: agent, Msg: msg}
		}
		if _, err := sess.Dispatch(ctx, msg); err != nil {
			t.Fatal(err)
		}
	}
	// No agent: nothing is said.
	type_("", "a")
	if p, _ := tab.Render(sess.Snapshot()); said(p) != "" {
		t.Fatalf("announced with no agent attached: %q", said(p))
	}
	// The page's own key: nothing is said.
	if _, err := sess.Dispatch(ctx, tea.AttachAgentMsg{Agent: "a1"}); err != nil {
		t.Fatal(err)
	}
	tab.Render(sess.Snapshot())
	if p, err := tab.Handle(ctx, Event{T: "key", Key: "b"}); err != nil || said(p) != "" {
		t.Fatalf("the page's own key: %q, %v", said(p), err)
	}
	// A person elsewhere (a shared terminal), while the agent is attached:
	// not the agent's doing, so nothing is said.
	type_("", "grace")
	if p, _ := tab.Render(sess.Snapshot()); said(p) != "" {
		t.Fatalf("a person's change is announced as the agent's: %q", said(p))
	}
	// The agent's change: said.
	type_("a1", "ada")
	if p, _ := tab.Render(sess.Snapshot()); said(p) != "agent set Email: ada" {
		t.Fatalf("the agent's change is announced as %q", said(p))
	}
}
