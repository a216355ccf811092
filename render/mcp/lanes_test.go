package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"slices"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// pipelined sends requests without waiting and collects the ids of the
// answers in the order they come.
type pipelined struct {
	t   *testing.T
	w   io.Writer
	ids chan int
}

func newPipelined(t *testing.T, srv *Server) *pipelined {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() { cancel(); _ = inW.Close(); _ = outR.Close() })
	go func() { _ = srv.ServeStdio(ctx, inR, outW) }()
	p := &pipelined{t: t, w: inW, ids: make(chan int, 100)}
	go func() {
		r := bufio.NewReader(outR)
		for {
			line, err := r.ReadBytes('\n')
			if err != nil {
				return
			}
			var m struct {
				ID     *int   `json:"id"`
				Method string `json:"method"`
			}
			if json.Unmarshal(line, &m) == nil && m.ID != nil && m.Method == "" {
				p.ids <- *m.ID
			}
		}
	}()
	p.send(0, "initialize", map[string]any{"protocolVersion": sdk.LATEST_PROTOCOL_VERSION, "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "lanes", "version": "1"}})
	p.wait(1)
	_, _ = io.WriteString(inW, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	return p
}

func (p *pipelined) send(id int, method string, params any) {
	p.t.Helper()
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	if _, err := p.w.Write(append(msg, '\n')); err != nil {
		p.t.Fatal(err)
	}
}

func (p *pipelined) call(id int, tool string, args map[string]any) {
	p.t.Helper()
	p.send(id, "tools/call", map[string]any{"name": tool, "arguments": args})
}

// wait returns the ids of the next n answers, in the order they came.
func (p *pipelined) wait(n int) []int {
	p.t.Helper()
	var got []int
	for len(got) < n {
		select {
		case id := <-p.ids:
			got = append(got, id)
		case <-time.After(10 * time.Second):
			p.t.Fatalf("answers so far %v, want %d", got, n)
		}
	}
	return got
}

func TestStdioKeepsEachSessionsCallsInOrderAndSessionsApart(t *testing.T) {
	srv := newTestServer(t, Options{})
	p := newPipelined(t, srv)
	p.call(1, "facet_start", map[string]any{"app": "counter", "id": "a"})
	p.call(2, "facet_start", map[string]any{"app": "counter", "id": "b"})
	p.wait(2)

	// a's slow click (its Update sleeps 300 ms) and, without waiting, a
	// click on a, a read of a's model and a click on b.
	p.call(10, "a.slow.click", nil)
	p.call(11, "a.inc.click", nil)
	p.send(12, "resources/read", map[string]any{"uri": ModelURI("a", "count")})
	p.call(13, "b.inc.click", nil)
	got := p.wait(4)
	pos := func(id int) int { return slices.Index(got, id) }
	if !(pos(10) < pos(11) && pos(11) < pos(12)) {
		t.Fatalf("answers %v: a's calls must apply in the order sent", got)
	}
	if pos(13) > pos(10) {
		t.Fatalf("answers %v: b's click waited behind a's slow one", got)
	}
	sess, _ := srv.Sessions().Get("a")
	if n := sess.Snapshot().Model.(*counter).Count; n != 101 {
		t.Fatalf("a's count = %d, want 101", n)
	}
}

func TestStdioDropsACancelledCallStillWaitingItsTurn(t *testing.T) {
	srv := newTestServer(t, Options{})
	p := newPipelined(t, srv)
	p.call(1, "facet_start", map[string]any{"app": "counter", "id": "a"})
	p.wait(1)
	p.call(10, "a.slow.click", nil)
	p.call(11, "a.inc.click", nil) // waits behind the slow click
	_, _ = io.WriteString(p.w, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":11}}`+"\n")
	p.call(12, "a.dec.click", nil)
	got := p.wait(2)
	if !slices.Equal(got, []int{10, 12}) {
		t.Fatalf("answers %v, want 10 then 12 (11 was cancelled before its turn)", got)
	}
	sess, _ := srv.Sessions().Get("a")
	if n := sess.Snapshot().Model.(*counter).Count; n != 99 {
		t.Fatalf("count = %d, want 99: the cancelled click must not have run", n)
	}
}

func TestCallLanes(t *testing.T) {
	srv := newTestServer(t, Options{})
	tests := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"demo.results.sort", nil, "demo"},
		{"demo.discover_tools", nil, "demo"},
		{"facet_act", map[string]any{"session": "s1"}, "s1"},
		{"facet_send_key", map[string]any{"id": "s2"}, "s2"},
		{"facet_start", map[string]any{"app": "counter", "id": "s3"}, "s3"},
		{"facet_start", map[string]any{"app": "counter"}, DefaultSessionID("counter")},
		{"facet_list", nil, ""},
	}
	for _, tc := range tests {
		if got := srv.callLane(tc.tool, tc.args); got != tc.want {
			t.Errorf("callLane(%s, %v) = %q, want %q", tc.tool, tc.args, got, tc.want)
		}
	}
	if lane, ok := srv.laneOf("resources/read", json.RawMessage(`{"uri":"facet://session/x/context"}`)); lane != "x" || !ok {
		t.Errorf("resources/read lane = %q, %v", lane, ok)
	}
	if _, ok := srv.laneOf("subscriptions/listen", nil); ok {
		t.Error("a listen stream must not hold up a lane")
	}
}

func TestStdioLaneGoesOnAfterACancelledCallInFlight(t *testing.T) {
	srv := newTestServer(t, Options{})
	p := newPipelined(t, srv)
	p.call(1, "facet_start", map[string]any{"app": "counter", "id": "a"})
	p.wait(1)
	p.call(10, "facet_send_key", map[string]any{"id": "a", "key": "tab", "wait_ms": 2000})
	_, _ = io.WriteString(p.w, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":10}}`+"\n")
	p.call(11, "a.inc.click", nil)
	got := p.wait(1)
	if got[0] == 10 {
		got = append(got, p.wait(1)...)
	}
	if !slices.Contains(got, 11) {
		t.Fatalf("answers %v: the lane never went on", got)
	}
}

func TestAnswerID(t *testing.T) {
	tests := []struct {
		line string
		want string
		ok   bool
	}{
		{`{"jsonrpc":"2.0","id":7,"result":{"content":[]}}`, "7", true},
		{`{"jsonrpc":"2.0","id":"a,b","error":{"code":-32602,"message":"x"}}`, `"a,b"`, true},
		{`{"jsonrpc":"2.0","result":{},"id":3}`, "3", true},
		{`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`, "", false},
		{`{"jsonrpc":"2.0","id":4,"method":"elicitation/create","params":{}}`, "", false},
		{`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`, "", false},
		{`not json`, "", false},
	}
	for _, tc := range tests {
		got, ok := answerID([]byte(tc.line))
		if got != tc.want || ok != tc.ok {
			t.Errorf("answerID(%s) = %q, %v; want %q, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}
