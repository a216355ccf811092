package terminal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"

	bt "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/facetui/facet/bubble/convert"
	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// Option configures Run.
type Option func(*options)

type options struct {
	input         io.Reader
	output        io.Writer
	width, height int
	runtime       *tea.Runtime
	app           string
	detachKey     string
	detachKeySet  bool
	theme         *widgets.Theme
	program       []bt.ProgramOption
	agentLabel    func(string) string // WithAgentLabel
	lineOutput    bool                // WithLineOutput
	accessible    bool                // WithAccessible
	environ       []string            // WithEnviron; nil: os.Environ()
	invites       *Invites            // WithInvites
	guest         *invite.Guest       // WithGuest
	travelFrames  int                 // WithTimeTravel
}

// WithInput reads keys and mouse events from r instead of the terminal.
// Tests pass one: without it Bubble Tea opens /dev/tty when standard input
// is not a terminal.
func WithInput(r io.Reader) Option { return func(o *options) { o.input = r } }

// WithTimeTravel sets how many of its latest frames the terminal keeps
// for time travel (F7 and F8 step through them): MaxTravelFrames without
// this option. Zero or less turns time travel off: F7 and F8 then reach the
// app, and the full help does not list them. Each frame keeps the view the
// app built for it, about half a kilobyte for the playground's counter and
// more for a larger screen, for as long as the terminal runs: a server
// with many connections (render/ssh) may want fewer.
func WithTimeTravel(frames int) Option {
	return func(o *options) { o.travelFrames = max(frames, 0) }
}

// WithOutput draws to w instead of standard output.
func WithOutput(w io.Writer) Option { return func(o *options) { o.output = w } }

// WithSize sets the screen size to assume until the terminal reports one
// (an output that is not a terminal never does).
func WithSize(width, height int) Option {
	return func(o *options) { o.width, o.height = width, height }
}

// WithRuntime attaches to a running runtime (a session) instead of starting
// the model given to Run. The runtime keeps running when the program ends;
// Run only detaches from it.
func WithRuntime(rt *tea.Runtime) Option { return func(o *options) { o.runtime = rt } }

// WithAppName sets the terminal window title.
func WithAppName(name string) Option { return func(o *options) { o.app = name } }

// WithDetachKey sets the key that detaches every agent acting on the
// session (and blocks them) and, pressed again, lets agents act again. key
// is spelt as Bubble Tea spells keystrokes: "ctrl+]" (DefaultDetachKey),
// "f12", "ctrl+g". The key is never sent to the app. "" turns the key off;
// the status line still shows attached agents. Without this option the key
// is DefaultDetachKey for a runtime given with WithRuntime (others, such as
// an MCP server, can reach it) and off for a model Run starts itself, which
// no agent can reach.
func WithDetachKey(key string) Option {
	return func(o *options) { o.detachKey, o.detachKeySet = key, true }
}

// WithTheme styles what the terminal draws (box borders and titles, the
// help and status lines, errors) and every widget with no Theme of its own
// with t, instead of widgets.ThemeFor the terminal's background (dark until
// the terminal says). A widget with its own Theme keeps it. nil keeps the
// default.
func WithTheme(t *widgets.Theme) Option { return func(o *options) { o.theme = t } }

// WithProgramOptions passes options through to the Bubble Tea program (for
// instance bt.WithEnvironment for a remote terminal).
func WithProgramOptions(opts ...bt.ProgramOption) Option {
	return func(o *options) { o.program = append(o.program, opts...) }
}

// WithLineOutput draws the screen with the terminal's own line renderer
// instead of Bubble Tea's: each frame writes only the lines that changed
// since the last, as soon as a snapshot or an event changes them, and the
// program keeps no cell buffers. What the terminal shows is the same. A
// server with many connections (render/ssh) uses it: Bubble Tea's renderer
// parses every frame into one cell buffer and compares it with another, 60
// times a second, for each connection. Bubble Tea then leaves the terminal's
// modes alone, so the input must not be a local terminal that needs raw
// mode: it is for output to a remote terminal, such as an SSH channel. The
// input (WithInput) is then decoded by the terminal itself, as Bubble
// Tea's reader decodes it, without the key table that reader builds for
// every program.
func WithLineOutput() Option { return func(o *options) { o.lineOutput = true } }

