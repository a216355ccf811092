package tea

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// burstModel counts, per sender, the messages Update saw, and how many
// came out of their sender's order.
type burstModel struct {
	next       [burstSenders]int
	outOfOrd   int
	dispatched int
	gate       <-chan struct{}
}

const burstSenders = 8

type (
	burstMsg      struct{ sender, seq int }
	burstGate     struct{} // Update waits for the model's gate
	burstDispatch struct{}
)

func (m burstModel) Init() Cmd { return nil }
func (m burstModel) Update(msg Msg) (Model, Cmd) {
	switch msg := msg.(type) {
	case burstGate:
		<-m.gate
	case burstMsg:
		if msg.seq != m.next[msg.sender] {
			m.outOfOrd++
		}
		m.next[msg.sender] = msg.seq + 1
	case burstDispatch:
		m.dispatched++
	}
	return m, nil
}
func (m burstModel) View() Node { return Text{Content: "burst"} }

// waitFor polls cond until it holds or a few seconds pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestABurstLargerThanTheInboxLosesNothingAndKeepsEachSendersOrder runs
// in a synctest bubble: synctest.Wait returns once every sender has sent
// all it could and waits for room, so the inbox holding the limit then is
// not a matter of how long anyone waited.
func TestABurstLargerThanTheInboxLosesNothingAndKeepsEachSendersOrder(t *testing.T) {
	synctest.Test(t, aBurstLargerThanTheInboxLosesNothing)
}

func aBurstLargerThanTheInboxLosesNothing(t *testing.T) {
	gate := make(chan struct{})
	var open sync.Once
	rt, err := Start(context.Background(), burstModel{gate: gate})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		open.Do(func() { close(gate) })
		rt.Stop()
	}()
	if err := rt.Send(burstGate{}); err != nil { // Update waits: everything after queues
		t.Fatal(err)
	}
	const each = 3 * inboxLimit / burstSenders // three inboxes' worth in all
	const dispatchers = 16
	var wg sync.WaitGroup
	errs := make(chan error, burstSenders+dispatchers)
	for s := range burstSenders {
		wg.Go(func() {
			for i := range each {
				if err := rt.Send(burstMsg{sender: s, seq: i}); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	// The senders are held back at the limit, not queued past it.
	synctest.Wait()
	if n := rt.inbox.waiting(); n != inboxLimit {
		t.Fatalf("%d messages wait, want the limit of %d: senders must wait for room", n, inboxLimit)
	}
	// Callers waiting for room in a full inbox are answered too.
	for range dispatchers {
		wg.Go(func() {
			if _, err := rt.Dispatch(context.Background(), burstDispatch{}); err != nil {
				errs <- err
			}
		})
	}
	open.Do(func() { close(gate) })
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a sender failed: %v", err)
	}
	if err := rt.Barrier(context.Background()); err != nil {
		t.Fatal(err)
	}
	m := rt.Snapshot().Model.(burstModel)
	for s, n := range m.next {
		if n != each {
			t.Errorf("sender %d: %d messages applied, want %d", s, n, each)
		}
	}
	if m.outOfOrd != 0 {
		t.Errorf("%d messages applied out of their sender's order", m.outOfOrd)
	}
	if m.dispatched != dispatchers {
		t.Errorf("%d dispatched messages applied, want %d", m.dispatched, dispatchers)
	}
	// The owner lets the burst's ring go when it finds the inbox empty,
	// just after it answered the Barrier.
	waitFor(t, "the drained inbox to keep at most a small ring", func() bool {
		rt.inbox.mu.Lock()
		defer rt.inbox.mu.Unlock()
		return cap(rt.inbox.buf) <= inboxKeep
	})
}

func TestAWaitForRoomInAFullInboxEnds(t *testing.T) {
	cases := []struct {
		name    string
		timeout time.Duration // the runtime's
		wait    func(rt *Runtime) error
		stop    bool // stop the runtime while the sender waits
		want    func(error) bool
	}{
		{"Send ends with ErrStopped when the runtime stops", time.Minute, func(rt *Runtime) error { return rt.Send(1) }, true,
			func(err error) bool { return errors.Is(err, ErrStopped) }},
		{"Dispatch ends with ErrStopped when the runtime stops", time.Minute, func(rt *Runtime) error {
			_, err := rt.Dispatch(context.Background(), 1)
			return err
		}, true, func(err error) bool { return errors.Is(err, ErrStopped) }},
		{"Dispatch ends with its context", time.Minute, func(rt *Runtime) error {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
			defer cancel()
			_, err := rt.Dispatch(ctx, 1)
			return err
		}, false, func(err error) bool { return errors.Is(err, context.DeadlineExceeded) }},
		{"Dispatch ends with a TimeoutError after the runtime's timeout", 30 * time.Millisecond, func(rt *Runtime) error {
			_, err := rt.Dispatch(context.Background(), 1)
			return err
		}, false, func(err error) bool {
			var te *TimeoutError
			return errors.As(err, &te) && te.After == 30*time.Millisecond
		}},
	}
	for _, c := range cases {
		// In a bubble: synctest.Wait returns once the sender waits for
		// room, and the timeouts run on the bubble's clock.
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				gate := make(chan struct{})
				rt, err := Start(context.Background(), burstModel{gate: gate}, WithTimeout(c.timeout))
				if err != nil {
					t.Fatal(err)
				}
				defer func() {
					close(gate)
					rt.Stop()
				}()
				if err := rt.Send(burstGate{}); err != nil {
					t.Fatal(err)
				}
				waitFor(t, "Update to take the gate", func() bool { return rt.inbox.waiting() == 0 })
				for i := range inboxLimit {
					if err := rt.Send(burstMsg{seq: i}); err != nil {
						t.Fatal(err)
					}
				}
				got := make(chan error, 1)
				go func() { got <- c.wait(rt) }()
				if c.stop {
					synctest.Wait() // the sender waits for room
					rt.cancel()     // Stop would wait for the gated Update
				}
				select {
				case err := <-got:
					if !c.want(err) {
						t.Fatalf("err = %v", err)
					}
				case <-time.After(10 * time.Second):
					t.Fatal("the sender still waits for room")
				}
			})
		})
	}
}

