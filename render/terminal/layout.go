package terminal

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Rect is the cell rectangle a widget was drawn into, in screen cells from
// the top-left corner.
type Rect struct {
	ID                  string
	X, Y, Width, Height int
}

// Contains reports whether the cell (x, y) lies inside r.
func (r Rect) Contains(x, y int) bool {
	return x >= r.X && x < r.X+r.Width && y >= r.Y && y < r.Y+r.Height
}

// Frame is one laid-out screen: exactly Height lines of exactly Width cells,
// and where each widget went.
type Frame struct {
	Width, Height int
	lines         []string
	rects         []Rect
	// body is how many of the lines are the body, above the help line
	// (or the full help).
	body int
}

// Styled returns the screen with ANSI styling, lines joined by "\n".
func (f Frame) Styled() string { return strings.Join(f.lines, "\n") }

// Plain returns the screen without styling: Height lines of Width cells.
func (f Frame) Plain() string {
	out := make([]string, len(f.lines))
	for i, l := range f.lines {
		// Every line is already exactly Width cells; stripping keeps that.
		out[i] = stripStyle(l)
	}
	return strings.Join(out, "\n")
}

// Rects returns every widget's rectangle in view order.
func (f Frame) Rects() []Rect { return append([]Rect(nil), f.rects...) }

// Rect returns the rectangle of the first widget drawn with id.
func (f Frame) Rect(id string) (Rect, bool) {
	for _, r := range f.rects {
		if r.ID == id {
			return r, true
		}
	}
	return Rect{}, false
}

// WidgetAt returns the widget drawn at screen cell (x, y) and the cell's
// position relative to the widget's top-left corner.
func (f Frame) WidgetAt(x, y int) (id string, relX, relY int, ok bool) {
	for i := len(f.rects) - 1; i >= 0; i-- {
		if r := f.rects[i]; r.Contains(x, y) {
			return r.ID, x - r.X, y - r.Y, true
		}
	}
	return "", 0, 0, false
}

// shortHelper is implemented by widgets that list their keys for the help
// line.
type shortHelper interface {
	ShortHelp() []key.Binding
}

// fullHelper is implemented by widgets that list their keys in columns for
// the full help (bubbles/help's FullHelp); the others' full help is their
// ShortHelp.
type fullHelper interface {
	FullHelp() [][]key.Binding
}

// Layout lays tree out on a width x height screen with the widget focus
// focused and hover under the mouse. When the focused widget lists its keys
// (ShortHelp), the bottom line is a muted help line for it.
func Layout(tree tea.Node, width, height int, focus, hover string) Frame {
	return layout(tree, width, height, focus, hover, status{}, chromeHelp{}, defaultTheme)
}

// defaultTheme styles the chrome unless WithTheme says otherwise. It is
// read-only after package initialisation.
var defaultTheme = widgets.DefaultTheme()

// layout is Layout with a status (a notification, the agents) at the start
// of the bottom line, before the help line, the terminal's own keys (ch)
// after the focused widget's, and the chrome in theme. With ch.full the
// full help's columns take the bottom lines instead of the help line.
func layout(tree tea.Node, width, height int, focus, hover string, st status, ch chromeHelp, theme *widgets.Theme) Frame {
	return layoutWith(tree, width, height, focus, hover, st, ch, theme, look{}, nil)
}

// look is how the widgets with no theme of their own are drawn: in theme,
// the terminal's (WithTheme), or when it is nil in their default for the
// background, light or dark. The widgets are told both
// (tea.RenderContext.Theme and Light).
type look struct {
	theme *widgets.Theme
	light bool
}

