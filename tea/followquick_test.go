package tea_test

import (
	"bytes"
	"context"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
)

// goroutineID is the id of the calling goroutine, from its stack's first
// line ("goroutine 7 [running]:"): the tests tell the owner goroutine from
// others by it.
func goroutineID() uint64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	buf = bytes.TrimPrefix(buf, []byte("goroutine "))
	id, _ := strconv.ParseUint(string(buf[:bytes.IndexByte(buf, ' ')]), 10, 64)
	return id
}

// ownerMsg records the goroutine its Update runs on, the owner's.
type ownerMsg struct{ id *uint64 }

// ownerModel counts its Updates, so that each makes a new snapshot.
type ownerModel struct{ n int }

// gateMsg holds its Update until release closes, then records the
// goroutine it ran on.
type gateMsg struct {
	release <-chan struct{}
	id      *uint64
}

func (ownerModel) Init() tea.Cmd { return nil }

func (m ownerModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case ownerMsg:
		*msg.id = goroutineID()
	case gateMsg:
		<-msg.release
		*msg.id = goroutineID()
	}
	m.n++
	return m, nil
}

func (ownerModel) View() tea.Node { return nil }

// TestFollowQuickRunsOnTheOwnerOnceAnswered: with nothing else waiting,
// a quick follower sees a message's snapshot on the owner goroutine,
// after the message's Dispatch has returned: a change costs no goroutine
// of its own.
func TestFollowQuickRunsOnTheOwnerOnceAnswered(t *testing.T) {
	rt, err := tea.Start(context.Background(), ownerModel{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	answered := make(chan struct{})
	type sight struct {
		version   uint64
		goroutine uint64
		answered  bool
	}
	seen := make(chan sight, 4)
	rt.FollowQuick(func(s tea.Snapshot) {
		was := false
		select {
		case <-answered:
			was = true
		case <-time.After(5 * time.Second):
		}
		seen <- sight{s.Version, goroutineID(), was}
	}, nil)
	var owner uint64
	tr, err := rt.Dispatch(context.Background(), ownerMsg{id: &owner})
	if err != nil {
		t.Fatal(err)
	}
	close(answered)
	select {
	case got := <-seen:
		if got.version != tr.After.Version {
			t.Fatalf("see got version %d, want %d", got.version, tr.After.Version)
		}
		if got.goroutine != owner {
			t.Fatalf("see ran on goroutine %d, the owner is %d", got.goroutine, owner)
		}
		if !got.answered {
			t.Fatal("see ran before Dispatch returned")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("see was not called")
	}
}

// TestFollowQuickNeverHoldsUpAnUpdate: when a message waits, a quick
// follower sees the snapshot on a goroutine of its own, not on the owner,
// which goes on to the waiting message's Update.
func TestFollowQuickNeverHoldsUpAnUpdate(t *testing.T) {
	rt, err := tea.Start(context.Background(), ownerModel{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	first := make(chan uint64, 1)
	var once sync.Once
	rt.FollowQuick(func(tea.Snapshot) { once.Do(func() { first <- goroutineID() }) }, nil)
	var owner, again uint64
	release := make(chan struct{})
	if err := rt.Send(gateMsg{release: release, id: &owner}); err != nil {
		t.Fatal(err)
	}
	// Queued while the first holds the owner: it waits when the first
	// is done.
	if err := rt.Send(ownerMsg{id: &again}); err != nil {
		t.Fatal(err)
	}
	close(release)
	if err := rt.Barrier(context.Background()); err != nil {
		t.Fatal(err)
	}
	select {
	case g := <-first:
		if g == owner {
			t.Fatalf("see ran on the owner (goroutine %d) while a message waited", g)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("see was not called")
	}
}