// idleModel is the smallest model: it never changes.
type idleModel struct{}

func (idleModel) Init() Cmd                 { return nil }
func (m idleModel) Update(Msg) (Model, Cmd) { return m, nil }
func (idleModel) View() Node                { return Text{Content: "idle"} }

// heapInUse is the heap's live bytes after a collection.
func heapInUse() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

func TestAnIdleRuntimeHoldsLittleHeap(t *testing.T) {
	const n = 200
	before := heapInUse()
	rts := make([]*Runtime, n)
	for i := range rts {
		rt, err := Start(context.Background(), idleModel{})
		if err != nil {
			t.Fatal(err)
		}
		if err := rt.Send(1); err != nil { // one message through the inbox
			t.Fatal(err)
		}
		if err := rt.Barrier(context.Background()); err != nil {
			t.Fatal(err)
		}
		rts[i] = rt
	}
	after := heapInUse()
	for _, rt := range rts {
		rt.Stop()
	}
	// 4 KB: the runtime, its context, channels, maps, ring and first
	// snapshot take about 1.5 KB (the rest is room for whatever else the
	// test process allocates meanwhile); a 1024-slot inbox channel alone
	// took 24.
	if per := (int64(after) - int64(before)) / n; per > 4<<10 {
		t.Fatalf("an idle runtime holds %d bytes of heap, want at most 4 KB", per)
	}
}

func TestIdleRuntimesAndSessionsHoldNoGoroutine(t *testing.T) {
	const n = 50
	before := runtime.NumGoroutine()
	sessions := NewSessions()
	defer sessions.StopAll()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for i := range n {
		sess, err := sessions.Start(ctx, fmt.Sprintf("s%d", i), "idle", idleModel{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sess.Dispatch(ctx, 1); err != nil {
			t.Fatal(err)
		}
	}
	// An owner ends just after it answers: give the last ones a moment.
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if extra := runtime.NumGoroutine() - before; extra > 0 {
		t.Fatalf("%d idle sessions hold %d goroutines, want none", n, extra)
	}
	// Idle is not dead: each still answers, and stops when its context ends.
	for _, sess := range sessions.List() {
		if _, err := sess.Dispatch(ctx, 2); err != nil {
			t.Fatalf("session %s: %v", sess.ID, err)
		}
	}
	cancel()
	for _, sess := range sessions.List() {
		select {
		case <-sess.Done():
		case <-time.After(5 * time.Second):
			t.Fatalf("session %s still runs after its context ended", sess.ID)
		}
	}
	waitFor(t, "every session to leave the registry", func() bool { return len(sessions.List()) == 0 })
}
