package transport

import "testing"

func TestIsInitializeReadsTheMethodHoweverItIsSpelt(t *testing.T) {
	cases := []struct {
		name string
		body string
		want bool
	}{
		{"initialize", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, true},
		{"initialize spelt with escapes", `{"jsonrpc":"2.0","id":1,"method":"\u0069nitiali\u007ae"}`, true},
		{"a tool call", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"a_b_click"}}`, false},
		{"a tool call with the word in its arguments", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{"text":"initialize"}}}`, false},
		{"a tool call with an escape", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{"text":"\u00e9"}}}`, false},
		{"the notification after initialize", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, false},
		{"not JSON", `initialize`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := isInitialize([]byte(c.body)); got != c.want {
				t.Fatalf("isInitialize(%s) = %v, want %v", c.body, got, c.want)
			}
		})
	}
}

// BenchmarkIsInitializeToolCall is the check every POST pays: a tool
// call's body, which is not an initialize.
func BenchmarkIsInitializeToolCall(b *testing.B) {
	body := []byte(`{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"a17_search_type_into","arguments":{"text":"terminal"},"_meta":{"progressToken":42}}}`)
	b.ReportAllocs()
	for b.Loop() {
		if isInitialize(body) {
			b.Fatal("a tool call read as an initialize")
		}
	}
}
