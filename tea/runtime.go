package tea

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
)

// Runtime owns one model in one goroutine, the owner. Messages apply one at
// a time; after each Update the view is built once and published to every
// subscriber. Commands run off the owner goroutine and their messages queue
// back. The owner runs only while messages wait: an idle runtime holds no
// goroutine.
//
// Input from renderers (KeyInputMsg, MouseInputMsg, FocusMsg, HoverMsg) and
// agents' presence (AttachAgentMsg and the like) are messages too: Dispatch
// them like any other.
type Runtime struct {
	cfg    config
	inbox  *inbox
	snap   atomic.Pointer[Snapshot]
	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}

	// waiters are calls' reply channels and timers, kept for the next
	// call: a keystroke then allocates neither.
	waiters sync.Pool

	watchMu  sync.Mutex
	watchers map[int]watcher
	nextID   int
	closed   bool

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
	// question is the question waiting for the person (see AskHumanMsg),
	// and lastQuestion the last question id given out.
	question     pendingQuestion
	lastQuestion uint64
	// by is the agent whose message is being handled ("" for anyone
	// else): every snapshot published meanwhile names it (Snapshot.By).
	by string
	// owed are the quick followers (FollowQuick) offered a snapshot
	// while the current message was handled, to run once it is answered.
	owed []*follower

	// attached are the renderers' values kept with the runtime (Attach).
	attached attachments
}

// watcher is told of every published snapshot (see Watch and Subscribe);
// stop, set for a subscription, closes its channel once it is told no
// more.
type watcher struct {
	see  func(Snapshot)
	stop func()
}

type envelope struct {
	msg   Msg
	reply chan outcome
	from  Source
}

type outcome struct {
	tr  Transition
	err error
}

