package terminal

import (
	"context"
	"strings"
	"testing"

	bt "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// typist is a test-local focusable widget of any kind.
type typist struct{ id, kind string }

func (typist) Children() []tea.Node                  { return nil }
func (t typist) WidgetID() string                    { return t.id }
func (t typist) WidgetKind() string                  { return t.kind }
func (typist) CanFocus() bool                        { return true }
func (t typist) Render(ctx tea.RenderContext) string { return widgets.Fit(t.id, ctx.Width) }

// typists shows one typist per kind, ids "w0", "w1", ...
type typists []string

func (typists) Init() tea.Cmd                         { return nil }
func (m typists) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m typists) View() tea.Node {
	var items []tea.Node
	for i, kind := range m {
		items = append(items, typist{id: "w" + string(rune('0'+i)), kind: kind})
	}
	return tea.Column{Items: items}
}

// newAdapter starts m and returns an adapter drawing it on a 20x5 screen,
// with the events it queues.
func newAdapter(t *testing.T, m tea.Model, focus string) (adapter, *eventQueue) {
	t.Helper()
	rt, err := tea.Start(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	if focus != "" {
		if _, err := rt.Dispatch(context.Background(), tea.FocusMsg{ID: focus}); err != nil {
			t.Fatal(err)
		}
	}
	sh := &shared{events: newEventQueue()}
	a := adapter{rt: rt, sh: sh, snap: rt.Snapshot(), width: 20, height: 5, theme: defaultTheme}
	a.relayout()
	return a, sh.events
}

func TestWithThemeStylesTheChrome(t *testing.T) {
	theme := widgets.DefaultTheme()
	theme.Border = lipgloss.NewStyle().Foreground(lipgloss.Color("#123456"))
	theme.Error = lipgloss.NewStyle().Foreground(lipgloss.Color("#ABCDEF"))
	var o options
	WithTheme(theme)(&o)
	if o.theme != theme {
		t.Fatal("WithTheme did not keep the theme")
	}
	a, _ := newAdapter(t, boxed{}, "")
	a.theme = theme
	a.relayout()
	if got := a.frame.Styled(); !strings.Contains(got, "38;2;18;52;86") {
		t.Fatalf("the box border is not in the theme's colour: %q", got)
	}
	m, _ := a.Update(errorMsg{err: context.Canceled})
	if got := (*m.(*adapter)).View().Content; !strings.Contains(got, "38;2;171;205;239") {
		t.Fatalf("the error line is not in the theme's colour: %q", got)
	}
}

// boxed is an app that draws a box.
type boxed struct{}

func (boxed) Init() tea.Cmd                         { return nil }
func (b boxed) Update(tea.Msg) (tea.Model, tea.Cmd) { return b, nil }
func (boxed) View() tea.Node                        { return tea.Box{Title: "t", Child: tea.Label("x")} }

// queued drains the events the adapter queued.
func queued(events *eventQueue) []event {
	var out []event
	for {
		ev, ok := events.take()
		if !ok {
			return out
		}
		out = append(out, ev)
	}
}

func keysOf(evs []event) string {
	var s []string
	for _, ev := range evs {
		if ev.key != nil {
			s = append(s, ev.key.String())
		}
	}
	return strings.Join(s, " ")
}

// pastesOf is the text of the paste events among evs.
func pastesOf(evs []event) []string {
	var out []string
	for _, ev := range evs {
		if ev.paste != nil {
			out = append(out, *ev.paste)
		}
	}
	return out
}

// fields shows a TextInput "f", a TextArea "a" and a PasswordField "p",
// each holding value (every TextChanged sets it), with a CharLimit of limit
// (the default when 0); and a list "l", which takes no text.
type fields struct {
	value string
	limit int
	keys  int // the keys that reached Update
}

func (fields) Init() tea.Cmd { return nil }
func (m fields) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case widgets.TextChanged:
		m.value = msg.Value
	case tea.KeyMsg:
		m.keys++
	}
	return m, nil
}
func (m fields) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		widgets.TextInput{ID: "f", Value: m.value, CharLimit: m.limit},
		widgets.TextArea{ID: "a", Value: m.value, CharLimit: m.limit, Height: 1},
		widgets.PasswordField{ID: "p", Value: m.value, CharLimit: m.limit},
		widgets.SelectList{ID: "l", Options: []string{"one", "two"}},
	}}
}

