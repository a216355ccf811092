package terminal

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// memo keeps what one terminal drew for its last frames, so that the next
// frame draws again only what changed: a widget is drawn again only when
// its value (its description: widgets are values) or the room it gets
// differs, and the chrome around it (box edges, the help line, styled
// text) only when its inputs do. A pointer in a widget counts by its
// address: what it points to (a Theme) is taken to stay as it was. A person pressing a key on a screen of
// many widgets changes one or two of them; the rest come from here.
//
// It holds two generations: what the frame being laid out used, and what
// the one before it used. An entry not used by a frame is gone after the
// next one, so the memo never holds more than two frames' drawings. A memo
// belongs to one terminal and is not safe for concurrent use.
type memo struct {
	cur, prev map[any]any
	// widgets, curW and prevW, keep the widgets that have an id by their
	// id and room: a lookup hashes a string and a few numbers and compares
	// the widget kept there with ==, where keying by the widget value
	// hashed every field of it through its type (most of a frame's cost
	// when little changed). The two generations work as cur and prev do.
	curW, prevW map[widgetSlot]widgetDrawing
	// texts and helps keep the text nodes' lines and the help lines the
	// same way, in maps of their own key types: a key held in an
	// interface is hashed through its type, field by field.
	curT, prevT map[textKey][]string
	curH, prevH map[helpSlot]helpDrawing
	// status is the last status line drawn and what it was drawn from:
	// the same line frame after frame while an agent is attached, which
	// lipgloss would render again each time.
	status      statusSlot
	statusOut   string
	statusDrawn bool
}

// statusSlot is what a status line is drawn from.
type statusSlot struct {
	st    status
	help  string
	width int
	theme *widgets.Theme
}

func newMemo() *memo {
	return &memo{cur: map[any]any{}, prev: map[any]any{},
		curW: map[widgetSlot]widgetDrawing{}, prevW: map[widgetSlot]widgetDrawing{},
		curT: map[textKey][]string{}, prevT: map[textKey][]string{},
		curH: map[helpSlot]helpDrawing{}, prevH: map[helpSlot]helpDrawing{}}
}

// widgetSlot is where a widget with an id keeps its drawing: its id and
// the room it got.
type widgetSlot struct {
	id  string
	ctx tea.RenderContext
}

// widgetDrawing is a widget's drawing and the widget value drawn.
type widgetDrawing struct {
	w   tea.Widget
	out string
}

// frameDone ends a frame: what it did not use is dropped at the next one.
// The map of the frame before is emptied and kept for the next frame, so
// a frame allocates no map.
func (m *memo) frameDone() {
	if m == nil {
		return
	}
	m.prev, m.cur = m.cur, m.prev
	clear(m.cur)
	m.prevW, m.curW = m.curW, m.prevW
	clear(m.curW)
	m.prevT, m.curT = m.curT, m.prevT
	clear(m.curT)
	m.prevH, m.curH = m.curH, m.prevH
	clear(m.curH)
}

// get returns the value kept under k, keeping it for the next frame.
func (m *memo) get(k any) (any, bool) {
	if v, ok := m.cur[k]; ok {
		return v, true
	}
	if v, ok := m.prev[k]; ok {
		m.cur[k] = v
		return v, true
	}
	return nil, false
}

func (m *memo) put(k, v any) { m.cur[k] = v }

// renderKey keys a widget's drawing: the widget value and the room it got.
type renderKey struct {
	w   tea.Widget
	ctx tea.RenderContext
}

// render is w.Render(ctx), from the memo when w was drawn the same way in
// one of the last frames. A widget whose value cannot key a map (it holds
// a slice or a map: a table's rows) is drawn every time.
func (m *memo) render(w tea.Widget, ctx tea.RenderContext) string {
	if m == nil || !tea.Comparable(w) {
		return w.Render(ctx)
	}
	if id := w.WidgetID(); id != "" {
		slot := widgetSlot{id: id, ctx: ctx}
		if d, ok := m.curW[slot]; ok && d.w == w {
			return d.out
		}
		if d, ok := m.prevW[slot]; ok && d.w == w {
			m.curW[slot] = d
			return d.out
		}
		// Two widgets of one id in a frame take turns in the slot: each
		// is drawn when the other was drawn there last.
		out := w.Render(ctx)
		m.curW[slot] = widgetDrawing{w: w, out: out}
		return out
	}
	k := renderKey{w: w, ctx: ctx}
	if v, ok := m.get(k); ok {
		return v.(string)
	}
	out := w.Render(ctx)
	m.put(k, out)
	return out
}

// edgeKey keys a box's top or bottom edge.
type edgeKey struct {
	theme   *widgets.Theme
	top     bool
	title   string
	width   int
	focused bool
}

