package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Right expands the selected node (TreeExpanded), Down moves to the next
// visible one (TreeNodeSelected); the TreeState applies both.
func ExampleTree() {
	files := widgets.TreeState{ID: "files", Selected: "src", Nodes: []widgets.TreeNode{
		{ID: "src", Label: "src", Children: []widgets.TreeNode{{ID: "main", Label: "main.go"}}},
		{ID: "readme", Label: "README.md"},
	}}
	tree := func() widgets.Tree { return files.View(widgets.Tree{}) }
	files.Update(tree().HandleKey(tea.Named(tea.KeyRight)))
	files.Update(tree().HandleKey(tea.Named(tea.KeyDown)))
	printScreen(tree(), tea.RenderContext{Width: 20, Focused: true})
	fmt.Println(files.Selected)
	// Output:
	// ▾ src
	// ›     main.go
	//     README.md
	// main
}
