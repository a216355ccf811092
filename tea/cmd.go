package tea

import "time"

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
