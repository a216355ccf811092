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
func newAdapter(t *testing.T, m tea.Model, focus string) (adapter, <-chan event) {
	t.Helper()
	rt, err := tea.Start(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	if focus != "" {
		if err := rt.Focus(context.Background(), focus); err != nil {
			t.Fatal(err)
		}
	}
	sh := &shared{events: make(chan event, 256)}
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
	if got := m.(adapter).View().Content; !strings.Contains(got, "38;2;171;205;239") {
		t.Fatalf("the error line is not in the theme's colour: %q", got)
	}
}

// boxed is an app that draws a box.
type boxed struct{}

func (boxed) Init() tea.Cmd                         { return nil }
func (b boxed) Update(tea.Msg) (tea.Model, tea.Cmd) { return b, nil }
func (boxed) View() tea.Node                        { return tea.Box{Title: "t", Child: tea.Label("x")} }

// queued drains the events the adapter queued.
func queued(events <-chan event) []event {
	var out []event
	for {
		select {
		case ev := <-events:
			out = append(out, ev)
		default:
			return out
		}
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

func TestPasteKeepsLineBreaks(t *testing.T) {
	tests := []struct {
		name  string
		kind  string
		paste string
		want  string
	}{
		{name: "as Enter in a text area", kind: "text_area", paste: "foo\nbar", want: "f o o enter b a r"},
		{name: "a CRLF is one Enter", kind: "text_area", paste: "a\r\nb\rc", want: "a enter b enter c"},
		{name: "as a space in a one-line input", kind: "text_input", paste: "foo\nbar", want: "f o o space b a r"},
		{name: "a CRLF is one space", kind: "text_input", paste: "a\r\nb", want: "a space b"},
		{name: "a tab is a space", kind: "text_area", paste: "a\tb", want: "a space b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, events := newAdapter(t, typists{tt.kind}, "w0")
			a.Update(bt.PasteMsg{Content: tt.paste})
			if got := keysOf(queued(events)); got != tt.want {
				t.Fatalf("paste %q queued keys %q, want %q", tt.paste, got, tt.want)
			}
		})
	}
}

// A paste holding a character type_into refuses is refused whole, and the
// status line says which character, where, and the rule.
func TestPasteRefusesWhatTypeIntoRefuses(t *testing.T) {
	const control = "a control character (C0, DEL or C1) is never typed as text"
	tests := []struct {
		name, kind, paste string
		want              []string
	}{
		{"an 8-bit CSI", "text_input", "ab\u009b31m", []string{"U+009B at character 3", control}},
		{"a C1 NEL", "text_area", "x\u0085", []string{"U+0085 at character 2", control}},
		{"an escape", "text_input", "\x1b[2J", []string{"U+001B at character 1", control}},
		{"a NUL", "text_area", "a\r\nb\x00", []string{"U+0000 at character 5", control}},
		{"delete", "list", "\x7f", []string{"U+007F at character 1", control}},
		{"a right-to-left override", "text_input", "evil\u202etxt.exe", []string{"U+202E RIGHT-TO-LEFT OVERRIDE at character 5", "bidirectional"}},
		{"an isolate", "text_area", "a\n\u2066b", []string{"U+2066 LEFT-TO-RIGHT ISOLATE at character 3", "bidirectional"}},
		{"a line separator", "text_input", "a\u2028b", []string{"U+2028 LINE SEPARATOR at character 2", "line or paragraph separator"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, events := newAdapter(t, typists{tt.kind}, "w0")
			m, _ := a.Update(bt.PasteMsg{Content: tt.paste})
			if got := keysOf(queued(events)); got != "" {
				t.Fatalf("paste %q queued keys %q, want none", tt.paste, got)
			}
			status := m.(adapter).status
			for _, want := range append([]string{"paste refused"}, tt.want...) {
				if !strings.Contains(status, want) {
					t.Errorf("status %q does not say %q", status, want)
				}
			}
		})
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
		a = m.(adapter)
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

// limited shows one TextInput holding value, with a CharLimit of 5.
type limited string

func (limited) Init() tea.Cmd                         { return nil }
func (m limited) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m limited) View() tea.Node {
	return widgets.TextInput{ID: "f", Value: string(m), CharLimit: 5}
}

// A paste the focused field has no room for is refused whole, naming the
// limit, as type_into refuses it; one that fits is typed.
func TestPasteKeepsToTheFieldsCharLimit(t *testing.T) {
	tests := []struct {
		name, value, paste string
		want               string // the keys queued
		status             string // what the status line says
	}{
		{"fits", "ab", "cde", "c d e", ""},
		{"one too many", "ab", "cdef", "", "paste refused: 4 characters added to the 2 already there would make 6, over the field's limit of 5 (its CharLimit)"},
		{"a CRLF counts once", "ab", "c\r\nd", "c space d", ""},
		{"a full field", "abcde", "x", "", "over the field's limit of 5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, events := newAdapter(t, limited(tt.value), "f")
			m, _ := a.Update(bt.PasteMsg{Content: tt.paste})
			if got := keysOf(queued(events)); got != tt.want {
				t.Fatalf("paste %q queued keys %q, want %q", tt.paste, got, tt.want)
			}
			if status := m.(adapter).status; !strings.Contains(status, tt.status) || (tt.status == "") != (status == "") {
				t.Fatalf("status %q, want %q", status, tt.status)
			}
		})
	}
}
