package toolname

import (
	"fmt"
	"hash/fnv"
	"regexp"
	"strings"

	"github.com/facetui/facet/tea"
)

// MaxNameLen is the longest tool name Facet advertises by default: clients
// such as Claude Code call a server's tools mcp__<server>__<tool> and
// refuse a whole tool list when one such name is over 64 characters, and
// "mcp__facet__" takes 12 of them.
const MaxNameLen = 52

// NameRule is the rule every tool name Facet advertises by default follows.
const NameRule = "^[a-zA-Z0-9_-]{1,52}$"

// hashedKeep is how much of a long name SafeName keeps before its hash.
const hashedKeep = MaxNameLen - 9

// ActionRule describes a valid action name.
const ActionRule = "a lowercase letter followed by up to 31 of [a-z0-9_]"

var actionRe = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)

// ValidAction reports whether name is a valid action name.
func ValidAction(name string) bool { return actionRe.MatchString(name) }

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

// SafeName is the name a tool is advertised under by default
// (<session>_<widget>_<action>): its ClientName when that fits MaxNameLen;
// otherwise the ClientName's first characters, "_" and 8 hex digits of its
// FNV-1a hash, MaxNameLen at most. The hash keeps two long names apart and
// is the same in every run; names that share a ClientName share a SafeName,
// so the registry's collision rule holds for both.
func SafeName(name string) string {
	cn := ClientName(name)
	if len(cn) <= MaxNameLen {
		return cn
	}
	h := fnv.New32a()
	h.Write([]byte(cn))
	return fmt.Sprintf("%s_%08x", strings.TrimRight(cn[:hashedKeep], "_"), h.Sum32())
}
