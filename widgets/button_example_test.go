package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// saveClicked is the message a Save button sends to the app's Update.
type saveClicked struct{}

// A Button sends its OnClick message when a person presses Enter or Space
// on it, and when an agent calls its click action.
func ExampleButton() {
	save := widgets.Button{ID: "save", Label: "Save", OnClick: saveClicked{}}
	printScreen(save, tea.RenderContext{Width: 20, Focused: true})

	fmt.Printf("enter: %#v\n", save.HandleKey(tea.Named(tea.KeyEnter)))
	res, _ := save.Invoke("click", nil)
	fmt.Printf("click: %#v\n", res.Msg())
	// Output:
	// [ Save ]
	// enter: widgets_test.saveClicked{}
	// click: widgets_test.saveClicked{}
}