// layoutWith is layout drawing again only what m's last frames did not
// draw (a nil m draws everything), with the widgets that have no theme of
// their own drawn in wl.
func layoutWith(tree tea.Node, width, height int, focus, hover string, st status, ch chromeHelp, theme *widgets.Theme, wl look, m *memo) Frame {
	defer m.frameDone()
	f := Frame{Width: max(width, 0), Height: max(height, 0)}
	if width <= 0 || height <= 0 {
		return f
	}
	bottom := bottomLines(tree, width, height, focus, st, ch, theme, m)
	bodyHeight := max(height-len(bottom), 0)
	f.body = bodyHeight
	l := &layouter{focus: focus, hover: hover, theme: theme, look: wl, memo: m, rects: make([]Rect, 0, 8)}
	body := l.node(tree, 0, 0, width, bodyHeight)
	f.lines = make([]string, 0, height)
	f.lines = append(f.lines, body...)
	for len(f.lines) < bodyHeight {
		f.lines = append(f.lines, blank(width))
	}
	f.lines = append(f.lines, bottom...)
	f.rects = l.rects
	return f
}

// bottomLines are the lines under a frame's body: the status and the help
// line, or the status and the full help's columns.
func bottomLines(tree tea.Node, width, height int, focus string, st status, ch chromeHelp, theme *widgets.Theme, m *memo) []string {
	var bottom []string
	if ch.full != nil {
		if text := st.text(); text != "" {
			bottom = append(bottom, pad(st.render(theme), width))
		}
		return append(bottom, fullHelpLines(tree, focus, ch.full, width, height-len(bottom)-1, theme)...)
	}
	helpWidth := width
	if text := st.text(); text != "" {
		helpWidth -= widgets.Width(text) + widgets.Width(statusSeparator)
	}
	if line := m.statusLine(st, m.helpFor(tree, focus, ch.short, ch.app, helpWidth, theme), width, theme); line != "" {
		bottom = append(bottom, line)
	}
	return bottom
}

// Draw returns the screen for tree as plain text: exactly height lines, each
// exactly width cells, without styling.
func Draw(tree tea.Node, width, height int, focus string) string {
	return Layout(tree, width, height, focus, "").Plain()
}

// helpModel is bubbles' help drawn in the theme's muted colours.
func helpModel(width int, theme *widgets.Theme) help.Model {
	h := help.New()
	h.Styles.ShortKey = theme.Muted.Bold(true)
	h.Styles.ShortDesc = theme.Muted
	h.Styles.ShortSeparator = theme.Muted
	h.Styles.FullKey = theme.Muted.Bold(true)
	h.Styles.FullDesc = theme.Muted
	h.Styles.FullSeparator = theme.Muted
	h.Styles.Ellipsis = theme.Muted
	h.SetWidth(width)
	return h
}

// focusedBindings returns the focused widget's keys: its ShortHelp, or
// its FullHelp's columns when full is set.
func focusedBindings(tree tea.Node, focus string, full bool) [][]key.Binding {
	if focus == "" {
		return nil
	}
	w, ok := tea.FindWidget(tree, focus)
	if !ok {
		return nil
	}
	if fh, ok := w.(fullHelper); ok && full {
		return fh.FullHelp()
	}
	if sh, ok := w.(shortHelper); ok {
		if b := sh.ShortHelp(); len(b) > 0 {
			return [][]key.Binding{b}
		}
	}
	return nil
}

