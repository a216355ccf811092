package transport

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/mark3labs/mcp-go/server"
)

// Defaults of RecentEvents' bounds.
const (
	DefaultRecentEvents     = 64
	DefaultRecentEventBytes = 256 << 10
)

// RecentEvents is the streamable-HTTP event store: per session, the newest
// events delivered on its SSE streams, at most max of them and maxBytes of
// their messages, so that a client whose stream broke can resume it
// (Last-Event-ID) for as long as what it missed is still kept; one that
// missed more is told the id is unknown and starts over.
//
// It is also what makes mcp-go deliver every notification of a POST's
// response stream: without a store, the request's forwarder can take a
// notification off the client's queue just as the response ends and drop
// it (mcp-go PR #969, unmerged in v1.2.1); with one, the response waits
// for its forwarder, which records and writes what it holds.
type RecentEvents struct {
	mu       sync.Mutex
	seq      uint64
	max      int
	maxBytes int
	sessions map[string]*recentLog
}

// recentLog is one session's kept events, oldest first.
type recentLog struct {
	events []recentEvent
	bytes  int
}

type recentEvent struct {
	id      uint64
	stream  string
	message json.RawMessage
}

// NewRecentEvents returns a store that keeps, per session, at most max
// events and maxBytes of their messages (the defaults where 0); the
// newest event is always kept.
func NewRecentEvents(max, maxBytes int) *RecentEvents {
	if max <= 0 {
		max = DefaultRecentEvents
	}
	if maxBytes <= 0 {
		maxBytes = DefaultRecentEventBytes
	}
	return &RecentEvents{max: max, maxBytes: maxBytes, sessions: map[string]*recentLog{}}
}

// StoreEvent records message as the newest event of session's stream and
// returns its id, letting the oldest events go past the bounds.
func (r *RecentEvents) StoreEvent(_ context.Context, session, stream string, message json.RawMessage) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	l := r.sessions[session]
	if l == nil {
		l = &recentLog{}
		r.sessions[session] = l
	}
	r.seq++
	// message is kept, not copied: mcp-go hands each event the bytes it
	// has just encoded it to and only reads them after (every call's
	// answer passes here, a page of rows is 10 KB).
	l.events = append(l.events, recentEvent{id: r.seq, stream: stream, message: message})
	l.bytes += len(message)
	drop := 0
	for len(l.events)-drop > 1 && (len(l.events)-drop > r.max || l.bytes > r.maxBytes) {
		l.bytes -= len(l.events[drop].message)
		drop++
	}
	if drop > 0 {
		// The kept events move to the front of the same array (once the
		// log is full, every event drops one): the dropped ones' messages
		// are cleared from its tail, so nothing holds them.
		n := copy(l.events, l.events[drop:])
		clear(l.events[n:])
		l.events = l.events[:n]
	}
	return strconv.FormatUint(r.seq, 10), nil
}

// ReplayEventsAfter sends, in order, the kept events of the stream of
// event last that came after it, and returns that stream. An id the
// session never had, or one no longer kept, answers an error wrapping
// server.ErrUnknownEventID.
func (r *RecentEvents) ReplayEventsAfter(_ context.Context, session, last string, send func(id string, message json.RawMessage) error) (string, error) {
	id, err := strconv.ParseUint(last, 10, 64)
	r.mu.Lock()
	l := r.sessions[session]
	at := -1
	if err == nil && l != nil {
		for i, e := range l.events {
			if e.id == id {
				at = i
				break
			}
		}
	}
	if at < 0 {
		r.mu.Unlock()
		return "", fmt.Errorf("event %q of this session is not kept (the newest %d events are): %w", last, r.max, server.ErrUnknownEventID)
	}
	stream := l.events[at].stream
	var after []recentEvent
	for _, e := range l.events[at+1:] {
		if e.stream == stream {
			after = append(after, e)
		}
	}
	r.mu.Unlock()
	for _, e := range after {
		if err := send(strconv.FormatUint(e.id, 10), e.message); err != nil {
			return "", err
		}
	}
	return stream, nil
}

// PurgeSession forgets every event of session: it ended.
func (r *RecentEvents) PurgeSession(_ context.Context, session string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.sessions, session)
	return nil
}

// Sessions is how many sessions have events kept.
func (r *RecentEvents) Sessions() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.sessions)
}
