package derive

import (
	"sort"
	"strings"

	"github.com/facetui/facet/render/mcp/toolname"
)

// Lens modes.
const (
	LensAll     = "all"
	LensFocused = "focused"
	LensHover   = "hover"
)

// DefaultMaxTools is how many tools FocusLens keeps by default.
const DefaultMaxTools = 15

// LensOptions configure FocusLens.
type LensOptions struct {
	// Mode is LensAll, LensFocused (default) or LensHover.
	Mode string
	// SessionID is the session whose tools the lens may keep. A tool belongs
	// to the session that is exactly the first "." segment of its name.
	SessionID string
	// FocusedID and HoverID are widget ids (see tea.Snapshot's Focus and
	// Hover, which the terminal renderer keeps up to date).
	FocusedID string
	HoverID   string
	// MaxTools caps the result (DefaultMaxTools when 0).
	MaxTools int
}

// ToolInfo is a tool as the lens sees it.
type ToolInfo struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// FocusLens cuts a tool list to what matters now, for code that builds its
// own tool list for a model: the focused widget's tools first, then (in
// hover mode) the hovered widget's, then the session's discover_tools, then
// global tools (names without a "."), then, in all mode, the session's
// other tools. It never keeps another session's tools, never more than
// MaxTools, and its order is deterministic. Nothing filters what a client
// lists from the server: the lens is opt-in.
func FocusLens(tools []ToolInfo, opts LensOptions) []ToolInfo {
	max := opts.MaxTools
	if max <= 0 {
		max = DefaultMaxTools
	}
	mode := opts.Mode
	if mode == "" {
		mode = LensFocused
	}
	sorted := append([]ToolInfo(nil), tools...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })

	widgetPrefix := func(id string) string { return opts.SessionID + "." + id + "." }
	var out []ToolInfo
	taken := map[string]bool{}
	add := func(keep func(ToolInfo) bool) {
		for _, t := range sorted {
			if len(out) >= max {
				return
			}
			if !taken[t.Name] && keep(t) {
				taken[t.Name] = true
				out = append(out, t)
			}
		}
	}
	own := func(t ToolInfo) bool { return opts.SessionID != "" && toolname.SessionOf(t.Name) == opts.SessionID }
	if opts.FocusedID != "" {
		add(func(t ToolInfo) bool { return own(t) && strings.HasPrefix(t.Name, widgetPrefix(opts.FocusedID)) })
	}
	if mode == LensHover && opts.HoverID != "" {
		add(func(t ToolInfo) bool { return own(t) && strings.HasPrefix(t.Name, widgetPrefix(opts.HoverID)) })
	}
	add(func(t ToolInfo) bool { return own(t) && t.Name == opts.SessionID+".discover_tools" })
	add(func(t ToolInfo) bool { return !strings.Contains(t.Name, ".") })
	if mode == LensAll {
		add(own)
	}
	return out
}
