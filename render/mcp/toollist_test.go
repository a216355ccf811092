package mcp

import (
	"fmt"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// pager shows eight buttons of its own on each page and a next button.
type pager struct{ Page int }

type nextPage struct{}

func (p *pager) Init() tea.Cmd { return nil }
func (p *pager) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *p
	if _, ok := msg.(nextPage); ok {
		n.Page++
	}
	return &n, nil
}
func (p *pager) View() tea.Node {
	items := []tea.Node{widgets.Button{ID: "next", Label: "next", OnClick: nextPage{}}}
	for i := range 8 {
		items = append(items, widgets.Button{ID: fmt.Sprintf("p%db%d", p.Page, i), Label: "b", OnClick: nextPage{}})
	}
	return tea.Column{Items: items}
}

func TestASessionsToolListIsCappedDroppingWhatLeftViewFirst(t *testing.T) {
	synctest.Test(t, aSessionsToolListIsCappedDroppingWhatLeftViewFirst)
}

// aSessionsToolListIsCappedDroppingWhatLeftViewFirst is TestASessionsToolListIsCappedDroppingWhatLeftViewFirst, in a synctest bubble: settle is synctest.Wait.
func aSessionsToolListIsCappedDroppingWhatLeftViewFirst(t *testing.T) {
	const limit = 20
	srv := newTestServer(t, Options{Auth: AuthOptions{Authorizer: AllowAll()}, MaxSessionTools: limit,
		Apps: []App{{Name: "pager", New: func() tea.Model { return &pager{} }}}})
	c := connect(t, srv)
	mustOK(t, c.call("facet_start", map[string]any{"app": "pager", "id": "pg"}))
	listed := func() map[string]bool {
		out := map[string]bool{}
		for _, name := range c.tools() {
			if strings.HasPrefix(name, "pg.") && name != "pg.discover_tools" {
				out[name] = true
			}
		}
		return out
	}
	for page := 1; page <= 4; page++ {
		c.settle()
		before := c.notifications()
		mustOK(t, c.call("pg.next.click", nil))
		c.settle()
		if got := c.notifications() - before; got != 1 {
			t.Fatalf("page %d: %d list_changed notifications; want 1", page, got)
		}
		got := listed()
		if total := 1 + 8*(page+1); total > limit && len(got) != limit {
			t.Fatalf("page %d: %d of the session's %d tools listed; want the cap, %d: %v", page, len(got), total, limit, got)
		}
		for i := range 8 {
			if name := fmt.Sprintf("pg.p%db%d.click", page, i); !got[name] {
				t.Fatalf("page %d: %s, in view, is not listed: %v", page, name, got)
			}
		}
		// Page 0 left view first: at page 2 three of its tools still fit
		// (ties go by name), at page 3 none.
		if dropped := map[int]string{2: "pg.p0b7.click", 3: "pg.p0b0.click", 4: "pg.p1b0.click"}[page]; dropped != "" && got[dropped] {
			t.Fatalf("page %d: %s, out of view the longest, is still listed: %v", page, dropped, got)
		}
	}
	// A tool left out of the list is still the session's: calling it says
	// where the widget went, not "tool not found".
	mustErr(t, c.call("pg.p0b0.click", nil), "not in the session's current view")
	if _, err := New(Options{MaxSessionTools: -1}); err == nil || !strings.Contains(err.Error(), "MaxSessionTools") {
		t.Fatalf("a negative cap: %v", err)
	}
}
