package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
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

// pipelinedSession starts a server with a pipelined stdio client and a
// counter session id on it, started by request 1.
func pipelinedSession(t *testing.T, id string) (*Server, *pipelined) {
	t.Helper()
	srv := newTestServer(t, Options{})
	p := newPipelined(t, srv)
	p.call(1, "facet_start", map[string]any{"app": "counter", "id": id})
	p.wait(1)
	return srv, p
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
	srv, p := pipelinedSession(t, "a")
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
		args, _ := json.Marshal(tc.args)
		if got := srv.lanes.callLane(tc.tool, args); got != tc.want {
			t.Errorf("callLane(%s, %v) = %q, want %q", tc.tool, tc.args, got, tc.want)
		}
	}
	if lane, ok := srv.lanes.laneOf("resources/read", json.RawMessage(`{"uri":"facet://session/x/context"}`)); lane != "x" || !ok {
		t.Errorf("resources/read lane = %q, %v", lane, ok)
	}
	if _, ok := srv.lanes.laneOf("subscriptions/listen", nil); ok {
		t.Error("a listen stream must not hold up a lane")
	}
}

func TestStdioLaneGoesOnAfterACancelledCallInFlight(t *testing.T) {
	_, p := pipelinedSession(t, "a")
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

func TestStdioLaneGoesOnAfterAnIDMcpGoSpellsAnotherWay(t *testing.T) {
	_, p := pipelinedSession(t, "a")
	_, _ = io.WriteString(p.w, `{"jsonrpc":"2.0","id":"a<b","method":"tools/call","params":{"name":"a.inc.click","arguments":{}}}`+"\n")
	_, _ = io.WriteString(p.w, `{"jsonrpc":"2.0","id":2.0,"method":"tools/call","params":{"name":"a.inc.click","arguments":{}}}`+"\n")
	p.call(3, "a.inc.click", nil)
	if got := p.wait(2); !slices.Equal(got, []int{2, 3}) {
		t.Fatalf("answers %v, want 2 and 3 after the string id's", got)
	}
}

func TestAnAppURIReadGoesToItsSessionsLane(t *testing.T) {
	srv := newTestServer(t, Options{})
	if _, err := srv.StartSession(context.Background(), "demo", "counter", &counter{}); err != nil {
		t.Fatal(err)
	}
	lane, ok := srv.lanes.laneOf("resources/read", json.RawMessage(`{"uri":"counter://state/count"}`))
	if lane != "demo" || !ok {
		t.Fatalf("lane of the alias read = %q, %v; want demo", lane, ok)
	}
}

func TestStdioAnswersEveryPipedCallAfterTheInputEnds(t *testing.T) {
	// A script pipes its calls and closes stdin: calls still waiting
	// their lane's turn at the end of input run all the same.
	srv := newTestServer(t, Options{})
	var in strings.Builder
	in.WriteString(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	in.WriteString(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"facet_start","arguments":{"app":"counter","id":"a"}}}` + "\n")
	for id := 3; id <= 6; id++ {
		fmt.Fprintf(&in, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"a.inc.click","arguments":{}}}`+"\n", id)
	}
	// mcp-go's notification writer may still write after ServeStdio
	// returns: read the output under a lock.
	var out syncBuffer
	done := make(chan error, 1)
	go func() { done <- srv.ServeStdio(context.Background(), strings.NewReader(in.String()), &out) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ServeStdio did not return after its input ended")
	}
	for id := 1; id <= 6; id++ {
		if !strings.Contains(out.String(), fmt.Sprintf(`"id":%d,`, id)) {
			t.Fatalf("no answer to request %d:\n%s", id, out.String())
		}
	}
	sess, _ := srv.Sessions().Get("a")
	if n := sess.Snapshot().Model.(*counter).Count; n != 4 {
		t.Fatalf("count = %d, want the 4 piped clicks", n)
	}
}
