package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// resourceVersion is the version of uri the server has served or
// notified last.
func resourceVersion(srv *Server, uri string) uint64 {
	srv.res.mu.Lock()
	st := srv.res.states[uri]
	srv.res.mu.Unlock()
	if st == nil {
		return 0
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.version
}

// sseEvent is one event of an SSE stream: its data, and the JSON-RPC
// message in it (nil when the data is not JSON, as an endpoint event's).
type sseEvent struct {
	data string
	msg  map[string]any
}

// eventStream reads the events of an SSE response.
func eventStream(t *testing.T, resp *http.Response) <-chan sseEvent {
	t.Helper()
	out := make(chan sseEvent, 1024)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data:")
			if !ok {
				continue
			}
			ev := sseEvent{data: strings.TrimSpace(data)}
			_ = json.Unmarshal([]byte(ev.data), &ev.msg)
			out <- ev
		}
	}()
	return out
}

// openGETStream opens the streamable transport's GET event stream of
// session id, closed when the test ends.
func openGETStream(t *testing.T, c httpClient, id string) <-chan sseEvent {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", c.url+"/mcp", nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", id)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("GET stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	t.Cleanup(func() { resp.Body.Close() })
	return eventStream(t, resp)
}

// TestAClientThatDoesNotReadIsToldTheNewestVersion: a streamable-HTTP
// client subscribes, then neither sends a request nor holds a GET stream
// open while 150 updates happen (more than mcp-go's queue of 100 holds)
// and a session starts; when it opens its GET stream, it is told of the
// newest version of the resource (without a patch: it missed some) and
// of the tool list change, and each drop was logged, naming the client
// and the resource, on one line.
func TestAClientThatDoesNotReadIsToldTheNewestVersion(t *testing.T) {
	var logs lockedBuffer
	srv := newTestServer(t, Options{Apps: securityApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"*"}},
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	c := httpClient{t: t, url: serveLoopbackHTTP(t, srv)}
	ctx := context.Background()
	sess, err := srv.StartSession(ctx, "q", "counter", testApps()[0].New())
	if err != nil {
		t.Fatal(err)
	}
	// The first click enables reset, which changes the tool list: before
	// the client connects, so the only list change it is told of is q2's.
	if _, err := sess.Dispatch(ctx, incMsg{}); err != nil {
		t.Fatal(err)
	}
	uri := ModelURI("q", "count")
	id := c.open()
	if code, _, body := c.send("POST", id, `{"jsonrpc":"2.0","id":3,"method":"resources/subscribe","params":{"uri":"`+uri+`"}}`); code != http.StatusOK || !strings.Contains(body, `"result":{}`) {
		t.Fatalf("subscribe: %d %s", code, body)
	}

	const clicks = 150
	for i := range clicks {
		before := resourceVersion(srv, uri)
		if _, err := sess.Dispatch(ctx, incMsg{}); err != nil {
			t.Fatal(err)
		}
		// One update per click: wait for the server to notify it.
		for deadline := time.Now().Add(5 * time.Second); resourceVersion(srv, uri) == before; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("click %d: the resource's version stays %d", i+1, before)
			}
		}
	}
	newest := resourceVersion(srv, uri)
	if _, err := srv.StartSession(ctx, "q2", "counter", testApps()[0].New()); err != nil {
		t.Fatal(err)
	}

	events := openGETStream(t, c, id)
	var last map[string]any
	toolsChanged, updates := false, 0
	deadline := time.After(5 * time.Second)
	for last == nil || !toolsChanged {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatal("the GET stream ended")
			}
			m := ev.msg
			switch m["method"] {
			case string(sdk.MethodNotificationToolsListChanged):
				toolsChanged = true
			case methodUpdated:
				updates++
				params, _ := m["params"].(map[string]any)
				meta, _ := params["_meta"].(map[string]any)
				if v, _ := meta["version"].(float64); uint64(v) == newest {
					last = meta
				}
			}
		case <-deadline:
			t.Fatalf("after %d updates on the GET stream: told of version %d: %v, of the tool list change: %v", updates, newest, last != nil, toolsChanged)
		}
	}
	if _, patch := last["patch"]; patch {
		t.Errorf("the newest version came with a patch, though the client missed versions before it: %v", last)
	}
	if got := logs.String(); !strings.Contains(got, "client="+connectionKey(id)) || !strings.Contains(got, "uri="+uri) || strings.Count(got, "queue is full") != 1 {
		t.Errorf("want one log line naming the client and the uri, got:\n%s", got)
	}
}

// lockedBuffer is a log destination safe for the outbox's timer.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
