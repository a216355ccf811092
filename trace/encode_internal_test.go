package trace

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

// encodeCases are entries of every kind, with the strings encoding/json
// escapes: quotes, backslashes, controls, HTML's <, > and &, U+2028 and
// U+2029, invalid UTF-8.
func encodeCases() []Entry {
	odd := "a\"b\\c\x00\x01\x1f\b\f\n\r\t<x>&y\u2028\u2029\xff\xfe é ─│ 🙂 end"
	return []Entry{
		{Kind: KindHeader, Format: Version, App: "counter", Session: "s1", Width: 80, Height: 24,
			Start: time.Date(2026, 12, 1, 19, 0, 0, 123456789, time.UTC), From: 3},
		{Kind: KindHeader, Format: 1, App: odd},
		{Kind: KindInput, T: 17, By: "agent-1", Type: "tea.AgentMsg", Msg: json.RawMessage(`{"ID":"name","Value":"a<b"}`),
			Via: &Call{Widget: "inc", Action: "click"}, Masked: "pw"},
		{Kind: KindInput, T: 18, Type: "widgets.TextChanged", Msg: json.RawMessage(`{ "ID" : "x",
			"Value": "<&>\u2028" }`), Via: &Call{Widget: odd, Action: "type_into", Args: map[string]any{"text": odd, "n": 2, "b": true}}},
		{Kind: KindUpdate, T: 1 << 40, Type: odd, Msg: json.RawMessage(`{}`)},
		{Kind: KindCommand, T: -5, Msg: json.RawMessage(`"a string"`)},
		{Kind: KindTimer, T: 0, Msg: json.RawMessage(`[1,2.5,null,true]`)},
		{Kind: KindFrame, T: 99, Version: 1<<64 - 1, Frame: odd + "\n" + odd},
		{Kind: KindFrame, T: 100, Version: 7, Lines: []FrameLine{{N: 0, Text: odd}, {N: 23, Text: ""}}, Rows: 20},
		{Kind: KindEnd, T: 101, Note: odd},
		{},
	}
}

// TestAppendEntryIsJSONMarshal checks the recording's encoder against
// encoding/json, byte for byte.
func TestAppendEntryIsJSONMarshal(t *testing.T) {
	for i, e := range encodeCases() {
		want, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		got, err := appendEntry([]byte("kept"), &e, false)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if !bytes.Equal(got[4:], want) || string(got[:4]) != "kept" {
			t.Fatalf("case %d: appendEntry wrote\n%s\njson.Marshal\n%s", i, got[4:], want)
		}
	}
}

// TestAppendEntryCopiesAMarshalledMessage: a message json.Marshal wrote
// (the recorder's) is copied unchecked, and the line is still json.Marshal's.
func TestAppendEntryCopiesAMarshalledMessage(t *testing.T) {
	for i, e := range encodeCases() {
		if len(e.Msg) == 0 {
			continue
		}
		msg, err := json.Marshal(e.Msg)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		e.Msg = msg
		want, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		got, err := appendEntry(nil, &e, true)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("case %d: appendEntry wrote\n%s (%v)\njson.Marshal\n%s", i, got, err, want)
		}
	}
}

// TestAppendEntryRefusesAMessageThatIsNotJSON: as json.Marshal does.
func TestAppendEntryRefusesAMessageThatIsNotJSON(t *testing.T) {
	for _, raw := range []string{`{`, `{"a":}`, `nul`} {
		e := Entry{Kind: KindInput, Msg: json.RawMessage(raw)}
		if _, err := json.Marshal(e); err == nil {
			t.Fatalf("json.Marshal took %q", raw)
		}
		if _, err := appendEntry(nil, &e, false); err == nil {
			t.Fatalf("appendEntry took %q", raw)
		}
	}
}
