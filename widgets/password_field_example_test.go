package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A PasswordField edits like a TextInput but draws a mask, and offers an
// agent no read of its value.
func ExamplePasswordField() {
	secret := widgets.TextInputState{ID: "password", Value: "hunter2"}
	field := secret.PasswordView(widgets.PasswordField{Label: "Password"})
	printScreen(field, tea.RenderContext{Width: 24})

	for _, a := range field.Actions() {
		fmt.Println(a.Name)
	}
	// Output:
	// Password: [•••••••     ]
	// type_into
	// clear
	// submit
}
