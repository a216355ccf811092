package terminal_test

import (
	"context"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// reader is a program run in the accessible mode on an emulated terminal
// (wide, so that no spoken line wraps), as a screen reader's user runs it:
// every byte it wrote, the emulator's screen, and a keyboard.
type reader struct {
	t     *testing.T
	out   termtest.SyncBuffer
	term  *termtest.Terminal
	done  chan error
	ended bool
}

func runAccessible(t *testing.T, m tea.Model, opts ...terminal.Option) *reader {
	t.Helper()
	r := &reader{t: t, term: termtest.NewTerminal(t, 1000, 40), done: make(chan error, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	opts = append([]terminal.Option{
		terminal.WithInput(r.term),
		terminal.WithOutput(io.MultiWriter(&r.out, r.term)),
		terminal.WithSize(80, 24),
		terminal.WithAccessible(),
	}, opts...)
	go func() { r.done <- terminal.Run(ctx, m, opts...) }()
	t.Cleanup(func() { // before the terminal's own clean-up: Run writes to it
		cancel()
		if !r.ended {
			select {
			case <-r.done:
			case <-time.After(10 * time.Second):
				t.Error("Run did not return after its context was cancelled")
			}
		}
	})
	return r
}

// mark is where the lines said so far end: after reads what comes next.
func (r *reader) mark() int { return len(r.out.String()) }

// after is what was written since mark.
func (r *reader) after(mark int) string { return r.out.String()[mark:] }

// waitFor waits for a line that is exactly want, said after mark.
func (r *reader) waitFor(mark int, want string) {
	r.t.Helper()
	termtest.Eventually(r.t, "the lines", func() string { return "\r\n" + r.after(mark) }, "\r\n"+want+"\r\n", nil)
}

// press types keys.
func (r *reader) press(keys string) { r.t.Helper(); r.term.Type(r.t, keys) }

// quit presses Ctrl+C and waits for Run to return.
func (r *reader) quit() {
	r.t.Helper()
	r.press("\x03")
	select {
	case err := <-r.done:
		r.ended = true
		if err != nil {
			r.t.Fatalf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		r.t.Fatal("Run did not return after Ctrl+C")
	}
}

// lines are the lines written so far (the last, unfinished one left out).
func (r *reader) lines() []string {
	ls := strings.Split(r.out.String(), "\r\n")
	return ls[:len(ls)-1]
}

// checkPlainLines fails unless out is lines of plain text, each ended by
// "\r\n": no escape sequence (so no cursor movement, erasing, colour or
// alternate screen), no other control character (a lone carriage return
// or a backspace would overwrite), no box-drawing character.
func checkPlainLines(t *testing.T, out string) {
	t.Helper()
	if !strings.HasSuffix(out, "\r\n") {
		t.Errorf("the output does not end a line: %q", tail(out))
	}
	prev := rune(0)
	for i, r := range out {
		switch {
		case r == '\n' && prev != '\r', r == '\r' && !strings.HasPrefix(out[i:], "\r\n"):
			t.Fatalf("a line break that is not \\r\\n at byte %d: %q", i, around(out, i))
		case r == '\x1b' || r == '\u009b':
			t.Fatalf("an escape sequence at byte %d: %q", i, around(out, i))
		case r != '\r' && r != '\n' && unicode.IsControl(r):
			t.Fatalf("control character %U at byte %d: %q", r, i, around(out, i))
		case r >= 0x2500 && r <= 0x257F:
			t.Fatalf("box-drawing character %c at byte %d: %q", r, i, around(out, i))
		}
		prev = r
	}
}

// checkScreenIsTheLastLines fails unless the emulator shows the last
// lines written, in order, under one another: nothing was drawn over.
func (r *reader) checkScreenIsTheLastLines() {
	r.t.Helper()
	rows := strings.Split(r.term.Screen(), "\n")
	for i := range rows {
		rows[i] = strings.TrimRight(rows[i], " ")
	}
	for len(rows) > 0 && rows[len(rows)-1] == "" {
		rows = rows[:len(rows)-1]
	}
	lines := r.lines()
	if len(rows) > len(lines) {
		r.t.Fatalf("the screen has %d rows, more than the %d lines written:\n%s", len(rows), len(lines), strings.Join(rows, "\n"))
	}
	want := lines[len(lines)-len(rows):]
	for i := range rows {
		if rows[i] != want[i] {
			r.t.Fatalf("screen row %d is %q, not the line written %q; screen:\n%s", i, rows[i], want[i], strings.Join(rows, "\n"))
		}
	}
}

func tail(s string) string {
	if len(s) > 80 {
		return s[len(s)-80:]
	}
	return s
}

func around(s string, i int) string {
	return s[max(i-40, 0):min(i+40, len(s))]
}

// Every demo, and the catalog, in the accessible mode: what it writes,
// while keys move focus and ask for the help, is plain lines only ever
// appended, which a virtual terminal shows one under the other.
func TestAccessibleModeWritesEachDemoAsAppendOnlyPlainLines(t *testing.T) {
	apps := append([]playground.App{{Name: "catalog", New: func() tea.Model { return playground.NewBrowser() }}}, playground.Catalog()...)
	for _, app := range apps {
		t.Run(app.Name, func(t *testing.T) {
			r := runAccessible(t, app.New(), terminal.WithAppName(app.Name))
			r.waitFor(0, app.Name)
			for _, keys := range []string{"\t", "\x1b[Z", "\t", "?"} {
				m := r.mark()
				r.press(keys)
				if keys == "?" {
					// Said whatever the focus: the help, the character
					// typed into a field, or a change of the app's.
					termtest.Eventually(t, "the lines after ?", func() string { return r.after(m) }, "\r\n", nil)
				}
			}
			r.quit()
			out := r.out.String()
			checkPlainLines(t, out)
			r.checkScreenIsTheLastLines()
			if app.Name != "runtime" && !strings.Contains(out, "\r\nfocus: ") {
				t.Errorf("%s: the focused widget was never said:\n%s", app.Name, out)
			}
		})
	}
}

// The counter as a person with a screen reader first hears it, and as each
// key changes it: only what changed.
func TestAccessibleModeSaysTheOutlineThenOnlyWhatChanged(t *testing.T) {
	r := runAccessible(t, playground.NewCounter(), terminal.WithAppName("counter"))
	r.waitFor(0, "focus: button +1")
	want := []string{
		"counter",
		"Count: 0",
		"button +1",
		"button −1",
		"button Reset, disabled (the count is 0)",
		"tab: next button · enter/space: press",
		"focus: button +1",
	}
	if got := r.lines(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the outline is\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	m := r.mark()
	r.press("\r")
	r.waitFor(m, "Count: 1")
	r.waitFor(m, "button Reset")
	r.press("\t\t")
	r.waitFor(m, "focus: button Reset")
	r.press("\r")
	r.waitFor(m, "Count: 0")
	r.waitFor(m, "button Reset, disabled (the count is 0)")
	r.waitFor(m, "focus: button −1") // Reset is disabled again: focus leaves it
	m = r.mark()
	r.press("?")
	r.waitFor(m, "help:")
	r.waitFor(m, "enter press")
	r.waitFor(m, "tab next widget, shift+tab previous widget, q/esc quit")
	r.quit()
	// Nothing already said is said again: "Count: 1" once, the buttons
	// +1 and −1 once (in the outline).
	for line, n := range map[string]int{"Count: 1": 1, "button +1": 1, "button −1": 1} {
		if got := strings.Count("\r\n"+r.out.String(), "\r\n"+line+"\r\n"); got != n {
			t.Errorf("%q said %d times, want %d:\n%s", line, got, n, r.out.String())
		}
	}
	checkPlainLines(t, r.out.String())
}

// A person signs in by keys alone, hearing each step: the form, the
// complaint about an empty email, what they type (but nothing of the
// password), the checkbox, the button and the result.
func TestAccessibleLoginByKeysAlone(t *testing.T) {
	b, err := playground.NewBrowserAt("login")
	if err != nil {
		t.Fatal(err)
	}
	r := runAccessible(t, b, terminal.WithAppName("playground"))
	r.waitFor(0, "focus: textbox Email, empty")
	for _, line := range []string{"group Sign in", "Sign in to Facet Cloud", "textbox Password, secret", "checkbox Remember me, not checked", "button Sign in"} {
		r.waitFor(0, line)
	}

	m := r.mark()
	r.press("\r")
	r.waitFor(m, "Enter your email address")

	m = r.mark()
	r.press("ada@example.com")
	// What is typed is said as it is typed, in one or more pieces.
	termtest.Eventually(t, "the characters said", func() string {
		said := strings.Split(r.after(m), "\r\n")
		var typed []string
		for _, l := range said {
			if l != "Enter your email and password, then press Sign in." {
				typed = append(typed, l)
			}
		}
		return strings.Join(typed, "")
	}, "ada@example.com", nil)

	m = r.mark()
	r.press("\t")
	r.waitFor(m, "focus: textbox Password, secret")
	m = r.mark()
	r.press("hunter2\t")
	r.waitFor(m, "focus: checkbox Remember me, not checked")
	if said := r.after(m); said != "focus: checkbox Remember me, not checked\r\n" {
		t.Fatalf("typing the password said %q, want nothing", said)
	}
	r.press(" ")
	r.waitFor(m, "checked")
	r.press("\t")
	r.waitFor(m, "focus: button Sign in")
	m = r.mark()
	r.press("\r")
	r.waitFor(m, "Signed in as ada@example.com")
	r.waitFor(m, "Remembered on this device.")
	r.quit()
	out := r.out.String()
	if strings.Contains(out, "hunter2") || strings.Contains(out, "•") {
		t.Errorf("the password, or its length, was said:\n%s", out)
	}
	checkPlainLines(t, out)
}

// A person searches by keys alone: types a query, submits it, hears how
// many repositories match and the first, moves to the table and down its
// rows hearing each repository, and sorts it.
func TestAccessibleSearchByKeysAlone(t *testing.T) {
	// What the demo finds for "terminal", from the model itself.
	var model tea.Model = playground.NewSearch()
	for _, msg := range []tea.Msg{widgets.TextSubmitted{ID: "search", Value: "terminal"}} {
		model, _ = model.Update(msg)
	}
	s := model.(playground.SearchDemo)
	rows := s.Results()
	if len(rows) < 2 {
		t.Fatalf("the search demo finds %d repositories for terminal: the test needs two", len(rows))
	}

	b, err := playground.NewBrowserAt("search")
	if err != nil {
		t.Fatal(err)
	}
	r := runAccessible(t, b, terminal.WithAppName("playground"))
	r.waitFor(0, "focus: textbox Search, empty")
	m := r.mark()
	r.press("terminal\r")
	r.waitFor(m, s.Status())
	termtest.Eventually(t, "the lines", func() string { return r.after(m) }, "\r\n"+rows[0][0]+" — ", nil)
	m = r.mark()
	r.press("\t\t")
	r.waitFor(m, "focus: table, "+strconv.Itoa(len(rows))+" rows, row 1 selected, sorted by stars descending")
	m = r.mark()
	r.press("\x1b[B") // Down
	r.waitFor(m, "row 2 selected")
	termtest.Eventually(t, "the lines", func() string { return r.after(m) }, "\r\n"+rows[1][0]+" — ", nil)
	m = r.mark()
	r.press("s")
	termtest.Eventually(t, "the lines", func() string { return r.after(m) }, "sorted by stars ascending", nil)
	r.quit()
	checkPlainLines(t, r.out.String())
}

// A dialog is said with its body, its choices and its keys when it opens,
// the choice the arrows move to, and that it closed.
func TestAccessibleModeReadsADialog(t *testing.T) {
	r := runAccessible(t, playground.NewConfirm())
	r.waitFor(0, "focus: listbox Files: notes/2026-03-01-standup.md, 1 of 6")
	m := r.mark()
	r.press("\t\r")
	r.waitFor(m, "focus: dialog Delete this file?: notes/2026-03-01-standup.md will be deleted. This cannot be undone. Delete or Keep, Keep selected — ←/→ choose, enter keep, esc/n dismiss")
	m = r.mark()
	r.press("\x1b[D") // Left
	r.waitFor(m, "Delete selected")
	m = r.mark()
	r.press("\x1b") // Esc
	r.waitFor(m, "closed: dialog Delete this file?")
	r.waitFor(m, "listbox Files: notes/2026-03-01-standup.md, 1 of 6")
	r.quit()
	checkPlainLines(t, r.out.String())
}

// What an agent does on the session is said as it happens: that it
// attached, what it changed, what it asks the person (who answers with a
// key) and that it left.
func TestAccessibleModeAnnouncesAnAgentsChange(t *testing.T) {
	ctx := context.Background()
	rt, err := tea.Start(ctx, playground.NewCounter())
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	r := runAccessible(t, nil, terminal.WithRuntime(rt))
	r.waitFor(0, "focus: button +1")

	m := r.mark()
	dispatch(t, rt, tea.AttachAgentMsg{Agent: "claude"})
	r.waitFor(m, "agent claude attached (ctrl+] detach)")
	m = r.mark()
	dispatch(t, rt, tea.KeyInputMsg{Key: tea.Key{Code: tea.KeyEnter}, Agent: "claude"})
	r.waitFor(m, "agent claude: Count: 1")
	m = r.mark()
	r.press("\r") // the person's own press is said plainly
	r.waitFor(m, "Count: 2")
	if strings.Contains(r.out.String()[m:], "agent claude: Count: 2") {
		t.Fatal("the person's press was said as the agent's")
	}

	m = r.mark()
	reply := make(chan bool, 1)
	dispatch(t, rt, tea.AskHumanMsg{Agent: "claude", Text: "read the model", Reply: reply})
	r.waitFor(m, "agent claude asks: read the model (y allow once, n deny)")
	r.press("y")
	select {
	case allowed := <-reply:
		if !allowed {
			t.Fatal("y denied the agent's question")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("y did not answer the agent's question")
	}

	m = r.mark()
	dispatch(t, rt, tea.DetachAgentMsg{Agent: "claude"})
	r.waitFor(m, "agent claude detached")
	m = r.mark()
	r.press("\x1d") // Ctrl+]: the person keeps agents out
	r.waitFor(m, "agents detached (ctrl+] allow)")
	r.quit()
	checkPlainLines(t, r.out.String())
}

// With WithAgentLabel, an agent's label is said each time it changes: what
// the agent says it did.
func TestAccessibleModeSaysAnAgentsLabel(t *testing.T) {
	ctx := context.Background()
	rt, err := tea.Start(ctx, playground.NewCounter())
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	steps := make(chan string, 1)
	steps <- "explorer a1: started"
	last := ""
	label := func(p string) string {
		select {
		case last = <-steps:
		default:
		}
		if p == "mcp:1" && last != "" {
			return last
		}
		return p
	}
	r := runAccessible(t, nil, terminal.WithRuntime(rt), terminal.WithAgentLabel(label))
	r.waitFor(0, "focus: button +1")
	m := r.mark()
	dispatch(t, rt, tea.AttachAgentMsg{Agent: "mcp:1"})
	r.waitFor(m, "agent explorer a1: started")
	steps <- "explorer a1: clicked inc"
	dispatch(t, rt, tea.KeyInputMsg{Key: tea.Key{Code: tea.KeyEnter}, Agent: "mcp:1"})
	r.waitFor(m, "agent explorer a1: clicked inc")
	r.quit()
}

func dispatch(t *testing.T, rt *tea.Runtime, msg tea.Msg) {
	t.Helper()
	if _, err := rt.Dispatch(context.Background(), msg); err != nil {
		t.Fatalf("Dispatch(%T): %v", msg, err)
	}
}

// AccessibleEnv reads ACCESSIBLE as huh's examples do, with
// strconv.ParseBool.
func TestAccessibleEnvReadsACCESSIBLEAsHuhDoes(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want bool
	}{
		{nil, false},
		{[]string{"ACCESSIBLE="}, false},
		{[]string{"ACCESSIBLE=1"}, true},
		{[]string{"ACCESSIBLE=true"}, true},
		{[]string{"ACCESSIBLE=TRUE"}, true},
		{[]string{"ACCESSIBLE=t"}, true},
		{[]string{"ACCESSIBLE=0"}, false},
		{[]string{"ACCESSIBLE=false"}, false},
		{[]string{"ACCESSIBLE=yes"}, false},
		{[]string{"ACCESSIBLE=1", "ACCESSIBLE=0"}, false},
		{[]string{"NOT_ACCESSIBLE=1"}, false},
	} {
		if got := terminal.AccessibleEnv(c.env); got != c.want {
			t.Errorf("AccessibleEnv(%q) = %v, want %v", c.env, got, c.want)
		}
	}
}
