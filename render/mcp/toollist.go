package mcp

import (
	"context"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/internal/derive"
)

// Tool list shapes for Options.ToolList.
const (
	// ToolListFull lists every tool the caller can reach: the static
	// tools and each reachable session's derived tools.
	ToolListFull = "full"
	// ToolListCompact lists only the static tools (facet_act among them)
	// and each reachable session's discover_tools, for clients that cap
	// how many tools a server may list. Derived tools stay callable by
	// name and through facet_act.
	ToolListCompact = "compact"
)

// listTools is the after-list hook that shapes a tools/list answer for the
// caller: it leaves out the tools of sessions the caller cannot reach (see
// reachOf), every tool the authorizer would not Allow it, in compact mode
// the derived tools, and otherwise each session's derived tools past
// MaxSessionTools, those of widgets out of view the longest first. A
// render that adds tools past the cap thus makes one list_changed (the
// registry's), after which the list holds the new tools and not the old. mcp-go's own tool filter (WithToolFilter) also
// runs at call time, where a tool it hides answers "tool not found"
// instead of saying why (another connection's session, an Ask); so the
// listing is shaped here and calls are decided in callTool.
//
// mcp-go lists the static tools; the sessions' tools are added here from
// the registry (see sessiontools.go), in mcp-go's order.
func (s *Server) listTools(ctx context.Context, _ any, req *sdk.ListToolsRequest, res *sdk.ListToolsResult) {
	if res == nil {
		return
	}
	l := s.toolLister(ctx)
	kept := res.Tools[:0]
	for _, tl := range res.Tools {
		if tl.Name != routeTool && l.keeps(tl.Name) {
			kept = append(kept, tl)
		}
	}
	if more := l.sessionTools(listCursor(req)); len(more) > 0 {
		kept = append(kept, more...)
		sortTools(kept)
	}
	res.Tools = kept
}

// toolLister decides, for one caller's tools/list, which tools it keeps.
type toolLister struct {
	s        *Server
	ctx      context.Context
	overflow map[string]map[string]bool // by session: the tools past MaxSessionTools
}

func (s *Server) toolLister(ctx context.Context) *toolLister {
	return &toolLister{s: s, ctx: ctx, overflow: map[string]map[string]bool{}}
}

// keeps reports whether the caller's list holds the tool advertised as
// name. A name the registry does not know is only held to the tool policy.
func (l *toolLister) keeps(name string) bool {
	s := l.s
	if t, ok := s.reg.Resolve(name); ok {
		return l.keepsTool(t) && (t.Session == "" || s.starts.sees(l.ctx, t.Session))
	}
	return s.guard.policy.Tools == nil || s.guard.listed(l.ctx, name)
}

// keepsTool is keeps for a registered tool of a session the caller sees.
func (l *toolLister) keepsTool(t *derive.Tool) bool {
	s := l.s
	if t.Derived && s.opts.ToolList == ToolListCompact {
		return false
	}
	if t.Derived {
		over, done := l.overflow[t.Session]
		if !done {
			if sy := s.syncs.of(t.Session); sy != nil {
				over = sy.OutOfView(s.opts.MaxSessionTools)
			}
			l.overflow[t.Session] = over
		}
		if over[t.Name] {
			return false
		}
	}
	return s.guard.policy.Tools == nil || s.guard.listed(l.ctx, t.Name)
}

// listResources is the after-list hook that leaves out of a resources/list
// answer the resources of sessions the caller cannot reach.
func (s *Server) listResources(ctx context.Context, _ any, _ *sdk.ListResourcesRequest, res *sdk.ListResourcesResult) {
	if res == nil {
		return
	}
	kept := res.Resources[:0]
	for _, r := range res.Resources {
		if session, _, _, ok := parseURI(s.res.resolve(r.URI)); ok && !s.starts.sees(ctx, session) {
			continue
		}
		kept = append(kept, r)
	}
	res.Resources = kept
}
