package agent

import (
	"sync"
	"time"
)

// JournalSize is how many entries a journal keeps; older ones are dropped,
// and Total still counts them.
const JournalSize = 1000

// Entry kinds.
const (
	KindObservation = "observation" // a resource read, a tool list
	KindCall        = "call"        // a tool call with its arguments and answer
	KindNote        = "note"        // the agent's own words
	KindError       = "error"       // something that went wrong
)

// maxAnswer bounds the text of an answer a journal entry keeps.
const maxAnswer = 2000

// Entry is one thing an agent did or saw.
type Entry struct {
	Seq  int       `json:"seq"`
	At   time.Time `json:"at"`
	Kind string    `json:"kind"`
	// Tool and Args are a call's; Answer is what the server answered (cut
	// to 2,000 characters), IsError whether it was an error result.
	Tool    string         `json:"tool,omitempty"`
	Args    map[string]any `json:"args,omitempty"`
	Answer  string         `json:"answer,omitempty"`
	IsError bool           `json:"is_error,omitempty"`
	// Text is a note's or an error's words, or what was observed.
	Text string `json:"text,omitempty"`
	// Millis is how long the call or read took.
	Millis float64 `json:"ms,omitempty"`
}

// Journal is a bounded, concurrency-safe record of an agent's work.
type Journal struct {
	mu      sync.Mutex
	ring    []Entry
	next    int // index of the oldest entry once the ring is full
	total   int
	changed func()
	now     func() time.Time
}

// NewJournal returns an empty journal; changed (may be nil) runs after
// every Add, outside the journal's lock.
func NewJournal(changed func()) *Journal {
	return &Journal{changed: changed, now: time.Now}
}

// Add records e, stamping its Seq and At, and returns the stamped entry.
func (j *Journal) Add(e Entry) Entry {
	if len(e.Answer) > maxAnswer {
		e.Answer = e.Answer[:maxAnswer] + "…"
	}
	j.mu.Lock()
	j.total++
	e.Seq = j.total
	if e.At.IsZero() {
		e.At = j.now().UTC()
	}
	if len(j.ring) < JournalSize {
		j.ring = append(j.ring, e)
	} else {
		j.ring[j.next] = e
		j.next = (j.next + 1) % JournalSize
	}
	j.mu.Unlock()
	if j.changed != nil {
		j.changed()
	}
	return e
}

// Note records the agent's own words.
func (j *Journal) Note(text string) { j.Add(Entry{Kind: KindNote, Text: text}) }

// Error records something that went wrong.
func (j *Journal) Error(text string) { j.Add(Entry{Kind: KindError, Text: text}) }

// Entries returns the kept entries, oldest first, and the total ever added.
func (j *Journal) Entries() ([]Entry, int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	out := make([]Entry, 0, len(j.ring))
	out = append(out, j.ring[j.next:]...)
	out = append(out, j.ring[:j.next]...)
	return out, j.total
}

// Last returns the newest entry, if any.
func (j *Journal) Last() (Entry, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.ring) == 0 {
		return Entry{}, false
	}
	i := len(j.ring) - 1
	if len(j.ring) == JournalSize {
		i = (j.next + JournalSize - 1) % JournalSize
	}
	return j.ring[i], true
}
