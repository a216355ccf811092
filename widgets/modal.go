package widgets

import (
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// Modal is a dialog with a title, a body and two choices, the confirm
// choice first. While Visible, it can be focused: Left and Right (h and l)
// move the highlight between the choices (ModalHighlighted), Enter picks
// the highlighted one, y confirms (ModalConfirmed), Esc or n dismisses
// (ModalDismissed), and an agent does the same with confirm and dismiss.
// The highlighted choice is drawn with a ▸ before it, so plain text (an
// agent's screenshot) shows it too, not only its colour. A hidden Modal
// draws nothing, cannot be focused and offers nothing.
//
// The highlight is the app's state, like every widget's: store it and
// apply ModalHighlighted (ModalState does both), or Left and Right do
// nothing and Enter picks the default.
type Modal struct {
	ID      string
	Title   string
	Body    string
	Visible bool
	// ConfirmLabel and DismissLabel name the two choices ("OK" and
	// "Cancel" when empty).
	ConfirmLabel string
	DismissLabel string
	// Destructive says that confirming destroys something (deleting an
	// item, discarding changes): the confirm action then carries the MCP
	// annotation "destructiveHint": true, so an agent's client can ask
	// before it confirms.
	Destructive bool
	// Highlighted is the choice Enter picks, drawn highlighted: ModalConfirm
	// or ModalDismiss. Anything else (the zero value) is the default:
	// ModalDismiss when Destructive, so that Enter never destroys by
	// default, and ModalConfirm otherwise.
	Highlighted ModalChoice
	Exclude     bool
	// Keys overrides the keys it answers to; nil means DefaultModalKeyMap().
	Keys  *ModalKeyMap
	Theme *Theme
}

// ModalConfirmed reports that a Modal was confirmed.
type ModalConfirmed struct {
	ID string
}

// ModalDismissed reports that a Modal was dismissed.
type ModalDismissed struct {
	ID string
}

// ModalHighlighted reports that the highlight of Modal ID moved to Choice
// (Left, Right). ModalState applies it.
type ModalHighlighted struct {
	ID     string
	Choice ModalChoice
}

// ModalChoice names one of a Modal's two choices.
type ModalChoice string

// The choices of a Modal.
const (
	ModalConfirm ModalChoice = "confirm"
	ModalDismiss ModalChoice = "dismiss"
)

// ModalKeyMap holds the keys of a visible Modal.
type ModalKeyMap struct {
	// Left and Right move the highlight to the confirm and the dismiss
	// choice.
	Left  key.Binding
	Right key.Binding
	// Choose picks the highlighted choice.
	Choose key.Binding
	// Confirm and Dismiss pick their choice whatever is highlighted.
	Confirm key.Binding
	Dismiss key.Binding
}

// DefaultModalKeyMap returns the keys a focused, visible Modal answers to.
func DefaultModalKeyMap() ModalKeyMap {
	return ModalKeyMap{
		Left:    key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "left")),
		Right:   key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "right")),
		Choose:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose")),
		Confirm: key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "confirm")),
		Dismiss: key.NewBinding(key.WithKeys("esc", "n"), key.WithHelp("esc/n", "dismiss")),
	}
}

// defaultModalKeys is DefaultModalKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultModalKeys = DefaultModalKeyMap()

// keys returns Keys, or DefaultModalKeyMap() when it is nil.
func (m Modal) keys() ModalKeyMap {
	if m.Keys != nil {
		return *m.Keys
	}
	return defaultModalKeys
}

// Children implements tea.Node.
func (Modal) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (m Modal) WidgetID() string { return m.ID }

// WidgetKind implements tea.Widget.
func (Modal) WidgetKind() string { return "modal" }

// CanFocus implements tea.Focusable: only a visible Modal takes focus.
func (m Modal) CanFocus() bool { return m.Visible }

// TrapsFocus implements tea.FocusTrap: a visible Modal takes focus when it
// appears, keeps Tab inside it and gives focus back when it closes.
func (m Modal) TrapsFocus() bool { return m.Visible }

// Excluded implements tea.Excludable.
func (m Modal) Excluded() bool { return m.Exclude }

