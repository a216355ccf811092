package tea

// BackgroundMsg tells the app whether the terminal it is drawn on has a
// dark background, once that terminal says (render/terminal asks it when
// it starts). An app that styles its widgets itself picks colours that
// read on it (widgets.ThemeFor). In a session that several terminals show,
// the last one to answer is the one told.
type BackgroundMsg struct {
	Dark bool
}
