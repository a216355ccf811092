package hostcheck

import (
	"fmt"
	"net/http"
)

// Wrap returns next behind the rule: a request whose Host, or whose Origin
// when it has one, is not admitted gets a 403 naming the header, its value
// and the option that allows it.
func (r Rule) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if !r.HostAllowed(req.Host) {
			http.Error(w, fmt.Sprintf("facet: Host %q is not allowed (DNS rebinding protection); add it to the allowed hosts", req.Host), http.StatusForbidden)
			return
		}
		if origin := req.Header.Get("Origin"); origin != "" && !r.OriginAllowed(origin, req.Host) {
			http.Error(w, fmt.Sprintf("facet: Origin %q is not allowed; add it to the allowed origins", origin), http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, req)
	})
}
