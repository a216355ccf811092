package terminal

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// The terminal's own keys, besides Ctrl+C (always quits) and the detach
// key: q and Esc quit, and ? toggles the full help, each only while it is
// unbound (see unbound). They are checked in the worker against the
// runtime's latest snapshot, after every key typed before them has
// applied, so a q typed right after Tab moved focus into a text field is
// typed, not taken as quit.
var (
	quitKeys = [...]tea.Key{{Code: tea.KeyRune, Rune: 'q'}, {Code: tea.KeyEscape}}
	helpKey  = tea.Key{Code: tea.KeyRune, Rune: '?'}
	// closeHelpKey closes the full help while it is open, before anything
	// else (the app, a focused widget, quitting) may take it.
	closeHelpKey = tea.Key{Code: tea.KeyEscape}
)

// keyAction is what the terminal does with a key itself.
type keyAction int

const (
	passKey    keyAction = iota // the key goes to the runtime
	quitKey                     // the key ends the program
	toggleHelp                  // the key switches short and full help
)

// terminalKey says what the terminal does with k on the screen s.
func terminalKey(s tea.Snapshot, k tea.Key) keyAction {
	switch {
	case k == helpKey && unbound(s, k):
		return toggleHelp
	case (k == quitKeys[0] || k == quitKeys[1]) && unbound(s, k):
		return quitKey
	}
	return passKey
}

// unbound reports whether k does nothing for the app on the screen s, so
// that the terminal may use it: no text field has focus (a text field
// types any character, and Esc is not for it to lose), unless k is a
// function key the field does not use (F7 steps back in time while one
// has focus), the focused widget
// does not use the key, and the app does not bind it (an app that acts on
// a KeyMsg lists its keys as a bubbles/help KeyMap: ShortHelp and
// FullHelp).
func unbound(s tea.Snapshot, k tea.Key) bool {
	return unboundBy(s, k, appBindings(s.Model))
}

// unboundBy is unbound with the app's keys (appBindings) already listed,
// so that a frame asking about several keys lists them once.
func unboundBy(s tea.Snapshot, k tea.Key, app []key.Binding) bool {
	if w, ok := tea.FindWidget(s.View, s.Focus); ok && s.Focus != "" {
		// A text field types every character and keeps Esc; a function
		// key it does not use (the KeyHandler check below) is free.
		if _, text := w.(widgets.Paster); text && !functionKey(k) {
			return false
		}
		if kh, ok := w.(tea.KeyHandler); ok && handles(kh, k) {
			return false
		}
	}
	return !key.Matches(k, app...)
}

// functionKey reports whether k is one of F1 to F12, with or without
// modifiers: a key no text field types.
func functionKey(k tea.Key) bool { return k.Code >= tea.KeyF1 && k.Code <= tea.KeyF12 }

// handles reports whether the widget turns k into a message. A widget
// that panics on it is taken to use it: the runtime reports the panic
// when the key reaches it.
func handles(kh tea.KeyHandler, k tea.Key) (used bool) {
	defer func() {
		if recover() != nil {
			used = true
		}
	}()
	return kh.HandleKey(k) != nil
}

// helpScreen names the screen the app m shows by the keys it lists there
// (appBindings): another screen (a demo left for the catalog) lists others.
// Keys switched off and on count as the same screen.
func helpScreen(m tea.Model) string {
	var b strings.Builder
	for _, k := range appBindings(m) {
		h := k.Help()
		b.WriteString(h.Key)
		b.WriteByte(0)
		b.WriteString(h.Desc)
		b.WriteByte(0)
	}
	return b.String()
}

// appBindings returns every key the app m lists as its own.
func appBindings(m tea.Model) []key.Binding {
	km, ok := m.(help.KeyMap)
	if !ok {
		return nil
	}
	return joinBindings(km.ShortHelp(), km.FullHelp())
}

// joinBindings lists short then every column of full in a new slice.
func joinBindings(short []key.Binding, full [][]key.Binding) []key.Binding {
	n := len(short)
	for _, group := range full {
		n += len(group)
	}
	out := make([]key.Binding, 0, n)
	out = append(out, short...)
	for _, group := range full {
		out = append(out, group...)
	}
	return out
}

// chromeHelp is the help the terminal adds after the focused widget's: the
// app's own keys, Tab and Shift+Tab when they move focus, ? while it
// toggles the full help and the keys that quit.
type chromeHelp struct {
	// short is the keys on the one help line: the app's, then the
	// terminal's.
	short []key.Binding
	// app is how many of short's first keys are the app's.
	app int
	// full, when not nil, is shown instead: the full help's columns.
	full [][]key.Binding
}

