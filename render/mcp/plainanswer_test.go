package mcp

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// postForContentType posts body to c's server in session id and returns
// the answer's content type and body.
func postForContentType(t *testing.T, c httpClient, id, body string) (string, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", c.url+"/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", id)
	resp, err := c.do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", body, resp.StatusCode, b)
	}
	return resp.Header.Get("Content-Type"), string(b)
}

// TestACallThatNotifiesNothingIsAnsweredAsJSON: once a connection has been
// told of something (a session's start changes its tool list), a later
// call during which nothing is notified is answered as one JSON body, not
// as an event stream. mcp-go upgrades every later answer of a connection
// to an event stream once a notification is marked as upgrading it, and
// with an event store keeps a stream record per such answer until the
// connection ends: a long-lived agent's every call grew the server by one
// record, and paid for the stream's framing, storing and an extra write.
// A notification that does come while a call runs still goes ahead of its
// answer on the call's stream.
func TestACallThatNotifiesNothingIsAnsweredAsJSON(t *testing.T) {
	_, c := limitedServer(t, HTTPOptions{})
	id := c.open()
	call := func(tool, args string) string {
		return `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + `}}`
	}

	ct, body := postForContentType(t, c, id, call("facet_start", `{"app":"counter","id":"pj"}`))
	if !strings.HasPrefix(ct, "text/event-stream") || !strings.Contains(body, "notifications/tools/list_changed") {
		t.Fatalf("a start that changes the tool list: %s\n%s\nwant an event stream telling list_changed before the answer", ct, body)
	}
	// The first click shows the reset button, and so changes the tools.
	if ct, body = postForContentType(t, c, id, call("pj.inc.click", `{}`)); !strings.Contains(body, "notifications/tools/list_changed") {
		t.Fatalf("the first click adds a tool: %s\n%s\nwant list_changed ahead of the answer", ct, body)
	}
	for i := range 3 {
		ct, body = postForContentType(t, c, id, call("pj.inc.click", `{}`))
		if !strings.HasPrefix(ct, "application/json") {
			t.Fatalf("click %d, nothing notified: answered as %q\n%s\nwant application/json", i, ct, body)
		}
		var msg struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal([]byte(body), &msg); err != nil || msg.ID != 2 || !strings.Contains(string(msg.Result), "Applied") {
			t.Fatalf("click %d: %v; body %s", i, err, body)
		}
	}

	// A subscriber of the session's view is told of each click while the
	// click's call runs: that call's answer is an event stream again, the
	// update ahead of the answer.
	uri := ModelURI("pj", "count")
	subscribeHTTP(t, c, id, uri)
	sawStream := false
	for i := 0; i < 20 && !sawStream; i++ {
		ct, body = postForContentType(t, c, id, call("pj.inc.click", `{}`))
		if strings.HasPrefix(ct, "text/event-stream") {
			sawStream = true
			if u, a := strings.Index(body, methodUpdated), strings.Index(body, `"id":2`); u < 0 || a < u {
				t.Fatalf("a click told to a subscriber: the update should come ahead of the answer:\n%s", body)
			}
		}
	}
	if !sawStream {
		t.Fatalf("20 clicks with a subscriber of %s: no answer carried its update; the last was %s", uri, body)
	}
}
