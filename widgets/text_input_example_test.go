package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A TextInputState holds the value and the cursor; the field's keys and an
// agent's type_into both send TextChanged, which Update applies.
func ExampleTextInput() {
	email := widgets.TextInputState{ID: "email"}
	field := func() widgets.TextInput {
		return email.View(widgets.TextInput{Label: "Email", Placeholder: "you@example.com"})
	}
	printScreen(field(), tea.RenderContext{Width: 30})

	for _, r := range "ada" {
		email.Update(field().HandleKey(tea.Char(r)))
	}
	res, _ := field().Invoke("type_into", map[string]any{"text": "@example.com", "append": true})
	email.Update(res.Msg())
	printScreen(field(), tea.RenderContext{Width: 30})
	fmt.Println(email.Value)
	// Output:
	// Email: [‹you@example.com›    ]
	// Email: [ada@example.com      ]
	// ada@example.com
}
