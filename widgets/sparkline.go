package widgets

import (
	"math"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// sparkLevels are the eight heights of a sparkline cell, lowest first.
var sparkLevels = []rune("▁▂▃▄▅▆▇█")

// Sparkline draws a series of values as one line of block characters,
// scaled between the smallest and largest value shown, after an optional
// label. When the values do not fit, the latest ones are shown. It is
// display only: it cannot be focused and offers no action.
type Sparkline struct {
	ID      string
	Label   string
	Values  []float64
	Exclude bool
	Theme   *Theme
}

// Children implements tea.Node.
func (Sparkline) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (s Sparkline) WidgetID() string { return s.ID }

// WidgetKind implements tea.Widget.
func (Sparkline) WidgetKind() string { return "sparkline" }

// CanFocus implements tea.Focusable: a sparkline never takes focus.
func (Sparkline) CanFocus() bool { return false }

// Excluded implements tea.Excludable.
func (s Sparkline) Excluded() bool { return s.Exclude }

// Describe implements tea.Describer: the number of values, their range and
// the latest one.
func (s Sparkline) Describe() tea.Description {
	state := map[string]any{"count": len(s.Values)}
	if lo, hi, ok := finiteRange(s.Values); ok {
		state["min"], state["max"] = lo, hi
	}
	if n := len(s.Values); n > 0 && isFinite(s.Values[n-1]) {
		state["last"] = s.Values[n-1]
	}
	d := tea.Description{Label: s.Label, Role: "chart", State: state}
	if n := len(s.Values); n > 0 {
		if lo, hi, ok := finiteRange(s.Values); ok && isFinite(s.Values[n-1]) {
			d.Range = &tea.Range{Min: lo, Max: hi, Now: s.Values[n-1]}
		}
	}
	return d
}

// DescribeShown implements tea.ShownDescriber: a Sparkline is never hidden.
func (s Sparkline) DescribeShown() bool { return true }

// Render implements tea.Widget: "Label ▁▃▅█▆" on one line. Values that are
// not finite draw as blanks.
func (s Sparkline) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	t := themeIn(s.Theme, ctx)
	label := OneLine(s.Label)
	if label != "" {
		// The label gives way to the values, keeping at most half the width.
		room := max(ctx.Width-len(s.Values)-1, (ctx.Width-1)/2)
		if label = Fit(label, room); label == Ellipsis {
			label = "" // a lone ellipsis says nothing
		}
		if label != "" {
			label += " "
		}
	}
	values := s.Values
	if n := ctx.Width - Width(label); len(values) > n {
		values = values[len(values)-max(n, 0):]
	}
	lo, hi, _ := finiteRange(values)
	var b strings.Builder
	for _, v := range values {
		switch {
		case !isFinite(v):
			b.WriteByte(' ')
		case hi == lo:
			b.WriteRune(sparkLevels[len(sparkLevels)/2-1])
		default:
			i := int(math.Round((v - lo) / (hi - lo) * float64(len(sparkLevels)-1)))
			b.WriteRune(sparkLevels[max(0, min(i, len(sparkLevels)-1))])
		}
	}
	return Fit(t.Muted.Render(label)+t.Accent.Render(b.String()), ctx.Width)
}

// finiteRange returns the smallest and largest finite values, and whether
// there was one.
func finiteRange(values []float64) (lo, hi float64, ok bool) {
	for _, v := range values {
		if !isFinite(v) {
			continue
		}
		if !ok {
			lo, hi, ok = v, v, true
			continue
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi, ok
}

// isFinite reports whether v is neither NaN nor infinite.
func isFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// HandleKey implements tea.KeyHandler: a sparkline uses no key.
func (Sparkline) HandleKey(tea.Key) tea.Msg { return nil }

// ShortHelp lists no key: a sparkline takes no focus.
func (Sparkline) ShortHelp() []key.Binding { return nil }

// Actions implements tea.ToolProvider: get_data reads the values.
func (Sparkline) Actions() []tea.Action {
	return []tea.Action{readAs(read("get_data", "Read the label and the values, in order.", noArgsSpec.schema()), outSeries)}
}

// Invoke implements tea.ToolProvider.
func (s Sparkline) Invoke(action string, args map[string]any) (tea.Result, error) {
	if action != "get_data" {
		return tea.Result{}, tea.UnknownActionError(s.WidgetKind(), action, s.Actions())
	}
	if _, err := noArgsSpec.bind(action, args); err != nil {
		return tea.Result{}, err
	}
	return tea.Read(map[string]any{"label": s.Label, "values": append([]float64{}, s.Values...)}), nil
}