// helpFor is the help line: the focused widget's keys, then own, whose
// first app entries are the app's keys and the rest the terminal's (the
// Tab hint, ? more, quit). What does not fit in width is left out whole,
// never cut inside an entry, in this order: the widget's keys from the
// last (a "…" after those kept says some are left out; none kept leaves
// no "…"), the Tab hint, the app's keys from the last, ? more. Quit stays,
// or, where even it does not fit, the line is empty.
func helpFor(tree tea.Node, focus string, own []key.Binding, app, width int, theme *widgets.Theme) string {
	if width <= 0 {
		return ""
	}
	var bindings []key.Binding
	if groups := focusedBindings(tree, focus, false); len(groups) > 0 {
		bindings = groups[0]
	}
	widget := enabledHelp(bindings)
	var tail []key.Help
	var drops []int // indexes into tail, in the order they are left out
	var appAt, termAt []int
	for i, b := range own {
		if !b.Enabled() {
			continue
		}
		if i < app {
			appAt = append(appAt, len(tail))
		} else {
			termAt = append(termAt, len(tail))
		}
		tail = append(tail, b.Help())
	}
	if len(widget) == 0 && len(tail) == 0 {
		return ""
	}
	for _, i := range termAt {
		if tail[i] == chromeKeys.focus.Help() {
			drops = append(drops, i)
		}
	}
	for j := len(appAt) - 1; j >= 0; j-- {
		drops = append(drops, appAt[j])
	}
	for j, i := range termAt {
		if j < len(termAt)-1 && tail[i] != chromeKeys.focus.Help() {
			drops = append(drops, i)
		}
	}
	kept := make([]bool, len(tail))
	for i := range kept {
		kept[i] = true
	}
	sepWidth := widgets.Width(helpSeparator)
	tailWidth := 0
	for _, e := range tail {
		tailWidth += helpEntryWidth(e) + sepWidth
	}
	tailWidth -= sepWidth // none before the first
	for _, i := range drops {
		if tailWidth <= width {
			break
		}
		kept[i] = false
		tailWidth -= helpEntryWidth(tail[i]) + sepWidth
	}
	if tailWidth > width {
		return "" // not even quit fits: no entry rather than a cut one
	}
	room := width
	switch {
	case slices.Contains(kept, false):
		room = 0 // the widget's keys are left out before any of own's
	case len(tail) > 0:
		room -= tailWidth + sepWidth
	}
	all, widgetWidth := len(widget), 0
	for _, e := range widget {
		widgetWidth += helpEntryWidth(e) + sepWidth
	}
	widgetWidth -= sepWidth
	for len(widget) > 0 && widgetWidth+ellipsisWidth(len(widget) < all) > room {
		widgetWidth -= helpEntryWidth(widget[len(widget)-1]) + sepWidth
		widget = widget[:len(widget)-1]
	}
	var b strings.Builder
	sep := theme.Muted.Render(helpSeparator)
	for i, e := range widget {
		if i > 0 {
			b.WriteString(sep)
		}
		writeHelpEntry(&b, e, theme)
	}
	if len(widget) > 0 && len(widget) < all {
		b.WriteString(" " + theme.Muted.Render("…"))
	}
	first := len(widget) == 0
	for i, e := range tail {
		if !kept[i] {
			continue
		}
		if !first {
			b.WriteString(sep)
		}
		first = false
		writeHelpEntry(&b, e, theme)
	}
	return pad(b.String(), width)
}

// helpSeparator separates the help line's entries, as bubbles/help's short
// help does.
const helpSeparator = " • "

// enabledHelp is the help of the enabled bindings among bs.
func enabledHelp(bs []key.Binding) []key.Help {
	var out []key.Help
	for _, b := range bs {
		if b.Enabled() {
			out = append(out, b.Help())
		}
	}
	return out
}

// helpEntryWidth is the width of a help line's entry: "key desc".
func helpEntryWidth(h key.Help) int {
	return widgets.Width(h.Key) + 1 + widgets.Width(h.Desc)
}

// ellipsisWidth is the width of the " …" after the widget's keys kept,
// when cut says some are left out.
func ellipsisWidth(cut bool) int {
	if cut {
		return 2
	}
	return 0
}

// writeHelpEntry writes h as bubbles/help's short help draws an entry: the
// key in bold, then its description.
func writeHelpEntry(b *strings.Builder, h key.Help, theme *widgets.Theme) {
	b.WriteString(theme.Muted.Bold(true).Render(h.Key))
	b.WriteByte(' ')
	b.WriteString(theme.Muted.Render(h.Desc))
}

