package widgets

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// Scrubber is a media position bar: `label ▶ mm:ss ━━━━●────── mm:ss`.
// Position, Min and Max are seconds; ▶ shows that it is playing, ⏸ that it
// is paused. Left and Right seek by Step seconds (5 when 0), Home and End to
// the ends (ScrubberSeeked); Space plays or pauses (ScrubberPlaybackChanged). A click on the
// bar seeks to the point clicked, a click on ▶/⏸ toggles playback.
// A disabled Scrubber cannot be focused and offers only get_position.
type Scrubber struct {
	ID       string
	Label    string
	Position int
	Min      int
	Max      int
	Playing  bool
	// Step is how many seconds Left and Right seek (5 when 0).
	Step     int
	Disabled bool
	Exclude  bool
	// Keys overrides the keys it answers to; nil means DefaultScrubberKeyMap().
	Keys  *ScrubberKeyMap
	Theme *Theme
}

// ScrubberSeeked asks the app to move scrubber ID to Position (seconds).
type ScrubberSeeked struct {
	ID       string
	Position int
}

// ScrubberPlaybackChanged asks the app to play (Playing true) or pause scrubber ID.
type ScrubberPlaybackChanged struct {
	ID      string
	Playing bool
}

// DefaultScrubberStep is how many seconds Left and Right seek when Step is 0.
const DefaultScrubberStep = 5

// ScrubberKeyMap holds the keys of a Scrubber.
type ScrubberKeyMap struct {
	Back      key.Binding
	Forward   key.Binding
	Start     key.Binding
	End       key.Binding
	PlayPause key.Binding
}

// DefaultScrubberKeyMap returns the keys a focused Scrubber answers to.
func DefaultScrubberKeyMap() ScrubberKeyMap {
	return ScrubberKeyMap{
		Back:      key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "back")),
		Forward:   key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "forward")),
		Start:     key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "start")),
		End:       key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "end")),
		PlayPause: key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "play/pause")),
	}
}

// defaultScrubberKeys is DefaultScrubberKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultScrubberKeys = DefaultScrubberKeyMap()

// keys returns Keys, or DefaultScrubberKeyMap() when it is nil.
func (s Scrubber) keys() ScrubberKeyMap {
	if s.Keys != nil {
		return *s.Keys
	}
	return defaultScrubberKeys
}

// Children implements tea.Node.
func (Scrubber) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (s Scrubber) WidgetID() string { return s.ID }

// WidgetKind implements tea.Widget.
func (Scrubber) WidgetKind() string { return "scrubber" }

// CanFocus implements tea.Focusable.
func (s Scrubber) CanFocus() bool { return !s.Disabled }

// Excluded implements tea.Excludable.
func (s Scrubber) Excluded() bool { return s.Exclude }

// Describe implements tea.Describer: a scrubber, its position in its
// range as a clock reads it, a click on it seeking there; its part is the
// play (or, playing, pause) button.
func (s Scrubber) Describe() tea.Description {
	verb, icon := "play", "▶"
	if s.Playing {
		verb, icon = "pause", "⏸"
	}
	pos, hi := s.pos(), s.hi()
	return tea.Description{Label: s.Label, Role: "scrubber", State: map[string]any{
		"position": pos, "min": s.Min, "max": hi, "playing": s.Playing, "disabled": s.Disabled,
	}, Value: Clock(pos), States: tea.States{Disabled: s.Disabled, Pressed: s.Playing},
		Range:  &tea.Range{Min: float64(s.Min), Max: float64(hi), Now: float64(pos), NowText: Clock(pos), MaxText: Clock(hi)},
		Action: act(!s.Disabled, "seek", "position", nil),
		Parts: []tea.Part{{Role: "button", ID: "play", Label: verb, Value: icon,
			States: tea.States{Disabled: s.Disabled, Pressed: s.Playing}, Action: act(!s.Disabled, verb)}}}
}

// DescribeShown implements tea.ShownDescriber: a Scrubber is never hidden.
func (s Scrubber) DescribeShown() bool { return true }

// hi is Max, or Min when Max is below it.
func (s Scrubber) hi() int { return max(s.Max, s.Min) }

// pos is Position clamped to [Min, Max].
func (s Scrubber) pos() int { return min(max(s.Position, s.Min), s.hi()) }

