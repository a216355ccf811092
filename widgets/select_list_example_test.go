package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Down moves the selection (SelectListSelected, applied by the state) and
// Enter chooses it (SelectListChosen, left to the app).
func ExampleSelectList() {
	colour := widgets.SelectListState{ID: "colour", Options: []string{"red", "green", "blue"}}
	list := func() widgets.SelectList { return colour.View(widgets.SelectList{Label: "Colour"}) }

	colour.Update(list().HandleKey(tea.Named(tea.KeyDown)))
	printScreen(list(), tea.RenderContext{Width: 20, Focused: true})
	fmt.Printf("%#v\n", list().HandleKey(tea.Named(tea.KeyEnter)))

	res, _ := list().Invoke("select", map[string]any{"index": 2.0})
	fmt.Printf("%#v\n", res.Msg())
	// Output:
	// Colour
	//   red
	// › green
	//   blue
	// widgets.SelectListChosen{ID:"colour", Index:1, Label:"green"}
	// widgets.SelectListSelected{ID:"colour", Index:2, Label:"blue"}
}
