package mcp

import (
	"maps"
	"sort"
	"strings"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// isAppURI reports whether a projection's URI is an app's own, to be kept
// as an alias.
func isAppURI(uri string) bool { return uri != "" && !strings.HasPrefix(uri, uriPrefix) }

// aliasChange is what changing claims did to the aliases.
type aliasChange struct {
	add     []server.ServerResource
	remove  []string
	notices []aliasNotice
}

// aliasNotice tells an alias's subscribers what it stands for now.
type aliasNotice struct {
	uri  string
	meta map[string]any
	subs []server.ClientSession
}

// claim replaces session's claims on app URIs with claims (app URI ->
// facet URIs; nil drops them all) and brings the aliases up to date.
// r.mu is held.
// Claims the same as the session's last change nothing: they are not
// compared with every session's (a session's every change claims again,
// and a search demo in each of a thousand sessions claims one app URI).
// claims is kept, so it must not be changed after.
func (r *resources) claim(session string, claims map[string]map[string]bool) aliasChange {
	if maps.EqualFunc(r.claimed[session], claims, maps.Equal) {
		return aliasChange{}
	}
	if len(claims) == 0 {
		delete(r.claimed, session)
	} else {
		r.claimed[session] = claims
	}
	prefix := uriPrefix + session + "/"
	before := map[string]string{}
	touch := func(app string) {
		if _, seen := before[app]; !seen {
			before[app] = r.meaning(app)
		}
	}
	for app, set := range r.claims {
		for u := range set {
			if strings.HasPrefix(u, prefix) && !claims[app][u] {
				touch(app)
				delete(set, u)
			}
		}
		if len(set) == 0 {
			delete(r.claims, app)
		}
	}
	for app, set := range claims {
		for u := range set {
			if !r.claims[app][u] {
				touch(app)
				if r.claims[app] == nil {
					r.claims[app] = map[string]bool{}
				}
				r.claims[app][u] = true
			}
		}
	}
	apps := make([]string, 0, len(before))
	for app := range before {
		apps = append(apps, app)
	}
	sort.Strings(apps)
	var ch aliasChange
	for _, app := range apps {
		facets := r.claimants(app)
		if len(facets) == 1 {
			if r.aliases[app] != facets[0] {
				r.aliases[app] = facets[0]
				_, _, name, _ := parseURI(facets[0])
				ch.add = append(ch.add, server.ServerResource{Resource: sdk.NewResource(app, name, sdk.WithMIMEType(jsonMIME),
					sdk.WithResourceDescription("Alias of "+facets[0]+", while no other session declares it.")), Handler: r.read})
			}
		} else if _, registered := r.aliases[app]; registered {
			delete(r.aliases, app)
			ch.remove = append(ch.remove, app)
		}
		now := r.meaning(app)
		if now == before[app] || len(r.subs[app]) == 0 {
			if len(facets) == 0 {
				delete(r.subs, app)
			}
			continue
		}
		n := aliasNotice{uri: app}
		switch len(facets) {
		case 0:
			n.meta = map[string]any{"removed": true}
		case 1:
			n.meta = map[string]any{"alias_of": facets[0]}
		default:
			n.meta = map[string]any{"ambiguous": facets}
		}
		for _, cs := range r.subs[app] {
			n.subs = append(n.subs, cs)
		}
		if len(facets) == 0 {
			delete(r.subs, app)
		}
		ch.notices = append(ch.notices, n)
	}
	return ch
}

// claimants lists the facet URIs declaring app, sorted. r.mu is held.
func (r *resources) claimants(app string) []string {
	facets := make([]string, 0, len(r.claims[app]))
	for u := range r.claims[app] {
		facets = append(facets, u)
	}
	sort.Strings(facets)
	return facets
}

// meaning is what app stands for: "" (nothing), the one facet URI that
// declares it, or "ambiguous". r.mu is held.
func (r *resources) meaning(app string) string {
	switch facets := r.claimants(app); len(facets) {
	case 0:
		return ""
	case 1:
		return facets[0]
	}
	return "ambiguous"
}

// apply tells the SDK what changed, then the alias subscribers, so that a
// subscriber who reads again on the notice finds the new registration.
// session is the session whose change it is. r.syncMu is held.
func (r *resources) apply(session string, remove []string, add []server.ServerResource, ch aliasChange) {
	r.publish(session, append(remove, ch.remove...), append(add, ch.add...))
	for _, n := range ch.notices {
		for _, cs := range n.subs {
			r.deliver(cs, n.uri, sdk.JSONRPCNotification{
				JSONRPC: sdk.JSONRPC_VERSION,
				Notification: sdk.Notification{Method: methodUpdated, Params: sdk.NotificationParams{
					Meta:             n.meta,
					AdditionalFields: map[string]any{"uri": n.uri},
				}},
			})
		}
	}
}
