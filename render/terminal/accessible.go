package terminal

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	bt "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"github.com/facetui/facet/tea"
)

// WithAccessible runs the program in the accessible mode, for people who
// use a screen reader: the terminal is not drawn but spoken, in plain
// lines that are only ever appended, so that a screen reader reads each
// once and in order. There is no alternate screen, no box drawing, no
// colour, no cursor movement and no redraw.
//
// On start it writes the screen's outline: every widget as its role, name,
// value and states ("textbox Email, empty", "button Reset, disabled (the
// count is 0)"), and every line of text, in reading order, then the
// focused widget ("focus: button +1"). After that it writes only what
// changed: a widget or a text that changed, as its new line ("Count: 3");
// focus that moved ("focus: button Sign in"); a dialog that opened, with
// its keys ("dialog Delete this file?: … — enter choose, y confirm, esc/n
// dismiss"), or closed; what the person types into the focused field, as
// it is typed (nothing of a masked field); notifications ("success:
// Saved"); mistakes in the app's tree, once each ("warning: tree: duplicate
// id ..."; see tea.TreeProblems); and agents that attach, detach or ask
// ("agent mcp:3 attached").
//
// The lines come from the widgets' descriptions (tea.Describer), the same
// the MCP renderer gives agents: an app's own widget is read as well as a
// built-in one once it describes itself.
//
// Keys work as ever (Tab moves focus, the focused widget takes its keys);
// ? (while nothing uses it) reads the focused widget's keys and the
// terminal's instead of opening the full help. Mouse reports and
// bracketed paste are not turned on. When the input is a local terminal
// it is put in raw mode for the run, as Bubble Tea does, so that keys
// arrive as they are pressed. WithLineOutput is then ignored: the
// accessible mode draws nothing.
func WithAccessible() Option { return func(o *options) { o.accessible = true } }

// AccessibleEnv reports whether the environment env (as os.Environ gives
// it) asks for the accessible mode: ACCESSIBLE set to a true value as
// strconv.ParseBool reads it ("1", "t", "true", "TRUE", "True"), the rule
// Charm's huh uses in its examples (accessible, _ :=
// strconv.ParseBool(os.Getenv("ACCESSIBLE"))). Anything else, unset
// included, is off. The last assignment in env wins, as for os.Getenv.
func AccessibleEnv(env []string) bool {
	on, _ := strconv.ParseBool(lookupEnv(env, "ACCESSIBLE"))
	return on
}

// speaker writes the accessible mode's lines (see WithAccessible): the
// first snapshot's outline, then, for each later snapshot, what changed
// since the one before. It belongs to one program's event loop (and Run
// before it) and is not safe for concurrent use.
type speaker struct {
	w   io.Writer
	buf bytes.Buffer
	app string
	// detachKey is the key that detaches agents and answers their
	// questions; "" when agents cannot reach the session.
	detachKey  string
	agentLabel func(string) string

	// started is set once the first outline is written; version, entries,
	// focus, presence, labels and note are what was said last.
	started  bool
	version  uint64
	entries  []entry
	focus    string
	presence tea.Presence
	labels   map[string]string
	note     uint64
	// tree is the tree warnings said.
	tree treeWarnings
	// err is the first write error: the terminal is gone.
	err error
}

func newSpeaker(w io.Writer, app, detachKey string, agentLabel func(string) string) *speaker {
	return &speaker{w: w, app: app, detachKey: detachKey, agentLabel: agentLabel, labels: map[string]string{}}
}

// snapshot says s: the whole outline the first time, then what changed.
func (sp *speaker) snapshot(s tea.Snapshot) {
	if sp.started && s.Version <= sp.version {
		return // a snapshot already said
	}
	next := outline(s.View)
	if !sp.started {
		sp.started = true
		if sp.app != "" {
			sp.say(plain(sp.app))
		}
		for _, e := range next {
			sp.say(e.line())
		}
		sp.sayPresence(tea.Presence{}, s.Presence)
		if line, ok := focusLine(next, s); ok {
			sp.say(line)
		}
	} else {
		sp.sayPresence(sp.presence, s.Presence)
		sp.sayChanges(next, s.Focus, s.By)
		if s.Focus != sp.focus {
			if line, ok := focusLine(next, s); ok {
				sp.say(line)
			}
		}
	}
	sp.sayNotes(s)
	for _, p := range sp.tree.fresh(s.View) {
		sp.say("warning: " + plain(p))
	}
	sp.version, sp.entries, sp.focus, sp.presence = s.Version, next, s.Focus, s.Presence
	sp.flush()
}