// Describe implements tea.Describer: a dialog titled Title that says Body;
// while visible, it is modal and its parts are its two choices, Enter's
// the default.
func (m Modal) Describe() tea.Description {
	d := tea.Description{Label: m.Title, Role: "dialog", State: map[string]any{
		"visible": m.Visible, "body": m.Body, "confirm_label": m.confirmLabel(), "dismiss_label": m.dismissLabel(),
		"highlighted": string(m.highlighted()),
	}, Detail: m.Body, States: tea.States{Hidden: !m.Visible, Modal: m.Visible}}
	if m.Visible {
		hl := m.highlighted()
		d.Parts = []tea.Part{
			{Role: "button", ID: "confirm", Label: m.confirmLabel(), States: tea.States{Default: hl == ModalConfirm, Destructive: m.Destructive},
				Action: act(true, "confirm")},
			{Role: "button", ID: "dismiss", Label: m.dismissLabel(), States: tea.States{Default: hl == ModalDismiss},
				Action: act(true, "dismiss")},
		}
	}
	return d
}

// DescribeShown implements tea.ShownDescriber: a Modal is shown while
// it is visible.
func (m Modal) DescribeShown() bool { return m.Visible }

// highlighted is the choice Enter picks: Highlighted, or the default.
func (m Modal) highlighted() ModalChoice {
	switch m.Highlighted {
	case ModalConfirm, ModalDismiss:
		return m.Highlighted
	}
	if m.Destructive {
		return ModalDismiss
	}
	return ModalConfirm
}

func (m Modal) confirmLabel() string {
	if m.ConfirmLabel == "" {
		return "OK"
	}
	return OneLine(m.ConfirmLabel)
}

func (m Modal) dismissLabel() string {
	if m.DismissLabel == "" {
		return "Cancel"
	}
	return OneLine(m.DismissLabel)
}

// modalButtons are the two choices as drawn, each with the cell before
// it that marks the highlighted one: "▸[ OK ]" and " [ Cancel ]".
func (m Modal) modalButtons() (confirm, dismiss string) {
	mark := func(c ModalChoice) string {
		if m.highlighted() == c {
			return modalHighlight
		}
		return " "
	}
	return mark(ModalConfirm) + "[ " + m.confirmLabel() + " ]", mark(ModalDismiss) + "[ " + m.dismissLabel() + " ]"
}

// modalHighlight marks the highlighted choice in plain text, in the cell
// before it.
const modalHighlight = "▸"

// modalButtonGap separates the two choices (with the second one's mark
// cell, two cells when it is not highlighted).
const modalButtonGap = " "

// modalBody is the body's lines, tabs expanded.
func (m Modal) modalBody() []string {
	if m.Body == "" {
		return nil
	}
	return strings.Split(strings.ReplaceAll(strings.ReplaceAll(m.Body, "\r\n", "\n"), "\t", "    "), "\n")
}

// modalMinWidth is the narrowest box drawn with a border.
const modalMinWidth = 5

// layout returns the box's width and the body lines drawn, and whether a
// blank line separates them from the choices, in the given space (height 0:
// unbounded). The body loses lines before the choices do.
func (m Modal) layout(avail, height int) (width int, body []string, blank bool) {
	body = m.modalBody()
	confirm, dismiss := m.modalButtons()
	natural := max(Width(OneLine(m.Title))+4, Width(confirm)+Width(modalButtonGap)+Width(dismiss))
	for _, l := range body {
		natural = max(natural, Width(l))
	}
	width, blank = min(natural+4, avail), true
	if inner := width - 4; inner > 0 && natural > inner {
		// Narrower than the text: wrap it at spaces (hard where a word
		// is longer than the line) rather than cutting it.
		var wrapped []string
		for _, l := range body {
			if Width(l) <= inner {
				wrapped = append(wrapped, l)
				continue
			}
			wrapped = append(wrapped, strings.Split(ansi.Wrap(l, inner, ""), "\n")...)
		}
		body = wrapped
	}
	if height > 0 && 4+len(body) > height {
		blank = false
		body = body[:max(min(len(body), height-3), 0)]
	}
	return width, body, blank
}

// FixedWidth implements tea.Sized: in a Row a Modal takes the width its
// title, text and choices want (the row gives less when it has less, and
// the text wraps), so spacers around it centre it.
func (m Modal) FixedWidth() int {
	if !m.Visible {
		return 0
	}
	w, _, _ := m.layout(1<<20, 0)
	return w
}

