package tea

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultTimeout is how long Dispatch waits for Update by default.
const DefaultTimeout = 5 * time.Second

// Snapshot is the state of a Runtime after one Update: the model, the view
// built from it once, and focus. Snapshots are immutable values; reading one
// never races the owner goroutine.
type Snapshot struct {
	Model   Model
	View    Node
	Focus   string
	Hover   string
	Size    WindowSizeMsg
	Version uint64
	// Agents are the agents (MCP connections) acting on this runtime, in
	// the order they attached. A renderer shows a human that they are there.
	Agents []string
	// AgentsBlocked is set while the human has detached agents: renderers
	// for agents refuse to act until it is cleared.
	AgentsBlocked bool
	// Secrets are the values masked widgets have shown, by widget id (the
	// last value of each, kept after the widget leaves the view). Renderers
	// scrub them from anything they expose without an authorizer. The map
	// is never changed once published.
	Secrets map[string]string
	// Notifications are the pending notifications, oldest first (see
	// NotifyMsg). The slice is never changed once published.
	Notifications []Notification
	// Recent are the last MaxRecentNotifications notifications raised,
	// oldest first, whether still pending or not: a renderer that answers
	// an agent now and then tells it what it missed in between. Never
	// changed once published.
	Recent []Notification
}

// Transition is what one dispatched message did: the snapshot before it was
// applied and the one after.
type Transition struct {
	Before, After Snapshot
	// Settled, when Update returned a command, is closed once that
	// command has run and the message it returned is queued for Update
	// (a Batch, Sequence or Tick counts once it is under way). A caller
	// that wants what the command brings (a notification, say) waits on
	// it, then on Barrier. Nil when Update returned no command.
	Settled <-chan struct{}
}

// Option configures a Runtime.
type Option func(*config)

type config struct {
	timeout time.Duration
	logger  *slog.Logger
	size    WindowSizeMsg
}

// WithTimeout sets how long Dispatch waits for an answer (default 5 s).
func WithTimeout(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.timeout = d
		}
	}
}

// WithLogger sets where the runtime logs panicking commands and the like.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) {
		if l != nil {
			c.logger = l
		}
	}
}

// WithSize applies a WindowSizeMsg of the given size before Start returns,
// before anything else.
func WithSize(width, height int) Option {
	return func(c *config) { c.size = WindowSizeMsg{Width: width, Height: height} }
}

// Runtime owns one model in one goroutine. Messages apply one at a time; after
// each Update the view is built once and published to every subscriber.
// Commands run off the owner goroutine and their messages queue back.
type Runtime struct {
	cfg    config
	inbox  chan envelope
	snap   atomic.Pointer[Snapshot]
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}

	subMu  sync.Mutex
	subs   map[int]chan Snapshot
	nextID int
	closed bool

	// owned by the owner goroutine
	focus focusScan
	// beforeTrap is the focus from before a focus trap appeared, to
	// restore when the last one leaves.
	beforeTrap string
	// lastNote is the last notification id given out.
	lastNote uint64
	// noteTimers cancel the expiry timers of pending notifications, by id.
	noteTimers map[uint64]context.CancelFunc
	// settled is the Settled of the message being handled.
	settled <-chan struct{}
}

type envelope struct {
	msg   Msg
	reply chan outcome
}

type outcome struct {
	tr  Transition
	err error
}

// internal requests handled on the owner goroutine.
type (
	keyInput struct {
		key   Key
		agent string
	}
	focusInput struct {
		id   string
		step int // 0: set id, 1: next, -1: previous
	}
	hoverInput struct{ id string }
	agentInput struct {
		attach string // an agent id to add
		detach string // an agent id to drop
		block  int    // 1: detach all and block, -1: unblock
	}
	mouseInput struct {
		id string
		m  Mouse
	}
)

