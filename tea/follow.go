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

// follower hands the latest snapshot to see off the owner goroutine,
// starting a goroutine only while one waits.
type follower struct {
	see  func(Snapshot)
	done func()

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
	f.start()
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
		go f.run()
	}
}

// run calls see with each waiting snapshot until none waits, then done if
// the follower has stopped, and ends.
func (f *follower) run() {
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
			f.done()
		}
		return
	}
}