// edge is topEdge or bottomEdge for a box of width w, from the memo when
// one of the last frames drew it.
func (m *memo) edge(theme *widgets.Theme, top bool, title string, w int, focused bool) string {
	draw := func() string {
		style, titleStyle := boxStyles(theme, focused)
		if top {
			return topEdge(boxBorder, title, w, style, titleStyle)
		}
		return bottomEdge(boxBorder, w, style)
	}
	if m == nil {
		return draw()
	}
	k := edgeKey{theme: theme, top: top, title: title, width: w, focused: focused}
	if v, ok := m.get(k); ok {
		return v.(string)
	}
	out := draw()
	m.put(k, out)
	return out
}

// sideKey keys a box's left and right edges.
type sideKey struct {
	theme   *widgets.Theme
	focused bool
}

// sides are a box's left and right edges, styled.
func (m *memo) sides(theme *widgets.Theme, focused bool) [2]string {
	draw := func() [2]string {
		style, _ := boxStyles(theme, focused)
		return [2]string{style.Render(boxBorder.Left), style.Render(boxBorder.Right)}
	}
	if m == nil {
		return draw()
	}
	k := sideKey{theme: theme, focused: focused}
	if v, ok := m.get(k); ok {
		return v.([2]string)
	}
	out := draw()
	m.put(k, out)
	return out
}

// textKey keys a text node's lines.
type textKey struct {
	t    tea.Text
	w, h int
}

// The keys of the memo must stay comparable; the compiler checks it here.
var (
	_ map[textKey]struct{}
	_ map[edgeKey]struct{}
	_ map[sideKey]struct{}
	_ map[helpSlot]struct{}
	_ map[widgetSlot]struct{}
)

// text is the layouter's text lines for t, from the memo when one of the
// last frames drew them. The caller gets its own slice.
func (m *memo) text(t tea.Text, w, h int) []string {
	if m == nil {
		return textLines(t, w, h)
	}
	k := textKey{t: t, w: w, h: h}
	v, ok := m.curT[k]
	if !ok {
		if v, ok = m.prevT[k]; ok {
			m.curT[k] = v
		}
	}
	if ok {
		return append([]string(nil), v...)
	}
	out := textLines(t, w, h)
	m.curT[k] = append([]string(nil), out...)
	return out
}

// helpSlot is where a help line is kept: the focused widget's id, the
// keys after it (how many of them are the app's), the width and the
// theme; helpDrawing is the line and the focused widget it was drawn for.
type helpSlot struct {
	focus string
	own   string
	app   int
	width int
	theme *widgets.Theme
}

type helpDrawing struct {
	w   tea.Widget
	out string
}

// ownKeys spells the keys after the focused widget's for a helpMemoKey:
// a disabled one is left off the line.
func ownKeys(own []key.Binding) string {
	var b strings.Builder
	for _, k := range own {
		if !k.Enabled() {
			b.WriteByte(1)
			continue
		}
		h := k.Help()
		b.WriteString(h.Key)
		b.WriteByte(0)
		b.WriteString(h.Desc)
		b.WriteByte(0)
	}
	return b.String()
}

// helpFor is the package's helpFor, from the memo when one of the last
// frames drew the help line of the same focused widget at the same width.
func (m *memo) helpFor(tree tea.Node, focus string, own []key.Binding, app, width int, theme *widgets.Theme) string {
	if m == nil || focus == "" {
		return helpFor(tree, focus, own, app, width, theme)
	}
	w, ok := tea.FindWidget(tree, focus)
	if !ok || !tea.Comparable(w) {
		return helpFor(tree, focus, own, app, width, theme)
	}
	k := helpSlot{focus: focus, own: ownKeys(own), app: app, width: width, theme: theme}
	d, ok := m.curH[k]
	if !ok || d.w != w {
		if d, ok = m.prevH[k]; ok && d.w == w {
			m.curH[k] = d
		}
	}
	if ok && d.w == w {
		return d.out
	}
	out := helpFor(tree, focus, own, app, width, theme)
	m.curH[k] = helpDrawing{w: w, out: out}
	return out
}

// statusLine is statusLine(st, help, width, theme), drawn again only when
// one of them differs from the last frame's.
func (m *memo) statusLine(st status, help string, width int, theme *widgets.Theme) string {
	if m == nil {
		return statusLine(st, help, width, theme)
	}
	k := statusSlot{st: st, help: help, width: width, theme: theme}
	if !m.statusDrawn || m.status != k {
		m.status, m.statusOut, m.statusDrawn = k, statusLine(st, help, width, theme), true
	}
	return m.statusOut
}