// Start builds the model's first view, starts the owner goroutine and runs
// Init's command. It fails only when the first View panics. The runtime runs
// until Stop is called, ctx ends or a QuitMsg arrives.
func Start(ctx context.Context, m Model, opts ...Option) (rt *Runtime, err error) {
	if isNil(m) {
		return nil, fmt.Errorf("tea.Start: %w: the model is nil", ErrInvalidModel)
	}
	cfg := config{timeout: DefaultTimeout, logger: slog.New(slog.DiscardHandler)}
	for _, o := range opts {
		o(&cfg)
	}
	view, err := safeView(m)
	if err != nil {
		return nil, fmt.Errorf("tea.Start: first view: %w", err)
	}
	rctx, cancel := context.WithCancel(ctx)
	r := &Runtime{
		cfg:    cfg,
		inbox:  make(chan envelope, 1024),
		ctx:    rctx,
		cancel: cancel,
		done:   make(chan struct{}),
		subs:   map[int]chan Snapshot{},

		noteTimers: map[uint64]context.CancelFunc{},
	}
	var secrets map[string]string
	r.focus, secrets = scan(view, nil)
	var focus string
	focus, r.beforeTrap = refocus("", "", focusScan{}, r.focus)
	first := &Snapshot{Model: m, View: view, Focus: focus, Size: cfg.size, Version: 1, Secrets: secrets}
	r.snap.Store(first)
	if cfg.size.Width > 0 || cfg.size.Height > 0 {
		// Applied before the owner goroutine starts (so nothing races it):
		// the snapshot Start leaves behind is already laid out for the size,
		// and a renderer's first frame or screenshot never shows the
		// unsized view. A failure keeps the first model, as any Update would.
		_ = r.apply(cfg.size)
	}
	go r.loop()
	r.run(safeInit(m, cfg.logger))
	return r, nil
}

// Snapshot returns the current state. It is safe from any goroutine.
func (r *Runtime) Snapshot() Snapshot { return *r.snap.Load() }

// Done is closed once the runtime has stopped.
func (r *Runtime) Done() <-chan struct{} { return r.done }

// Context is cancelled when the runtime stops. Long-running commands can
// watch it.
func (r *Runtime) Context() context.Context { return r.ctx }

// Stop stops the runtime: no more messages apply, pending commands' messages
// are dropped, ticks stop and every subscription channel is closed. Stop
// waits for the owner goroutine and is safe to call more than once.
func (r *Runtime) Stop() {
	r.cancel()
	<-r.done
}

// Dispatch sends msg to Update and waits until Update has run and the new
// view is published. It returns a *PanicError, an *InvalidModelError, a
// *TimeoutError (the message may still apply later), ErrStopped, or ctx's
// error.
func (r *Runtime) Dispatch(ctx context.Context, msg Msg) error {
	_, err := r.Apply(ctx, msg)
	return err
}

// Apply is Dispatch that also returns the snapshots before and after the
// message, so a caller can tell what changed.
func (r *Runtime) Apply(ctx context.Context, msg Msg) (Transition, error) {
	return r.call(ctx, msg)
}

// Send queues msg for Update without waiting. It returns ErrStopped if the
// runtime has stopped.
func (r *Runtime) Send(msg Msg) error {
	if r.ctx.Err() != nil {
		return ErrStopped
	}
	select {
	case r.inbox <- envelope{msg: msg}:
		return nil
	case <-r.ctx.Done():
		return ErrStopped
	}
}

// HandleKey routes a key as a terminal would: Tab and Shift+Tab move focus
// (only among the widgets of a FocusTrap while one is in view),
// any other key goes to the focused widget's HandleKey, and a key nobody used
// reaches Update as a KeyMsg. It waits like Dispatch.
func (r *Runtime) HandleKey(ctx context.Context, k Key) (Transition, error) {
	return r.call(ctx, keyInput{key: k})
}

// HandleAgentKey is HandleKey for a key an agent pressed: a key nobody
// used reaches Update as a KeyMsg whose Agent names it, so an app can keep
// what only its human may do (quitting a shared session, say) to keys from
// the human.
func (r *Runtime) HandleAgentKey(ctx context.Context, agent string, k Key) (Transition, error) {
	return r.call(ctx, keyInput{key: k, agent: agent})
}

// HandleMouse delivers a mouse event to the widget id (coordinates relative
// to it). A press focuses a focusable widget first. A widget that is not in
// the view gets an error wrapping ErrNotInView, and one behind a FocusTrap
// in view (see BlockedByTrap) an error wrapping ErrBehindTrap: a dialog
// holds the mouse as it holds the keyboard.
func (r *Runtime) HandleMouse(ctx context.Context, id string, m Mouse) (Transition, error) {
	return r.call(ctx, mouseInput{id: id, m: m})
}

