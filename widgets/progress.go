package widgets

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// Progress shows how far work has got: a label, a bar filled in proportion
// to Value and the percentage, "Copying ██████░░░░░░  50%", drawn with
// bubbles/progress's full and empty blocks. It is controlled: the app
// keeps its ProgressState and applies the ProgressChanged messages its
// work sends. It cannot be focused; an agent reads the value, the
// percentage and the label with get_progress.
type Progress struct {
	ID string
	// Label says what the work is; it gives way to the bar when the width
	// is short.
	Label string
	// Value is how much is done, from 0 to 1; values outside clamp and one
	// that is not a number counts as 0.
	Value   float64
	Exclude bool
	Theme   *Theme
}

// ProgressChanged reports new progress of work shown by Progress ID: its
// Value, from 0 to 1, and its Label (kept when "").
type ProgressChanged struct {
	ID    string
	Value float64
	Label string
}

// progressFull and progressEmpty are bubbles/progress's default blocks.
const (
	progressFull  = '█'
	progressEmpty = '░'
)

// progressPercentWidth is the cells " 100%" takes.
const progressPercentWidth = 5

// progressMinBar is the narrowest bar drawn beside a label.
const progressMinBar = 5

// value is Value clamped to [0, 1], NaN as 0.
func (p Progress) value() float64 {
	if math.IsNaN(p.Value) {
		return 0
	}
	return min(max(p.Value, 0), 1)
}

// percent is the value as a whole percentage, rounded down so that 100%
// means done.
func (p Progress) percent() int { return int(math.Floor(p.value() * 100)) }

// Children implements tea.Node.
func (Progress) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (p Progress) WidgetID() string { return p.ID }

// WidgetKind implements tea.Widget.
func (Progress) WidgetKind() string { return "progress" }

// CanFocus implements tea.Focusable: a progress bar never takes focus.
func (Progress) CanFocus() bool { return false }

// Excluded implements tea.Excludable.
func (p Progress) Excluded() bool { return p.Exclude }

// Describe implements tea.Describer.
func (p Progress) Describe() tea.Description {
	return tea.Description{Label: p.Label, Role: "progressbar", State: map[string]any{"value": p.value(), "percent": p.percent()},
		Value: strconv.Itoa(p.percent()) + "%", Range: &tea.Range{Max: 1, Now: p.value()}}
}

// DescribeShown implements tea.ShownDescriber: a Progress is never hidden.
func (p Progress) DescribeShown() bool { return true }

// Render implements tea.Widget: "Label ██████░░░░  50%" on one line; the
// label goes first when the width is short, then the percentage.
func (p Progress) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	t := themeIn(p.Theme, ctx)
	percent := fmt.Sprintf(" %3d%%", p.percent())
	barWidth := ctx.Width - progressPercentWidth
	if barWidth < 1 {
		percent, barWidth = "", ctx.Width
	}
	label := OneLine(p.Label)
	if label != "" {
		label = Fit(label, barWidth-progressMinBar-1)
		if label == Ellipsis {
			label = ""
		}
		if label != "" {
			label += " "
			barWidth -= Width(label)
		}
	}
	full := int(math.Round(p.value() * float64(barWidth)))
	if p.value() < 1 {
		full = min(full, barWidth-1) // only done fills the bar
	}
	bar := t.Accent.Render(strings.Repeat(string(progressFull), full)) + t.Muted.Render(strings.Repeat(string(progressEmpty), barWidth-full))
	return Fit(t.Normal.Render(label)+bar+t.Normal.Render(percent), ctx.Width)
}

// HandleKey implements tea.KeyHandler: a progress bar uses no key.
func (Progress) HandleKey(tea.Key) tea.Msg { return nil }

// ShortHelp lists no key: a progress bar takes no focus.
func (Progress) ShortHelp() []key.Binding { return nil }

// Actions implements tea.ToolProvider: get_progress.
func (Progress) Actions() []tea.Action {
	return []tea.Action{
		readAs(read("get_progress", "Read how far the work has got: value from 0 to 1, percent from 0 to 100 (100 only when done), done, and the label saying what the work is.", noArgsSpec.schema()), outProgress),
	}
}

// Invoke implements tea.ToolProvider.
func (p Progress) Invoke(action string, args map[string]any) (tea.Result, error) {
	if action != "get_progress" {
		return tea.Result{}, tea.UnknownActionError(p.WidgetKind(), action, p.Actions())
	}
	if _, err := noArgsSpec.bind(action, args); err != nil {
		return tea.Result{}, err
	}
	return tea.Read(map[string]any{"value": p.value(), "percent": p.percent(), "done": p.value() >= 1, "label": p.Label}), nil
}

// ProgressState is a Progress bar's value and label. Update applies
// ProgressChanged for ID.
type ProgressState struct {
	ID    string  `json:"id"`
	Label string  `json:"label"`
	Value float64 `json:"value"`
}

// View returns w, the Progress as the app configures it, showing the
// state: its ID is s.ID and its Label and Value come from s.
func (s *ProgressState) View(w Progress) Progress {
	w.ID = s.ID
	w.Label = s.Label
	w.Value = s.Value
	return w
}

// Update applies ProgressChanged (the value clamped to [0, 1], the label
// kept when the message has none) and reports whether it used msg.
func (s *ProgressState) Update(msg tea.Msg) bool {
	m, ok := msg.(ProgressChanged)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	s.Value = Progress{Value: m.Value}.value()
	if m.Label != "" {
		s.Label = m.Label
	}
	return true
}