// fullHelpLines is the full help: the focused widget's columns, then
// own's, in at most maxLines lines of width cells.
func fullHelpLines(tree tea.Node, focus string, own [][]key.Binding, width, maxLines int, theme *widgets.Theme) []string {
	groups := append(focusedBindings(tree, focus, true), own...)
	view := helpModel(width, theme).FullHelpView(groups)
	lines := splitLines(view)
	if len(lines) > max(maxLines, 1) {
		lines = lines[:max(maxLines, 1)]
	}
	for i, l := range lines {
		lines[i] = pad(l, width)
	}
	return lines
}

// layouter draws nodes into blocks: slices of styled lines, each exactly as
// wide as the block, and records where widgets went.
type layouter struct {
	focus, hover string
	theme        *widgets.Theme
	look         look // how widgets with no theme of their own are drawn
	memo         *memo
	rects        []Rect
	// focusShown is set when the focused widget is drawn whole.
	focusShown bool
}

// node lays n out at (x, y) in at most w x h cells and returns its lines:
// at most h of them, each exactly w cells wide.
func (l *layouter) node(n tea.Node, x, y, w, h int) []string {
	if n == nil || w <= 0 || h <= 0 {
		return nil
	}
	switch n := n.(type) {
	case tea.Widget:
		return l.widget(n, x, y, w, h)
	case tea.Column:
		return l.column(n.Items, n.Gap, x, y, w, h)
	case tea.Row:
		return l.row(n, x, y, w, h)
	case tea.Box:
		lines := l.box(n, x, y, w, h)
		if n.Width > 0 && n.Width < w {
			// A fixed-width box leaves the rest of its line blank.
			for i := range lines {
				lines[i] += blank(w - n.Width)
			}
		}
		return lines
	case tea.Text:
		return l.memo.text(n, w, h)
	case tea.Spacer:
		return blankLines(w, min(n.Lines, h))
	default:
		// An unknown container stacks its children.
		return l.column(n.Children(), 0, x, y, w, h)
	}
}

