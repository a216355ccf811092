package mcp

import (
	"regexp"
	"strings"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// toolNamer spells tool names as clients see them, in the server's style
// (Options.ToolNames), and tells which session a client-safe name is of.
type toolNamer struct {
	style    string
	sessions *tea.Sessions
}

// advertised is the name a registered tool is listed under.
func (n toolNamer) advertised(t *derive.Tool) string {
	// A session's tools (derived ones and its discover_tools) carry the
	// session id and dots; the facet_* tools carry neither.
	if t.Session != "" && n.style == NamesSafe {
		return toolname.SafeName(t.Name)
	}
	return t.Name
}

// shape is how the style spells a derived tool's name.
func (n toolNamer) shape() string {
	if n.style == NamesDotted {
		return "<session>.<widget>.<action>"
	}
	return "<session>_<widget>_<action>"
}

// advertisedName spells a derived name as clients see it.
func (n toolNamer) advertisedName(name string) string {
	return n.advertised(&derive.Tool{Name: name, Session: toolname.SessionOf(name)})
}

// safeStaleRe matches a client-safe derived name of a facet_start session.
var safeStaleRe = regexp.MustCompile(`^([a-z][a-z0-9]{0,6})_[a-z0-9_]+$`)

// safeSession tells which session a client-safe tool name belongs to: the
// running session with the longest client-safe id that prefixes it, else
// its first "_" segment (sessions facet_start made have no "_" in their
// ids), else "".
func (n toolNamer) safeSession(name string) string {
	best := ""
	for _, sess := range n.sessions.List() {
		p := toolname.ClientName(sess.ID) + "_"
		if strings.HasPrefix(name, p) && len(sess.ID) > len(best) {
			best = sess.ID
		}
	}
	if best != "" {
		return best
	}
	if m := safeStaleRe.FindStringSubmatch(name); m != nil {
		return m[1]
	}
	return ""
}