// Focus moves focus to the widget id, which must be focusable in the view
// and, while a FocusTrap is in view, inside it (else the error wraps
// ErrNotFocusable).
func (r *Runtime) Focus(ctx context.Context, id string) error {
	_, err := r.call(ctx, focusInput{id: id})
	return err
}

// FocusNext moves focus forward (back=false) or backward in view order,
// as Tab and Shift+Tab do.
func (r *Runtime) FocusNext(ctx context.Context, back bool) error {
	step := 1
	if back {
		step = -1
	}
	_, err := r.call(ctx, focusInput{step: step})
	return err
}

// SetHover records which widget the mouse is over ("" for none). The
// widget already recorded publishes no new snapshot.
func (r *Runtime) SetHover(ctx context.Context, id string) error {
	_, err := r.call(ctx, hoverInput{id: id})
	return err
}

// AttachAgent records that agent acts on this runtime (idempotent). It
// returns ErrAgentsBlocked while the human has detached agents.
func (r *Runtime) AttachAgent(ctx context.Context, agent string) error {
	if s := r.Snapshot(); slices.Contains(s.Agents, agent) && !s.AgentsBlocked {
		return nil
	}
	_, err := r.call(ctx, agentInput{attach: agent})
	return err
}

// DetachAgent drops one agent, as when its connection ends; it does not
// block agents. An agent not attached is no error.
func (r *Runtime) DetachAgent(ctx context.Context, agent string) error {
	if !slices.Contains(r.Snapshot().Agents, agent) {
		return nil
	}
	_, err := r.call(ctx, agentInput{detach: agent})
	return err
}

// DetachAgents drops every attached agent and blocks agents from acting
// until AllowAgents; a human's "detach" key calls it.
func (r *Runtime) DetachAgents(ctx context.Context) error {
	_, err := r.call(ctx, agentInput{block: 1})
	return err
}

// AllowAgents lets agents act again after DetachAgents.
func (r *Runtime) AllowAgents(ctx context.Context) error {
	_, err := r.call(ctx, agentInput{block: -1})
	return err
}

// Subscribe returns a channel that receives the latest snapshot after every
// change. A slow reader skips intermediate snapshots rather than holding up
// the owner. cancel releases the subscription; the channel is closed when the
// runtime stops.
func (r *Runtime) Subscribe() (<-chan Snapshot, func()) {
	r.subMu.Lock()
	defer r.subMu.Unlock()
	ch := make(chan Snapshot, 1)
	if r.closed {
		close(ch)
		return ch, func() {}
	}
	id := r.nextID
	r.nextID++
	r.subs[id] = ch
	return ch, func() {
		r.subMu.Lock()
		defer r.subMu.Unlock()
		if c, ok := r.subs[id]; ok {
			delete(r.subs, id)
			close(c)
		}
	}
}

// Subscribers returns how many subscriptions are open.
func (r *Runtime) Subscribers() int {
	r.subMu.Lock()
	defer r.subMu.Unlock()
	return len(r.subs)
}

func (r *Runtime) call(ctx context.Context, msg Msg) (Transition, error) {
	env := envelope{msg: msg, reply: make(chan outcome, 1)}
	timer := time.NewTimer(r.cfg.timeout)
	defer timer.Stop()
	select {
	case r.inbox <- env:
	case <-ctx.Done():
		return Transition{}, ctx.Err()
	case <-r.ctx.Done():
		return Transition{}, ErrStopped
	case <-timer.C:
		return Transition{}, &TimeoutError{After: r.cfg.timeout}
	}
	select {
	case o := <-env.reply:
		return o.tr, o.err
	case <-ctx.Done():
		return Transition{}, fmt.Errorf("%w (the message may still apply)", ctx.Err())
	case <-r.done:
		return Transition{}, ErrStopped
	case <-timer.C:
		return Transition{}, &TimeoutError{After: r.cfg.timeout}
	}
}

