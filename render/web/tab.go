package web

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// DetachKey is the key that detaches agents from a tab's session and,
// pressed again, lets them back: the terminal's own (ctrl+]). It is never
// sent to the app.
const DetachKey = "ctrl+]"

// Event is what a page reports to its Tab. T says which kind:
//
//	key     Key, spelt as tea.Key.String spells it ("a", "shift+tab", "ctrl+u")
//	click   ID, Action and Args from the part clicked (see Click), and N,
//	        which click of a run of quick ones it is (2: the second of a
//	        double click)
//	wheel   ID and Dir ("up" or "down"): the wheel over a widget
//	paste   Text, for the focused text field (ID's, when set, which is
//	        focused first), whole
//	input   ID and Text: the value the browser set in a text field itself
//	        (autofill, a drop, an IME's composition, automation's fill),
//	        applied as the field's type_into with that text
//	resize  Cols and Rows: the space the page has, in character cells
//	        (clamped to 1000x500, as SSH clamps a window; 80x24 when none)
//	detach  toggles agents, as DetachKey does
//	share   shows this tab a one-time link that lets another person join
//	        the session (with Options.Invites)
//	readonly  lets the guests only watch, or drive again
//	unshare ends the sharing: the guests' tabs close
type Event struct {
	T      string         `json:"t"`
	Key    string         `json:"key,omitempty"`
	ID     string         `json:"id,omitempty"`
	Action string         `json:"action,omitempty"`
	Args   map[string]any `json:"args,omitempty"`
	Dir    string         `json:"dir,omitempty"`
	Text   string         `json:"text,omitempty"`
	Cols   int            `json:"cols,omitempty"`
	Rows   int            `json:"rows,omitempty"`
	N      int            `json:"n,omitempty"`
}

// Patch is what a Tab pushes to its page. T is "patch" (apply Ops, then
// move focus to the element Focus names) or "ended" (the session is over;
// Text says why).
type Patch struct {
	T       string `json:"t"`
	Version uint64 `json:"v,omitempty"`
	Session string `json:"session,omitempty"`
	Ops     []Op   `json:"ops,omitempty"`
	Focus   string `json:"focus,omitempty"`
	Text    string `json:"text,omitempty"`
}

// ErrUnknownEvent is wrapped by the error Handle returns for an event it
// does not know.
var ErrUnknownEvent = errors.New("unknown event")

// Tab is one session as one page sees it: it applies the page's events to
// the session's runtime as a terminal applies its input, and turns
// snapshots into patches against the page it drew last. It knows nothing of
// the transport that carries events and patches.
type Tab struct {
	sess   *tea.Session
	agents bool
	title  string

	mu      sync.Mutex
	last    *element
	view    tea.Node // the view last drawn
	version uint64
	problem string
	// warnings are the app's tree problems (tea.TreeProblems) not yet
	// dismissed, shown beside problem until the page's next event; warned
	// are every one shown, each shown once.
	warnings []string
	warned   map[string]bool
	// announce is what the page's live region says (see Render).
	announce string
	// opened says the page's last click did what Enter does (see click).
	opened bool
	// sharing is the tab's part in sharing its session (see share.go).
	sharing sharing
	// agentCame says an agent has attached to the session, or agents
	// have been detached, since the tab opened: from then on the page
	// shows the agents' status and the detach control.
	agentCame bool
}

// NewTab returns a Tab for sess. agents says whether agents can reach the
// session: then the detach key works, and once an agent has come (or
// agents have been detached) the page shows their status and the detach
// control. A page served where no agent ever comes shows neither.
func NewTab(sess *tea.Session, agents bool) *Tab {
	return &Tab{sess: sess, agents: agents}
}

// Session returns the tab's session.
func (t *Tab) Session() *tea.Session { return t.sess }

// Render returns the patch that brings the page up to s: the whole page the
// first time, then only the elements that changed (none when s looks the
// same: the patch still tells the page its version). It returns false when
// there is nothing to send: s is not newer than what the page shows.
//
// A snapshot given to Render is one the page did not ask for (Handle
// draws the outcome of the page's own events). What an agent changed in
// the app's widgets (a snapshot whose By names it) the page's live region
// says: "agent set Search: rust".
func (t *Tab) Render(s tea.Snapshot) (Patch, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.agents && t.last != nil && s.Version > t.version && s.By != "" {
		if say := announcement(t.view, s.View); say != "" {
			// The same words again must still be news to a screen
			// reader: they end with a no-break space every other time.
			if say == strings.TrimSuffix(t.announce, "\u00a0") && !strings.HasSuffix(t.announce, "\u00a0") {
				say += "\u00a0"
			}
			t.announce = say
		}
	}
	return t.renderLocked(s, false)
}

