package trace

import (
	"encoding/json"
	"reflect"

	"github.com/facetui/facet/tea"
)

// described is a message the recorder described: the message as the
// runtime gave it, the snapshot version it was redacted against, the
// redacted message and what the entry keeps of it. An input is followed by
// the update of the same message on the same snapshot, and a person or an
// agent often sends the same message again (a click, a key held down, a
// key that makes a widget's message, turn by turn): those take the
// description, or at least the JSON, from the recorder's last two instead
// of redacting and encoding the message again.
type described struct {
	msg, redacted tea.Msg
	version       uint64
	typ, masked   string
	// json is the redacted message as json.Marshal wrote it, or nil when
	// it did not encode or was too long to keep.
	json []byte
}

// describe fills e's type and JSON from msg, redacted for the masked
// widgets of s's view. The JSON is as json.Marshal wrote it.
func (r *Recorder) describe(e *Entry, msg tea.Msg, s tea.Snapshot) {
	if msg == nil {
		return
	}
	// A runtime's snapshot of one Version is always the same (version 0
	// is a snapshot made by hand), so the same message redacts the same.
	for _, d := range r.described {
		if s.Version != 0 && d.version == s.Version && same(d.msg, msg) {
			e.Type, e.Msg, e.Masked = d.typ, d.json, d.masked
			return
		}
	}
	e.Type = typeName(msg)
	redacted, masked := redact(msg, s)
	e.Masked = masked
	for _, d := range r.described {
		if d.json != nil && same(d.redacted, redacted) {
			e.Msg = d.json
			break
		}
	}
	if e.Msg == nil {
		if b, err := json.Marshal(redacted); err == nil && len(b) <= maxMsgJSON {
			e.Msg = b
		}
	}
	r.described[r.next] = described{msg: msg, redacted: redacted, version: s.Version, typ: e.Type, masked: masked, json: e.Msg}
	r.next = 1 - r.next
}

// same reports whether a and b are the same message: of one type, which
// compares with ==, and equal. A message that cannot be compared (it holds
// a slice) is never the same.
func same(a, b tea.Msg) (eq bool) {
	if a == nil || b == nil {
		return false
	}
	t := reflect.TypeOf(a)
	if t != reflect.TypeOf(b) || !t.Comparable() {
		return false
	}
	// A comparable type may hold an uncomparable value in an interface
	// field; comparing it panics.
	defer func() {
		if recover() != nil {
			eq = false
		}
	}()
	return a == b
}