// Start builds the model's first view, starts the owner goroutine and runs
// Init's command. It fails only when the first View panics. The runtime runs
// until Stop is called, ctx ends or a QuitMsg arrives.
func Start(ctx context.Context, m Model, opts ...Option) (rt *Runtime, err error) {
	if isNil(m) {
		return nil, fmt.Errorf("tea.Start: %w: the model is nil", ErrInvalidModel)
	}
	cfg := config{timeout: DefaultTimeout, logger: slog.New(slog.DiscardHandler), clock: realClock{}}
	for _, o := range opts {
		o(&cfg)
	}
	view, err := safeView(m)
	if err != nil {
		return nil, fmt.Errorf("tea.Start: first view: %w", err)
	}
	rctx, cancel := context.WithCancel(ctx)
	r := &Runtime{
		cfg:      cfg,
		ctx:      rctx,
		cancel:   cancel,
		done:     make(chan struct{}),
		watchers: map[int]watcher{},

		noteTimers: map[uint64]context.CancelFunc{},
	}
	r.inbox = newInbox(r.work)
	r.focus = scan(view)
	var focus string
	focus, r.beforeTrap = refocus("", "", focusScan{}, r.focus)
	r.publish(&Snapshot{Model: m, View: view, Focus: focus, Size: cfg.size})
	if cfg.size.Width > 0 || cfg.size.Height > 0 {
		// Applied before the owner goroutine starts (so nothing races it):
		// the snapshot Start leaves behind is already laid out for the size,
		// and a renderer's first frame or screenshot never shows the
		// unsized view. A failure keeps the first model, as any Update would.
		_ = r.apply(cfg.size)
	}
	context.AfterFunc(rctx, r.shutdown)
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

// Dispatch hands msg to the runtime and waits until it has been applied
// and the new view published. It returns the snapshots before and after,
// so a caller can tell what changed, and a *PanicError, an
// *InvalidModelError, a *TimeoutError (the message may still apply later),
// ErrStopped, or ctx's error.
//
// Most messages go to Update. The runtime takes its own: input from
// renderers (KeyInputMsg, MouseInputMsg, FocusMsg, FocusNextMsg,
// FocusPrevMsg, HoverMsg), agents' presence (AttachAgentMsg,
// DetachAgentMsg, DetachAgentsMsg, AllowAgentsMsg), questions to the
// person (AskHumanMsg, AnswerHumanMsg, WithdrawQuestionMsg), notifications
// (NotifyMsg, DismissMsg), commands (BatchMsg) and QuitMsg.
func (r *Runtime) Dispatch(ctx context.Context, msg Msg) (Transition, error) {
	if s := r.snap.Load(); settledPresence(s.Presence, msg) {
		return Transition{Before: *s, After: *s}, nil
	}
	return r.call(ctx, msg)
}

// Send queues msg for the runtime without waiting. It returns ErrStopped if
// the runtime has stopped.
func (r *Runtime) Send(msg Msg) error {
	if r.ctx.Err() != nil {
		return ErrStopped
	}
	return r.inbox.put(context.Background(), envelope{msg: msg}, r.ctx.Done(), nil)
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

// Subscribe returns a channel that receives the latest snapshot after every
// change. A slow reader skips intermediate snapshots rather than holding up
// the owner. cancel releases the subscription; the channel is closed when the
// runtime stops.
func (r *Runtime) Subscribe() (<-chan Snapshot, func()) {
	ch := make(chan Snapshot, 1)
	latest := func(s Snapshot) {
		select {
		case ch <- s:
		default:
			select {
			case <-ch:
			default:
			}
			ch <- s
		}
	}
	return ch, r.watch(watcher{see: latest, stop: func() { close(ch) }}, false)
}

// Watch calls see with the current snapshot, then with every snapshot the
// runtime publishes, none skipped, in order. Each later call runs on the
// owner goroutine as the snapshot is published, before the next Update can
// start, so see may read deep into the model without racing it; it must
// return quickly and must not call the runtime. cancel stops the calls; so
// does the runtime stopping. On a stopped runtime Watch does nothing. Test
// helpers use it to check every snapshot.
func (r *Runtime) Watch(see func(Snapshot)) (cancel func()) {
	return r.watch(watcher{see: see}, true)
}

// Subscribers returns how many subscriptions (see Subscribe and Follow)
// are open.
func (r *Runtime) Subscribers() int {
	r.watchMu.Lock()
	defer r.watchMu.Unlock()
	n := 0
	for _, w := range r.watchers {
		if w.stop != nil {
			n++
		}
	}
	return n
}

// watch adds w, first telling it the current snapshot when now is set, and
// returns the function that removes it.
func (r *Runtime) watch(w watcher, now bool) (cancel func()) {
	r.watchMu.Lock()
	defer r.watchMu.Unlock()
	if r.closed {
		if w.stop != nil {
			w.stop()
		}
		return func() {}
	}
	if now {
		w.see(*r.snap.Load())
	}
	id := r.nextID
	r.nextID++
	r.watchers[id] = w
	return func() {
		r.watchMu.Lock()
		defer r.watchMu.Unlock()
		if w, ok := r.watchers[id]; ok {
			delete(r.watchers, id)
			if w.stop != nil {
				w.stop()
			}
		}
	}
}

func (r *Runtime) call(ctx context.Context, msg Msg) (Transition, error) {
	w := r.waiter()
	env := envelope{msg: msg, reply: w.reply}
	timer := w.timer
	// The waiter goes back to the pool only once its reply has been
	// taken: a call that gave up leaves the owner a channel nobody reuses.
	answered := false
	defer func() {
		timer.Stop()
		if answered {
			r.waiters.Put(w)
		}
	}()
	switch err := r.inbox.put(ctx, env, r.ctx.Done(), timer.C); {
	case errors.Is(err, errInboxFull):
		return Transition{}, &TimeoutError{After: r.cfg.timeout}
	case err != nil:
		return Transition{}, err
	}
	select {
	case o := <-env.reply:
		answered = true
		return o.tr, o.err
	case <-ctx.Done():
		return Transition{}, fmt.Errorf("%w (the message may still apply)", ctx.Err())
	case <-r.done:
		// The owner answers before it stops: a message that stopped the
		// runtime (a QuitMsg) was applied, and its answer is waiting.
		select {
		case o := <-env.reply:
			answered = true
			return o.tr, o.err
		default:
			return Transition{}, ErrStopped
		}
	case <-timer.C:
		return Transition{}, &TimeoutError{After: r.cfg.timeout}
	}
}

// work is the owner goroutine: it applies the waiting messages one at a
// time and ends when none waits (the inbox starts it again for the next)
// or the runtime stops.
func (r *Runtime) work() {
	for {
		env, ok := r.inbox.next(r.ctx)
		if !ok {
			return
		}
		before := *r.snap.Load()
		r.settled = nil
		if r.cfg.observe != nil {
			if _, internal := env.msg.(barrier); !internal {
				r.cfg.observe(Event{Kind: Received, Msg: env.msg, Source: env.from, Snapshot: before, Runtime: r})
			}
		}
		err := r.handle(env.msg)
		if env.reply != nil {
			env.reply <- outcome{tr: Transition{Before: before, After: *r.snap.Load(), Settled: r.settled}, err: err}
		}
		r.runOwed()
	}
}

// runOwed runs the quick followers the message just handled offered a
// snapshot: here, on the owner, once its caller has its answer, when no
// message waits; on their own goroutines, as Follow's, when one does, so
// that they never hold up an Update.
func (r *Runtime) runOwed() {
	if len(r.owed) == 0 {
		return
	}
	here := r.inbox.empty()
	for i, f := range r.owed {
		r.owed[i] = nil
		if here {
			f.runHere()
		} else {
			f.startIfWaiting()
		}
	}
	r.owed = r.owed[:0]
}

// shutdown runs once the runtime's context ends: it waits for the owner
// to finish the message it is handling, then closes every subscription
// and Done.
func (r *Runtime) shutdown() {
	r.inbox.close()
	r.watchMu.Lock()
	r.closed = true
	for id, w := range r.watchers {
		delete(r.watchers, id)
		if w.stop != nil {
			w.stop()
		}
	}
	r.watchMu.Unlock()
	close(r.done)
}

// handle runs on the owner goroutine: the runtime's own messages here,
// anything else through Update.
func (r *Runtime) handle(msg Msg) error {
	cur := r.snap.Load()
	switch m := msg.(type) {
	case AgentMsg:
		r.by = m.Agent
		defer func() { r.by = "" }()
		return r.handle(m.Msg)
	case QuitMsg:
		r.cancel()
		return nil
	case barrier:
		return nil
	case BatchMsg, sequenceMsg, tickRequest:
		go r.deliver(m, FromCommand)
		return nil
	case NotifyMsg:
		return r.handleNotify(cur, m)
	case DismissMsg:
		r.dropNotes(cur, func(n Notification) bool { return m.Key == "" || n.Key == m.Key })
		return nil
	case expireNote:
		r.dropNotes(cur, func(n Notification) bool { return n.ID == m.id })
		return nil
	case FocusMsg:
		return r.handleFocus(cur, m.ID)
	case FocusNextMsg:
		r.publish(cur.withFocus(r.cycle(cur.Focus, false)))
		return nil
	case FocusPrevMsg:
		r.publish(cur.withFocus(r.cycle(cur.Focus, true)))
		return nil
	case HoverMsg:
		r.handleHover(cur, m.ID)
		return nil
	case KeyInputMsg:
		r.by = m.Agent
		defer func() { r.by = "" }()
		return r.handleKey(cur, m)
	case MouseInputMsg:
		return r.handleMouse(cur, m)
	case AskHumanMsg, AnswerHumanMsg, WithdrawQuestionMsg:
		return r.handleQuestion(cur, m)
	case AttachAgentMsg, DetachAgentMsg, DetachAgentsMsg, AllowAgentsMsg, JoinMsg, LeaveMsg:
		p, changed, err := withPresence(cur.Presence, m)
		if changed {
			s := *cur
			s.Presence = p
			r.publish(&s)
		}
		if _, detached := m.(DetachAgentsMsg); detached {
			// Detaching agents answers their question too.
			r.closeQuestion(r.snap.Load(), false)
		}
		return err
	}
	return r.apply(msg)
}

// apply runs Update and View for one message and publishes the result, or
// keeps the last good model and returns why not.
func (r *Runtime) apply(msg Msg) error {
	cur := r.snap.Load()
	if r.cfg.observe != nil {
		r.cfg.observe(Event{Kind: Updated, Msg: msg, Snapshot: *cur, Runtime: r})
	}
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
	focus := scan(view)
	s := *cur
	s.Model, s.View = next, view
	if ws, ok := msg.(WindowSizeMsg); ok {
		s.Size = ws
	}
	s.Focus, r.beforeTrap = refocus(cur.Focus, r.beforeTrap, r.focus, focus)
	r.focus = focus
	r.publish(&s)
	r.settled = r.run(cmd)
	return nil
}

// publish stores s as the current snapshot, one version past the one it
// follows, and tells every watcher and subscriber. It is the one place a
// snapshot's Version is set.
func (r *Runtime) publish(s *Snapshot) {
	s.Version = 1
	s.By = r.by
	if prev := r.snap.Load(); prev != nil {
		s.Version = prev.Version + 1
	}
	r.snap.Store(s)
	if r.cfg.observe != nil {
		r.cfg.observe(Event{Kind: Published, Snapshot: *s, Runtime: r})
	}
	r.watchMu.Lock()
	defer r.watchMu.Unlock()
	for _, w := range r.watchers {
		w.see(*s)
	}
}