// pasteInto pastes text into m with focus on the widget focus, as the
// worker does, and returns the model after it and the error
// the status line shows.
func pasteInto(t *testing.T, m fields, focus, text string) (fields, error) {
	t.Helper()
	rt, err := tea.Start(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	if _, err := rt.Dispatch(context.Background(), tea.FocusMsg{ID: focus}); err != nil {
		t.Fatal(err)
	}
	err = paste(context.Background(), rt, text)
	return rt.Snapshot().Model.(fields), err
}

// A paste reaches the worker as one event holding the whole text, however
// long, not as one key per character: one Update and one redraw, and the
// queue never fills up in front of Ctrl+C.
func TestPasteIsOneEvent(t *testing.T) {
	long := strings.Repeat("0123456789", 6000)
	tests := []struct {
		name, focus, paste string
	}{
		{"a word into a text input", "f", "hello"},
		{"lines into a text area", "a", "foo\nbar\r\nbaz"},
		{"a secret into a password field", "p", "s3cret"},
		{"60,000 characters into a text area", "a", long},
		{"4,000 characters into a text input", "f", long[:4000]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, events := newAdapter(t, fields{}, tt.focus)
			m, _ := a.Update(bt.PasteMsg{Content: tt.paste})
			evs := queued(events)
			if got := pastesOf(evs); len(evs) != 1 || len(got) != 1 || got[0] != tt.paste {
				t.Fatalf("paste of %d characters queued %d events (keys %.40q), want one paste of the whole text", len(tt.paste), len(evs), keysOf(evs))
			}
			if status := (*m.(*adapter)).status; status != "" {
				t.Fatalf("status %q after a paste", status)
			}
		})
	}
}

// A paste is one edit of the focused field: one Update, the text at the
// cursor, line breaks as Enter types them in a text area and as spaces in
// a one-line field.
func TestPasteIsOneEdit(t *testing.T) {
	long := strings.Repeat("0123456789", 6000)
	tests := []struct {
		name, value, focus, paste, want string
	}{
		{"into a text input", "ab", "f", "cd", "abcd"},
		{"line breaks are spaces in a text input", "", "f", "foo\nbar\r\nbaz\tq", "foo bar baz q"},
		{"line breaks are kept in a text area, a CRLF once", "", "a", "foo\nbar\r\nbaz\rq", "foo\nbar\nbaz\nq"},
		{"into a password field", "s3", "p", "cret", "s3cret"},
		{"60,000 characters into a text area", "", "a", long, long},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := pasteInto(t, fields{value: tt.value}, tt.focus, tt.paste)
			if err != nil {
				t.Fatalf("paste: %v", err)
			}
			if m.value != tt.want {
				t.Fatalf("after the paste the field holds %.60q, want %.60q", m.value, tt.want)
			}
		})
	}
}

// Pasted text never reaches a widget that takes no text, or the app, as
// keys: a "q" in it would quit the app, every "j" move a list. The status
// line says the paste was ignored.
func TestPasteIntoAWidgetThatTakesNoTextIsIgnored(t *testing.T) {
	tests := []struct {
		name, focus string
		status      []string
	}{
		{"a list", "l", []string{"paste ignored", "select_list", `"l"`, "takes no text"}},
		{"nothing focused", "", []string{"paste ignored", "no text field has focus"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m fields
			var err error
			if tt.focus == "" {
				_, err = pasteOn(tea.Snapshot{Model: m, View: m.View()}, "jjjq")
			} else {
				m, err = pasteInto(t, m, tt.focus, "jjjq")
			}
			if m.keys != 0 || m.value != "" {
				t.Fatalf("the paste reached the app: %d keys, value %q", m.keys, m.value)
			}
			if err == nil {
				t.Fatal("no status for an ignored paste")
			}
			for _, want := range tt.status {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("status %q does not say %q", err, want)
				}
			}
		})
	}
}

// A paste holding a character type_into refuses is refused whole, and the
// status line says which character, where, and the rule.
func TestPasteRefusesWhatTypeIntoRefuses(t *testing.T) {
	const control = "a control character (C0, DEL or C1) is never typed as text"
	tests := []struct {
		name, focus, paste string
		want               []string
	}{
		{"an 8-bit CSI", "f", "ab\u009b31m", []string{"U+009B at character 3", control}},
		{"a C1 NEL", "a", "x\u0085", []string{"U+0085 at character 2", control}},
		{"an escape", "f", "\x1b[2J", []string{"U+001B at character 1", control}},
		{"a NUL", "a", "a\r\nb\x00", []string{"U+0000 at character 5", control}},
		{"delete", "p", "\x7f", []string{"U+007F at character 1", control}},
		{"a right-to-left override", "f", "evil\u202etxt.exe", []string{"U+202E RIGHT-TO-LEFT OVERRIDE at character 5", "bidirectional"}},
		{"an isolate", "a", "a\n\u2066b", []string{"U+2066 LEFT-TO-RIGHT ISOLATE at character 3", "bidirectional"}},
		{"a line separator", "f", "a\u2028b", []string{"U+2028 LINE SEPARATOR at character 2", "line or paragraph separator"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := pasteInto(t, fields{value: "v"}, tt.focus, tt.paste)
			if m.value != "v" {
				t.Fatalf("paste %q typed: the field holds %q", tt.paste, m.value)
			}
			if err == nil {
				t.Fatalf("paste %q was not refused", tt.paste)
			}
			for _, want := range append([]string{"paste refused"}, tt.want...) {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("status %q does not say %q", err, want)
				}
			}
		})
	}
}

