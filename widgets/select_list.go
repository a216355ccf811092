package widgets

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// DefaultListHeight is the number of lines a SelectList or Menu shows when
// its Height is 0.
const DefaultListHeight = 8

// SelectList is a list of options with one selected. Moving the selection
// (arrows or k and j, Home/End, PgUp/PgDown, a click, or the agent action select) sends
// SelectListSelected; Enter sends SelectListChosen. It shows a window of Height lines
// starting at Offset, moved only as far as keeps the selection in view, so
// a click selects the option under the pointer and the window stays. A
// disabled SelectList cannot be focused and offers reads only.
type SelectList struct {
	ID      string
	Label   string
	Options []string
	// Selected is the selected option's index, or -1 for none.
	Selected int
	// Height is the number of options shown at once (DefaultListHeight
	// when 0).
	Height int
	// Offset is the first option shown; Render moves it to keep Selected
	// in view. SelectListState keeps it, so the window scrolls only when
	// the selection leaves it. An app that leaves it 0 gets a window that
	// shows the selection on its last line once it is past the first
	// screen, and moves on a click.
	Offset int
	// Empty is what the list shows, muted, when it has no options: say
	// what that means for the app ("Nothing left to delete"). ""
	// shows "(no options)".
	Empty    string
	Disabled bool
	Exclude  bool
	// Keys overrides the keys it answers to; nil means DefaultSelectListKeyMap().
	Keys  *SelectListKeyMap
	Theme *Theme
}

// SelectListSelected reports a new selection in a SelectList.
type SelectListSelected struct {
	ID    string
	Index int
	Label string
}

// SelectListChosen reports Enter on a SelectList's selected option.
type SelectListChosen struct {
	ID    string
	Index int
	Label string
}

// SelectListKeyMap holds the keys of a SelectList.
type SelectListKeyMap struct {
	Up       key.Binding
	Down     key.Binding
	Home     key.Binding
	End      key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Choose   key.Binding
}

// DefaultSelectListKeyMap returns the keys a focused SelectList answers to.
func DefaultSelectListKeyMap() SelectListKeyMap {
	return SelectListKeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Home:     key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first")),
		End:      key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "last")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Choose:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose")),
	}
}

// defaultSelectListKeys is DefaultSelectListKeyMap built once, for keys(), which is
// asked on every key and every frame's help. It is never changed: keys()
// hands out copies, and no binding's key slice is written into.
var defaultSelectListKeys = DefaultSelectListKeyMap()

// keys returns Keys, or DefaultSelectListKeyMap() when it is nil.
func (l SelectList) keys() SelectListKeyMap {
	if l.Keys != nil {
		return *l.Keys
	}
	return defaultSelectListKeys
}

// Children implements tea.Node.
func (SelectList) Children() []tea.Node { return nil }

// WidgetID implements tea.Widget.
func (l SelectList) WidgetID() string { return l.ID }

// WidgetKind implements tea.Widget.
func (SelectList) WidgetKind() string { return "select_list" }

// CanFocus implements tea.Focusable.
func (l SelectList) CanFocus() bool { return !l.Disabled }

// Excluded implements tea.Excludable.
func (l SelectList) Excluded() bool { return l.Exclude }

// Describe implements tea.Describer: a listbox showing Height options at
// once, its options its parts (DescribeParts), a click on one selecting it
// (see ClickPart).
func (l SelectList) Describe() tea.Description {
	index, label := l.selection()
	height := l.Height
	if height <= 0 {
		height = DefaultListHeight
	}
	empty := l.Empty
	if empty == "" {
		empty = "(no options)"
	}
	return tea.Description{Label: l.Label, Role: "listbox", State: map[string]any{
		"selected": index, "selected_label": label, "options": len(l.Options), "disabled": l.Disabled,
	}, Value: label, Placeholder: empty, States: tea.States{Disabled: l.Disabled}, Lines: height}
}

// DescribeShown implements tea.ShownDescriber: a SelectList is never hidden.
func (l SelectList) DescribeShown() bool { return true }

// DescribeParts implements tea.PartsDescriber: every option, a click on
// one selecting it.
func (l SelectList) DescribeParts() []tea.Part {
	options := make([]tea.Part, len(l.Options))
	acts := newIndexActs(!l.Disabled, len(l.Options), "select", "index")
	for i, o := range l.Options {
		options[i] = tea.Part{Role: "option", Label: o, States: tea.States{Selected: i == l.Selected}, Action: acts.of(i)}
	}
	return options
}

