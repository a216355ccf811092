package widgets

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// Viewport shows Height lines of Lines (10 when 0, fewer when the space
// given is shorter) starting at Top, with a scroll bar in the right-hand
// column when there is more than fits. Keys and the wheel scroll it
// (ViewportScrolled); scrolling clamps so the last page stays full.
type Viewport struct {
	ID      string
	Lines   []string
	Top     int
	Height  int
	Exclude bool
	// Keys overrides the keys it answers to; nil means DefaultViewportKeyMap().
	Keys  *ViewportKeyMap
	Theme *Theme
}

// ViewportScrolled asks the app to scroll viewport ID so line Top is the first shown.
type ViewportScrolled struct {
	ID  string
	Top int
}

// DefaultViewportHeight is the number of lines a Viewport shows when Height
// is 0.
const DefaultViewportHeight = 10

// viewportWheelLines is how far one wheel notch scrolls.
const viewportWheelLines = 3

// ViewportKeyMap holds the keys of a Viewport.
type ViewportKeyMap struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
}

// DefaultViewportKeyMap returns the keys a focused Viewport answers to.
func DefaultViewportKeyMap() ViewportKeyMap {
	return ViewportKeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "top")),
		Bottom:   key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "bottom")),
	}
}

// defaultViewportKeys is DefaultViewportKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultViewportKeys = DefaultViewportKeyMap()

// keys returns Keys, or DefaultViewportKeyMap() when it is nil.
func (v Viewport) keys() ViewportKeyMap {
	if v.Keys != nil {
		return *v.Keys
	}
	return defaultViewportKeys
}

// Children implements tea.Node.
func (Viewport) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (v Viewport) WidgetID() string { return v.ID }

// WidgetKind implements tea.Widget.
func (Viewport) WidgetKind() string { return "viewport" }

// CanFocus implements tea.Focusable: a viewport can always be focused to
// scroll it.
func (Viewport) CanFocus() bool { return true }

// Excluded implements tea.Excludable.
func (v Viewport) Excluded() bool { return v.Exclude }

// Describe implements tea.Describer: a scrolled view of its lines, the
// lines it shows as its parts and its Range where it is scrolled to (Now
// is the first line shown, Max the number of lines).
func (v Viewport) Describe() tea.Description {
	top, bottom := v.visibleRange(0)
	shown := make([]tea.Part, 0, max(bottom-top+1, 0))
	for _, l := range v.Lines[top : bottom+1] {
		shown = append(shown, tea.Part{Role: "line", Label: l})
	}
	return tea.Description{Role: "viewport", State: map[string]any{"top": top, "bottom": bottom, "lines": len(v.Lines)},
		Range: &tea.Range{Max: float64(len(v.Lines)), Now: float64(top)}, Lines: v.height(0), Parts: shown}
}

// DescribeShown implements tea.ShownDescriber: a Viewport is never hidden.
func (v Viewport) DescribeShown() bool { return true }

// height is how many lines are shown when the widget gets height lines.
func (v Viewport) height(height int) int {
	h := v.Height
	if h <= 0 {
		h = DefaultViewportHeight
	}
	if height > 0 {
		h = min(h, height)
	}
	return h
}

// top is Top clamped so the last page stays full.
func (v Viewport) top(h int) int {
	return min(max(v.Top, 0), max(len(v.Lines)-h, 0))
}

// visibleRange returns the first and last line shown (inclusive); bottom is
// top-1 when nothing is shown.
func (v Viewport) visibleRange(height int) (top, bottom int) {
	h := v.height(height)
	top = v.top(h)
	return top, min(top+h, len(v.Lines)) - 1
}

// Render implements tea.Widget: always h lines, the visible ones cut with an
// ellipsis, and a scroll bar (┃ thumb on a │ track) in the last column, its
// thumb accented when focused. When every line fits, nothing scrolls and
// the bar is left out; so it is below 3 columns.
func (v Viewport) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	th := themeIn(v.Theme, ctx)
	h := v.height(ctx.Height)
	top := v.top(h)
	bar := ctx.Width >= 3 && len(v.Lines) > h
	textW := ctx.Width
	if bar {
		textW--
	}
	thumbFrom, thumbTo := 0, h
	if n := len(v.Lines); n > h {
		size := max(h*h/n, 1)
		thumbFrom = min(top*h/n, h-size)
		if top >= n-h {
			thumbFrom = h - size
		}
		thumbTo = thumbFrom + size
	}
	thumb, track := th.Muted, th.Muted
	if ctx.Focused {
		thumb = th.Accent
	}
	out := make([]string, 0, h)
	for i := 0; i < h; i++ {
		line := ""
		if top+i < len(v.Lines) {
			line = OneLine(v.Lines[top+i])
		}
		if !bar {
			out = append(out, Fit(line, ctx.Width))
			continue
		}
		mark := track.Render("│")
		if i >= thumbFrom && i < thumbTo {
			mark = thumb.Render("┃")
		}
		out = append(out, Pad(line, textW)+mark)
	}
	return strings.Join(out, "\n")
}

