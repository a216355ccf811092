package mcp

import (
	"fmt"
	"hash/fnv"
	"regexp"
	"strings"

	"github.com/facetui/facet/tea"
)

// ServerName is the name the server announces, and the key clients should
// register it under (see ClientPrefix).
const ServerName = "facet"

// ClientPrefix is what common clients put before a tool name
// (mcp__<server>_<server>_), counted when warning about long names.
const ClientPrefix = "mcp__facet_facet_"

// MaxClientNameLen is the longest tool name (prefix included) that clients
// show in full.
const MaxClientNameLen = 64

// ActionRule describes a valid action name.
const ActionRule = "a lowercase letter followed by up to 31 of [a-z0-9_]"

// StartIDRule describes the ids facet_start accepts.
const StartIDRule = "^[a-z][a-z0-9]{0,6}$ (a lowercase letter and up to six lowercase letters or digits)"

var (
	actionRe  = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)
	startIDRe = regexp.MustCompile(`^[a-z][a-z0-9]{0,6}$`)
)

// reservedIDs are session ids facet_start refuses: facet is the server key
// (session facet's facet.nav_menu.click would reach a client as session nav's
// nav.menu.click) and agent is kept for agent tools.
var reservedIDs = map[string]bool{"facet": true, "agent": true}

// ValidAction reports whether name is a valid action name.
func ValidAction(name string) bool { return actionRe.MatchString(name) }

// CheckStartID checks an id given to facet_start.
func CheckStartID(id string) error {
	if reservedIDs[id] {
		return fmt.Errorf("session id %q is reserved (reserved: facet, agent)", id)
	}
	if !startIDRe.MatchString(id) {
		return fmt.Errorf("invalid session id %q: facet_start takes ids matching %s", id, StartIDRule)
	}
	return nil
}

// ToolName joins a derived tool's parts: <session>.<widget>.<action>.
func ToolName(session, widget, action string) string {
	return session + "." + widget + "." + action
}

// SplitToolName splits a name of the derived shape into its parts. It
// reports false for anything else.
func SplitToolName(name string) (session, widget, action string, ok bool) {
	first := strings.IndexByte(name, '.')
	last := strings.LastIndexByte(name, '.')
	if first <= 0 || last == first || last == len(name)-1 {
		return "", "", "", false
	}
	session, widget, action = name[:first], name[first+1:last], name[last+1:]
	if !tea.ValidID(session) || !tea.ValidID(widget) || !ValidAction(action) {
		return "", "", "", false
	}
	return session, widget, action, true
}

// SessionOf returns the session a tool belongs to: exactly the first "."
// segment of its name, or "" for a name without one.
func SessionOf(name string) string {
	if i := strings.IndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return ""
}

// ClientName is the name a tool reaches clients that rename tools by:
// lowercase, every run of characters outside [a-z0-9_] becomes "_", runs of
// "_" collapse, leading and trailing "_" go, and "tool" if nothing is left.
// So demo.x_y.click and demo.x-y.click are one name to such a client, and the
// registry refuses the second.
func ClientName(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	pendingSep := false
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if pendingSep && b.Len() > 0 {
				b.WriteByte('_')
			}
			pendingSep = false
			b.WriteRune(r)
			continue
		}
		pendingSep = true
	}
	if b.Len() == 0 {
		return "tool"
	}
	return b.String()
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
