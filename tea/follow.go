package tea

import "sync"

// Follow is Subscribe without a goroutine waiting on a channel: see is
// called with the latest snapshot after every change, skipping the ones a
// slow see has not got to, one call at a time and in order, on a goroutine
// that runs only while a snapshot waits and ends once see has caught up.
// When the runtime stops, or cancel is called, done (if not nil) is called
// on that goroutine after see's last call; no call of see follows done.
// A snapshot published before cancel may still reach see.
//
// A renderer that follows thousands of idle sessions (an MCP server's tool
// and resource followers) holds no goroutine, no stack and no channel for
// them: Subscribe's reader parks a goroutine per subscription.
func (r *Runtime) Follow(see func(Snapshot), done func()) (cancel func()) {
	f := &follower{see: see, done: done}
	return r.watch(watcher{see: f.offer, stop: f.stop}, false)
}

// FollowQuick is Follow for a see that is quick: when no other message
// waits, see runs on the owner goroutine right after the message that
// made the snapshot has been answered (its Dispatch has returned), so a
// change costs no goroutine of its own; when messages wait, see runs on
// its own goroutine as Follow's does, and never holds up an Update. see
// is still called one call at a time, in order, skipping snapshots it has
// not got to, and done (if not nil) after its last call. see must not
// block, and must not call the runtime (Dispatch, Send, Barrier): on the
// owner it would wait on itself. Reading Snapshot is fine. A renderer
// that keeps its own state in step with every change (an MCP server's
// tools and resources) uses it.
func (r *Runtime) FollowQuick(see func(Snapshot), done func()) (cancel func()) {
	f := &follower{see: see, done: done, owner: r}
	return r.watch(watcher{see: f.offer, stop: f.stop}, false)
}

// follower hands the latest snapshot to see off the owner goroutine,
// starting a goroutine only while one waits. A quick follower (owner set,
// see FollowQuick) is run by the owner once it has answered the message,
// and starts a goroutine only when messages wait.
type follower struct {
	see   func(Snapshot)
	done  func()
	owner *Runtime

	mu      sync.Mutex
	pending Snapshot
	has     bool
	running bool
	stopped bool
}

// offer keeps s as the snapshot see gets next, replacing one not yet
// taken, and starts the goroutine if none runs. It runs on the owner
// goroutine and does not wait for see.
func (f *follower) offer(s Snapshot) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.stopped {
		return
	}
	f.pending, f.has = s, true
	if f.owner != nil {
		// The owner is publishing: it runs f once the message is
		// answered (runOwed), unless a goroutine of f's runs already and
		// takes the snapshot itself. A message that publishes twice
		// owes f twice; the second run finds nothing waiting.
		if !f.running {
			f.owner.owed = append(f.owner.owed, f)
		}
		return
	}
	f.start()
}

// runHere runs see on the calling goroutine, the owner's, until it has
// caught up, unless a goroutine of f's runs already (a stopped follower's
// always has: stop starts it). A follower stopped while see runs here
// ends on a goroutine of its own, so done never runs on the owner.
func (f *follower) runHere() {
	f.mu.Lock()
	if f.running || !f.has {
		f.mu.Unlock()
		return
	}
	f.running = true
	f.mu.Unlock()
	f.run(true)
}

// startIfWaiting starts f's goroutine if a snapshot waits for see.
func (f *follower) startIfWaiting() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.has {
		f.start()
	}
}

// stop has the goroutine call done once see has had the snapshot waiting,
// if any.
func (f *follower) stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.stopped {
		return
	}
	f.stopped = true
	f.start()
}

// start runs the goroutine unless it runs already. f.mu is held.
func (f *follower) start() {
	if !f.running {
		f.running = true
		go f.run(false)
	}
}

// run calls see with each waiting snapshot until none waits, then done if
// the follower has stopped, and ends. here is set when it runs on the
// owner goroutine (runHere): done then runs on a goroutine of its own.
func (f *follower) run(here bool) {
	for {
		f.mu.Lock()
		if f.has {
			s := f.pending
			f.pending, f.has = Snapshot{}, false
			f.mu.Unlock()
			f.see(s)
			continue
		}
		if !f.stopped {
			f.running = false
			f.mu.Unlock()
			return
		}
		f.mu.Unlock() // running stays set: a stopped follower never starts again
		if f.done != nil {
			if here {
				go f.done()
			} else {
				f.done()
			}
		}
		return
	}
}