// ClickPart implements tea.PartClicker: a click on the option already
// selected chooses it, as Enter does (and a second click in the terminal);
// a click on any other option selects it.
func (l SelectList) ClickPart(a tea.Act) (tea.Msg, bool, error) {
	i, ok := asNumber(a.Arg("index"))
	if a.Name != "select" || !ok || l.Disabled || i != float64(l.Selected) || l.Selected < 0 || l.Selected >= len(l.Options) {
		return nil, false, nil
	}
	return SelectListChosen{ID: l.ID, Index: l.Selected, Label: l.Options[l.Selected]}, true, nil
}

// Render implements tea.Widget: the label on its own line (when set), then
// a window of Height options keeping the selection in view. The selection
// is marked and highlighted, dimmer when unfocused.
func (l SelectList) Render(ctx tea.RenderContext) string {
	if ctx.Width <= 0 {
		return ""
	}
	t := themeIn(l.Theme, ctx)
	labelStyle, item, marked, marker := t.Normal, t.Normal, t.SelectedDim, t.Muted
	switch {
	case l.Disabled:
		labelStyle, item, marked, marker = t.Disabled, t.Disabled, t.Disabled.Reverse(true), t.Disabled
	case ctx.Focused:
		labelStyle, marked, marker = t.Accent, t.Selected, t.Accent
	}
	hasLabel, height := l.layout(ctx.Height)
	var out []string
	if hasLabel {
		out = append(out, labelStyle.Render(Fit(OneLine(l.Label), ctx.Width)))
	}
	if len(l.Options) == 0 {
		empty := OneLine(l.Empty)
		if empty == "" {
			empty = "(no options)"
		}
		out = append(out, t.Muted.Render(Fit(empty, ctx.Width)))
		return strings.Join(out, "\n")
	}
	index, _ := l.selection()
	top := followWindow(l.Offset, index, height, len(l.Options))
	for i := top; i < min(top+height, len(l.Options)); i++ {
		text := Fit(OneLine(l.Options[i]), max(ctx.Width-2, 0))
		if i == index {
			out = append(out, Fit(marker.Render("› ")+marked.Render(text), ctx.Width))
			continue
		}
		out = append(out, Fit("  "+item.Render(text), ctx.Width))
	}
	return strings.Join(out, "\n")
}

// layout says whether the label line is drawn and how many options are
// shown when the widget gets avail lines (0: unbounded).
func (l SelectList) layout(avail int) (label bool, height int) {
	label, height = OneLine(l.Label) != "", l.height()
	if avail > 0 {
		label = label && avail >= 2
		height = min(height, avail-boolInt(label))
	}
	return label, height
}

// height is the number of options shown at once.
func (l SelectList) height() int {
	if l.Height > 0 {
		return l.Height
	}
	return DefaultListHeight
}

// selection returns the selected index and label, or -1 and "" for none.
func (l SelectList) selection() (int, string) {
	if l.Selected < 0 || l.Selected >= len(l.Options) {
		return -1, ""
	}
	return l.Selected, l.Options[l.Selected]
}

// HandleKey implements tea.KeyHandler.
func (l SelectList) HandleKey(k tea.Key) tea.Msg {
	km := l.keys()
	n := len(l.Options)
	if l.Disabled || n == 0 {
		return nil
	}
	cur, _ := l.selection()
	next := cur
	switch {
	case key.Matches(k, km.Choose):
		if cur < 0 {
			return nil
		}
		return SelectListChosen{ID: l.ID, Index: cur, Label: l.Options[cur]}
	case key.Matches(k, km.Up):
		next = cur - 1
	case key.Matches(k, km.Down):
		next = cur + 1
	case key.Matches(k, km.Home):
		next = 0
	case key.Matches(k, km.End):
		next = n - 1
	case key.Matches(k, km.PageUp):
		next = cur - l.height()
	case key.Matches(k, km.PageDown):
		next = cur + l.height()
	default:
		return nil
	}
	return l.changed(next)
}

// changed selects index i, clamped to the options.
func (l SelectList) changed(i int) tea.Msg {
	i = max(0, min(i, len(l.Options)-1))
	return SelectListSelected{ID: l.ID, Index: i, Label: l.Options[i]}
}

// HandleMouse implements tea.MouseHandler: a left click on an option selects
// it and the wheel moves the selection. Y counts from the widget's first
// line, the label's when it has one; the event's Height, when known, is
// the height the list was drawn in.
func (l SelectList) HandleMouse(m tea.Mouse) tea.Msg {
	if l.Disabled || len(l.Options) == 0 {
		return nil
	}
	cur, _ := l.selection()
	switch m.Action {
	case tea.MouseWheelUp:
		return l.changed(cur - 1)
	case tea.MouseWheelDown:
		return l.changed(cur + 1)
	case tea.MousePress:
		if m.Button != tea.MouseLeft {
			return nil
		}
		label, height := l.layout(m.Height)
		row := m.Y - boolInt(label)
		top := followWindow(l.Offset, cur, height, len(l.Options))
		if row < 0 || row >= height || top+row >= len(l.Options) {
			return nil
		}
		if top+row == cur && cur >= 0 {
			// A click on the option already selected chooses it, as Enter
			// does: select, then click again to open.
			return SelectListChosen{ID: l.ID, Index: cur, Label: l.Options[cur]}
		}
		return l.changed(top + row)
	}
	return nil
}

