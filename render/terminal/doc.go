// Package terminal draws a Facet component tree on a terminal and runs a
// Facet app as a Bubble Tea v2 program.
//
// Layout lays a tree out once into a Frame: the styled screen, the same
// screen as plain text, and the rectangle of every widget so a mouse cell
// can be mapped back to the widget under it. Draw is the plain-text form that
// the MCP renderer uses for screenshots; Run is the interactive form. Both
// come from the same layout, so what an agent sees in a screenshot is what a
// person sees on the terminal.
//
// Run wraps a tea.Runtime in a Bubble Tea program: keys and mouse events go
// to the runtime (Tab and Shift+Tab move focus, other keys reach the focused
// widget), and every snapshot the runtime publishes is drawn. Several
// programs can attach to one running session with WithRuntime. Bubble
// Tea's renderer draws the frames, unless WithLineOutput has the terminal
// draw them itself, writing only what changed in each row (what a server
// of many remote terminals wants: no cell buffers, no tick).
//
// The terminal keeps a few keys for itself while nothing else uses them:
// no text field has focus, the focused widget ignores the key and the app
// does not list it as its own (an app that acts on a KeyMsg lists its keys
// as a bubbles/help KeyMap: ShortHelp and FullHelp). Then q and Esc quit,
// and ? opens and closes the full help (bubbles/help's columns). While the
// full help is open, Esc closes it before anything else may take it, and
// it closes when the app shows another screen (lists other keys). Ctrl+C
// always quits. The help line under the focused widget's keys names the
// app's keys, tab/shift+tab while they move focus, ? and the keys that
// quit now, in whole entries: what does not fit is left out, the
// widget's keys first.
//
// The chrome (box borders and titles, help and status lines) and every
// widget with no Theme of its own are drawn in widgets.ThemeFor the
// terminal's background, which Run asks the terminal for when it starts
// (Lip Gloss's light/dark choice), unless WithTheme sets a theme: then in
// that theme (tea.RenderContext.Theme), whatever the background. A widget
// with its own Theme keeps it. The app is told the background
// (tea.BackgroundMsg), so it can style its own themes to match.
//
// The bottom line starts with the newest pending notification the app raised
// (tea.Notify), its level as a symbol ("✓ Saved"). When agents (MCP
// clients) act on the session, the bottom line says so
// ("● agent attached (ctrl+] detach)"). The detach key, Ctrl+] unless
// WithDetachKey says otherwise, detaches them and blocks them until it is
// pressed again; it never reaches the app. DrawSnapshot draws the same
// status line into plain screenshots.
//
// With WithInvites the person can invite another into the session
// (package invite): Ctrl+O shows this terminal alone a one-time join
// command, with the keys that make guests read-only and end the sharing.
// The bottom line names the people sharing the session ("● shared: ada
// (host), bob"); WithGuest is a guest's terminal.
//
// WithAccessible speaks the screen instead, for screen readers: plain
// lines, only ever appended, built from the widgets' descriptions (the
// screen's outline on start, then only what changed). NO_COLOR in the
// environment (WithEnviron for a remote one) draws without colour in
// either mode.
package terminal