// HandleKey implements tea.KeyHandler; PgUp and PgDn move by the height.
func (v Viewport) HandleKey(k tea.Key) tea.Msg {
	km := v.keys()
	h := v.height(0)
	top := v.top(h)
	switch {
	case key.Matches(k, km.Up):
		return v.scroll(top-1, h)
	case key.Matches(k, km.Down):
		return v.scroll(top+1, h)
	case key.Matches(k, km.PageUp):
		return v.scroll(top-h, h)
	case key.Matches(k, km.PageDown):
		return v.scroll(top+h, h)
	case key.Matches(k, km.Top):
		return v.scroll(0, h)
	case key.Matches(k, km.Bottom):
		return v.scroll(len(v.Lines), h)
	}
	return nil
}

func (v Viewport) scroll(top, h int) tea.Msg {
	return ViewportScrolled{ID: v.ID, Top: min(max(top, 0), max(len(v.Lines)-h, 0))}
}

// HandleMouse implements tea.MouseHandler: the wheel scrolls three lines.
func (v Viewport) HandleMouse(m tea.Mouse) tea.Msg {
	h := v.height(m.Height)
	switch m.Action {
	case tea.MouseWheelUp:
		return v.scroll(v.top(h)-viewportWheelLines, h)
	case tea.MouseWheelDown:
		return v.scroll(v.top(h)+viewportWheelLines, h)
	}
	return nil
}

// ShortHelp lists the keys for the help line.
func (v Viewport) ShortHelp() []key.Binding {
	km := v.keys()
	return []key.Binding{km.Up, km.Down, km.PageDown, km.Top}
}

// Actions implements tea.ToolProvider.
func (v Viewport) Actions() []tea.Action {
	return []tea.Action{
		write("scroll_to", "Scroll so a line is in view: it becomes the first line shown, or as near as the end allows.",
			scrollToArgsSpec.schema()),
		readAs(read("get_visible_range", "Read the first and last line shown (inclusive, 0-based).", noArgsSpec.schema()), outRange),
		getLinesAction(),
	}
}

// scrollToArgs are the arguments of scroll_to.
type scrollToArgs struct {
	Row int `json:"row" jsonschema:"Line index, 0-based." minimum:"0"`
}

// scrollToArgsSpec reads scrollToArgs once.
var scrollToArgsSpec = newArgSpec[scrollToArgs]()

// Invoke implements tea.ToolProvider.
func (v Viewport) Invoke(action string, args map[string]any) (tea.Result, error) {
	switch action {
	case "scroll_to":
		in, err := scrollToArgsSpec.bind(action, args, within("row", 0, len(v.Lines)-1))
		if err != nil {
			return tea.Result{}, err
		}
		return tea.Write(v.scroll(in.Row, v.height(0))), nil
	case "get_visible_range":
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		top, bottom := v.visibleRange(0)
		return tea.Read(map[string]any{"top": top, "bottom": bottom}), nil
	case "get_lines":
		return getLines(v.Lines, args)
	}
	return tea.Result{}, tea.UnknownActionError("viewport", action, v.Actions())
}

// ViewportState is a Viewport's model. Update applies ViewportScrolled for ID.
type ViewportState struct {
	ID     string   `json:"id"`
	Lines  []string `json:"lines"`
	Top    int      `json:"top"`
	Height int      `json:"height"`
}

// View returns w, the Viewport as the app configures it, showing the state:
// its ID is s.ID and its Lines, Top and Height come from s.
func (s *ViewportState) View(w Viewport) Viewport {
	w.ID = s.ID
	w.Lines = s.Lines
	w.Top = s.Top
	w.Height = s.Height
	return w
}

// Update applies ViewportScrolled (clamped so the last page stays full). It reports
// whether it used msg.
func (s *ViewportState) Update(msg tea.Msg) bool {
	m, ok := msg.(ViewportScrolled)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	h := s.Height
	if h <= 0 {
		h = DefaultViewportHeight
	}
	s.Top = min(max(m.Top, 0), max(len(s.Lines)-h, 0))
	return true
}
