package tea_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
)

// holdMsg holds the owner in Update: it closes entered, then waits for
// release.
type holdMsg struct{ entered, release chan struct{} }

// holdModel is logModel that understands holdMsg.
type holdModel struct{ logModel }

func (m holdModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if h, ok := msg.(holdMsg); ok {
		close(h.entered)
		<-h.release
		return m, nil
	}
	next, cmd := m.logModel.Update(msg)
	return holdModel{next.(logModel)}, cmd
}

// TestAnAbandonedCallsAnswerReachesNoLaterCall: a Dispatch that gives up
// (its context ends while its message waits) leaves its reply channel
// behind; the owner's late answer to it must never be taken as the answer
// of a later call, which reuses reply channels.
func TestAnAbandonedCallsAnswerReachesNoLaterCall(t *testing.T) {
	rt, err := tea.Start(context.Background(), holdModel{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	for wait := time.Millisecond; ; wait *= 2 {
		h := holdMsg{entered: make(chan struct{}), release: make(chan struct{})}
		held := make(chan error, 1)
		go func() {
			_, err := rt.Dispatch(context.Background(), h)
			held <- err
		}()
		<-h.entered // the owner is busy: what comes next waits
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(wait, cancel) // most likely once "lost" has queued
		lost := appendMsg(fmt.Sprint("lost", wait))
		_, lostErr := rt.Dispatch(ctx, lost)
		close(h.release)
		if err := <-held; err != nil {
			t.Fatal(err)
		}
		if lostErr == nil {
			t.Fatal("a call given up on reported success")
		}
		if _, err := rt.Dispatch(context.Background(), appendMsg("sync")); err != nil {
			t.Fatal(err)
		}
		if slices.Contains(rt.Snapshot().Model.(holdModel).log, string(lost)) {
			break // it was queued, given up on, and answered late
		}
		if wait > time.Second {
			t.Fatal("no call was given up on while its message waited")
		}
	}
	for i, s := range []string{"a", "b", "c"} {
		tr, err := rt.Dispatch(context.Background(), appendMsg(s))
		if err != nil {
			t.Fatal(err)
		}
		log := tr.After.Model.(holdModel).log
		if len(log) == 0 || log[len(log)-1] != s {
			t.Fatalf("call %d (%q) got the answer %v: another call's", i, s, log)
		}
	}
}

// TestDispatchReusesItsReplyAndTimer pins what a Dispatch allocates: no
// reply channel and no timer of its own once the runtime has answered a
// call (a keystroke over SSH is a Dispatch; its garbage is what the
// collector of a server with hundreds of people typing works on).
func TestDispatchReusesItsReplyAndTimer(t *testing.T) {
	rt, err := tea.Start(context.Background(), logModel{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	ctx := context.Background()
	allocs := testing.AllocsPerRun(200, func() {
		if _, err := rt.Dispatch(ctx, tea.WindowSizeMsg{Width: 80, Height: 24}); err != nil {
			t.Fatal(err)
		}
	})
	// Before the reuse: 5 more (the channel, the timer and their parts).
	const most = 9
	if allocs > most {
		t.Fatalf("a Dispatch allocates %.0f times, want at most %d", allocs, most)
	}
}
