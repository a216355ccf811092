package tea

import (
	"sync"
	"time"
)

// Cmd is work that runs off the model's goroutine and returns a message for
// Update (or nil for none). The Runtime runs each Cmd in its own goroutine and
// queues its message behind the ones already waiting.
type Cmd func() Msg

// BatchMsg carries commands to run concurrently. Batch returns one; the Runtime
// unpacks it, so an app never sees it in Update.
type BatchMsg []Cmd

// sequenceMsg carries commands to run one after another.
type sequenceMsg []Cmd

// Batch runs the given commands concurrently. Nil commands are skipped; a
// Batch of nothing is nil.
func Batch(cmds ...Cmd) Cmd {
	valid := compact(cmds)
	switch len(valid) {
	case 0:
		return nil
	case 1:
		return valid[0]
	}
	return func() Msg { return BatchMsg(valid) }
}

// Sequence runs the given commands one at a time, in order, delivering each
// message before the next command starts. A command that returns a Batch
// counts as delivered once every command of the batch has delivered, and a
// Tick once its timer has fired and its message is delivered, so nothing
// after them in the sequence overtakes them.
func Sequence(cmds ...Cmd) Cmd {
	valid := compact(cmds)
	switch len(valid) {
	case 0:
		return nil
	case 1:
		return valid[0]
	}
	return func() Msg { return sequenceMsg(valid) }
}

// Tick waits d and then returns fn applied to the time it fired. Return
// another Tick from Update to keep ticking.
func Tick(d time.Duration, fn func(time.Time) Msg) Cmd {
	return func() Msg {
		return tickRequest{d: d, fn: fn}
	}
}

// tickRequest lets the Runtime wait for a tick on a timer it can cancel when
// the session stops, instead of a sleeping goroutine nobody can stop.
type tickRequest struct {
	d  time.Duration
	fn func(time.Time) Msg
}

func compact(cmds []Cmd) []Cmd {
	var out []Cmd
	for _, c := range cmds {
		if c != nil {
			out = append(out, c)
		}
	}
	return out
}

// run executes cmd on its own goroutine. The channel it returns is closed
// once cmd has run and its message is queued (or, for a Batch, Sequence or
// Tick, under way); it is nil when there is nothing to run.
func (r *Runtime) run(cmd Cmd) <-chan struct{} {
	if cmd == nil || r.ctx.Err() != nil {
		return nil
	}
	settled := make(chan struct{})
	go r.execute(cmd, func() { close(settled) }, FromCommand)
	return settled
}

// execute runs cmd and delivers its message, returning once everything it
// led to is delivered (or the runtime stops). It calls settled (when not
// nil) once the message is queued, a Batch, Sequence or Tick is under way,
// or cmd turned out to bring nothing. A panicking cmd is logged and brings
// nothing. from is where the message is said to come from (see Source).
func (r *Runtime) execute(cmd Cmd, settled func(), from Source) {
	msg := func() (msg Msg) {
		defer func() {
			if p := recover(); p != nil {
				r.cfg.logger.Error("command panicked", "panic", p)
				msg = nil
			}
		}()
		return cmd()
	}()
	if settled == nil {
		r.deliver(msg, from)
		return
	}
	switch msg.(type) {
	case BatchMsg, sequenceMsg, tickRequest:
		settled()
		r.deliver(msg, from)
	default:
		r.deliver(msg, from)
		settled()
	}
}

// deliver routes a command's result and returns once it is delivered: a
// batch once each of its commands' results is, a sequence once its last
// command's is, a tick once its timer fired and its message is, anything
// else once queued for Update. So a Sequence that waits for each step in
// turn keeps its order through nested batches and ticks. It returns early
// when the runtime stops; messages for a stopped runtime are dropped.
func (r *Runtime) deliver(msg Msg, from Source) {
	switch m := msg.(type) {
	case nil:
	case BatchMsg:
		var wg sync.WaitGroup
		for _, c := range m {
			if r.ctx.Err() != nil {
				break
			}
			wg.Go(func() { r.execute(c, nil, from) })
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
			r.execute(c, nil, from)
		}
	case tickRequest:
		c, stop := r.cfg.clock.Timer(m.d)
		defer stop()
		select {
		case now := <-c:
			r.execute(func() Msg { return m.fn(now) }, nil, FromTimer)
		case <-r.ctx.Done():
		}
	default:
		_ = r.inbox.put(r.ctx, envelope{msg: m, from: from}, nil, nil) // dropped once the runtime stops
	}
}
