package mcp

import (
	"fmt"
	"hash/fnv"
	"regexp"
	"strings"

	"github.com/facetui/facet/tea"
)

// ServerName is the name the server announces, and the key clients should
// register it under.
const ServerName = "facet"

// StartIDRule describes the ids facet_start accepts.
const StartIDRule = "^[a-z][a-z0-9]{0,6}$ (a lowercase letter and up to six lowercase letters or digits)"

// StartIDWhy says why facet_start's ids are narrower than the 1-32 of
// [A-Za-z0-9_-] that widget ids and other sessions' ids may use: every
// tool of the session is named <id>_<widget>_<action>, which must stay
// within the 64 characters clients allow (their own prefix included) with
// a widget id of up to 32, and must name its session plainly, even once
// the session is gone: no "_" or "-" that would run into the widget's
// part of the name, and no capital that a client folding case would
// merge with another session's.
const StartIDWhy = "narrower than other ids (1-32 of [A-Za-z0-9_-]) because every tool of the session is named <id>_<widget>_<action>: it must fit clients' 64 characters beside a widget id of up to 32, and name its session plainly, so no _ or - and no capitals"

var (
	startIDRe = regexp.MustCompile(`^[a-z][a-z0-9]{0,6}$`)
)

// reservedIDs are session ids facet_start refuses: facet is the server key
// (session facet's facet.nav_menu.click would reach a client as session nav's
// nav.menu.click) and agent is kept for agent tools.
var reservedIDs = map[string]bool{"facet": true, "agent": true}

// CheckStartID checks an id given to facet_start.
func CheckStartID(id string) error {
	if reservedIDs[id] {
		return fmt.Errorf("session id %q is reserved (reserved: facet, agent)", id)
	}
	if !startIDRe.MatchString(id) {
		return fmt.Errorf("invalid session id %q: facet_start takes ids matching %s, %s", id, StartIDRule, StartIDWhy)
	}
	return nil
}

// DefaultSessionID turns an app name into a valid session id for Go
// callers: characters outside [A-Za-z0-9_-] become "_", and a name over 32
// characters becomes its first 23, "_" and 8 hex digits of its hash.
func DefaultSessionID(app string) string {
	b := []byte(app)
	for i, c := range b {
		if !tea.ValidID(string(c)) {
			b[i] = '_'
		}
	}
	id := string(b)
	if id == "" {
		id = "app"
	}
	if len(id) > 32 {
		h := fnv.New32a()
		h.Write([]byte(app))
		id = fmt.Sprintf("%s_%08x", id[:23], h.Sum32())
	}
	return id
}

// defaultStartID turns an app name into an id facet_start accepts, trying
// suffixes 2-99 while taken(id) is true.
func defaultStartID(app string, taken func(string) bool) (string, error) {
	var b strings.Builder
	for _, r := range strings.ToLower(app) {
		if (r >= 'a' && r <= 'z') || (b.Len() > 0 && r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	base := b.String()
	if base == "" {
		base = "s"
	}
	if len(base) > 7 {
		base = base[:7]
	}
	if !taken(base) && !reservedIDs[base] {
		return base, nil
	}
	for n := 2; n < 100; n++ {
		suffix := fmt.Sprint(n)
		cand := base
		if len(cand)+len(suffix) > 7 {
			cand = cand[:7-len(suffix)]
		}
		cand += suffix
		if !taken(cand) && !reservedIDs[cand] {
			return cand, nil
		}
	}
	return "", fmt.Errorf("no free session id for app %q: pass an id", app)
}