func (t *Tab) renderLocked(s tea.Snapshot, force bool) (Patch, bool) {
	if t.last != nil && s.Version < t.version {
		return Patch{}, false
	}
	if t.last != nil && s.Version == t.version && !force {
		return Patch{}, false
	}
	for _, w := range tea.TreeProblems(s.View) {
		if !t.warned[w] {
			if t.warned == nil {
				t.warned = map[string]bool{}
			}
			t.warned[w] = true
			t.warnings = append(t.warnings, w)
		}
	}
	problems := t.warnings
	if t.problem != "" {
		problems = append([]string{t.problem}, problems...)
	}
	if s.Presence.Blocked || len(s.Presence.Agents) > 0 {
		t.agentCame = true
	}
	c := chrome{session: t.sess.ID, title: t.title, agents: t.agents && t.agentCame, problem: strings.Join(problems, " · "), announce: t.announce,
		people: peopleStatus(s)}
	if sh := t.sharing; sh.desk != nil && sh.guest == nil {
		c.share = &shareChrome{link: sh.link, expires: sh.expires}
		if live, ok := sh.desk.Share(t.sess); ok {
			c.share.shared, c.share.readOnly = len(live.Guests()) > 0, live.ReadOnly()
		}
	}
	next := paint(s, c)
	p := Patch{T: "patch", Version: s.Version, Session: t.sess.ID, Focus: focusID(s)}
	if t.last == nil {
		p.Ops = []Op{{ID: RootID, HTML: next.HTML()}}
	} else {
		p.Ops = diff(t.last, next)
	}
	t.last, t.view, t.version = next, s.View, s.Version
	return p, true
}

// focusID is the DOM id of the focused widget's element, or "".
func focusID(s tea.Snapshot) string {
	if s.Focus == "" {
		return ""
	}
	return DOMID(s.Focus)
}

// Handle applies one event to the session and returns the patch that shows
// its outcome: what changed, or the reason the runtime refused it (shown on
// the page's bar until the next event succeeds). Mistakes in the app's
// tree (tea.TreeProblems) are shown there too, each once, until the
// person's next event. The error is the refusal,
// for a caller that logs; the patch already shows it.
func (t *Tab) Handle(ctx context.Context, ev Event) (Patch, error) {
	after, err := t.apply(ctx, ev)
	t.mu.Lock()
	defer t.mu.Unlock()
	problem := ""
	if err != nil {
		problem = err.Error()
	}
	// The sharing controls change the tab's own chrome (the link shown).
	changed := problem != t.problem || ev.T == "share" || ev.T == "unshare"
	t.problem = problem
	if ev.T != "resize" && len(t.warnings) > 0 {
		// The person has seen the warnings and acted: they go. (A resize
		// is the page's own doing.)
		t.warnings, changed = nil, true
	}
	if after == nil {
		s := t.sess.Snapshot()
		after = &s
	}
	if ev.T == "input" {
		// The browser edited the field in place: it shows the session's
		// value again, whatever the session made of the edit.
		p, _ := t.renderLocked(*after, true)
		p.Ops = redraw(t.last, p.Ops, DOMID(ev.ID))
		return p, err
	}
	p, _ := t.renderLocked(*after, changed)
	return p, err
}

// Refuse shows err on the page's bar, as Handle shows a refused event:
// for an event the transport could not even read.
func (t *Tab) Refuse(err error) Patch {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.problem = err.Error()
	p, _ := t.renderLocked(t.sess.Snapshot(), true)
	return p
}