// ShortHelp lists the keys for the help line.
func (l SelectList) ShortHelp() []key.Binding {
	km := l.keys()
	k := km
	return []key.Binding{k.Up, k.Down, k.Home, k.End, k.PageUp, k.PageDown, k.Choose}
}

// Actions implements tea.ToolProvider.
func (l SelectList) Actions() []tea.Action {
	var out []tea.Action
	if !l.Disabled {
		out = append(out, write("select", "Select the option at a 0-based index, as a user would by moving to it.",
			selectArgsSpec.schema()),
			write("choose", "Choose an option, as Enter does: the selected one, or the one at index.",
				chooseArgsSpec.schema()))
	}
	return append(out,
		readAs(read("get_selected", "Read the selected option's index and label (index -1 and an empty label when none is selected).", noArgsSpec.schema()), outSelected),
		readAs(read("get_options", "Read the options in display order.", noArgsSpec.schema()), outOptions),
	)
}

// selectArgs are the arguments of a SelectList's select.
type selectArgs struct {
	Index int `json:"index" jsonschema:"The 0-based index of the option to select." minimum:"0"`
}

// selectArgsSpec reads selectArgs once.
var selectArgsSpec = newArgSpec[selectArgs]()

// chooseArgs are the arguments of a SelectList's choose: an absent index
// chooses the selected option.
type chooseArgs struct {
	Index int `json:"index,omitempty" jsonschema:"The 0-based index of the option (default: the selected one)." minimum:"0"`
}

// chooseArgsSpec reads chooseArgs once.
var chooseArgsSpec = newArgSpec[chooseArgs]()

// Invoke implements tea.ToolProvider.
func (l SelectList) Invoke(action string, args map[string]any) (tea.Result, error) {
	if !actionOffered(l.Actions(), action) {
		return tea.Result{}, tea.UnknownActionError(l.WidgetKind(), action, l.Actions())
	}
	switch action {
	case "select":
		in, err := selectArgsSpec.bind(action, args, within("index", 0, len(l.Options)-1))
		if err != nil {
			return tea.Result{}, err
		}
		return tea.Write(SelectListSelected{ID: l.ID, Index: in.Index, Label: l.Options[in.Index]}), nil
	case "choose":
		in, err := chooseArgsSpec.bind(action, args, within("index", 0, len(l.Options)-1))
		if err != nil {
			return tea.Result{}, err
		}
		i, _ := l.selection()
		if _, given := args["index"]; given {
			i = in.Index
		} else if i < 0 {
			// nothing is selected: index is required
			_, err := intArg(action, "index", nil, 0, len(l.Options)-1)
			return tea.Result{}, err
		}
		return tea.Write(SelectListChosen{ID: l.ID, Index: i, Label: l.Options[i]}), nil
	case "get_selected":
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		index, label := l.selection()
		return tea.Read(map[string]any{"index": index, "label": label}), nil
	default: // get_options
		if _, err := noArgsSpec.bind(action, args); err != nil {
			return tea.Result{}, err
		}
		return tea.Read(map[string]any{"options": append([]string{}, l.Options...)}), nil
	}
}

// SelectListState is a SelectList's options, selection and scroll offset.
// Update applies SelectListSelected for ID.
type SelectListState struct {
	ID       string   `json:"id"`
	Options  []string `json:"options"`
	Selected int      `json:"selected"`
	Height   int      `json:"height"`
	Offset   int      `json:"offset"`
}

// View returns w, the SelectList as the app configures it, showing the state:
// its ID is s.ID and its Options, Selected, Height and Offset come from s.
func (s *SelectListState) View(w SelectList) SelectList {
	w.ID = s.ID
	w.Options = s.Options
	w.Selected = s.Selected
	w.Height = s.Height
	w.Offset = s.Offset
	return w
}

// Update applies SelectListSelected (clamped to the options), moving Offset
// only as far as keeps the selection in a window of Height lines, and
// reports whether it used msg.
func (s *SelectListState) Update(msg tea.Msg) bool {
	m, ok := msg.(SelectListSelected)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	s.Selected = max(-1, min(m.Index, len(s.Options)-1))
	s.Offset = followWindow(s.Offset, s.Selected, s.View(SelectList{}).height(), len(s.Options))
	return true
}