// scrubberLayout is where the parts of a Scrubber's line are drawn.
type scrubberLayout struct {
	label, icon, left, right string
	iconX                    int // first cell of the icon
	barX, barW               int // the bar's first cell and width
}

// scrubberMinBar is the narrowest bar worth keeping the label for.
const scrubberMinBar = 8

// layout fits the parts into width, dropping the label first and then the
// times when the bar would get too narrow.
func (s Scrubber) layout(width int) scrubberLayout {
	icon := "⏸"
	if s.Playing {
		icon = "▶"
	}
	l := scrubberLayout{label: OneLine(s.Label), icon: icon, left: Clock(s.pos()), right: Clock(s.hi())}
	fixed := func() int {
		n := Width(l.icon) + 1
		if l.label != "" {
			n += Width(l.label) + 1
		}
		if l.left != "" {
			n += Width(l.left) + 1 + 1 + Width(l.right)
		}
		return n
	}
	if l.label != "" && width-fixed() < scrubberMinBar {
		l.label = ""
	}
	if width-fixed() < 3 {
		l.left, l.right = "", ""
	}
	if l.label != "" {
		l.iconX = Width(l.label) + 1
	}
	l.barX = l.iconX + Width(l.icon) + 1
	if l.left != "" {
		l.barX += Width(l.left) + 1
	}
	l.barW = max(width-fixed(), 0)
	return l
}

// Clock spells a position of sec seconds as a Scrubber draws it: mm:ss
// (minutes may exceed 59; a negative one is signed). Other renderers use
// it so a person reads the same time everywhere.
func Clock(sec int) string {
	sign := ""
	if sec < 0 {
		sign, sec = "-", -sec
	}
	return fmt.Sprintf("%s%02d:%02d", sign, sec/60, sec%60)
}

// Render implements tea.Widget: label, ▶/⏸, the position, the bar with its
// knob and the end time, fitted to the width (the label goes first, then
// the times). The knob is accented when focused; all of it is dim when
// disabled.
func (s Scrubber) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	th := themeIn(s.Theme, ctx)
	l := s.layout(ctx.Width)
	text, chrome, knob, played := th.Normal, th.Muted, th.Muted, th.Normal
	switch {
	case s.Disabled:
		text, chrome, knob, played = th.Disabled, th.Disabled, th.Disabled, th.Disabled
	case ctx.Focused:
		knob, played, chrome = th.Accent, th.Accent, th.Normal
	}
	var b strings.Builder
	if l.label != "" {
		b.WriteString(text.Render(l.label) + " ")
	}
	b.WriteString(chrome.Render(l.icon) + " ")
	if l.left != "" {
		b.WriteString(text.Render(l.left) + " ")
	}
	if l.barW > 0 {
		filled := 0
		if span := s.hi() - s.Min; span > 0 && l.barW > 1 {
			filled = ((s.pos()-s.Min)*(l.barW-1) + span/2) / span
		}
		b.WriteString(played.Render(strings.Repeat("━", filled)))
		b.WriteString(knob.Render("●"))
		b.WriteString(chrome.Render(strings.Repeat("─", l.barW-1-filled)))
	}
	if l.left != "" {
		b.WriteString(" " + text.Render(l.right))
	}
	return Fit(b.String(), ctx.Width)
}

// HandleKey implements tea.KeyHandler. Seeking clamps to [Min, Max].
func (s Scrubber) HandleKey(k tea.Key) tea.Msg {
	km := s.keys()
	if s.Disabled {
		return nil
	}
	step := s.Step
	if step <= 0 {
		step = DefaultScrubberStep
	}
	switch {
	case key.Matches(k, km.Back):
		return s.seek(s.pos() - step)
	case key.Matches(k, km.Forward):
		return s.seek(s.pos() + step)
	case key.Matches(k, km.Start):
		return s.seek(s.Min)
	case key.Matches(k, km.End):
		return s.seek(s.hi())
	case key.Matches(k, km.PlayPause):
		return ScrubberPlaybackChanged{ID: s.ID, Playing: !s.Playing}
	}
	return nil
}

func (s Scrubber) seek(p int) tea.Msg {
	return ScrubberSeeked{ID: s.ID, Position: min(max(p, s.Min), s.hi())}
}

