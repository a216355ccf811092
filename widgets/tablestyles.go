package widgets

import "sync"

// tableStyles are the styles a table draws with under one theme, learnt
// (see lineStyle and runStyle): learning them costs seven lipgloss
// renders, which a table drawn on every change of a screen paid each time.
type tableStyles struct {
	header, headerFocused, headerDisabled runStyle
	rows, disabled, selected, selectedDim lineStyle
}

// newTableStyles learns th's table styles.
func newTableStyles(th *Theme) *tableStyles {
	return &tableStyles{
		header:         newRunStyle(th.Header),
		headerFocused:  newRunStyle(th.Header.Inherit(th.Accent)),
		headerDisabled: newRunStyle(th.Disabled.Bold(true)),
		rows:           newLineStyle(th.Normal),
		disabled:       newLineStyle(th.Disabled),
		selected:       newLineStyle(th.Selected),
		selectedDim:    newLineStyle(th.SelectedDim),
	}
}

// builtinTableStyles are the built-in themes' table styles, learnt once:
// those themes never change after the package's initialisation.
var builtinTableStyles = sync.OnceValue(func() map[*Theme]*tableStyles {
	return map[*Theme]*tableStyles{defaultTheme: newTableStyles(defaultTheme), lightTheme: newTableStyles(lightTheme)}
})

// learntTableStyles are th's table styles when th is a built-in theme, and
// nil for any other theme (an app's own may change between drawings), whose
// styles are learnt as each drawing needs them.
func learntTableStyles(th *Theme) *tableStyles {
	if th != defaultTheme && th != lightTheme {
		return nil
	}
	return builtinTableStyles()[th]
}
