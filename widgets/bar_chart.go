package widgets

import (
	"math"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// barEighths are the partial cells of a bar, one eighth to a full cell.
var barEighths = []rune("▏▎▍▌▋▊▉█")

// BarChart draws one horizontal bar per Bar: its label, a bar scaled to the
// largest value and the value itself. Negative and non-finite values draw
// no bar. It is display only: it cannot be focused and offers no action.
type BarChart struct {
	ID      string
	Bars    []Bar
	Exclude bool
	Theme   *Theme
}

// Bar is one bar of a BarChart.
type Bar struct {
	Label string  `json:"label"`
	Value float64 `json:"value"`
}

// Children implements tea.Node.
func (BarChart) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (c BarChart) WidgetID() string { return c.ID }

// WidgetKind implements tea.Widget.
func (BarChart) WidgetKind() string { return "bar_chart" }

// CanFocus implements tea.Focusable: a chart never takes focus.
func (BarChart) CanFocus() bool { return false }

// Excluded implements tea.Excludable.
func (c BarChart) Excluded() bool { return c.Exclude }

// Describe implements tea.Describer: every bar's label and value, the
// bars as its parts (each's Range.Now its value).
func (c BarChart) Describe() tea.Description {
	bars := make([]map[string]any, 0, len(c.Bars))
	parts := make([]tea.Part, len(c.Bars))
	ranges := make([]tea.Range, len(c.Bars))
	for i, b := range c.Bars {
		bars = append(bars, map[string]any{"label": b.Label, "value": b.Value})
		ranges[i] = tea.Range{Now: b.Value}
		parts[i] = tea.Part{Role: "bar", Label: b.Label, Value: strconv.FormatFloat(b.Value, 'g', 4, 64), Range: &ranges[i]}
	}
	return tea.Description{Role: "chart", State: map[string]any{"bars": bars}, Parts: parts}
}

// DescribeShown implements tea.ShownDescriber: a BarChart is never hidden.
func (c BarChart) DescribeShown() bool { return true }

// Render implements tea.Widget: "label │██████▌ 13" per bar, at most
// ctx.Height bars.
func (c BarChart) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	t := themeIn(c.Theme, ctx)
	if len(c.Bars) == 0 {
		return t.Muted.Render(Fit("(no data)", ctx.Width))
	}
	labelW, valueW, top := 0, 0, 0.0
	values := barValues(c.Bars)
	for i, b := range c.Bars {
		labelW = max(labelW, Width(OneLine(b.Label)))
		valueW = max(valueW, Width(values[i]))
		if isFinite(b.Value) {
			top = max(top, b.Value)
		}
	}
	labelW = min(labelW, ctx.Width/3)
	barW := ctx.Width - labelW - 2 - (valueW + 1)
	if barW < 1 {
		valueW = -1 // no room: drop the value column
		barW = ctx.Width - labelW - 2
	}
	var out []string
	for i, b := range clipLines(c.Bars, ctx.Height) {
		line := ""
		if labelW > 0 {
			line = t.Normal.Render(Pad(OneLine(b.Label), labelW)) + t.Muted.Render(" │")
		} else {
			line = t.Muted.Render("│")
		}
		bar := barCells(b.Value, top, max(barW, 0))
		line += t.Accent.Render(bar)
		if valueW >= 0 {
			line += strings.Repeat(" ", max(barW-Width(bar), 0)+1+valueW-Width(values[i])) + t.Muted.Render(values[i])
		}
		out = append(out, Fit(line, ctx.Width))
	}
	return strings.Join(out, "\n")
}

// barCells draws v out of top in at most width cells, in eighths of a cell.
func barCells(v, top float64, width int) string {
	if !isFinite(v) || v <= 0 || top <= 0 || width <= 0 {
		return ""
	}
	eighths := int(math.Round(v / top * float64(width*8)))
	eighths = min(eighths, width*8)
	s := strings.Repeat(string(barEighths[7]), eighths/8)
	if r := eighths % 8; r > 0 {
		s += string(barEighths[r-1])
	}
	return s
}

// barMaxDecimals is the most decimals a chart draws its values with.
const barMaxDecimals = 2

// barValues spells a chart's values alike, so that they read as one
// column: each with as many decimals as the one that needs most (none when
// all are whole, at most two: 12, 3.9 and 2.35 are drawn 12.00, 3.90 and
// 2.35). Render right-aligns them.
func barValues(bars []Bar) []string {
	decimals := 0
	for _, b := range bars {
		if !isFinite(b.Value) {
			continue
		}
		s := strconv.FormatFloat(b.Value, 'f', barMaxDecimals, 64)
		if dot := strings.IndexByte(s, '.'); dot >= 0 {
			decimals = max(decimals, len(strings.TrimRight(s[dot+1:], "0")))
		}
	}
	out := make([]string, len(bars))
	for i, b := range bars {
		out[i] = strconv.FormatFloat(b.Value, 'f', decimals, 64)
	}
	return out
}

// HandleKey implements tea.KeyHandler: a chart uses no key.
func (BarChart) HandleKey(tea.Key) tea.Msg { return nil }

// ShortHelp lists no key: a chart takes no focus.
func (BarChart) ShortHelp() []key.Binding { return nil }

// Actions implements tea.ToolProvider: get_data reads the bars.
func (BarChart) Actions() []tea.Action {
	return []tea.Action{readAs(read("get_data", "Read the bars: label and value of each, in order.", noArgsSpec.schema()), outBars)}
}

// Invoke implements tea.ToolProvider.
func (c BarChart) Invoke(action string, args map[string]any) (tea.Result, error) {
	if action != "get_data" {
		return tea.Result{}, tea.UnknownActionError(c.WidgetKind(), action, c.Actions())
	}
	if _, err := noArgsSpec.bind(action, args); err != nil {
		return tea.Result{}, err
	}
	return tea.Read(map[string]any{"bars": append([]Bar{}, c.Bars...)}), nil
}
