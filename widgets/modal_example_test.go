package widgets_test

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A ModalState opens and closes the dialog; Enter on the highlighted choice
// sends ModalConfirmed or ModalDismissed for the app to act on.
func ExampleModal() {
	confirm := widgets.ModalState{ID: "delete"}
	confirm.Open()
	dialog := confirm.View(widgets.Modal{Title: "Delete?", Body: "report.pdf goes for good.", ConfirmLabel: "Delete", DismissLabel: "Keep"})
	printScreen(dialog, tea.RenderContext{Width: 32, Focused: true})

	fmt.Printf("%#v\n", dialog.HandleKey(tea.Named(tea.KeyEnter)))
	for _, a := range dialog.Actions() {
		fmt.Println(a.Name)
	}
	// Output:
	// ╭─ Delete? ─────────────────╮
	// │ report.pdf goes for good. │
	// │                           │
	// │ ▸[ Delete ]  [ Keep ]     │
	// ╰───────────────────────────╯
	// widgets.ModalConfirmed{ID:"delete"}
	// confirm
	// dismiss
}
