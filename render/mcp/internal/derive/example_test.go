package derive_test

import (
	"fmt"

	"github.com/facetui/facet/render/mcp/internal/derive"
)

// ExampleFocusLens cuts a session's tool list to what matters for the
// focused widget. The server lists every tool to every client; the lens is
// for code that builds its own tool list for a model.
func ExampleFocusLens() {
	tools := []derive.ToolInfo{
		{Name: "facet_screenshot"},
		{Name: "demo.search.type_into"},
		{Name: "demo.search.clear"},
		{Name: "demo.results.sort"},
		{Name: "demo.discover_tools"},
		{Name: "other.search.type_into"},
	}
	for _, t := range derive.FocusLens(tools, derive.LensOptions{SessionID: "demo", FocusedID: "search", MaxTools: 4}) {
		fmt.Println(t.Name)
	}
	// Output:
	// demo.search.clear
	// demo.search.type_into
	// demo.discover_tools
	// facet_screenshot
}