// HandleMouse implements tea.MouseHandler: a click on the bar seeks in
// proportion to where it landed, a click on ▶/⏸ plays or pauses. Without
// the rendered width in the event, the layout assumes 80 columns.
func (s Scrubber) HandleMouse(m tea.Mouse) tea.Msg {
	if s.Disabled || m.Action != tea.MousePress || m.Button != tea.MouseLeft || m.Y != 0 {
		return nil
	}
	width := m.Width
	if width <= 0 {
		width = assumedWidth
	}
	l := s.layout(width)
	switch {
	case m.X >= l.iconX && m.X < l.iconX+Width(l.icon):
		return ScrubberPlaybackChanged{ID: s.ID, Playing: !s.Playing}
	case l.barW > 0 && m.X >= l.barX && m.X < l.barX+l.barW:
		if l.barW == 1 {
			return s.seek(s.Min)
		}
		span := s.hi() - s.Min
		return s.seek(s.Min + ((m.X-l.barX)*span+(l.barW-1)/2)/(l.barW-1))
	}
	return nil
}

// ShortHelp lists the keys for the help line.
func (s Scrubber) ShortHelp() []key.Binding {
	km := s.keys()
	return []key.Binding{km.Back, km.Forward, km.PlayPause}
}

// Actions implements tea.ToolProvider. A disabled Scrubber offers
// get_position only.
func (s Scrubber) Actions() []tea.Action {
	get := readAs(read("get_position", "Read the position, the range (min and max, in seconds) and whether it is playing.", noArgsSpec.schema()), outPosition)
	if s.Disabled {
		return []tea.Action{get}
	}
	return []tea.Action{
		write("seek", "Move to a position in seconds, within the range get_position reports.",
			seekArgsSpec.schema()),
		write("play", "Start playback, as a user would by pressing Space.", noArgsSpec.schema()),
		write("pause", "Pause playback, as a user would by pressing Space.", noArgsSpec.schema()),
		get,
	}
}

// seekArgs are the arguments of seek.
type seekArgs struct {
	Position int `json:"position" jsonschema:"Position in seconds, from min to max."`
}

// seekArgsSpec reads seekArgs once.
var seekArgsSpec = newArgSpec[seekArgs]()

// Invoke implements tea.ToolProvider.
func (s Scrubber) Invoke(action string, args map[string]any) (tea.Result, error) {
	switch {
	case action == "get_position":
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		return tea.Read(map[string]any{"position": s.pos(), "min": s.Min, "max": s.hi(), "playing": s.Playing}), nil
	case s.Disabled:
	case action == "seek":
		in, err := seekArgsSpec.bind(action, args, within("position", s.Min, s.hi()))
		if err != nil {
			return tea.Result{}, err
		}
		return tea.Write(ScrubberSeeked{ID: s.ID, Position: in.Position}), nil
	case action == "play", action == "pause":
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		return tea.Write(ScrubberPlaybackChanged{ID: s.ID, Playing: action == "play"}), nil
	}
	return tea.Result{}, tea.UnknownActionError("scrubber", action, s.Actions())
}

// ScrubberState is a Scrubber's model. Update applies ScrubberSeeked and
// ScrubberPlaybackChanged for ID.
type ScrubberState struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Position int    `json:"position"`
	Min      int    `json:"min"`
	Max      int    `json:"max"`
	Playing  bool   `json:"playing"`
}

// View returns w, the Scrubber as the app configures it, showing the state:
// its ID is s.ID and its Label, Position, Min, Max and Playing come from s.
func (s *ScrubberState) View(w Scrubber) Scrubber {
	w.ID = s.ID
	w.Label = s.Label
	w.Position = s.Position
	w.Min = s.Min
	w.Max = s.Max
	w.Playing = s.Playing
	return w
}

// Update applies ScrubberSeeked (clamped to [Min, Max]) and ScrubberPlaybackChanged. It
// reports whether it used msg.
func (s *ScrubberState) Update(msg tea.Msg) bool {
	switch m := msg.(type) {
	case ScrubberSeeked:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.Position = min(max(m.Position, s.Min), max(s.Max, s.Min))
		return true
	case ScrubberPlaybackChanged:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.Playing = m.Playing
		return true
	}
	return false
}