func (r *Runtime) loop() {
	defer func() {
		r.subMu.Lock()
		r.closed = true
		for id, c := range r.subs {
			delete(r.subs, id)
			close(c)
		}
		r.subMu.Unlock()
		close(r.done)
	}()
	for {
		select {
		case <-r.ctx.Done():
			return
		case env := <-r.inbox:
			if r.ctx.Err() != nil {
				return
			}
			before := *r.snap.Load()
			r.settled = nil
			err := r.handle(env.msg)
			if env.reply != nil {
				env.reply <- outcome{tr: Transition{Before: before, After: *r.snap.Load(), Settled: r.settled}, err: err}
			}
		}
	}
}

// handle runs on the owner goroutine.
func (r *Runtime) handle(msg Msg) error {
	cur := r.snap.Load()
	switch m := msg.(type) {
	case QuitMsg:
		r.cancel()
		return nil
	case barrier:
		return nil
	case BatchMsg, sequenceMsg, tickRequest:
		r.deliver(m)
		return nil
	case NotifyMsg:
		n, err := m.notification(r.lastNote+1, time.Now())
		if err != nil {
			r.cfg.logger.Error("notification refused", "err", err)
			return err
		}
		r.lastNote = n.ID
		next := *cur
		next.Recent = withRecent(cur.Recent, n)
		r.setNotes(&next, withNote(cur.Notifications, n))
		if !n.Until.IsZero() {
			r.expireAfter(n.ID, n.Until.Sub(n.At))
		}
		return nil
	case DismissMsg:
		if kept, gone := withoutNotes(cur.Notifications, func(n Notification) bool { return m.Key == "" || n.Key == m.Key }); gone {
			r.setNotes(cur, kept)
		}
		return nil
	case expireNote:
		if kept, gone := withoutNotes(cur.Notifications, func(n Notification) bool { return n.ID == m.id }); gone {
			r.setNotes(cur, kept)
		}
		return nil
	case focusInput:
		var next string
		switch {
		case m.step != 0:
			next = r.cycle(cur.Focus, m.step < 0)
		default:
			if !slices.Contains(r.focus.order, m.id) {
				return fmt.Errorf("widget %q cannot take focus: it is %w", m.id, ErrNotFocusable)
			}
			if !r.focus.allows(m.id) {
				return fmt.Errorf("widget %q cannot take focus: a dialog holds focus, so it is %w", m.id, ErrNotFocusable)
			}
			next = m.id
		}
		r.publish(cur.withFocus(next))
		return nil
	case agentInput:
		s := *cur
		switch {
		case m.block > 0:
			s.Agents, s.AgentsBlocked = nil, true
		case m.block < 0:
			s.AgentsBlocked = false
		case m.detach != "":
			if !slices.Contains(s.Agents, m.detach) {
				return nil
			}
			s.Agents = slices.DeleteFunc(slices.Clone(s.Agents), func(a string) bool { return a == m.detach })
		case s.AgentsBlocked:
			return ErrAgentsBlocked
		case !slices.Contains(s.Agents, m.attach):
			s.Agents = append(append([]string(nil), s.Agents...), m.attach)
		default:
			return nil
		}
		s.Version++
		r.publish(&s)
		return nil
	case hoverInput:
		if cur.Hover == m.id {
			return nil // nothing changed: no snapshot to draw
		}
		s := *cur
		s.Hover = m.id
		r.publish(&s)
		return nil
	case keyInput:
		focused, hasFocus := FindWidget(cur.View, cur.Focus)
		if m.key.Code == KeyTab && !m.key.Ctrl && !m.key.Alt && !(hasFocus && TakesTab(focused)) {
			r.publish(cur.withFocus(r.cycle(cur.Focus, m.key.Shift)))
			return nil
		}
		out := Msg(KeyMsg{Key: m.key, Agent: m.agent})
		if hasFocus {
			if kh, ok := focused.(KeyHandler); ok {
				got, err := safeWidget(func() Msg { return kh.HandleKey(m.key) })
				if err != nil {
					return err
				}
				if got != nil {
					out = got
				}
			}
		}
		// A widget's message is routed like any other: a NotifyMsg or
		// a Batch from a key press is the runtime's, as from a Dispatch.
		return r.handle(out)
	case mouseInput:
		w, ok := FindWidget(cur.View, m.id)
		if !ok {
			return fmt.Errorf("widget %q is %w", m.id, ErrNotInView)
		}
		if trap, blocked := BlockedByTrap(cur.View, m.id); blocked {
			return fmt.Errorf("widget %q is %w: %s %q holds focus until it is answered", m.id, ErrBehindTrap, trap.WidgetKind(), trap.WidgetID())
		}
		if m.m.Action == MousePress && CanFocus(w) && cur.Focus != m.id && r.focus.allows(m.id) {
			cur = cur.withFocus(m.id)
			r.publish(cur)
		}
		mh, ok := w.(MouseHandler)
		if !ok {
			return nil
		}
		got, err := safeWidget(func() Msg { return mh.HandleMouse(m.m) })
		if err != nil || got == nil {
			return err
		}
		return r.handle(got)
	}
	return r.apply(msg)
}

