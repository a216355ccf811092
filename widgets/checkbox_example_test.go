package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A CheckboxState holds the box in the app's model; Space sends CheckboxToggled,
// which Update applies.
func ExampleCheckbox() {
	terms := widgets.CheckboxState{ID: "terms"}
	box := terms.View(widgets.Checkbox{Label: "I agree to the terms"})
	printScreen(box, tea.RenderContext{Width: 30})

	terms.Update(box.HandleKey(tea.Char(' ')))
	printScreen(terms.View(widgets.Checkbox{Label: "I agree to the terms"}), tea.RenderContext{Width: 30})

	res, _ := terms.View(widgets.Checkbox{}).Invoke("get_checked", nil)
	fmt.Println(res.Value())
	// Output:
	// [ ] I agree to the terms
	// [x] I agree to the terms
	// map[checked:true]
}
