package mcp

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"github.com/facetui/facet/identity"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

// Over HTTP, protocol 2026-07-28 is stateless: a request carries no
// session, so the only thing that can own what it starts is its
// principal. Such requests are served to authenticated clients (see
// HTTPOptions.Authenticator), each request on its own: static tools take
// the session as their handle, tools/list is the principal's own (cached
// privately, for 0 ms: sessions change it at any time), and changes
// reach a client through subscriptions/listen. An anonymous client is
// told why it is refused and the versions it may use instead.

// statelessGate refuses a stateless request that carries no principal,
// with the JSON-RPC error of an unsupported version (whose data lists the
// versions with sessions, so a client can negotiate down) and a message
// that names what serves it.
func statelessGate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := r.Header.Get(sdk.HeaderProtocolVersion)
		if !sdk.IsModernProtocol(v) {
			next.ServeHTTP(w, r)
			return
		}
		if _, ok := identity.FromContext(r.Context()); ok {
			next.ServeHTTP(w, r)
			return
		}
		var id any
		if r.Body != nil {
			body, _ := io.ReadAll(r.Body)
			var m struct {
				ID any `json:"id"`
			}
			if json.Unmarshal(body, &m) == nil {
				id = m.ID
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		e := sdk.UnsupportedProtocolVersionError{Version: v, Supported: sessionVersions()}.JSONRPCError()
		e.ID = sdk.NewRequestId(id)
		e.Error.Message = "protocol " + v + " is stateless: this server serves it only to authenticated clients, whose principal owns what they start (start it with --http-tokens FILE or --oauth-issuer, or set HTTPOptions.Authenticator); anonymous clients use a version with sessions: " + joinVersions(sessionVersions())
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(e)
	})
}

func joinVersions(vs []string) string {
	var b bytes.Buffer
	for i, v := range vs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(v)
	}
	return b.String()
}