func (l *layouter) widget(wd tea.Widget, x, y, w, h int) []string {
	id := wd.WidgetID()
	ctx := tea.RenderContext{Width: w, Height: h, Focused: id != "" && id == l.focus, Hovered: id != "" && id == l.hover, Light: l.look.light}
	if l.look.theme != nil {
		ctx.Theme = l.look.theme
	}
	out := l.memo.render(wd, ctx)
	lines := splitLines(out)
	if ctx.Focused && len(lines) > 0 && len(lines) <= h {
		// Whole only if it drew all it would with room to spare: a widget
		// that shrinks to the space it gets (a dialog that drops its text
		// and buttons) is as hidden as one that is cut.
		ctx.Height = 0
		if natural := splitLines(l.memo.render(wd, ctx)); len(natural) <= h {
			l.focusShown = true
		}
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, s := range lines {
		lines[i] = pad(s, w)
	}
	if len(lines) > 0 {
		l.rects = append(l.rects, Rect{ID: id, X: x, Y: y, Width: w, Height: len(lines)})
	}
	return lines
}

// column stacks items, gap blank lines between items that draw something:
// an item that draws nothing (a hidden Modal) leaves no gap behind. When
// the focused widget is in an item that does not fit, the column scrolls:
// it leaves out items from the top, marked by a "⋮" line, until the
// focused one is drawn whole (or is the first item left), so a person
// never types into a widget they cannot see.
func (l *layouter) column(items []tea.Node, gap, x, y, w, h int) []string {
	before, mark := l.focusShown, len(l.rects)
	l.focusShown = false
	out := l.stack(items, gap, x, y, w, h)
	if l.focusShown || l.focus == "" || h < 2 {
		l.focusShown = l.focusShown || before
		return out
	}
	fi := slices.IndexFunc(items, func(n tea.Node) bool { return holds(n, l.focus) })
	for start := 1; start <= fi; start++ {
		l.rects = l.rects[:mark]
		l.focusShown = false
		rest := l.stack(items[start:], gap, x, y+1, w, h-1)
		if l.focusShown || start == fi {
			out = append([]string{l.theme.Muted.Render(pad("⋮", w))}, rest...)
			break
		}
	}
	l.focusShown = l.focusShown || before
	return out
}

// holds reports whether the widget id is n or inside it.
func holds(n tea.Node, id string) bool {
	found := false
	tea.Walk(n, func(c tea.Node, _ int) bool {
		if w, ok := c.(tea.Widget); ok && w.WidgetID() == id {
			found = true
		}
		return !found
	})
	return found
}

// stackPart is one item of a stack as drawn: its lines after sep blank
// lines.
type stackPart struct {
	sep   int
	lines []string
}

// stack is column without scrolling. It gathers the items' lines first
// and joins them in one slice of the size they add up to.
func (l *layouter) stack(items []tea.Node, gap, x, y, w, h int) []string {
	var buf [8]stackPart // most stacks have fewer items: no allocation
	parts := buf[:0]
	n := 0     // the lines drawn so far, gaps included
	last := -1 // the last item drawn
	cut := false
	for i, item := range items {
		sep := 0
		if n > 0 {
			sep = min(max(gap, 0), h-n)
		}
		if n+sep >= h {
			if n > 1 && !(l.focus != "" && holds(items[last], l.focus)) && l.drawsSomething(items[i:], w) {
				// Items below are left out: the last line says so, as
				// "⋮" at the top says items above are (never over the
				// focused widget, which scrolling keeps whole).
				cut = true
				l.rects = slices.DeleteFunc(l.rects, func(r Rect) bool { return r.Y+r.Height > y+n-1 && r.Y >= y+n-1 })
			}
			break
		}
		lines := l.node(item, x, y+n+sep, w, h-n-sep)
		if len(lines) == 0 {
			continue
		}
		parts = append(parts, stackPart{sep: sep, lines: lines})
		n += sep + len(lines)
		last = i
	}
	var out []string
	switch {
	case len(parts) == 1 && !cut:
		// One item: its lines are the stack's, not copied (capped, so
		// that appending to them copies).
		out = parts[0].lines[:len(parts[0].lines):len(parts[0].lines)]
	case n > 0:
		out = make([]string, 0, n)
		for _, p := range parts {
			for range p.sep {
				out = append(out, blank(w))
			}
			out = append(out, p.lines...)
		}
	}
	if cut {
		out[len(out)-1] = l.theme.Muted.Render(pad("⋮", w))
	}
	return out
}

// drawsSomething reports whether any of items draws a line at width w (a
// hidden dialog draws none), without recording where.
func (l *layouter) drawsSomething(items []tea.Node, w int) bool {
	probe := &layouter{theme: l.theme, memo: l.memo}
	for _, it := range items {
		if len(probe.node(it, 0, 0, w, 1)) > 0 {
			return true
		}
	}
	return false
}

func (l *layouter) row(r tea.Row, x, y, w, h int) []string {
	items := make([]tea.Node, 0, len(r.Items))
	for _, it := range r.Items {
		if it != nil {
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		return nil
	}
	widths := rowWidths(items, w, max(r.Gap, 0))
	blocks := make([][]string, len(items))
	height := 0
	cx := x
	drawn := 0
	for i, it := range items {
		// Drawing skips an item with no width, gap and all, so the next
		// item starts where it is drawn.
		if widths[i] <= 0 {
			continue
		}
		if drawn > 0 {
			cx += max(r.Gap, 0)
		}
		blocks[i] = l.node(it, cx, y, widths[i], h)
		height = max(height, len(blocks[i]))
		cx += widths[i]
		drawn++
	}
	gap := strings.Repeat(" ", max(r.Gap, 0))
	out := make([]string, height)
	for line := range height {
		var b strings.Builder
		b.Grow(rowLineSize(blocks, widths, line, len(gap), w))
		used := 0
		for i := range items {
			if widths[i] <= 0 {
				continue
			}
			if used > 0 {
				b.WriteString(gap)
				used += len(gap)
			}
			if line < len(blocks[i]) {
				b.WriteString(blocks[i][line])
			} else {
				b.WriteString(blank(widths[i]))
			}
			used += widths[i]
		}
		if used < w {
			b.WriteString(blank(w - used))
		}
		out[line] = b.String()
	}
	return out
}

// rowLineSize is the bytes of a row's line: each drawn item's line (or
// its blank), the gaps between them and the blank after them, so that
// the line is built in one allocation.
func rowLineSize(blocks [][]string, widths []int, line, gap, w int) int {
	n, used := 0, 0
	for i, wi := range widths {
		if wi <= 0 {
			continue
		}
		if used > 0 {
			n += gap
			used += gap
		}
		if line < len(blocks[i]) {
			n += len(blocks[i][line])
		} else {
			n += wi
		}
		used += wi
	}
	return n + max(w-used, 0)
}

// rowWidths gives fixed-width items their width (as far as it goes) and
// shares the rest equally among the others, the first ones taking any
// remainder. Gap columns separate items that get any width.
func rowWidths(items []tea.Node, w, gap int) []int {
	widths := make([]int, len(items))
	avail := w - gap*(len(items)-1)
	var flex []int
	for i, it := range items {
		if fw := fixedWidth(it); fw > 0 {
			widths[i] = min(fw, max(avail, 0))
			avail -= widths[i]
			continue
		}
		flex = append(flex, i)
	}
	if len(flex) > 0 && avail > 0 {
		share, rest := avail/len(flex), avail%len(flex)
		for k, i := range flex {
			widths[i] = share
			if k < rest {
				widths[i]++
			}
		}
	}
	return widths
}

func fixedWidth(n tea.Node) int {
	switch n := n.(type) {
	case tea.Sized:
		return n.FixedWidth()
	case tea.Box:
		return n.Width
	case tea.Spacer:
		return n.Cols
	}
	return 0
}

func (l *layouter) box(b tea.Box, x, y, w, h int) []string {
	if b.Width > 0 {
		w = min(w, b.Width)
	}
	if b.Height > 0 {
		h = min(h, b.Height)
	}
	pad := max(b.Padding, 0)
	edge := 1
	if b.NoBorder {
		edge = 0
	}
	innerW := w - 2*edge - 2*pad
	innerH := h - 2*edge - 2*pad
	if innerW <= 0 || innerH <= 0 {
		if b.NoBorder || w < 2 || h < 2 {
			return blankLines(w, min(h, max(b.Height, 1)))
		}
		pad = 0
		innerW, innerH = max(w-2, 0), max(h-2, 0)
	}
	child := l.node(b.Child, x+edge+pad, y+edge+pad, innerW, innerH)
	contentH := len(child)
	if b.Height > 0 {
		contentH = max(innerH, 0)
	}
	edges := 0
	if !b.NoBorder {
		edges = 2
	}
	out := make([]string, 0, contentH+2*pad+edges)
	// left and right are the border each body line is wrapped in (none
	// without one), side the padding inside it. Every blank line of the
	// box is the same string, built once.
	var left, right string
	focused := false
	if !b.NoBorder {
		focused = l.focus != "" && containsWidget(b.Child, l.focus)
		out = append(out, l.memo.edge(l.theme, true, b.Title, w, focused))
		sides := l.memo.sides(l.theme, focused)
		left, right = sides[0], sides[1]
	}
	side := blank(pad)
	empty := left + blank(w-2*edge) + right
	for range pad {
		out = append(out, empty)
	}
	for i := range contentH {
		if i >= len(child) || child[i] == blank(innerW) {
			out = append(out, empty)
			continue
		}
		out = append(out, left+side+child[i]+side+right)
	}
	for range pad {
		out = append(out, empty)
	}
	if b.NoBorder {
		return out
	}
	out = append(out, l.memo.edge(l.theme, false, "", w, focused))
	return out
}

// boxBorder is the border boxes are drawn with.
var boxBorder = lipgloss.RoundedBorder()

// boxStyles are the styles of a box's border and title in theme, focused
// or not.
func boxStyles(theme *widgets.Theme, focused bool) (border, title lipgloss.Style) {
	if focused {
		return theme.BorderFocus, theme.Accent
	}
	return theme.Border, lipgloss.NewStyle().Bold(true)
}

// bottomEdge draws "╰────╯" in w cells.
func bottomEdge(border lipgloss.Border, w int, style lipgloss.Style) string {
	return style.Render(border.BottomLeft + strings.Repeat(border.Bottom, max(w-2, 0)) + border.BottomRight)
}

// topEdge draws "╭─ Title ───╮" in w cells, cutting the title with an
// ellipsis when it does not fit.
func topEdge(border lipgloss.Border, title string, w int, style, titleStyle lipgloss.Style) string {
	title = widgets.OneLine(title)
	fill := w - 2
	var b strings.Builder
	b.WriteString(style.Render(border.TopLeft))
	if title != "" && w-6 >= 1 {
		t := widgets.Fit(title, w-6)
		b.WriteString(style.Render(border.Top + " "))
		b.WriteString(titleStyle.Render(t))
		b.WriteString(style.Render(" "))
		fill -= ansi.StringWidth(t) + 3
	}
	b.WriteString(style.Render(strings.Repeat(border.Top, max(fill, 0)) + border.TopRight))
	return b.String()
}

// textLines draws a text node in at most w x h cells.
func textLines(t tea.Text, w, h int) []string {
	style := lipgloss.NewStyle()
	if t.Bold {
		style = style.Bold(true)
	}
	if t.Muted {
		style = style.Faint(true)
	}
	plain := !t.Bold && !t.Muted
	lines := strings.Split(strings.ReplaceAll(t.Content, "\r\n", "\n"), "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	out := make([]string, len(lines))
	for i, s := range lines {
		s = widgets.Fit(strings.ReplaceAll(s, "\t", "    "), w)
		if !plain && s != "" {
			s = style.Render(s)
		}
		out[i] = pad(s, w)
	}
	return out
}

func containsWidget(n tea.Node, id string) bool {
	_, ok := tea.FindWidget(n, id)
	return ok
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
}

// pad cuts s (ellipsis) or right-pads it to exactly w cells, measuring it
// once.
func pad(s string, w int) string {
	sw := cellWidth(s)
	switch {
	case sw > w:
		s = widgets.Fit(s, w)
		sw = cellWidth(s)
	case sw == w:
		return s
	}
	return s + blank(w-sw)
}

// spaces is the run of blanks that blank cuts its lines from, wide enough
// for any ordinary screen; a wider blank is built.
const spaces = "                                                                                                                                                                                                                                                                " // 256

// blank returns w spaces; up to len(spaces) it allocates nothing, since
// every blank line of a frame is the same string.
func blank(w int) string {
	if w <= 0 {
		return ""
	}
	if w <= len(spaces) {
		return spaces[:w]
	}
	return strings.Repeat(" ", w)
}

func blankLines(w, n int) []string {
	out := make([]string, max(n, 0))
	for i := range out {
		out[i] = blank(w)
	}
	return out
}

// withLastLine returns a copy of f whose bottom line is line (already
// exactly f.Width cells).
func (f Frame) withLastLine(line string) Frame {
	if len(f.lines) == 0 {
		return f
	}
	lines := append([]string(nil), f.lines...)
	lines[len(lines)-1] = line
	f.lines = lines
	return f
}
