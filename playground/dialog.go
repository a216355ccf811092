package playground

import (
	"strings"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// dialogScreen is a demo's screen while its dialog is open: the dialog
// alone, centred in size, the space the demo has (the bottom line is the
// renderer's help line), or at the top left while the demo does not know
// its size. Every demo with a dialog draws it so, so a dialog looks the
// same wherever it opens, and nothing moves underneath it.
func dialogScreen(size tea.WindowSizeMsg, modal widgets.Modal) tea.Node {
	if size.Width <= 0 || size.Height <= 0 {
		return modal
	}
	drawn := strings.Split(modal.Render(tea.RenderContext{Width: size.Width}), "\n")
	top := max((size.Height-helpLines-len(drawn))/2, 0)
	// Centred by the row itself: the dialog takes its own width (a
	// tea.Sized; its text wraps when the row has less, as inside the
	// catalog's frame) and two flexible spacers share the rest.
	return tea.Column{Items: []tea.Node{
		tea.Spacer{Lines: top},
		tea.Row{Items: []tea.Node{tea.Spacer{}, modal, tea.Spacer{}}},
	}}
}
