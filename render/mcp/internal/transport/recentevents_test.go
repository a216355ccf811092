package transport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/mark3labs/mcp-go/server"
)

// Compile-time check: RecentEvents is an mcp-go event store.
var _ server.EventStore = (*RecentEvents)(nil)

func TestRecentEventsKeepsTheNewestOfEachSessionWithinItsBounds(t *testing.T) {
	ctx := context.Background()
	msg := func(i int) json.RawMessage { return json.RawMessage(fmt.Sprintf(`{"n":%d}`, i)) }
	replay := func(r *RecentEvents, session, last string) (string, []string, error) {
		var got []string
		stream, err := r.ReplayEventsAfter(ctx, session, last, func(_ string, m json.RawMessage) error {
			got = append(got, string(m))
			return nil
		})
		return stream, got, err
	}
	for _, tc := range []struct {
		name      string
		max, size int
		// stored: events of session "s" on streams "a" and "b", alternating.
		stored int
		last   int // the event (1-based, in order stored) to replay after
		want   []string
		gone   bool // last is no longer kept
	}{
		{"replays the later events of the same stream only", 10, 1 << 20, 6, 1, []string{`{"n":3}`, `{"n":5}`}, false},
		{"the newest event replays nothing", 10, 1 << 20, 6, 6, nil, false},
		{"past the count, the oldest go", 3, 1 << 20, 6, 3, nil, true},
		{"within the count, kept", 3, 1 << 20, 6, 4, []string{`{"n":6}`}, false},
		{"past the bytes, the oldest go", 100, 3 * len(`{"n":1}`), 6, 3, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRecentEvents(tc.max, tc.size)
			var ids []string
			for i := 1; i <= tc.stored; i++ {
				id, err := r.StoreEvent(ctx, "s", []string{"a", "b"}[(i+1)%2], msg(i))
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, id)
			}
			if _, err := r.StoreEvent(ctx, "other", "a", msg(99)); err != nil {
				t.Fatal(err)
			}
			stream, got, err := replay(r, "s", ids[tc.last-1])
			if tc.gone {
				if !errors.Is(err, server.ErrUnknownEventID) {
					t.Fatalf("replay after an event past the bounds: %v, %v", got, err)
				}
				return
			}
			if err != nil || !slices.Equal(got, tc.want) || stream != []string{"a", "b"}[(tc.last+1)%2] {
				t.Fatalf("replay after event %d: stream %q, %v, %v; want %v", tc.last, stream, got, err, tc.want)
			}
		})
	}
	t.Run("another session's id, a purged session and garbage are unknown", func(t *testing.T) {
		r := NewRecentEvents(0, 0)
		id, _ := r.StoreEvent(ctx, "s", "a", msg(1))
		other, _ := r.StoreEvent(ctx, "o", "a", msg(2))
		for _, c := range []struct{ session, last string }{{"s", other}, {"o", id}, {"s", "x"}, {"nobody", id}} {
			if _, _, err := replay(r, c.session, c.last); !errors.Is(err, server.ErrUnknownEventID) {
				t.Errorf("session %s after %q: %v", c.session, c.last, err)
			}
		}
		if err := r.PurgeSession(ctx, "s"); err != nil || r.Sessions() != 1 {
			t.Fatalf("purge: %v, %d sessions kept", err, r.Sessions())
		}
		if _, _, err := replay(r, "s", id); !errors.Is(err, server.ErrUnknownEventID) {
			t.Errorf("a purged session replayed: %v", err)
		}
	})
}

// TestRecentEventsFullLogKeepsItsArray pins that a session's full log
// drops its oldest event in place: storing one more allocates only the
// new event's id, and the events kept after many drops are the newest,
// in order.
func TestRecentEventsFullLogKeepsItsArray(t *testing.T) {
	ctx := context.Background()
	r := NewRecentEvents(4, 1<<20)
	msgs := make([]json.RawMessage, 200)
	for i := range msgs {
		msgs[i] = json.RawMessage(fmt.Sprintf(`{"n":%d}`, i))
	}
	var ids []string
	for i := range 8 {
		id, _ := r.StoreEvent(ctx, "s", "a", msgs[i])
		ids = append(ids, id)
	}
	i := 8
	allocs := testing.AllocsPerRun(100, func() {
		id, _ := r.StoreEvent(ctx, "s", "a", msgs[i%len(msgs)])
		ids = append(ids[:0:0], id) // the id's own string, kept outside
		i++
	})
	if allocs > 1 {
		t.Errorf("a store into a full log allocates %v times; want 1 (the id)", allocs)
	}
	last, _ := r.StoreEvent(ctx, "s", "a", json.RawMessage(`{"n":"last-but-two"}`))
	_, _ = r.StoreEvent(ctx, "s", "a", json.RawMessage(`{"n":"last-but-one"}`))
	_, _ = r.StoreEvent(ctx, "s", "a", json.RawMessage(`{"n":"last"}`))
	var got []string
	if _, err := r.ReplayEventsAfter(ctx, "s", last, func(_ string, m json.RawMessage) error {
		got = append(got, string(m))
		return nil
	}); err != nil || !slices.Equal(got, []string{`{"n":"last-but-one"}`, `{"n":"last"}`}) {
		t.Fatalf("replay after the newest but two: %v, %v", got, err)
	}
}
