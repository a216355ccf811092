package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Right opens a submenu (MenuOpened, applied by the state); choosing an
// item sends MenuChosen for the app to act on.
func ExampleMenu() {
	menu := widgets.MenuState{ID: "main", Cursor: "file", Items: []widgets.MenuItem{
		{ID: "file", Label: "File", Children: []widgets.MenuItem{{ID: "open", Label: "Open"}, {ID: "quit", Label: "Quit"}}},
		{ID: "help", Label: "Help"},
	}}
	menu.Update(menu.View(widgets.Menu{}).HandleKey(tea.Named(tea.KeyRight)))
	printScreen(menu.View(widgets.Menu{}), tea.RenderContext{Width: 20, Focused: true})

	res, _ := menu.View(widgets.Menu{}).Invoke("select", map[string]any{"item_id": "quit"})
	fmt.Printf("%#v\n", res.Msg())
	// Output:
	// File ▾
	//   › Open
	//     Quit
	//   Help
	// widgets.MenuChosen{ID:"main", ItemID:"quit"}
}