// Render implements tea.Widget: a rounded box with the title in its top
// edge, the body, and the two choices, "▸[ OK ]  [ Cancel ]": the
// highlighted one marked ▸, and in the focused button style when focused.
// A hidden Modal renders "".
func (m Modal) Render(ctx tea.RenderContext) string {
	if !m.Visible || ctx.Width <= 0 {
		return ""
	}
	t := themeIn(m.Theme, ctx)
	border, confirmStyle, dismissStyle := t.Border, t.Button, t.Button
	if ctx.Focused {
		border = t.BorderFocus
		if m.highlighted() == ModalConfirm {
			confirmStyle = t.ButtonFocus
		} else {
			dismissStyle = t.ButtonFocus
		}
	}
	title := OneLine(m.Title)
	confirm, dismiss := m.modalButtons()
	buttons := confirmStyle.Render(confirm) + modalButtonGap + dismissStyle.Render(dismiss)
	width, body, blank := m.layout(ctx.Width, ctx.Height)

	var out []string
	if width < modalMinWidth {
		// Too narrow for a border: the title and the choices alone.
		out = append(out, t.Header.Render(Fit(title, width)))
		for _, l := range body {
			out = append(out, Fit(l, width))
		}
		out = append(out, Fit(buttons, width))
		return strings.Join(clipLines(out, ctx.Height), "\n")
	}
	inner := width - 2
	top := border.Render("╭" + strings.Repeat("─", inner) + "╮")
	if title != "" && inner >= 4 {
		name := Fit(title, inner-3)
		top = border.Render("╭─ ") + t.Header.Render(name) + border.Render(" "+strings.Repeat("─", inner-3-Width(name))+"╮")
	}
	out = append(out, top)
	side := border.Render("│")
	for _, l := range body {
		out = append(out, side+" "+t.Normal.Render(Pad(l, inner-2))+" "+side)
	}
	if blank {
		out = append(out, side+strings.Repeat(" ", inner)+side)
	}
	out = append(out, side+" "+Pad(buttons, inner-2)+" "+side)
	out = append(out, border.Render("╰"+strings.Repeat("─", inner)+"╯"))
	return strings.Join(clipLines(out, ctx.Height), "\n")
}

// HandleKey implements tea.KeyHandler.
func (m Modal) HandleKey(k tea.Key) tea.Msg {
	km := m.keys()
	if !m.Visible {
		return nil
	}
	switch {
	case key.Matches(k, km.Left):
		return m.highlight(ModalConfirm)
	case key.Matches(k, km.Right):
		return m.highlight(ModalDismiss)
	case key.Matches(k, km.Choose):
		if m.highlighted() == ModalConfirm {
			return ModalConfirmed{ID: m.ID}
		}
		return ModalDismissed{ID: m.ID}
	case key.Matches(k, km.Confirm):
		return ModalConfirmed{ID: m.ID}
	case key.Matches(k, km.Dismiss):
		return ModalDismissed{ID: m.ID}
	}
	return nil
}

// highlight is ModalHighlighted for c, or nil when c is highlighted already.
func (m Modal) highlight(c ModalChoice) tea.Msg {
	if m.highlighted() == c {
		return nil
	}
	return ModalHighlighted{ID: m.ID, Choice: c}
}

// HandleMouse implements tea.MouseHandler: a left click on a choice picks
// it. The choices sit on the line above the bottom border, two cells in;
// the event's Width and Height, when known, are the space the box was drawn
// in.
func (m Modal) HandleMouse(ev tea.Mouse) tea.Msg {
	if !m.Visible || ev.Action != tea.MousePress || ev.Button != tea.MouseLeft {
		return nil
	}
	avail := ev.Width
	if avail <= 0 {
		avail = math.MaxInt32
	}
	width, body, blank := m.layout(avail, ev.Height)
	row, x := 1+len(body)+boolInt(blank), ev.X-2
	if width < modalMinWidth {
		row, x = 1+len(body), ev.X
	}
	if ev.Y != row {
		return nil
	}
	confirm, dismiss := m.modalButtons()
	switch {
	case x >= 0 && x < Width(confirm):
		return ModalConfirmed{ID: m.ID}
	case x >= Width(confirm)+Width(modalButtonGap) && x < Width(confirm)+Width(modalButtonGap)+Width(dismiss):
		return ModalDismissed{ID: m.ID}
	}
	return nil
}

