package mcp

import (
	"context"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// TestAMaskedWidgetInsideAnyContainerIsRedacted: a masked widget is drawn
// as masked to agents wherever it sits in the tree: in a Box (the shape of
// most forms), a Box in a Box, a Row in a Box, a Box in a Row: the value
// a careless masked widget (pin) draws must not appear, nor a password's
// mask characters (they tell its length).
func TestAMaskedWidgetInsideAnyContainerIsRedacted(t *testing.T) {
	const secret = "987654"
	field := func() tea.Node { return pin{secret} }
	shapes := []struct {
		name string
		view tea.Node
	}{
		{"a Box", tea.Box{Title: "Sign in", Child: field()}},
		{"a Column in a Box", tea.Box{Title: "Sign in", Child: tea.Column{Items: []tea.Node{tea.Text{Content: "hello"}, field()}}}},
		{"a Box in a Box", tea.Box{Child: tea.Box{NoBorder: true, Padding: 1, Child: field()}}},
		{"a Row in a Box", tea.Box{Child: tea.Row{Items: []tea.Node{tea.Text{Content: "a"}, field()}}}},
		{"a Box in a Row", tea.Row{Items: []tea.Node{tea.Box{Child: field()}}}},
	}
	for _, c := range shapes {
		t.Run(c.name, func(t *testing.T) {
			shot := Screenshot(tea.Snapshot{View: c.view, Size: tea.WindowSizeMsg{Width: 60, Height: 12}})
			if strings.Contains(shot, secret) || !strings.Contains(shot, "PIN: [‹masked›]") {
				t.Fatalf("the screenshot shows the masked value or no stand-in:\n%s", shot)
			}
		})
	}
	// And on a server, through facet_screenshot: a password TextInput in
	// a Box, as examples/signup has it.
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	app := &boxedForm{Password: "hunter2"}
	if _, err := srv.StartSession(context.Background(), "bx", "boxed", app); err != nil {
		t.Fatal(err)
	}
	shot := text(mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "bx"})))
	if strings.Contains(shot, "••") || strings.Contains(shot, "hunter2") || !strings.Contains(shot, "Password: [‹masked›") {
		t.Fatalf("facet_screenshot of a password in a Box:\n%s", shot)
	}
}

type boxedForm struct{ Password string }

func (m *boxedForm) Init() tea.Cmd                       { return nil }
func (m *boxedForm) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m *boxedForm) View() tea.Node {
	return tea.Box{Title: "Create your account", Padding: 1, Child: tea.Column{Items: []tea.Node{
		widgets.TextInput{ID: "password", Label: "Password", Value: m.Password, Mask: '•'},
	}}}
}