// Run runs m on the terminal until the app quits (returns tea.Quit), the
// user presses Ctrl+C (or q or Esc where nothing uses them; see the
// package doc) or ctx ends. With WithRuntime it draws and drives that
// runtime instead, and leaves it running. It returns ctx's error when ctx
// ended it and nil when the app or the user did.
func Run(ctx context.Context, m tea.Model, opts ...Option) error {
	o := options{detachKey: DefaultDetachKey, travelFrames: MaxTravelFrames}
	for _, opt := range opts {
		opt(&o)
	}
	if o.runtime == nil && !o.detachKeySet {
		// Run's own runtime: no agent can attach to it.
		o.detachKey = ""
	}
	themed := o.theme != nil
	if !themed {
		o.theme = defaultTheme
	}
	rt := o.runtime
	if rt == nil {
		var err error
		rt, err = tea.Start(ctx, m)
		if err != nil {
			return fmt.Errorf("terminal: %w", err)
		}
		defer rt.Stop()
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Every snapshot the runtime publishes from now on is drawn; its end
	// ends the program. Follow runs a goroutine only while a snapshot
	// waits for the program, which exists once ready is closed (nil if
	// Run failed before).
	var p *bt.Program
	ready := make(chan struct{})
	programReady := sync.OnceFunc(func() { close(ready) })
	defer programReady()
	// A message points at its snapshot in one of two slots, used in turn:
	// Bubble Tea's event loop takes a message only once it is done with
	// the one before, so when a Send returns, the slot of the snapshot
	// before it is free again. A snapshot (216 bytes) boxed into each
	// message was garbage on every frame. Follow calls one at a time.
	var slots [2]tea.Snapshot
	slot := 0
	unfollow := rt.Follow(func(s tea.Snapshot) {
		<-ready
		if p == nil {
			return
		}
		slots[slot] = s
		p.Send(snapshotMsg(&slots[slot]))
		slot ^= 1
	}, func() {
		<-ready
		if p != nil {
			p.Send(stoppedMsg{})
		}
	})
	defer unfollow()

	sh := &shared{events: newEventQueue(), memo: newMemo(), board: boardOf(rt)}
	out := o.output
	if out == nil {
		out = os.Stdout
	}
	switch {
	case o.accessible:
		sh.speaker = newSpeaker(out, o.app, o.detachKey, o.agentLabel)
		restore, err := accessibleInput(&o, out)
		if err != nil {
			return err
		}
		defer restore()
	case o.lineOutput:
		sh.screen = newLineScreen(out, o.app)
	}
	model := adapter{rt: rt, sh: sh, app: o.app, detachKey: o.detachKey, theme: o.theme, themed: themed, snap: rt.Snapshot(), width: o.width, height: o.height, agentLabel: o.agentLabel,
		invites: o.invites, travel: newTimeTravel(o.travelFrames)}
	if model.travel != nil {
		model.travel.add(model.snap)
	}
	model.warn()
	model.relayout()

	popts := []bt.ProgramOption{}
	// A remote terminal's input (WithLineOutput) is decoded here, not by
	// Bubble Tea's reader, which builds a key table for every connection
	// (see inputDecoder). Bubble Tea then reads nothing and asks the
	// terminal nothing: the line renderer asks what the terminal needs.
	decode := o.lineOutput && o.input != nil
	switch {
	case decode:
		popts = append(popts, bt.WithInput(nil))
	case o.input != nil:
		popts = append(popts, bt.WithInput(o.input))
	}
	if o.output != nil {
		popts = append(popts, bt.WithOutput(o.output))
	}
	if o.width > 0 && o.height > 0 {
		popts = append(popts, bt.WithWindowSize(o.width, o.height))
	}
	if sh.screen != nil || sh.speaker != nil {
		// The adapter draws; Bubble Tea's tick then only flushes output
		// nothing here queues.
		popts = append(popts, bt.WithoutRenderer(), bt.WithFPS(1))
	}
	popts = append(popts, o.program...)
	env := o.environ
	if env == nil {
		env = os.Environ()
	}
	if noColorEnv(env) {
		// After the caller's options: NO_COLOR wins over a profile they
		// chose from the environment (colorprofile reads NO_COLOR only as
		// a boolean, so NO_COLOR=yes kept colour).
		popts = append(popts, bt.WithColorProfile(colorprofile.Ascii))
	}
	p = bt.NewProgram(model, popts...)
	if sh.speaker != nil {
		// Nothing else writes yet: the outline goes first.
		sh.speaker.snapshot(model.snap)
	}
	programReady()

	// The worker calls the runtime, one event at a time in arrival order,
	// so Bubble Tea's Update never waits on an app's Update.
	sh.events.serve((&worker{ctx: runCtx, rt: rt, opensHelp: sh.speaker == nil, send: p.Send, inv: o.invites, g: o.guest}).handle)
	stopQuit := context.AfterFunc(runCtx, p.Quit)
	defer stopQuit()
	if decode {
		// Not waited for: it ends when the input does (the caller closes
		// it once Run returns), and sends nothing once the program ends.
		go readInput(o.input, p.Send)
	}

	_, err := p.Run()
	cancel()
	// Nothing of this terminal calls the runtime once Run returns.
	sh.events.close()
	if sh.screen != nil {
		// The event loop has ended: nothing else draws.
		if cerr := sh.screen.close(); cerr != nil && err == nil && ctx.Err() == nil {
			err = cerr
		}
	}
	if sh.speaker != nil && sh.speaker.err != nil && err == nil && ctx.Err() == nil {
		err = sh.speaker.err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("terminal: %w", err)
	}
	return nil
}

// Messages from Run's goroutines to the adapter.
type (
	// snapshotMsg is a snapshot the runtime published; the adapter copies
	// it before it returns from Update (see Run).
	snapshotMsg *tea.Snapshot
	stoppedMsg  struct{}
	errorMsg    struct{ err error }
	// quitKeyMsg is q or Esc pressed while nothing uses it: the program
	// ends.
	quitKeyMsg struct{}
	// toggleHelpMsg is ? pressed while nothing uses it, in the accessible
	// mode: the keys are read out.
	toggleHelpMsg struct{}
	// helpMsg opens or closes the full help (? pressed while nothing uses
	// it, Esc while the full help is open).
	helpMsg fullHelp
)

// fullHelp is whether the full help is open, and the screen it was opened
// on: the app's keys there (helpScreen). It is shown only while the app
// shows that screen, and closes at the next key once the app shows
// another (a demo left, a dialog opened), so it never carries over.
type fullHelp struct {
	open   bool
	screen string
}

// event is work for the runtime, queued by the adapter for the worker.
type event struct {
	key   *tea.Key
	mouse *tea.Mouse
	// paste is pasted text for the focused widget, handed over whole.
	paste *string
	id    string // the widget under the mouse
	hover bool   // id is the new hover target
	size  *tea.WindowSizeMsg
	// detach toggles agents: detach (and block) them, or allow them again.
	detach bool
	// background is the terminal's answer to the background colour query.
	background *tea.BackgroundMsg
	// answer is the person's answer to an agent's pending question.
	answer *bool
	// share is an invitation panel's key: the guests read-only, or the
	// sharing ended.
	share shareAction
}

// shared is state the adapter's copies share.
type shared struct {
	events *eventQueue
	// memo keeps the last frames' drawings for the next relayout. Only
	// Bubble Tea's event loop (Update) and Run before it lays out.
	memo *memo
	// screen draws the frames with WithLineOutput (nil: Bubble Tea's
	// renderer draws View). Only the event loop, then Run after it, use it.
	screen *lineScreen
	// speaker writes the lines of WithAccessible instead of drawing (nil:
	// not accessible). Only Run, then the event loop, use it.
	speaker *speaker
	// tree is the tree warnings this terminal has shown. Only Run, then
	// the event loop, use it.
	tree treeWarnings
	// board is where the bodies laid out are left for recordings of the
	// runtime (see bodyBoard).
	board *bodyBoard
	// model is the model Update returns (see there). Only the event loop
	// uses it.
	model *adapter
}

// worker applies the adapter's events to rt one at a time, in arrival
// order (its queue runs handle on a goroutine only while events wait), and
// sends the program what the terminal does itself. With opensHelp, ? opens
// and closes the full help, and Esc closes it while it is open; without
// (the accessible mode), ? asks for the keys to be read.
//
// With inv, the invitation panel's keys act on the session's sharing; as
// a guest's (g), input is refused while the inviter lets guests only
// watch, keys carry the guest's name, and the window does not size the
// app.
type worker struct {
	ctx       context.Context
	rt        *tea.Runtime
	opensHelp bool
	send      func(bt.Msg)
	inv       *Invites
	g         *invite.Guest
	// help is the full help's state, kept here so that ? and Esc act on
	// it in the order they were typed, after every key before them.
	help fullHelp
}

// handle applies ev, and reports false once the worker is done: its
// context ended or the runtime stopped.
func (w *worker) handle(ev event) bool {
	ctx, rt, send, inv, g := w.ctx, w.rt, w.send, w.inv, w.g
	if ctx.Err() != nil {
		return false
	}
	var err error
	if g != nil && (ev.key != nil || ev.paste != nil || ev.mouse != nil || ev.detach || ev.answer != nil) {
		if err := g.Allowed(); err != nil {
			send(errorMsg{err: err})
			return true
		}
	}
	switch {
	case ev.share != noShareAction && inv != nil:
		err = applyShare(inv, ev.share)
	case ev.size != nil && g != nil:
		// The inviter's window sizes the app, not a guest's.
	case ev.key != nil:
		s := rt.Snapshot()
		if w.help.open && helpScreen(s.Model) != w.help.screen {
			// The app shows another screen: its full help is closed.
			w.help = fullHelp{}
			send(helpMsg(w.help))
		}
		action := terminalKey(s, *ev.key)
		switch {
		case w.help.open && *ev.key == closeHelpKey:
			w.help = fullHelp{}
			send(helpMsg(w.help))
		case action == quitKey:
			send(quitKeyMsg{})
		case action == toggleHelp && !w.opensHelp:
			send(toggleHelpMsg{})
		case action == toggleHelp:
			w.help = fullHelp{open: !w.help.open}
			if w.help.open {
				w.help.screen = helpScreen(s.Model)
			}
			send(helpMsg(w.help))
		default:
			msg := tea.KeyInputMsg{Key: *ev.key}
			if g != nil {
				msg.Agent = g.Source()
			}
			_, err = rt.Dispatch(ctx, msg)
		}
	case ev.paste != nil:
		err = paste(ctx, rt, *ev.paste)
	case ev.mouse != nil:
		_, err = rt.Dispatch(ctx, tea.MouseInputMsg{ID: ev.id, Mouse: *ev.mouse})
	case ev.hover:
		_, err = rt.Dispatch(ctx, tea.HoverMsg{ID: ev.id})
	case ev.size != nil:
		_, err = rt.Dispatch(ctx, *ev.size)
	case ev.background != nil:
		_, err = rt.Dispatch(ctx, *ev.background)
	case ev.answer != nil:
		_, err = rt.Dispatch(ctx, tea.AnswerHumanMsg{Allow: *ev.answer})
	case ev.detach:
		if rt.Snapshot().Presence.Blocked {
			_, err = rt.Dispatch(ctx, tea.AllowAgentsMsg{})
		} else {
			_, err = rt.Dispatch(ctx, tea.DetachAgentsMsg{})
		}
	}
	switch {
	case err == nil:
	case errors.Is(err, tea.ErrStopped), ctx.Err() != nil:
		return false
	default:
		send(errorMsg{err: err})
	}
	return true
}

// adapter is the Bubble Tea model: it draws the runtime's latest snapshot
// and turns terminal input into runtime calls.
type adapter struct {
	rt        *tea.Runtime
	sh        *shared
	app       string
	detachKey string
	theme     *widgets.Theme
	// themed is set when WithTheme chose the theme: the terminal's
	// background then changes nothing.
	themed bool
	// light is set once the terminal says its background is light.
	light         bool
	snap          tea.Snapshot
	width, height int
	frame         Frame
	hover         string
	status        string
	// help is the full help's state as the worker last sent it: while it
	// is open on the screen shown, the full help takes the help line's
	// place.
	help fullHelp
	// agentLabel names agents on the marker line; nil shows none.
	agentLabel func(string) string
	// warnings are the tree warnings not yet dismissed, oldest first: the
	// status line shows the first until the person's next key.
	warnings []string
	// invites lets the person invite others (WithInvites); panel is the
	// invitation shown, until a key closes it.
	invites *Invites
	panel   *invitePanel
	// travel shows past frames (F7, F8, Esc; see timetravel.go).
	travel *timeTravel
}

func (a *adapter) relayout() {
	if a.sh.speaker != nil {
		return // nothing is drawn, and no mouse needs the widgets' places
	}
	snap := a.snap
	if a.travel != nil {
		snap = a.travel.shown(snap)
	}
	ch := chromeFor(snap, a.help.open && helpScreen(snap.Model) == a.help.screen)
	if a.travel != nil {
		ch = withTravelHelp(ch, snap)
	}
	if a.invites != nil {
		ch = ch.withInvite(a.invites.Key)
	}
	st := labelledStatus(snap, a.detachKey, a.agentLabel)
	if people := PeopleStatus(snap); people != "" {
		st.agents = strings.TrimPrefix(st.agents+statusSeparator+people, statusSeparator)
	}
	st.tree = warningStatus(a.warnings)
	a.frame = layoutWith(snap.View, a.width, a.height, snap.Focus, snap.Hover, st, ch, a.theme, a.look(), a.sh.memo)
	if a.sh.board != nil && !a.themed && !a.light && snap.Version != 0 && a.frame.body > 0 {
		// Laid out as a recording's drawer lays it out: it may take the
		// body from here (see bodyBoard).
		a.sh.board.put(bodyKey{version: snap.Version, width: a.width, height: a.frame.body, focus: snap.Focus, hover: snap.Hover}, a.frame.lines[:a.frame.body:a.frame.body])
	}
}

// look is how the widgets with no theme of their own are drawn: in the
// theme WithTheme chose, or in their default for the terminal's background.
func (a *adapter) look() look {
	if a.themed {
		return look{theme: a.theme, light: a.light}
	}
	return look{light: a.light}
}

// warn adds the shown snapshot's tree problems this terminal has not shown
// yet to the warnings (the accessible mode says them instead).
func (a *adapter) warn() {
	if a.sh.speaker != nil {
		return
	}
	if fresh := a.sh.tree.fresh(a.snap.View); len(fresh) > 0 {
		a.warnings = append(slices.Clip(a.warnings), fresh...)
	}
}

// Init implements bt.Model: it asks the terminal for its background
// colour, to draw in colours that read on it. The line renderer asks in
// its set-up instead.
func (a adapter) Init() bt.Cmd {
	if a.sh.screen != nil || a.sh.speaker != nil {
		return nil
	}
	return bt.RequestBackgroundColor
}

// Update implements bt.Model. With the line renderer it draws the frame
// the message leaves. The model it returns is always the one *adapter
// (shared.model), overwritten: a value converted to bt.Model would be a
// new copy on the heap for every message, keystroke or frame.
func (a adapter) Update(msg bt.Msg) (bt.Model, bt.Cmd) {
	m, cmd := a.step(msg)
	if a.sh.model == nil {
		a.sh.model = new(adapter)
	}
	*a.sh.model = m
	return a.sh.model, cmd
}

// step is Update's new model.
func (a adapter) step(msg bt.Msg) (adapter, bt.Cmd) {
	if a.sh.speaker != nil {
		return a.speak(msg)
	}
	if a.sh.screen == nil {
		return a.update(msg)
	}
	a.sh.screen.message(msg)
	m, cmd := a.update(msg)
	m.sh.screen.draw(m.lines(), m.width, m.height)
	return m, cmd
}

func (a adapter) update(msg bt.Msg) (adapter, bt.Cmd) {
	if a.travel != nil && a.travel.viewing() {
		switch msg.(type) {
		case bt.MouseMsg:
			return a, nil // the widgets under the mouse are the past's
		case bt.PasteMsg:
			return a, nil // the field the person sees is the past's
		}
	}
	switch msg := msg.(type) {
	case snapshotMsg:
		a.snap = *msg
		if a.travel != nil {
			a.travel.add(a.snap)
		}
		a.status = ""
		a.warn()
		a.relayout()
	case stoppedMsg:
		return a, bt.Quit
	case errorMsg:
		a.status = msg.err.Error()
	case quitKeyMsg:
		return a, bt.Quit
	case bt.BackgroundColorMsg:
		dark := msg.IsDark()
		a.light = !dark
		if !a.themed {
			a.theme = widgets.ThemeFor(dark)
		}
		a.relayout()
		a.queue(event{background: &tea.BackgroundMsg{Dark: dark}})
	case helpMsg:
		a.help = fullHelp(msg)
		a.relayout()
	case bt.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
		a.relayout()
		a.queue(event{size: &tea.WindowSizeMsg{Width: msg.Width, Height: msg.Height}})
	case bt.KeyPressMsg:
		if len(a.warnings) > 0 {
			// The person has seen the warning: the key dismisses it, and
			// goes on to do what it does.
			a.warnings = a.warnings[1:]
			a.relayout()
		}
		k := msg.Key()
		// Contains, not ==: a lock (num lock, caps lock) rides along on
		// the modifiers of every key.
		if k.Mod.Contains(bt.ModCtrl) && k.Code == 'c' {
			return a, bt.Quit
		}
		if a.invites != nil {
			if a.inviteKey(msg.Keystroke()) {
				return a, nil
			}
		}
		if a.detachKey != "" && msg.Keystroke() == a.detachKey {
			a.queue(event{detach: true})
			return a, nil
		}
		if tk := convert.FromKey(k); len(tk) == 1 && a.travelKey(tk[0]) {
			return a, nil
		}
		if a.detachKey != "" && a.snap.Presence.Question != nil {
			// An agent's question waits on the status line: y and n
			// answer it; other keys go on as ever.
			switch msg.Keystroke() {
			case QuestionAllowKey, QuestionDenyKey:
				allow := msg.Keystroke() == QuestionAllowKey
				a.queue(event{answer: &allow})
				return a, nil
			}
		}
		for _, key := range convert.FromKey(k) {
			// A character that is never typed (a C1 control that came
			// through as text) reaches neither a widget nor the app.
			if key.Code == tea.KeyRune && tea.Untypable(key.Rune) != "" {
				continue
			}
			a.queue(event{key: &key})
		}
	case bt.PasteMsg:
		// The worker checks it against the runtime's state, not the
		// screen shown here, which can be a snapshot behind.
		text := msg.Content
		a.queue(event{paste: &text})
	case bt.MouseClickMsg:
		a.mouse(msg.Mouse(), tea.MousePress)
	case bt.MouseReleaseMsg:
		a.mouse(msg.Mouse(), tea.MouseRelease)
	case bt.MouseWheelMsg:
		switch msg.Button {
		case bt.MouseWheelUp:
			a.mouse(msg.Mouse(), tea.MouseWheelUp)
		case bt.MouseWheelDown:
			a.mouse(msg.Mouse(), tea.MouseWheelDown)
		}
	case bt.MouseMotionMsg:
		m := msg.Mouse()
		id, _, _, _ := a.frame.WidgetAt(m.X, m.Y)
		// Motion reports arrive for every cell the mouse crosses; the
		// runtime hears only of a change of widget.
		if id != a.hover {
			a.hover = id
			a.queue(event{id: id, hover: true})
		}
		if m.Button != bt.MouseNone {
			a.mouse(m, tea.MouseMotion)
		}
	}
	return a, nil
}

// paste applies a paste to the runtime: one message, so one Update and one
// redraw, where a key per character cost an Update and a redraw each (a
// 60,000-character paste took 20 s and held up Ctrl+C). It reads the
// focused field from the runtime's latest snapshot, after every event
// queued before it has applied, as an agent's type_into reads the view
// at call time.
func paste(ctx context.Context, rt *tea.Runtime, text string) error {
	msg, err := pasteOn(rt.Snapshot(), text)
	if err != nil || msg == nil {
		return err
	}
	_, err = rt.Dispatch(ctx, msg)
	return err
}

// mouse sends a mouse event to the widget under it, in the widget's own
// coordinates.
func (a adapter) mouse(m bt.Mouse, action tea.MouseAction) {
	id, x, y, ok := a.frame.WidgetAt(m.X, m.Y)
	if !ok {
		return
	}
	r, _ := a.frame.Rect(id)
	ev := tea.Mouse{X: x, Y: y, Action: action, Width: r.Width, Height: r.Height}
	switch m.Button {
	case bt.MouseLeft:
		ev.Button = tea.MouseLeft
	case bt.MouseMiddle:
		ev.Button = tea.MouseMiddle
	case bt.MouseRight:
		ev.Button = tea.MouseRight
	}
	a.queue(event{id: id, mouse: &ev})
}

// queue hands work to the worker. It waits only when hundreds of events
// are already pending, and never once the runtime has stopped.
func (a adapter) queue(ev event) {
	a.sh.events.put(ev, a.rt.Done())
}

// shown is the frame as the person sees it: the error status, if any, on
// its last line.
func (a adapter) shown() Frame {
	if a.panel != nil && a.height > 0 {
		return a.frame.withLastLines(a.panel.lines(a.width, a.theme))
	}
	if a.travel != nil && a.travel.viewing() && a.height > 0 {
		return a.frame.withLastLine(a.theme.Accent.Render(widgets.Pad(a.travel.marker(), a.width)))
	}
	if a.status != "" && a.height > 0 {
		return a.frame.withLastLine(a.theme.Error.Render(widgets.Pad(a.status, a.width)))
	}
	return a.frame
}

// lines are the rows of the frame shown.
func (a adapter) lines() []string { return a.shown().lines }

// View implements bt.Model: the styled frame on the alternate screen, with
// the mouse reported (motion too, for hover). With the line renderer,
// which draws by itself, it is empty.
func (a adapter) View() bt.View {
	if a.sh.screen != nil || a.sh.speaker != nil {
		return bt.View{}
	}
	v := bt.NewView(a.shown().screen())
	v.AltScreen = true
	// All motion, not cell motion: a terminal in cell-motion mode reports
	// motion only while a button is held, so hover would follow drags only.
	v.MouseMode = bt.MouseModeAllMotion
	v.WindowTitle = a.app
	return v
}

// pasteOn is the message a paste of text makes on the screen s: see
// widgets.PasteInto.
func pasteOn(s tea.Snapshot, text string) (tea.Msg, error) {
	return widgets.PasteInto(s.View, s.Focus, text)
}
