package mcp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`

// httpClient speaks streamable HTTP to a test server, one request at a time.
type httpClient struct {
	t   *testing.T
	url string
	// from is the loopback address requests come from (another source,
	// for the caps' shares); "" lets the system choose.
	from string
	// token is sent as a bearer token, when set.
	token string
}

// do sends req from c's address.
func (c httpClient) do(req *http.Request) (*http.Response, error) {
	if c.from == "" {
		return http.DefaultClient.Do(req)
	}
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(c.from)}}
	return (&http.Client{Transport: &http.Transport{DialContext: d.DialContext}}).Do(req)
}

// send posts (or GETs, DELETEs) body with session id and returns the
// status, the session id the answer carries and the body.
func (c httpClient) send(method, id, body string) (int, string, string) {
	c.t.Helper()
	req, _ := http.NewRequest(method, c.url+"/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if id != "" {
		req.Header.Set("Mcp-Session-Id", id)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Mcp-Session-Id"), string(b)
}

// open initializes a session and returns its id.
func (c httpClient) open() string {
	c.t.Helper()
	code, id, body := c.send("POST", "", initBody)
	if code != http.StatusOK || id == "" {
		c.t.Fatalf("initialize: %d %q %s", code, id, body)
	}
	c.send("POST", id, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return id
}

func (c httpClient) call(id, tool, args string) string {
	c.t.Helper()
	code, _, body := c.send("POST", id, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"`+tool+`","arguments":`+args+`}}`)
	if code != http.StatusOK || strings.Contains(body, `"isError":true`) {
		c.t.Fatalf("%s: %d %s", tool, code, body)
	}
	return body
}

func limitedServer(t *testing.T, h HTTPOptions) (*Server, httpClient) {
	t.Helper()
	srv := newTestServer(t, Options{Apps: securityApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"*"}}, HTTP: h, MaxSubscriptions: 2})
	return srv, httpClient{t: t, url: serveLoopbackHTTP(t, srv)}
}

