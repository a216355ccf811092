package mcp

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// FuzzHTTPHandler feeds the HTTP handler raw request bytes, as a client on
// the network could send them: whatever arrives, the handler answers (it
// neither panics nor hangs) with a valid status; a request with a foreign
// Host or Origin is refused (403) before anything else; and a body over
// the limit, however it is framed (Content-Length or chunked), is refused
// (413) unless the gate refused the request first.
func FuzzHTTPHandler(f *testing.F) {
	post := func(path, headers, body string) string {
		return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:8808\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n" +
			headers + "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
	}
	for _, seed := range []string{
		post("/mcp", "", initBody),
		post("/mcp", "Mcp-Session-Id: facet-00000000000000000000000000000000\r\n", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`),
		post("/mcp", "", `{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"facet://session/a/widgets","URI":"facet://session/b/widgets"}}`),
		post("/mcp", "", `[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"}]`),
		post("/mcp", "Origin: http://evil.example\r\n", initBody),
		post("/message?sessionId=x", "", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"facet_list"}}`),
		post("/mcp", "Mcp-Protocol-Version: 2026-07-28\r\n", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"facet_start","arguments":{"app":"counter"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`),
		"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999\r\n\r\n{",
		"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"a\":\r\n0\r\n\r\n",
		// A chunked body over the limit, in chunks under it.
		"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n" +
			strings.Repeat("800\r\n"+strings.Repeat(" ", 0x800)+"\r\n", 3) + "0\r\n\r\n",
		post("/mcp", "Origin: http://127.0.0.1@evil.example\r\n", initBody),
		"POST /mcp HTTP/1.1\r\nHost: evil.example:8808\r\nContent-Length: 2\r\n\r\n{}",
		"GET /sse HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n",
		"GET /mcp HTTP/1.1\r\nHost: localhost\r\nMcp-Session-Id: facet-x\r\nAccept: text/event-stream\r\n\r\n",
		"DELETE /mcp HTTP/1.1\r\nHost: [::1]:8808\r\nMcp-Session-Id: facet-00000000000000000000000000000000\r\n\r\n",
		"OPTIONS /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
	} {
		f.Add([]byte(seed))
	}
	const maxBody = 4096
	srv, err := New(Options{Apps: securityApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"*"}},
		HTTP: HTTPOptions{MaxBodyBytes: maxBody, MaxSessions: 16, MaxStreams: 4}})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() {
		srv.Sessions().StopAll()
		srv.Close()
	})
	h, err := srv.Handler()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		req, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(raw)))
		if err != nil {
			return
		}
		// The body as the handler will read it, chunks decoded, then
		// whatever error ended it: its size is the property's.
		body, bodyErr := io.ReadAll(req.Body)
		req.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), errReader{bodyErr}))
		// An event stream stays open until its client leaves: leave soon.
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		req = req.WithContext(ctx)
		rec := httptest.NewRecorder()
		done := make(chan struct{})
		go func() {
			defer close(done)
			h.ServeHTTP(rec, req)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("the handler did not answer %q", raw)
		}
		if rec.Code < 100 || rec.Code > 599 {
			t.Fatalf("status %d for %q", rec.Code, raw)
		}
		host, origin := req.Host, req.Header.Get("Origin")
		switch {
		case foreignHost(host) && rec.Code != http.StatusForbidden:
			t.Fatalf("the foreign Host %q got %d, want 403: %.300q", host, rec.Code, raw)
		case origin != "" && foreignHost(origin) && rec.Code != http.StatusForbidden:
			t.Fatalf("the foreign Origin %q got %d, want 403: %.300q", origin, rec.Code, raw)
		}
		// A GET's body is never read (an event stream holds none), so
		// never held; any other request's is read within the limit.
		if req.Method != http.MethodGet && (req.ContentLength > maxBody || len(body) > maxBody) &&
			rec.Code != http.StatusRequestEntityTooLarge && rec.Code != http.StatusForbidden {
			t.Fatalf("a body of %d bytes (Content-Length %d, %q) got %d under a %d-byte limit, want 413: %.300q",
				len(body), req.ContentLength, req.TransferEncoding, rec.Code, maxBody, raw)
		}
	})
}

// errReader answers its error, or io.EOF for none.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) {
	if e.err == nil {
		return 0, io.EOF
	}
	return 0, e.err
}

// foreignHost reports whether a Host or Origin value is certainly not a
// loopback one: it names no localhost, no 127/8 address and no IPv6
// literal at all. (A value that does may still be refused; hostcheck's
// own tests draw that line exactly.)
func foreignHost(v string) bool {
	v = strings.ToLower(v)
	return !strings.Contains(v, "localhost") && !strings.Contains(v, "127.") && !strings.Contains(v, "[")
}