// The worker tells a refused paste to the status line.
func TestWorkerShowsARefusedPaste(t *testing.T) {
	rt, err := tea.Start(context.Background(), fields{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	if _, err := rt.Dispatch(context.Background(), tea.FocusMsg{ID: "l"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := newEventQueue()
	sent := make(chan bt.Msg, 1)
	events.serve((&worker{ctx: ctx, rt: rt, opensHelp: true, send: func(m bt.Msg) { sent <- m }}).handle)
	text := "q"
	events.put(event{paste: &text}, nil)
	msg := <-sent
	cancel()
	events.close()
	if e, ok := msg.(errorMsg); !ok || !strings.Contains(e.err.Error(), "paste ignored") {
		t.Fatalf("the worker sent %#v, want the paste ignored on the status line", msg)
	}
}

// A key whose text tea.Untypable refuses (a C1 control such as the 8-bit
// CSI, a bidirectional override) reaches neither a widget nor the app.
func TestKeyTypingAnUntypableCharacterIsDropped(t *testing.T) {
	a, events := newAdapter(t, typists{"text_input"}, "w0")
	a.Update(bt.KeyPressMsg{Code: 0x9b, Text: "\u009b"})
	a.Update(bt.KeyPressMsg{Code: 'a', Text: "a\u0085"})
	a.Update(bt.KeyPressMsg{Code: 0x202e, Text: "\u202e"})
	if got := keysOf(queued(events)); got != "a" {
		t.Fatalf("queued keys %q, want only a", got)
	}
}

func TestCtrlCQuitsWhateverLockIsOn(t *testing.T) {
	for _, mod := range []bt.KeyMod{bt.ModCtrl, bt.ModCtrl | bt.ModNumLock, bt.ModCtrl | bt.ModCapsLock, bt.ModCtrl | bt.ModScrollLock} {
		a, events := newAdapter(t, typists{"x"}, "")
		_, cmd := a.Update(bt.KeyPressMsg{Code: 'c', Mod: mod})
		if cmd == nil {
			t.Fatalf("ctrl+c with mods %v did not quit", mod)
		}
		if _, ok := cmd().(bt.QuitMsg); !ok {
			t.Fatalf("ctrl+c with mods %v gave %T, want a quit", mod, cmd())
		}
		if evs := queued(events); len(evs) != 0 {
			t.Fatalf("ctrl+c reached the app: %v", keysOf(evs))
		}
	}
}

func TestHoverFollowsTheMouseWithoutAButton(t *testing.T) {
	a, events := newAdapter(t, typists{"x", "y"}, "")
	if mode := a.View().MouseMode; mode != bt.MouseModeAllMotion {
		t.Fatalf("mouse mode %v: a terminal reports motion without a button only in all-motion mode", mode)
	}
	var hovers []string
	for _, y := range []int{0, 0, 1, 1, 0, 3} {
		m, _ := a.Update(bt.MouseMotionMsg{X: 0, Y: y})
		a = (*m.(*adapter))
		for _, ev := range queued(events) {
			if !ev.hover {
				t.Fatalf("a motion without a button queued %+v", ev)
			}
			hovers = append(hovers, ev.id)
		}
	}
	if got := strings.Join(hovers, ","); got != "w0,w1,w0," {
		t.Fatalf("hover changes queued %q, want one per change: w0,w1,w0,", got)
	}
}

// A paste the focused field has no room for is refused whole, naming the
// limit, as type_into refuses it; one that fits is pasted.
func TestPasteKeepsToTheFieldsCharLimit(t *testing.T) {
	tests := []struct {
		name, value, paste string
		want               string // the value after
		status             string // what the status line says
	}{
		{"fits", "ab", "cde", "abcde", ""},
		{"one too many", "ab", "cdef", "ab", "paste refused: 4 characters added to the 2 already there would make 6, over the field's limit of 5 (its CharLimit)"},
		{"a CRLF counts once", "ab", "c\r\nd", "abc d", ""},
		{"a full field", "abcde", "x", "abcde", "over the field's limit of 5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := pasteInto(t, fields{value: tt.value, limit: 5}, "f", tt.paste)
			if m.value != tt.want {
				t.Fatalf("paste %q: the field holds %q, want %q", tt.paste, m.value, tt.want)
			}
			status := ""
			if err != nil {
				status = err.Error()
			}
			if !strings.Contains(status, tt.status) || (tt.status == "") != (status == "") {
				t.Fatalf("status %q, want %q", status, tt.status)
			}
		})
	}
}