// apply runs Update and View for one message and publishes the result, or
// keeps the last good model and returns why not.
func (r *Runtime) apply(msg Msg) error {
	cur := r.snap.Load()
	next, cmd, err := safeUpdate(cur.Model, msg)
	if err != nil {
		r.cfg.logger.Error("update failed", "err", err)
		return err
	}
	view, err := safeView(next)
	if err != nil {
		r.cfg.logger.Error("view failed", "err", err)
		return err
	}
	focus, secrets := scan(view, cur.Secrets)
	s := &Snapshot{Model: next, View: view, Hover: cur.Hover, Size: cur.Size, Version: cur.Version + 1,
		Agents: cur.Agents, AgentsBlocked: cur.AgentsBlocked, Secrets: secrets, Notifications: cur.Notifications, Recent: cur.Recent}
	if ws, ok := msg.(WindowSizeMsg); ok {
		s.Size = ws
	}
	s.Focus, r.beforeTrap = refocus(cur.Focus, r.beforeTrap, r.focus, focus)
	r.focus = focus
	r.publish(s)
	r.settled = r.run(cmd)
	return nil
}

// setNotes publishes cur with notes pending, and stops the expiry timers
// of the notifications that are no longer pending (replaced, dropped past
// MaxNotifications, dismissed or expired).
func (r *Runtime) setNotes(cur *Snapshot, notes []Notification) {
	for _, n := range cur.Notifications {
		if !slices.ContainsFunc(notes, func(k Notification) bool { return k.ID == n.ID }) {
			if cancel, ok := r.noteTimers[n.ID]; ok {
				cancel()
				delete(r.noteTimers, n.ID)
			}
		}
	}
	s := *cur
	s.Notifications = notes
	s.Version++
	r.publish(&s)
}

// expireAfter queues the expiry of notification id after d, on a timer
// that setNotes stops when the notification goes earlier and the runtime
// stops when it stops.
func (r *Runtime) expireAfter(id uint64, d time.Duration) {
	ctx, cancel := context.WithCancel(r.ctx)
	r.noteTimers[id] = cancel
	go func() {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			select {
			case r.inbox <- envelope{msg: expireNote{id: id}}:
			case <-ctx.Done():
			}
		case <-ctx.Done():
		}
	}()
}

// cycle returns the id Tab (or Shift+Tab, when back) moves focus to from
// current: among the trapped widgets while a trap is in view. While a trap
// with nothing focusable is in view, focus stays.
func (r *Runtime) cycle(current string, back bool) string {
	order := r.focus.cycleOrder()
	if len(order) == 0 && r.focus.trapping() {
		return current
	}
	return cycle(order, current, back)
}

func (s *Snapshot) withFocus(id string) *Snapshot {
	c := *s
	c.Focus = id
	c.Version++
	return &c
}

func (r *Runtime) publish(s *Snapshot) {
	if s.Version == r.snap.Load().Version {
		s.Version++
	}
	r.snap.Store(s)
	r.subMu.Lock()
	defer r.subMu.Unlock()
	for _, ch := range r.subs {
		select {
		case ch <- *s:
		default:
			select {
			case <-ch:
			default:
			}
			ch <- *s
		}
	}
}

