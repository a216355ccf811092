package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// rpc sends one raw JSON-RPC request to srv, as a transport would hand it
// over, and returns the response: its error message when it is an error
// (prefixed "error: "), else its JSON.
func rpc(t *testing.T, srv *Server, raw string) string {
	t.Helper()
	resp := srv.sdk.HandleMessage(context.Background(), json.RawMessage(raw))
	b, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	var e struct {
		Error *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(b, &e) == nil && e.Error != nil {
		return "error: " + e.Error.Message
	}
	return string(b)
}

func TestTheReadGateReadsWhatTheSDKServes(t *testing.T) {
	// The read policy allows session a's resources and nothing of b's.
	srv := newTestServer(t, Options{Auth: AuthOptions{Authorizer: AllowAll(), ReadAuthorizer: func(method string, params map[string]any, _ AuthContext) Decision {
		if uri, _ := params["uri"].(string); strings.Contains(uri, "/b/") {
			return Deny("session b is private")
		}
		return Allow()
	}},
	})
	for _, id := range []string{"a", "b"} {
		if _, err := srv.StartSession(context.Background(), id, "counter", testApps()[0].New()); err != nil {
			t.Fatal(err)
		}
	}
	allowed, denied := WidgetsURI("a"), WidgetsURI("b")
	if got := rpc(t, srv, `{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"`+denied+`"}}`); !strings.Contains(got, "session b is private") {
		t.Fatalf("the plain request for b was not denied: %s", got)
	}

	for _, method := range readMethods {
		for _, tc := range []struct{ name, params, want string }{
			{"allowed then denied, case variant", `{"uri":"` + allowed + `","URI":"` + denied + `"}`, `"uri" and "URI"`},
			{"allowed then denied, same key", `{"uri":"` + allowed + `","uri":"` + denied + `"}`, `"uri" twice`},
			{"a nested case variant", `{"name":"x","arguments":{"id":"a","ID":"b"}}`, `"id" and "ID"`},
			{"the Kelvin sign folds to k", `{"kind":"1","` + "\u212a" + `ind":"2"}`, "differ only in case"},
		} {
			got := rpc(t, srv, `{"jsonrpc":"2.0","id":7,"method":"`+method+`","params":`+tc.params+`}`)
			if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, tc.want) {
				t.Errorf("%s, %s: %s; want an error naming %s", method, tc.name, got, tc.want)
			}
			if strings.Contains(got, `\"session\":\"b\"`) || strings.Contains(got, `"session":"b"`) {
				t.Errorf("%s, %s: served session b: %s", method, tc.name, got)
			}
		}
	}
	if got := rpc(t, srv, `{"jsonrpc":"2.0","id":8,"method":"tools/list","Method":"resources/read","params":{"uri":"`+denied+`"}}`); !strings.Contains(got, `"method" and "Method"`) {
		t.Fatalf("a method given twice: %s", got)
	}
	if got := rpc(t, srv, `{"jsonrpc":"2.0","id":9,"method":"resources/read","params":{"uri":"`+allowed+`"}}`); strings.HasPrefix(got, "error: ") {
		t.Fatalf("a plain allowed read failed: %s", got)
	}
}

func TestSameKeys(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		path      string // "" when no collision is expected
	}{
		{"distinct keys", `{"a":1,"b":{"c":[{"d":1},{"d":2}]}}`, ""},
		{"same key in sibling objects", `[{"k":1},{"K":2}]`, ""},
		{"top level", `{"id":1,"ID":2}`, "-"},
		{"inside an array", `{"params":{"items":[{"x":1,"X":2}]}}`, "params.items"},
		{"long s folds to s", `{"s":1,"` + "\u017f" + `":2}`, "-"},
		{"not JSON is the SDK's to refuse", `{"a":`, ""},
	} {
		err := sameKeys([]byte(tc.doc))
		var kc *KeyCollisionError
		switch {
		case tc.path == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.path != "" && !errors.As(err, &kc):
			t.Errorf("%s: no collision found in %s", tc.name, tc.doc)
		case tc.path != "" && tc.path != "-" && kc.Path != tc.path:
			t.Errorf("%s: path %q, want %q", tc.name, kc.Path, tc.path)
		}
	}
	if err := sameKeys([]byte(strings.Repeat("[", maxRequestDepth+2))); !errors.Is(err, errTooDeep) {
		t.Fatalf("a deep document: %v", err)
	}
}

