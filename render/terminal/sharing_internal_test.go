package terminal

import (
	"context"
	"errors"
	"testing"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/tea"
)

// A guest's worker: their window does not size the app, their keys carry
// their name, and while the inviter lets guests only watch their input is
// refused on the status line.
func TestGuestWorkerLeavesTheInvitersThingsAlone(t *testing.T) {
	ctx := context.Background()
	sessions := tea.NewSessions()
	defer sessions.StopAll()
	sess, err := sessions.Start(ctx, "s1", "fields", fields{}, tea.WithSize(90, 30))
	if err != nil {
		t.Fatal(err)
	}
	desk := invite.New(invite.Options{})
	inv, err := desk.Invite(sess, "ada", invite.SSH)
	if err != nil {
		t.Fatal(err)
	}
	g, err := desk.Join(ctx, inv.Token(), invite.SSH, "bob")
	if err != nil {
		t.Fatal(err)
	}
	snaps, unsubscribe := sess.Subscribe()
	defer unsubscribe()
	wctx, cancel := context.WithCancel(ctx)
	events := newEventQueue()
	sent := make(chan bt.Msg, 4)
	events.serve((&worker{ctx: wctx, rt: sess.Runtime, opensHelp: true, send: func(m bt.Msg) { sent <- m }, g: g}).handle)
	defer func() { cancel(); events.close() }()

	key := tea.Key{Code: tea.KeyDown}
	events.put(event{size: &tea.WindowSizeMsg{Width: 40, Height: 10}}, nil)
	events.put(event{key: &key}, nil)
	if err := waitBy(snaps, "guest:bob"); err != nil {
		t.Fatal(err)
	}
	if got := sess.Snapshot().Size; got.Width != 90 {
		t.Fatalf("the guest's window sized the app: %+v", got)
	}
	sh, _ := desk.Share(sess)
	sh.SetReadOnly(true)
	events.put(event{key: &key}, nil)
	if e, ok := (<-sent).(errorMsg); !ok || !errors.Is(e.err, invite.ErrReadOnly) {
		t.Fatalf("the worker sent %#v, want the read-only refusal", e)
	}
}

// waitBy waits until the session publishes a snapshot from by.
func waitBy(snaps <-chan tea.Snapshot, by string) error {
	for s := range snaps {
		if s.By == by {
			return nil
		}
	}
	return errors.New("the session ended before a snapshot from " + by)
}

func TestPeopleStatusNamesEveryone(t *testing.T) {
	tests := []struct {
		name   string
		people []tea.Person
		want   string
	}{
		{"not shared", nil, ""},
		{"host and guest", []tea.Person{{Name: "ada"}, {Name: "bob"}}, "● shared: ada (host), bob"},
		{"a read-only guest", []tea.Person{{Name: "ada"}, {Name: "bob", ReadOnly: true}}, "● shared: ada (host), bob (read-only)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PeopleStatus(tea.Snapshot{Presence: tea.Presence{People: tt.people}}); got != tt.want {
				t.Fatalf("PeopleStatus = %q, want %q", got, tt.want)
			}
		})
	}
}
