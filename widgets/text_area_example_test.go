package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A TextArea takes lines: Enter starts one, and an agent's type_into may
// hold newlines.
func ExampleTextArea() {
	notes := widgets.TextInputState{ID: "notes"}
	area := func() widgets.TextArea { return notes.AreaView(widgets.TextArea{Label: "Notes", Height: 3}) }

	res, _ := area().Invoke("type_into", map[string]any{"text": "milk\neggs"})
	notes.Update(res.Msg())
	notes.Update(area().HandleKey(tea.Named(tea.KeyEnter)))
	notes.Update(area().HandleKey(tea.Char('!')))
	printScreen(area(), tea.RenderContext{Width: 20})
	fmt.Printf("%q\n", notes.Value)
	// Output:
	// Notes
	// │ milk
	// │ eggs
	// │ !
	// "milk\neggs\n!"
}