func TestHTTPRefusesWhatIsOverItsLimits(t *testing.T) {
	_, c := limitedServer(t, HTTPOptions{MaxBodyBytes: 1024, MaxSessions: 2, MaxStreams: 1})
	big := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"pad":"` + strings.Repeat("x", 2048) + `"}}`
	if code, _, body := c.send("POST", "", big); code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "over the limit of 1024 bytes") {
		t.Fatalf("a 2 KB body: %d %s", code, body)
	}
	// Without a Content-Length (chunked), the limit holds as it is read.
	req, _ := http.NewRequest("POST", c.url+"/mcp", io.MultiReader(strings.NewReader(big)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), "over the limit of 1024 bytes") {
		t.Fatalf("a chunked 2 KB body: %d %s", resp.StatusCode, b)
	}

	// One client (an address, here) holds at most half the sessions;
	// the rest are a newcomer's.
	first := c.open()
	if code, _, body := c.send("POST", "", initBody); code != http.StatusServiceUnavailable || !strings.Contains(body, "you hold 1 MCP sessions, one client's share of the server's 2") {
		t.Fatalf("a second session from one client: %d %s", code, body)
	}
	newcomer := httpClient{t: t, url: c.url, from: "127.0.0.2"}
	newcomer.open()
	third := httpClient{t: t, url: c.url, from: "127.0.0.3"}
	if code, _, body := third.send("POST", "", initBody); code != http.StatusServiceUnavailable || !strings.Contains(body, "2 MCP sessions are open, the server's limit") {
		t.Fatalf("a third session: %d %s", code, body)
	}
	// A session id header does not make an initialize any less a new session.
	if code, _, body := c.send("POST", first, initBody); code != http.StatusServiceUnavailable {
		t.Fatalf("a third session, initialized with a session id header: %d %s", code, body)
	}
	if code, _, body := c.send("DELETE", first, ""); code != http.StatusOK {
		t.Fatalf("DELETE: %d %s", code, body)
	}
	c.open() // room again

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream, _ := http.NewRequestWithContext(ctx, "GET", c.url+"/sse", nil)
	sresp, err := http.DefaultClient.Do(stream)
	if err != nil || sresp.StatusCode != http.StatusOK {
		t.Fatalf("the first stream: %v %v", err, sresp)
	}
	defer sresp.Body.Close()
	resp, err = http.Get(c.url + "/sse")
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(b), "1 event streams are open") {
		t.Fatalf("a second stream: %d %s", resp.StatusCode, b)
	}
}

func TestHTTPDropsASlowBody(t *testing.T) {
	_, c := limitedServer(t, HTTPOptions{ReadTimeout: 200 * time.Millisecond})
	conn, err := net.Dial("tcp", strings.TrimPrefix(c.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{", strings.TrimPrefix(c.url, "http://"))
	// The server answers (or hangs up) on its own well before this
	// deadline, which only keeps a broken server from hanging the test.
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		var ne net.Error
		if ok := asNetError(err, &ne); ok && ne.Timeout() {
			t.Fatal("the server held a connection that sends its body one byte at a time")
		}
		return // hung up: also a refusal
	}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(b), "not received within 200ms") {
		t.Fatalf("a slow body: %d %s", resp.StatusCode, b)
	}
}

func asNetError(err error, target *net.Error) bool {
	ne, ok := err.(net.Error)
	if ok {
		*target = ne
	}
	return ok
}

func TestSubscriptionsAreCappedAndDroppedWithTheirConnection(t *testing.T) {
	srv, c := limitedServer(t, HTTPOptions{})
	id := c.open()
	c.call(id, "facet_start", `{"app":"counter","id":"sub"}`)
	sub := func(uri string) (int, string) {
		code, _, body := c.send("POST", id, `{"jsonrpc":"2.0","id":3,"method":"resources/subscribe","params":{"uri":"`+uri+`"}}`)
		return code, body
	}
	for _, uri := range []string{WidgetsURI("sub"), ContextURI("sub"), WidgetsURI("sub")} {
		if _, body := sub(uri); strings.Contains(body, `"error"`) {
			t.Fatalf("subscribe %s: %s", uri, body)
		}
	}
	c.call(id, "facet_start", `{"app":"counter","id":"sub2"}`)
	if _, body := sub(WidgetsURI("sub2")); !strings.Contains(body, "subscribed to 2 resources, the server's limit") {
		t.Fatalf("a third subscription: %s", body)
	}
	subscribed := func() int {
		srv.res.mu.Lock()
		defer srv.res.mu.Unlock()
		n := 0
		for _, set := range srv.res.subs {
			n += len(set)
		}
		return n
	}
	if n := subscribed(); n != 2 {
		t.Fatalf("%d subscriptions recorded; want 2", n)
	}
	c.send("DELETE", id, "")
	srv.res.mu.Lock()
	uris := len(srv.res.subs)
	srv.res.mu.Unlock()
	if n := subscribed(); n != 0 || uris != 0 {
		t.Fatalf("%d subscriptions (of %d resources) outlive their connection", n, uris)
	}
}

func TestAQuietHTTPClientIsDetached(t *testing.T) {
	srv, c := limitedServer(t, HTTPOptions{AgentIdle: 300 * time.Millisecond})
	id := c.open()
	c.call(id, "facet_start", `{"app":"counter","id":"qt"}`)
	if _, err := srv.StartSession(context.Background(), "host", "counter", testApps()[0].New()); err != nil {
		t.Fatal(err)
	}
	sess, _ := srv.Sessions().Get("host")
	attached := func() bool { return len(sess.Snapshot().Presence.Agents) > 0 }
	waitFor := func(what string, want bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if attached() == want {
				return
			}
		}
		t.Fatalf("%s: attached = %v", what, attached())
	}
	c.call(id, "facet_screenshot", `{"id":"host"}`)
	if !attached() {
		t.Fatal("a call did not attach the agent")
	}
	waitFor("after the client went quiet", false)
	c.call(id, "facet_screenshot", `{"id":"host"}`)
	waitFor("after its next call", true)

	// An event stream held open keeps the agent; its end detaches it.
	mine := slices.Clone(sess.Snapshot().Presence.Agents)
	if len(mine) != 1 {
		t.Fatalf("agents %q, want the client's one", mine)
	}
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", c.url+"/mcp", nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", id)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET stream: %v %v", err, resp)
	}
	// Another client, quiet twice after the stream opened, is the clock:
	// each time it is detached, AgentIdle has passed since its last call,
	// which came after the stream opened; the second time, a whole
	// AgentIdle more than the stream's client would have needed.
	other := c.open()
	for round := 1; round <= 2; round++ {
		c.call(other, "facet_screenshot", `{"id":"host"}`)
		if len(sess.Snapshot().Presence.Agents) != 2 {
			t.Fatalf("round %d: agents %q, want both clients'", round, sess.Snapshot().Presence.Agents)
		}
		for deadline := time.Now().Add(10 * time.Second); len(sess.Snapshot().Presence.Agents) == 2; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("round %d: the other client was never detached", round)
			}
		}
		if got := sess.Snapshot().Presence.Agents; !slices.Equal(got, mine) {
			t.Fatalf("round %d: a client holding its stream open was detached: agents %q, want %q", round, got, mine)
		}
	}
	cancel()
	resp.Body.Close()
	waitFor("after its stream closed", false)
}