// ShortHelp lists the keys for the help line: "←/→ choose • enter
// delete • esc/n dismiss", Enter named after the choice it picks now.
func (m Modal) ShortHelp() []key.Binding {
	km, move := m.keys(), defaultModalMove
	if m.Keys != nil {
		move = modalMove(km)
	}
	label := m.confirmLabel()
	if m.highlighted() == ModalDismiss {
		label = m.dismissLabel()
	}
	choose := km.Choose
	choose.SetEnabled(true)
	choose.SetHelp(km.Choose.Help().Key, strings.ToLower(label))
	return []key.Binding{move, choose, km.Dismiss}
}

// modalMove is the help entry that joins km's Left and Right: "←/→
// choose".
func modalMove(km ModalKeyMap) key.Binding {
	return key.NewBinding(key.WithKeys(append(slices.Clip(km.Left.Keys()), km.Right.Keys()...)...),
		key.WithHelp(firstHelpKey(km.Left)+"/"+firstHelpKey(km.Right), "choose"))
}

// defaultModalMove is modalMove of the default keys, built once.
var defaultModalMove = modalMove(defaultModalKeys)

// firstHelpKey is the first key a binding's help names ("←" of "←/h"), for
// a help entry that joins two bindings.
func firstHelpKey(b key.Binding) string {
	first, _, _ := strings.Cut(b.Help().Key, "/")
	return first
}

// Actions implements tea.ToolProvider: confirm and dismiss while visible,
// nothing while hidden. Both are sensitive; confirm is also destructive
// ("destructiveHint") when Destructive is set.
func (m Modal) Actions() []tea.Action {
	if !m.Visible {
		return nil
	}
	confirm := write("confirm", "Confirm the dialog, as a user would by choosing its confirm choice.", noArgsSpec.schema())
	if m.Destructive {
		// write's annotations are shared: a destructive confirm has its
		// own.
		confirm.Annotations = map[string]any{"sensitive": true, "destructiveHint": true}
	}
	return []tea.Action{
		confirm,
		write("dismiss", "Dismiss the dialog, as a user would by choosing its dismiss choice or pressing Esc.", noArgsSpec.schema()),
	}
}

// Invoke implements tea.ToolProvider.
func (m Modal) Invoke(action string, args map[string]any) (tea.Result, error) {
	if !actionOffered(m.Actions(), action) {
		return tea.Result{}, tea.UnknownActionError(m.WidgetKind(), action, m.Actions())
	}
	if _, err := noArgsSpec.bind(action, args); err != nil {
		return tea.Result{}, err
	}
	if action == "confirm" {
		return tea.Write(ModalConfirmed{ID: m.ID}), nil
	}
	return tea.Write(ModalDismissed{ID: m.ID}), nil
}

// ModalState is whether a Modal is open and which of its choices is
// highlighted. Update applies ModalHighlighted for ID; Open and Close show
// and hide the dialog, each putting the highlight back on the default
// choice. ModalConfirmed and ModalDismissed are left to the app, which
// acts and then calls Close.
type ModalState struct {
	ID          string      `json:"id"`
	Visible     bool        `json:"visible"`
	Highlighted ModalChoice `json:"highlighted"`
}

// View returns w, the Modal as the app configures it, showing the state:
// its ID is s.ID and its Visible and Highlighted come from s.
func (s *ModalState) View(w Modal) Modal {
	w.ID = s.ID
	w.Visible = s.Visible
	w.Highlighted = s.Highlighted
	return w
}

// Open shows the dialog with the default choice highlighted.
func (s *ModalState) Open() { s.Visible, s.Highlighted = true, "" }

// Close hides the dialog.
func (s *ModalState) Close() { s.Visible, s.Highlighted = false, "" }

// Update applies ModalHighlighted and reports whether it used msg.
func (s *ModalState) Update(msg tea.Msg) bool {
	m, ok := msg.(ModalHighlighted)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	s.Highlighted = m.Choice
	return true
}