// sayChanges says the entries of next that are new or changed since the
// last outline, in reading order, and the dialogs that closed. The
// focused widget, when focus has not moved, says only what changed in it
// (the characters typed); when focus moved to it, the focus line says it.
// An agent's doing (by, the snapshot's By) is said as its: "agent claude:
// Count: 1".
func (sp *speaker) sayChanges(next []entry, focus, by string) {
	who := ""
	if by != "" {
		who = "agent " + plain(by) + ": "
	}
	before := make(map[string]entry, len(sp.entries))
	for _, e := range sp.entries {
		before[e.key] = e
	}
	for _, e := range next {
		old, had := before[e.key]
		if had && e.same(old) {
			continue
		}
		if e.id != "" && e.id == focus && e.role != "" {
			if focus != sp.focus {
				continue // the focus line says it
			}
			if had {
				sp.say(who + typed(old, e))
				continue
			}
		}
		sp.say(who + e.line())
	}
	now := make(map[string]bool, len(next))
	for _, e := range next {
		now[e.key] = true
	}
	for _, e := range sp.entries {
		if e.role == "dialog" && !now[e.key] {
			sp.say("closed: " + e.head)
		}
	}
}

// typed is what changed in the focused widget from old to e: the text
// typed or deleted in a field, else the value and the states that are
// new.
func typed(old, e entry) string {
	if e.text && old.text && old.head == e.head {
		switch {
		case e.raw == old.raw:
		case strings.HasPrefix(e.raw, old.raw):
			return spell(strings.TrimPrefix(e.raw, old.raw))
		case strings.HasPrefix(old.raw, e.raw):
			if e.raw == "" {
				return "deleted " + spell(old.raw) + ", empty"
			}
			return "deleted " + spell(strings.TrimPrefix(old.raw, e.raw))
		}
	}
	if old.head != e.head {
		return e.line()
	}
	var parts []string
	if e.value != old.value && e.value != "" {
		parts = append(parts, e.value)
	}
	for _, s := range e.states {
		if !slices.Contains(old.states, s) {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return e.line()
	}
	return strings.Join(parts, ", ")
}

// spell is typed text as a screen reader should say it, on one line:
// blanks alone as the word for them.
func spell(s string) string {
	if p := plain(s); p != "" {
		return p
	}
	if strings.Contains(s, "\n") {
		return "new line"
	}
	return "space"
}

// focusLine is "focus: " and the focused widget's line.
func focusLine(entries []entry, s tea.Snapshot) (string, bool) {
	if s.Focus == "" {
		return "", false
	}
	for _, e := range entries {
		if e.id == s.Focus && e.role != "" {
			return "focus: " + e.line(), true
		}
	}
	if w, ok := tea.FindWidget(s.View, s.Focus); ok {
		return "focus: " + plain(strings.ReplaceAll(w.WidgetKind(), "_", " ")+" "+w.WidgetID()), true
	}
	return "", false
}

// sayPresence says what changed among the agents from was to now: who
// attached or detached, the person detaching or allowing them, an agent's
// question, and the agents' labels (WithAgentLabel) when they change.
func (sp *speaker) sayPresence(was, now tea.Presence) {
	hint := func(verb string) string {
		if sp.detachKey == "" {
			return ""
		}
		return " (" + sp.detachKey + " " + verb + ")"
	}
	switch {
	case now.Blocked && !was.Blocked:
		sp.say("agents detached" + hint("allow"))
	case !now.Blocked && was.Blocked:
		sp.say("agents allowed" + hint("detach"))
	}
	for _, a := range now.Agents {
		if !was.Attached(a) {
			sp.say("agent " + plain(a) + " attached" + hint("detach"))
		}
	}
	for _, a := range was.Agents {
		if !now.Attached(a) && !now.Blocked {
			sp.say("agent " + plain(a) + " detached")
			delete(sp.labels, a)
		}
	}
	if q := now.Question; q != nil && sp.detachKey != "" && (was.Question == nil || was.Question.ID != q.ID) {
		sp.say(fmt.Sprintf("agent %s asks: %s (%s allow once, %s deny)", plain(q.Agent), plain(q.Text), QuestionAllowKey, QuestionDenyKey))
	}
	if sp.agentLabel != nil {
		for _, a := range now.Agents {
			if l := sp.agentLabel(a); l != a && l != sp.labels[a] {
				sp.labels[a] = l
				sp.say("agent " + plain(l))
			}
		}
	}
}

// sayNotes says the notifications raised since the last said, the level
// as a word ("success: Saved"), even those that came and went between two
// snapshots the program saw.
func (sp *speaker) sayNotes(s tea.Snapshot) {
	last := sp.note
	for _, n := range s.Recent {
		if n.ID > sp.note {
			level := n.Level
			if level == "" {
				level = tea.LevelInfo
			}
			sp.say(string(level) + ": " + plain(n.Text))
			last = max(last, n.ID)
		}
	}
	for _, n := range s.Notifications {
		last = max(last, n.ID)
	}
	sp.note = last
}

// help says the keys: the focused widget's, the app's and the terminal's
// own, one line per group.
func (sp *speaker) help(s tea.Snapshot) {
	var groups [][]key.Binding
	groups = append(groups, focusedBindings(s.View, s.Focus, true)...)
	ch := chromeFor(s, true)
	groups = append(groups, ch.full...)
	sp.say("help:")
	for _, g := range groups {
		// The terminal's ? reads this help; it opens and closes nothing.
		g = slices.DeleteFunc(slices.Clone(g), func(b key.Binding) bool {
			return b.Help().Key == "?" || b.Help() == chromeKeys.closeHelp.Help()
		})
		if line := bindingsText(g); line != "" {
			sp.say(line)
		}
	}
	sp.say("? help")
	sp.flush()
}

// say queues one line.
func (sp *speaker) say(line string) {
	if line == "" {
		return
	}
	sp.buf.WriteString(line)
	// A carriage return as well: a remote terminal, or a local one in raw
	// mode, does not add it.
	sp.buf.WriteString("\r\n")
}

// sayNow writes one line at once.
func (sp *speaker) sayNow(line string) {
	sp.say(line)
	sp.flush()
}

// flush writes what say queued.
func (sp *speaker) flush() {
	if sp.buf.Len() == 0 {
		return
	}
	if sp.err == nil {
		if _, err := sp.w.Write(sp.buf.Bytes()); err != nil {
			sp.err = fmt.Errorf("terminal: speaking: %w", err)
		}
	}
	sp.buf.Reset()
}

// speak is Update in the accessible mode: the adapter's work, then the
// lines for what it changed. ? reads the keys instead of opening the full
// help, and an error is said as it happens.
func (a adapter) speak(msg bt.Msg) (adapter, bt.Cmd) {
	switch msg := msg.(type) {
	case toggleHelpMsg:
		// The keys typed before ? have applied: what they changed is said
		// first, even if its snapshot has not reached the program yet.
		s := a.rt.Snapshot()
		a.sh.speaker.snapshot(s)
		a.sh.speaker.help(s)
		return a, nil
	case errorMsg:
		a.sh.speaker.sayNow("error: " + plain(msg.err.Error()))
		return a, nil
	}
	m, cmd := a.update(msg)
	if _, ok := msg.(snapshotMsg); ok {
		m.sh.speaker.snapshot(m.snap)
	}
	return m, cmd
}

// accessibleInput readies the terminal for the accessible mode, in which
// Bubble Tea's renderer, which would, is off: a local terminal as input
// (standard input unless WithInput says otherwise) goes into raw mode, so
// that keys arrive as they are pressed and are not echoed, and the app is
// told the output terminal's size unless WithSize gave one. restore puts
// the input back. out is where the lines go.
func accessibleInput(o *options, out io.Writer) (restore func(), err error) {
	if o.input == nil {
		o.input = os.Stdin
	}
	restore = func() {}
	if f, ok := out.(term.File); ok && o.width <= 0 && o.height <= 0 && term.IsTerminal(f.Fd()) {
		if w, h, err := term.GetSize(f.Fd()); err == nil {
			o.width, o.height = w, h
		}
	}
	f, ok := o.input.(term.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return restore, nil
	}
	state, err := term.MakeRaw(f.Fd())
	if err != nil {
		return nil, fmt.Errorf("terminal: raw mode: %w", err)
	}
	return func() { _ = term.Restore(f.Fd(), state) }, nil
}
