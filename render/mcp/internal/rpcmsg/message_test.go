package rpcmsg

import (
	"bytes"
	"encoding/json"
	"testing"
)

// requestSeeds are messages clients send and messages meant to trip a
// reader that goes by bytes: keys in another case, twice, escaped or
// beyond ASCII; values of the wrong kind; strings with escapes; and
// documents that are not JSON.
var requestSeeds = []string{
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search.type_into","arguments":{"widget":"query","text":"ab"},"_meta":{"progressToken":1}}}`,
	`{"jsonrpc":"2.0","id":"a<b","method":"resources/read","params":{"uri":"facet://session/x/context"}}`,
	`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"x"}}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	` { "id" : 2 , "method" : "ping" } `,
	`{"id":1,"Method":"tools/list"}`,
	`{"id":1,"method":"tools/list","method":"resources/list"}`,
	`{"id":1,"method":"tools/list","METHOD":"resources/read"}`,
	`{"id":1,"me\u0074hod":"resources/read"}`,
	`{"id":1,"method":"resources\/read"}`,
	`{"id":1,"method":"r\u00e9ad"}`,
	`{"id":1,"method":"réad"}`,
	`{"id":1,"method":"\ud800"}`,
	`{"id":1,"method":null}`,
	`{"id":1,"method":"a","method":null}`,
	`{"id":1,"method":5}`,
	`{"id":null,"method":"x","params":null}`,
	`{"paramſ":{"name":"x"},"method":"tools/call"}`,
	`{"method":"tools/call","params":{"Name":"a","name":"b","arguments":[1,{"x":"}"}]}}`,
	`{"method":"tools/call","params":{"name":"a\"b","arguments":"{"}}`,
	`{"method":"tools/call","params":[1,2]}`,
	`{"method":"tools/call","params":"s"}`,
	`{"method":"x","params":{"uri":"u","uri":"v"}}`,
	`{"method":"x","params":{"k\"":1,"uri":"v"}}`,
	`{"method":"x","params":{"a":{"b":[{"c":"]}"}]},"uri":"v"}}`,
	`[{"method":"x"}]`,
	`"method"`,
	`{"method":"x"`,
	`{"method":"x"}{"method":"y"}`,
	`{"method":"x",}`,
	``,
	`null`,
	`{}`,
	`{"id":1.0,"method":"tools/call","params":{}}`,
	"{\"method\":\"a\tb\"}",
}

// params is what the gates read of a request's params, as encoding/json
// decodes them.
type params struct {
	Name      json.RawMessage `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	URI       json.RawMessage `json:"uri"`
}

var paramNames = []string{"name", "arguments", "uri"}

// checkAgrees fails t when Read or Members answer raw otherwise than
// encoding/json does.
func checkAgrees(t *testing.T, raw []byte) {
	t.Helper()
	got, ok := Read(raw)
	want, wantOK := decodeMessage(raw)
	if ok != wantOK || got.Method != want.Method || !bytes.Equal(got.ID, want.ID) || !bytes.Equal(got.Params, want.Params) ||
		(got.ID == nil) != (want.ID == nil) || (got.Params == nil) != (want.Params == nil) {
		t.Fatalf("Read(%q) = %+v, %v; encoding/json: %+v, %v", raw, got, ok, want, wantOK)
	}
	if !ok || got.Params == nil {
		return
	}
	var p params
	pErr := json.Unmarshal(got.Params, &p)
	vals := make([][]byte, len(paramNames))
	if !Members(got.Params, paramNames, vals) {
		return // left to encoding/json
	}
	if pErr != nil {
		t.Fatalf("Members(%q) read what encoding/json refuses: %v", got.Params, pErr)
	}
	for i, w := range [][]byte{p.Name, p.Arguments, p.URI} {
		if !bytes.Equal(vals[i], w) || (vals[i] == nil) != (w == nil) {
			t.Fatalf("Members(%q)[%s] = %q; encoding/json: %q", got.Params, paramNames[i], vals[i], w)
		}
		if s, ok := String(vals[i]); ok {
			var ws string
			if err := json.Unmarshal(vals[i], &ws); err != nil || ws != s {
				t.Fatalf("String(%q) = %q; encoding/json: %q, %v", vals[i], s, ws, err)
			}
		}
	}
}

func TestReadAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range requestSeeds {
		checkAgrees(t, []byte(s))
	}
}

func FuzzReadAgreesWithEncodingJSON(f *testing.F) {
	for _, s := range requestSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { checkAgrees(t, raw) })
}

// TestReadFastPath pins that an ordinary request is read by its bytes:
// its method is a known name's string and id and params are sub-slices
// of the message, not copies.
func TestReadFastPath(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are not counted under the race detector (see raceEnabled)")
	}
	raw := []byte(requestSeeds[0])
	names := []string{"name", "arguments"}
	vals := make([][]byte, len(names))
	allocs := testing.AllocsPerRun(100, func() {
		m, ok := Read(raw)
		if !ok || m.Method != "tools/call" {
			t.Fatal("not read")
		}
		if !Members(m.Params, names, vals) {
			t.Fatal("params not read")
		}
	})
	if allocs != 0 {
		t.Errorf("Read and Members of an ordinary request allocate %v times; want 0", allocs)
	}
}

func BenchmarkRead(b *testing.B) {
	raw := []byte(requestSeeds[0])
	b.Run("rpcmsg", func(b *testing.B) {
		b.ReportAllocs()
		vals := make([][]byte, 2)
		for b.Loop() {
			m, _ := Read(raw)
			Members(m.Params, []string{"name", "arguments"}, vals)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var e envelope
			_ = json.Unmarshal(raw, &e)
			var p params
			_ = json.Unmarshal(e.Params, &p)
		}
	})
}

// FuzzMembersAnyBytes pins that Members stays within its input whatever
// it is given, JSON or not.
func FuzzMembersAnyBytes(f *testing.F) {
	for _, s := range requestSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"uri":"\`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		vals := make([][]byte, len(paramNames))
		Members(raw, paramNames, vals)
		String(raw)
	})
}
