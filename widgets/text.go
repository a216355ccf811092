package widgets

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// Text is a run of display text with an id, so it can be found, described
// and kept in view; it cannot be focused and offers one read, get_lines.
// Each line of Content is cut with an ellipsis to the width it gets.
type Text struct {
	ID      string
	Content string
	Bold    bool
	Muted   bool
	Exclude bool
	Theme   *Theme
}

// Children implements tea.Node.
func (Text) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (x Text) WidgetID() string { return x.ID }

// WidgetKind implements tea.Widget.
func (Text) WidgetKind() string { return "text" }

// CanFocus implements tea.Focusable: text never takes focus.
func (Text) CanFocus() bool { return false }

// Excluded implements tea.Excludable.
func (x Text) Excluded() bool { return x.Exclude }

// Describe implements tea.Describer.
func (x Text) Describe() tea.Description {
	return tea.Description{Label: x.Content, Role: "text", States: tea.States{Strong: x.Bold, Muted: x.Muted}}
}

// DescribeShown implements tea.ShownDescriber: a Text is never hidden.
func (x Text) DescribeShown() bool { return true }

// textDrawn turns a Text's content into the lines Render draws: "\r\n"
// becomes "\n", a lone "\r" is dropped and a tab becomes four spaces;
// textRead does the same for get_lines, tabs kept. Both are immutable
// after initialisation (a Replacer is safe for concurrent use), so every
// Render shares them instead of building one per call.
var (
	textDrawn = strings.NewReplacer("\r\n", "\n", "\r", "", "\t", "    ")
	textRead  = strings.NewReplacer("\r\n", "\n", "\r", "")
)

// Render implements tea.Widget: each line cut to the width, at most
// ctx.Height lines.
func (x Text) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	t := themeIn(x.Theme, ctx)
	style := t.Normal
	if x.Muted {
		style = t.Muted
	}
	if x.Bold {
		style = style.Bold(true)
	}
	lines := clipLines(strings.Split(textDrawn.Replace(x.Content), "\n"), ctx.Height)
	for i, l := range lines {
		lines[i] = style.Render(Fit(l, ctx.Width))
	}
	return strings.Join(lines, "\n")
}

// HandleKey implements tea.KeyHandler: text uses no key.
func (Text) HandleKey(tea.Key) tea.Msg { return nil }

// ShortHelp lists no key: text takes no focus.
func (Text) ShortHelp() []key.Binding { return nil }

// Actions implements tea.ToolProvider: get_lines reads the content.
func (Text) Actions() []tea.Action { return []tea.Action{getLinesAction()} }

// Invoke implements tea.ToolProvider.
func (x Text) Invoke(action string, args map[string]any) (tea.Result, error) {
	if action == "get_lines" {
		return getLines(strings.Split(textRead.Replace(x.Content), "\n"), args)
	}
	return tea.Result{}, tea.UnknownActionError(x.WidgetKind(), action, x.Actions())
}
