package mcptest_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestComponentCannotBeReadWhenTheServerRefusesResourcesRead(t *testing.T) {
	f := newFake(t)
	s := mcptest.Start(f, newKitchen(), mcptest.WithServerOptions(mcp.Options{Auth: mcp.AuthOptions{AllowedReadMethods: []string{"tools/list"}}}))
	if c, ok := s.Component("status"); ok {
		t.Errorf("Component read the widget although resources/read is refused: %s", c)
	}
	f.run(func() { s.AssertComponent("status", func(mcptest.Component) bool { return true }) })
	errs, _, _ := f.reports()
	if len(errs) != 1 {
		t.Fatalf("errors = %q", errs)
	}
	for _, w := range []string{
		`AssertComponent("status"): the widget cannot be read through the client: resources/read facet://session/app/widgets`,
		"widget `status` cannot be read through the client",
	} {
		if !strings.Contains(errs[0], w) {
			t.Errorf("the report does not contain %q:\n%s", w, errs[0])
		}
	}
}

func TestComponentOfAStoppedSessionCannotBeRead(t *testing.T) {
	s := mcptest.Start(t, newKitchen())
	s.Stop()
	if c, ok := s.Component("status"); ok {
		t.Errorf("Component read a widget of a stopped session: %s", c)
	}
}

func TestComponentListsToolsAndStateSaysWhy(t *testing.T) {
	s := mcptest.Start(t, newKitchen())
	s.Click("ask")
	c, ok := s.Component("ask")
	if !ok || c.Offers("click") || c.State["disabled"] != true {
		t.Errorf("a button disabled after its tool was listed = %+v, want its tool no longer listed", c)
	}
	s.AssertToolAbsent("ask.click")
	c, _ = s.Component("confirm")
	if !reflect.DeepEqual(c.Actions, []string{"confirm", "dismiss"}) || c.State["visible"] != true {
		t.Errorf("the visible modal = %+v", c)
	}
}

func TestComponentStateKeepsWholeNumbersInt(t *testing.T) {
	s := mcptest.Start(t, newKitchen())
	s.Seek("clip", 42)
	c, _ := s.Component("clip")
	if pos, ok := c.State["position"].(int); !ok || pos != 42 {
		t.Errorf("position = %#v, want int 42", c.State["position"])
	}
}

// pair has two buttons whose client-safe tool names share a prefix:
// app_a_b_click could be a's b_click or a_b's click.
type pair struct{}

func (pair) Init() tea.Cmd                         { return nil }
func (p pair) Update(tea.Msg) (tea.Model, tea.Cmd) { return p, nil }
func (pair) View() tea.Node {
	return tea.Row{Items: []tea.Node{
		widgets.Button{ID: "a", Label: "A", OnClick: incMsg{}},
		widgets.Button{ID: "a_b", Label: "AB", OnClick: incMsg{}},
	}}
}

func TestComponentFindsItsToolsUnderEitherNameStyle(t *testing.T) {
	for _, names := range []string{mcp.NamesDotted, mcp.NamesSafe} {
		s := mcptest.Start(t, pair{}, mcptest.WithServerOptions(mcp.Options{ToolNames: names}))
		for _, id := range []string{"a", "a_b"} {
			if c, _ := s.Component(id); !reflect.DeepEqual(c.Actions, []string{"click"}) {
				t.Errorf("names %v: %s lists %q, want [click]", names, id, c.Actions)
			}
		}
	}
}