// TestFoldKeyKeepsWhatItWouldNotChange checks foldKey's shortcut (a key
// with nothing to fold is itself) against folding rune by rune.
func TestFoldKeyKeepsWhatItWouldNotChange(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		k := rapid.OneOf(rapid.String(), rapid.StringMatching(`[a-zA-Z_/0-9]{0,12}`),
			rapid.Map(rapid.SliceOf(rapid.Byte()), func(b []byte) string { return string(b) })).Draw(t, "key")
		if got, want := foldKey(k), foldRunes(k); got != want {
			t.Fatalf("foldKey(%q) = %q, want %q", k, got, want)
		}
	})
}

// jsonDoc draws JSON text, most of it valid, with keys that collide or
// almost do (case, escapes, non-ASCII folds), nested objects and arrays,
// and strings that hold quotes and escapes.
func jsonDoc(t *rapid.T, depth int) string {
	kinds := 6
	if depth > 3 {
		kinds = 3
	}
	switch rapid.IntRange(0, kinds-1).Draw(t, "kind") {
	case 0:
		return rapid.SampledFrom([]string{`1`, `-2.5e3`, `true`, `null`, `false`, `0`}).Draw(t, "literal")
	case 1:
		return rapid.SampledFrom([]string{`""`, `"a"`, `"q\"uote"`, `"\\"`, `"\u00e9"`, `"é"`, `"tab\t"`}).Draw(t, "string")
	case 2:
		return rapid.SampledFrom([]string{`{}`, `[]`, `{"a":1}`}).Draw(t, "small")
	case 3, 4:
		n := rapid.IntRange(0, 5).Draw(t, "keys")
		var b strings.Builder
		b.WriteByte('{')
		for i := range n {
			if i > 0 {
				b.WriteString(rapid.SampledFrom([]string{",", " , "}).Draw(t, "comma"))
			}
			b.WriteString(rapid.SampledFrom([]string{`"id"`, `"ID"`, `"Id"`, `"name"`, `"arguments"`, `"\u0069d"`, `"s"`, `"ſ"`, `"k"`, `"K"`, `"K"`, `"a b"`, `"x"`}).Draw(t, "key"))
			b.WriteString(rapid.SampledFrom([]string{":", " : "}).Draw(t, "colon"))
			b.WriteString(jsonDoc(t, depth+1))
		}
		b.WriteByte('}')
		return b.String()
	default:
		n := rapid.IntRange(0, 3).Draw(t, "items")
		parts := make([]string, n)
		for i := range parts {
			parts[i] = jsonDoc(t, depth+1)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
}

// TestDistinctKeysNeverHidesACollision checks sameKeys' one-pass reading
// against the decoder's: whatever it clears, the decoder finds no
// collision in, and it clears the plain requests clients send.
func TestDistinctKeysNeverHidesACollision(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		doc := jsonDoc(t, 0)
		if rapid.Bool().Draw(t, "damage") {
			cut := rapid.IntRange(0, len(doc)).Draw(t, "cut")
			doc = doc[:cut] + rapid.SampledFrom([]string{"", "}", "]", `"`, ",", "x", "\\"}).Draw(t, "junk") + doc[cut:]
		}
		if distinctKeys([]byte(doc)) {
			if err := decodeSameKeys([]byte(doc)); err != nil {
				t.Fatalf("distinctKeys cleared %s, where the decoder finds %v", doc, err)
			}
		}
	})
	for _, req := range []string{
		`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"search_results_get_rows","arguments":{"limit":100}}}`,
		`{"jsonrpc":"2.0","id":"a-1","method":"tools/call","params":{"_meta":{"progressToken":3},"name":"facet_act","arguments":{"session":"s","widget":"q","action":"type_into","args":{"text":"héllo \"x\""}}}}`,
	} {
		if !distinctKeys([]byte(req)) {
			t.Errorf("distinctKeys cannot tell for %s", req)
		}
	}
}

// BenchmarkSameKeys is the read gate's key check of a tool call, by one
// pass over its bytes and by the decoder's tokens.
func BenchmarkSameKeys(b *testing.B) {
	req := []byte(`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"search_results_sort","arguments":{"column":"stars","direction":"asc"}}}`)
	for _, c := range []struct {
		name  string
		check func([]byte) error
	}{{"one_pass", sameKeys}, {"decoder", decodeSameKeys}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := c.check(req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