// run executes cmd on its own goroutine. The channel it returns is closed
// once cmd has run and its message is queued (or, for a Batch, Sequence or
// Tick, under way); it is nil when there is nothing to run.
func (r *Runtime) run(cmd Cmd) <-chan struct{} {
	if cmd == nil || r.ctx.Err() != nil {
		return nil
	}
	settled := make(chan struct{})
	go func() {
		msg, ok := r.exec(cmd)
		if !ok {
			close(settled)
			return
		}
		switch msg.(type) {
		case BatchMsg, sequenceMsg, tickRequest:
			close(settled)
			r.deliverWait(msg)
		default:
			r.deliverWait(msg)
			close(settled)
		}
	}()
	return settled
}

// barrier is the runtime's own no-op message: see Barrier.
type barrier struct{}

// Barrier returns once every message queued before it has been handled
// (or the runtime stopped): after a Transition's Settled, the command's
// message has been through Update and its snapshot published.
func (r *Runtime) Barrier(ctx context.Context) error {
	_, err := r.call(ctx, barrier{})
	return err
}

// runWait executes cmd and delivers its message, returning once everything
// it led to is delivered (or the runtime stops).
func (r *Runtime) runWait(cmd Cmd) {
	if msg, ok := r.exec(cmd); ok {
		r.deliverWait(msg)
	}
}

func (r *Runtime) exec(cmd Cmd) (msg Msg, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			r.cfg.logger.Error("command panicked", "panic", p)
			ok = false
		}
	}()
	return cmd(), true
}

// deliver routes a message the owner goroutine got from Send or Dispatch
// (a batch, sequence or tick) without blocking the owner.
func (r *Runtime) deliver(msg Msg) {
	go r.deliverWait(msg)
}

// deliverWait routes a command's result and returns once it is delivered:
// a batch once each of its commands' results is, a sequence once its last
// command's is, a tick once its timer fired and its message is, anything
// else once queued for Update. So a Sequence that waits for each step in
// turn keeps its order through nested batches and ticks. It returns early
// when the runtime stops; messages for a stopped runtime are dropped.
func (r *Runtime) deliverWait(msg Msg) {
	switch m := msg.(type) {
	case nil:
	case BatchMsg:
		var wg sync.WaitGroup
		for _, c := range m {
			if r.ctx.Err() != nil {
				break
			}
			wg.Go(func() { r.runWait(c) })
		}
		done := make(chan struct{})
		go func() {
			wg.Wait()
			close(done)
		}()
		select {
		case <-done:
		case <-r.ctx.Done():
		}
	case sequenceMsg:
		for _, c := range m {
			if r.ctx.Err() != nil {
				return
			}
			r.runWait(c)
		}
	case tickRequest:
		t := time.NewTimer(m.d)
		defer t.Stop()
		select {
		case now := <-t.C:
			r.runWait(func() Msg { return m.fn(now) })
		case <-r.ctx.Done():
		}
	default:
		select {
		case r.inbox <- envelope{msg: m}:
		case <-r.ctx.Done():
		}
	}
}

func safeUpdate(m Model, msg Msg) (next Model, cmd Cmd, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Value: p, Stack: debug.Stack()}
		}
	}()
	next, cmd = m.Update(msg)
	if isNil(next) {
		return nil, nil, &InvalidModelError{Want: typeName(m), Got: "nil"}
	}
	if reflect.TypeOf(next) != reflect.TypeOf(m) {
		return nil, nil, &InvalidModelError{Want: typeName(m), Got: typeName(next)}
	}
	return next, cmd, nil
}

func safeView(m Model) (n Node, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Value: fmt.Sprintf("in View: %v", p), Stack: debug.Stack()}
		}
	}()
	return m.View(), nil
}

func safeInit(m Model, log *slog.Logger) (cmd Cmd) {
	defer func() {
		if p := recover(); p != nil {
			log.Error("init panicked", "panic", p)
			cmd = nil
		}
	}()
	return m.Init()
}

func safeWidget(f func() Msg) (msg Msg, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Value: fmt.Sprintf("in a widget's handler: %v", p), Stack: debug.Stack()}
		}
	}()
	return f(), nil
}

func isNil(m Model) bool {
	if m == nil {
		return true
	}
	v := reflect.ValueOf(m)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Interface, reflect.Chan:
		return v.IsNil()
	}
	return false
}

func typeName(m Model) string {
	if m == nil {
		return "nil"
	}
	return reflect.TypeOf(m).String()
}
