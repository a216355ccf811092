package web

import (
	"context"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// twins shows two buttons with one id; a key counts.
type twins struct{ count int }

func (twins) Init() tea.Cmd { return nil }

func (m twins) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyMsg); ok {
		m.count++
	}
	return m, nil
}

func (m twins) View() tea.Node {
	return tea.Vertical(
		tea.Label(strings.Repeat("I", m.count+1)),
		widgets.Button{ID: "save", Label: "Save", OnClick: struct{}{}},
		widgets.Button{ID: "save", Label: "Save as", OnClick: struct{}{}},
	)
}

// The page shows a mistake in the app's tree in its problem area (an
// alert), a resize keeps it, the person's next event dismisses it, and a
// later view with the same mistake does not show it again.
func TestTheBrowserPageWarnsOfATreeMistakeOnce(t *testing.T) {
	const warning = `tree: duplicate id &#34;save&#34; (2 widgets); the second is unreachable`
	sessions := tea.NewSessions()
	t.Cleanup(sessions.StopAll)
	sess, err := sessions.Start(context.Background(), "t1", "test", twins{})
	if err != nil {
		t.Fatal(err)
	}
	tab := NewTab(sess, false)
	html := func(p Patch) string {
		var b strings.Builder
		for _, op := range p.Ops {
			b.WriteString(op.HTML)
		}
		return b.String()
	}
	first, _ := tab.Render(sess.Snapshot())
	if h := html(first); !strings.Contains(h, `role="alert"`) || !strings.Contains(h, warning) {
		t.Fatalf("the first page does not show the warning in its problem area:\n%s", h)
	}
	if _, err := tab.Handle(context.Background(), Event{T: "resize", Cols: 100, Rows: 30}); err != nil {
		t.Fatal(err)
	}
	if len(tab.warnings) != 1 {
		t.Fatalf("after the page's resize the warnings are %q, want the one still shown", tab.warnings)
	}
	p, err := tab.Handle(context.Background(), Event{T: "key", Key: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html(p), "II") || strings.Contains(html(p), "tree:") {
		t.Fatalf("after the person's key, want the new view without the warning: %+v", p.Ops)
	}
	if _, err := sess.Runtime.Dispatch(context.Background(), tea.KeyInputMsg{Key: tea.Char('b')}); err != nil {
		t.Fatal(err)
	}
	p, _ = tab.Render(sess.Snapshot())
	if !strings.Contains(html(p), "III") || strings.Contains(html(p), "tree:") {
		t.Fatalf("a later view with the same mistake shows it again: %+v", p.Ops)
	}
}
