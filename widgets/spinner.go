package widgets

import (
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"

	"github.com/facetui/facet/tea"
)

// Spinner shows that work is under way: a frame of an animation (one of
// bubbles' spinners) before a label saying what the work is. It is
// controlled like every widget: the app keeps its SpinnerState, whose Start
// returns the command that ticks it, and applies each SpinnerTicked, which
// asks for the next. A stopped spinner draws its label alone. It cannot be
// focused; an agent reads whether it spins and its label with get_status.
type Spinner struct {
	ID string
	// Label says what the work is ("Fetching repos…").
	Label string
	// Spinning says whether the work is under way; Frame is the frame of
	// Kind drawn while it is (any int: it wraps).
	Spinning bool
	Frame    int
	// Kind is the animation, bubbles' spinner.Spinner: its Frames, and FPS
	// for the ticks SpinnerState asks for. The zero value is
	// spinner.MiniDot.
	Kind    spinner.Spinner
	Exclude bool
	Theme   *Theme
}

// SpinnerTicked asks spinner ID to draw its next frame. Tag tells a tick of
// the spinner's current run from one of a run already stopped, so a
// spinner started twice never ticks twice as fast.
type SpinnerTicked struct {
	ID  string
	Tag int
}

// kind is Kind, or spinner.MiniDot when it has no frames.
func (s Spinner) kind() spinner.Spinner {
	if len(s.Kind.Frames) == 0 {
		return spinner.MiniDot
	}
	return s.Kind
}

// Children implements tea.Node.
func (Spinner) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (s Spinner) WidgetID() string { return s.ID }

// WidgetKind implements tea.Widget.
func (Spinner) WidgetKind() string { return "spinner" }

// CanFocus implements tea.Focusable: a spinner never takes focus.
func (Spinner) CanFocus() bool { return false }

// Excluded implements tea.Excludable.
func (s Spinner) Excluded() bool { return s.Exclude }

// Describe implements tea.Describer.
func (s Spinner) Describe() tea.Description {
	return tea.Description{Label: s.Label, Role: "status", State: map[string]any{"spinning": s.Spinning}, States: tea.States{Busy: s.Spinning}}
}

// DescribeShown implements tea.ShownDescriber: a Spinner is never hidden.
func (s Spinner) DescribeShown() bool { return true }

// frame is the frame drawn now.
func (s Spinner) frame() string {
	frames := s.kind().Frames
	i := s.Frame % len(frames)
	if i < 0 {
		i += len(frames)
	}
	return frames[i]
}

// Render implements tea.Widget: "⠹ Label" on one line while spinning (the
// frame accented), the label alone when stopped.
func (s Spinner) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	t := themeIn(s.Theme, ctx)
	label := t.Normal.Render(OneLine(s.Label))
	if !s.Spinning {
		return Fit(label, ctx.Width)
	}
	return Fit(t.Accent.Render(s.frame())+" "+label, ctx.Width)
}

// HandleKey implements tea.KeyHandler: a spinner uses no key.
func (Spinner) HandleKey(tea.Key) tea.Msg { return nil }

// ShortHelp lists no key: a spinner takes no focus.
func (Spinner) ShortHelp() []key.Binding { return nil }

// Actions implements tea.ToolProvider: get_status.
func (Spinner) Actions() []tea.Action {
	return []tea.Action{
		readAs(read("get_status", "Read whether the work the spinner shows is under way (spinning) and its label, which says what the work is.", noArgsSpec.schema()), outStatus),
	}
}

// Invoke implements tea.ToolProvider.
func (s Spinner) Invoke(action string, args map[string]any) (tea.Result, error) {
	if action != "get_status" {
		return tea.Result{}, tea.UnknownActionError(s.WidgetKind(), action, s.Actions())
	}
	if _, err := noArgsSpec.bind(action, args); err != nil {
		return tea.Result{}, err
	}
	return tea.Read(map[string]any{"spinning": s.Spinning, "label": s.Label}), nil
}

// SpinnerState is a Spinner's run: whether it spins, its frame and its
// label. Start returns the command that ticks it; Update applies a
// SpinnerTicked of the current run, and the app returns Tick() to ask for the
// next:
//
//	case widgets.SpinnerTicked:
//		if m.fetch.Update(msg) {
//			return m, m.fetch.Tick()
//		}
type SpinnerState struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Spinning bool   `json:"spinning"`
	Frame    int    `json:"frame"`
	// Tag counts the runs, so a tick of a stopped run is not applied.
	Tag int `json:"tag"`
	// Kind is the animation (see Spinner.Kind); it is not encoded.
	Kind spinner.Spinner `json:"-"`
}

// View returns w, the Spinner as the app configures it, showing the state:
// its ID is s.ID and its Label, Spinning, Frame and Kind come from s.
func (s *SpinnerState) View(w Spinner) Spinner {
	w.ID = s.ID
	w.Label = s.Label
	w.Spinning = s.Spinning
	w.Frame = s.Frame
	w.Kind = s.Kind
	return w
}

// Start sets the spinner spinning from its first frame with label, and
// returns the command for its first tick.
func (s *SpinnerState) Start(label string) tea.Cmd {
	s.Spinning, s.Frame, s.Label = true, 0, label
	s.Tag++
	return s.Tick()
}

// Stop stops the spinner and sets the label it shows stopped ("Fetched 12
// repos"); ticks already asked for are not applied.
func (s *SpinnerState) Stop(label string) {
	s.Spinning, s.Label = false, label
	s.Tag++
}

// Tick is the command that waits one frame (Kind's FPS) and sends the
// SpinnerTicked of the current run.
func (s *SpinnerState) Tick() tea.Cmd {
	id, tag := s.ID, s.Tag
	return tea.Tick(Spinner{Kind: s.Kind}.fps(), func(time.Time) tea.Msg { return SpinnerTicked{ID: id, Tag: tag} })
}

// fps is the time between frames: Kind's FPS, a tenth of a second when it
// has none.
func (s Spinner) fps() time.Duration {
	if k := s.kind(); k.FPS > 0 {
		return k.FPS
	}
	return time.Second / 10
}

// Update applies a SpinnerTicked of the current run of a spinning spinner,
// moving it to its next frame, and reports whether it used msg (and so
// whether to ask for the next Tick).
func (s *SpinnerState) Update(msg tea.Msg) bool {
	m, ok := msg.(SpinnerTicked)
	if !ok || !ownID(s.ID, m.ID) || m.Tag != s.Tag || !s.Spinning {
		return false
	}
	s.Frame = (s.Frame + 1) % len(Spinner{Kind: s.Kind}.kind().Frames)
	return true
}