// chromeKeys are the help entries of the terminal's own keys, built once:
// chromeFor runs on every frame. quit is the entry while every one of
// quitKeys is unbound; while the app binds some, chromeFor builds its own.
// Nothing writes into them (a binding's copy shares its keys).
var chromeKeys = struct {
	focus, more, next, previous, closeHelp, quit key.Binding
}{
	focus:     key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab/shift+tab", "focus")),
	more:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more")),
	next:      key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next widget")),
	previous:  key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous widget")),
	closeHelp: key.NewBinding(key.WithKeys("?", "esc"), key.WithHelp("?/esc", "close help")),
	quit:      newQuitBinding(keyStrings(quitKeys[:])),
}

// chromeShort are the help line's entries of an app that lists no keys
// and leaves the quit keys to the terminal, by whether Tab moves the
// focus and ? opens the full help, built once: chromeFor's answer for
// most frames, without a new slice for each. Nobody changes them.
var chromeShort = func() (s [2][2][]key.Binding) {
	for moves := range 2 {
		for helpOn := range 2 {
			var short []key.Binding
			if moves == 1 {
				short = append(short, chromeKeys.focus)
			}
			if helpOn == 1 {
				short = append(short, chromeKeys.more)
			}
			s[moves][helpOn] = slices.Clip(append(short, chromeKeys.quit))
		}
	}
	return s
}()

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// newQuitBinding is the help entry of the quit keys named quit, Ctrl+C
// besides.
func newQuitBinding(quit []string) key.Binding {
	return key.NewBinding(key.WithKeys(append(slices.Clip(quit), "ctrl+c")...), key.WithHelp(strings.Join(quit, "/"), "quit"))
}

// keyStrings returns each key's String.
func keyStrings(keys []tea.Key) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k.String()
	}
	return out
}

// chromeFor returns the help the terminal adds on the screen s; full asks
// for the full help's columns.
func chromeFor(s tea.Snapshot, full bool) chromeHelp {
	// The app lists its keys once per frame: listing them builds them.
	var app chromeHelp
	var bound []key.Binding
	if km, ok := s.Model.(help.KeyMap); ok {
		app.short = km.ShortHelp()
		app.full = km.FullHelp()
		bound = joinBindings(app.short, app.full)
	}
	focused, hasFocus := tea.FindWidget(s.View, s.Focus)
	moves := severalFocusable(s.View) && !(hasFocus && s.Focus != "" && tea.TakesTab(focused))
	helpOn := unboundBy(s, helpKey, bound)
	// The quit keys the app leaves unbound: usually all, whose entry is
	// built already.
	var free [len(quitKeys)]bool
	nfree := 0
	for i, k := range quitKeys {
		if free[i] = unboundBy(s, k, bound); free[i] {
			nfree++
		}
	}
	quitBinding := chromeKeys.quit
	if nfree != len(quitKeys) {
		quit := []string{"ctrl+c"}
		if nfree > 0 {
			quit = quit[:0]
			for i, k := range quitKeys {
				if free[i] {
					quit = append(quit, k.String())
				}
			}
		}
		quitBinding = newQuitBinding(quit)
	}
	if nfree == 0 && appQuits(bound) {
		// The app has a quit key of its own and lists it.
		quitBinding.SetEnabled(false)
	}

	if len(app.short) == 0 && nfree == len(quitKeys) && !full {
		return chromeHelp{short: chromeShort[b2i(moves)][b2i(helpOn)]}
	}
	// The app's keys, then at most three of the terminal's: one allocation.
	short := append(make([]key.Binding, 0, len(app.short)+3), app.short...)
	if moves {
		short = append(short, chromeKeys.focus)
	}
	if helpOn {
		short = append(short, chromeKeys.more)
	}
	short = append(short, quitBinding)
	if !full {
		return chromeHelp{short: short, app: len(app.short)}
	}
	var own []key.Binding
	if moves {
		own = append(own, chromeKeys.next, chromeKeys.previous)
	}
	if helpOn {
		own = append(own, chromeKeys.closeHelp)
	}
	own = append(own, quitBinding)
	groups := app.full
	if groups == nil && len(app.short) > 0 {
		groups = [][]key.Binding{app.short}
	}
	return chromeHelp{short: short, app: len(app.short), full: append(append([][]key.Binding(nil), groups...), own)}
}

// appQuits reports whether the app's keys (appBindings) include one of
// its own that quits.
func appQuits(app []key.Binding) bool {
	for _, b := range app {
		if b.Help().Desc == "quit" {
			return true
		}
	}
	return false
}

// severalFocusable reports whether view has more than one widget that can
// take focus (so Tab moves it). It stops at the second, and allocates
// nothing: the chrome asks on every frame.
func severalFocusable(view tea.Node) bool {
	n := 0
	tea.Walk(view, func(node tea.Node, _ int) bool {
		if w, ok := node.(tea.Widget); ok && tea.CanFocus(w) {
			n++
		}
		return n < 2
	})
	return n >= 2
}