// apply performs ev on the runtime and returns the snapshot after it, when
// the call returned one.
func (t *Tab) apply(ctx context.Context, ev Event) (*tea.Snapshot, error) {
	rt := t.sess.Runtime
	guest := t.sharing.guest
	if guest != nil && ev.T == "resize" {
		// The inviter's window sizes the app, not a guest's.
		return nil, nil
	}
	if err := t.guestAllowed(ev); err != nil {
		return nil, err
	}
	switch ev.T {
	case "key":
		if ev.Key == DetachKey {
			return nil, t.toggleAgents(ctx)
		}
		k, err := tea.ParseKey(ev.Key)
		if err != nil {
			return nil, err
		}
		msg := tea.KeyInputMsg{Key: k}
		if guest != nil {
			msg.Agent = guest.Source()
		}
		tr, err := rt.Dispatch(ctx, msg)
		return after(tr, err)
	case "share", "readonly", "unshare":
		return nil, t.share(ctx, ev)
	case "click":
		return t.click(ctx, ev)
	case "wheel":
		action := tea.MouseWheelDown
		if ev.Dir == "up" {
			action = tea.MouseWheelUp
		}
		tr, err := rt.Dispatch(ctx, tea.MouseInputMsg{ID: ev.ID, Mouse: tea.Mouse{Action: action}})
		return after(tr, err)
	case "paste":
		if ev.ID != "" {
			if err := t.focus(ctx, rt.Snapshot().View, ev.ID); err != nil {
				return nil, err
			}
		}
		msg, err := widgets.PasteInto(rt.Snapshot().View, rt.Snapshot().Focus, ev.Text)
		if err != nil || msg == nil {
			return nil, err
		}
		tr, err := rt.Dispatch(ctx, msg)
		return after(tr, err)
	case "input":
		view := rt.Snapshot().View
		msg, err := inputMsg(view, ev.ID, ev.Text)
		if err != nil {
			return nil, err
		}
		// The field the browser edited is the one the person is in.
		if err := t.focus(ctx, view, ev.ID); err != nil {
			return nil, err
		}
		tr, err := rt.Dispatch(ctx, msg)
		return after(tr, err)
	case "resize":
		cols, rows := clampWindow(ev.Cols, ev.Rows)
		tr, err := rt.Dispatch(ctx, tea.WindowSizeMsg{Width: cols, Height: rows})
		return after(tr, err)
	case "detach":
		return nil, t.toggleAgents(ctx)
	}
	return nil, fmt.Errorf("event %q: %w: one of key, click, wheel, paste, input, resize, detach, share, readonly, unshare", ev.T, ErrUnknownEvent)
}

// click applies a click on a widget's part. A click on the part the widget
// already selects (a list's option, a table's row) does what Enter does
// (the widget's own meaning of it, for a tea.PartClicker that has one),
// and so does the second click of a double click, whose first selected
// the part. The second click of a double click whose first already did
// that does nothing more.
func (t *Tab) click(ctx context.Context, ev Event) (*tea.Snapshot, error) {
	rt := t.sess.Runtime
	c := Click{ID: ev.ID, Action: ev.Action, Args: ev.Args}
	n := clickCount(ev.N)
	t.mu.Lock()
	opened := t.opened
	t.mu.Unlock()
	if n > 2 || n == 2 && opened {
		return nil, nil
	}
	view := rt.Snapshot().View
	msg, selected, err := resolveClick(view, c)
	if err != nil {
		return nil, err
	}
	// A press focuses what it lands on, as in the terminal.
	if err := t.focus(ctx, view, ev.ID); err != nil {
		return nil, err
	}
	if n == 2 && !selected && msg != nil {
		// A double click whose first click the page did not report
		// (a browser may send the pair as one): it selects, then opens.
		if _, err := rt.Dispatch(ctx, msg); err != nil {
			return nil, err
		}
		if msg, selected, err = resolveClick(rt.Snapshot().View, c); err != nil {
			return nil, err
		}
	}
	t.mu.Lock()
	t.opened = selected
	t.mu.Unlock()
	if w, _ := tea.FindWidget(rt.Snapshot().View, ev.ID); selected && !clicksItself(w, c) {
		msg = tea.KeyInputMsg{Key: enterKey}
	}
	if msg == nil {
		return nil, nil
	}
	tr, err := rt.Dispatch(ctx, msg)
	return after(tr, err)
}

// resolveClick is clickMsg, and whether c lands on a part the widget
// selects already (see onSelected).
func resolveClick(view tea.Node, c Click) (tea.Msg, bool, error) {
	msg, err := clickMsg(view, c)
	if err != nil {
		return nil, false, err
	}
	w, _ := tea.FindWidget(view, c.ID)
	return msg, c.Action != "focus" && onSelected(w, c), nil
}

// focus moves the session's focus to the widget id in view, when it can
// take focus and does not have it.
func (t *Tab) focus(ctx context.Context, view tea.Node, id string) error {
	rt := t.sess.Runtime
	w, ok := tea.FindWidget(view, id)
	if !ok || !tea.CanFocus(w) || rt.Snapshot().Focus == id {
		return nil
	}
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: id}); err != nil && !errors.Is(err, tea.ErrNotFocusable) {
		return err
	}
	return nil
}

func after(tr tea.Transition, err error) (*tea.Snapshot, error) {
	if err != nil {
		return nil, err
	}
	return &tr.After, nil
}

// toggleAgents detaches (and blocks) agents, or lets them back, as the
// terminal's detach key does. Without agents it does nothing.
func (t *Tab) toggleAgents(ctx context.Context) error {
	if !t.agents {
		return nil
	}
	if t.sharing.guest != nil {
		return fmt.Errorf("detach agents: %w", ErrHostOnly)
	}
	if t.sess.Snapshot().Presence.Blocked {
		_, err := t.sess.Dispatch(ctx, tea.AllowAgentsMsg{})
		return err
	}
	_, err := t.sess.Dispatch(ctx, tea.DetachAgentsMsg{})
	return err
}
