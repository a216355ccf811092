package mcptest

import (
	"context"
	"fmt"
	"strings"

	"github.com/facetui/facet/render/mcp/toolname"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

// listTools returns the names of every tool the client lists, following
// tools/list's pages.
func (s *Session) listTools() ([]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	var names []string
	var req sdk.ListToolsRequest
	for {
		res, err := s.client.ListTools(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("tools/list: %w", err)
		}
		for _, t := range res.Tools {
			names = append(names, t.Name)
		}
		if res.NextCursor == "" {
			return names, nil
		}
		req.Params.Cursor = res.NextCursor
	}
}

// ownsTool reports whether a listed name is one of the session's tools,
// dotted or client-safe.
func (s *Session) ownsTool(name string) bool {
	return strings.HasPrefix(name, s.id+".") || strings.HasPrefix(name, toolname.ClientName(s.id)+"_")
}

// widgetActions returns the actions of the tools listed for widget id,
// in the order listed. A derived tool is listed under its dotted name
// (<session>.<widget>.<action>, with mcp.NamesDotted) or under its
// client-safe name, which cannot always be split back: there, a name goes
// to the widget id of others whose client-safe prefix matches it longest
// (others are the ids in the current view), so in a view with widgets a
// and a_b, app_a_b_click is a_b's click, not a's b_click.
func widgetActions(listed []string, session, id string, others []string) []string {
	dotted := session + "." + id + "."
	safe := toolname.ClientName(session+"."+id) + "_"
	var actions []string
	for _, n := range listed {
		if a, ok := strings.CutPrefix(n, dotted); ok {
			if toolname.ValidAction(a) {
				actions = append(actions, a)
			}
			continue
		}
		a, ok := strings.CutPrefix(n, safe)
		if !ok || !toolname.ValidAction(a) || longerSafeMatch(n, session, safe, others) {
			continue
		}
		actions = append(actions, a)
	}
	return actions
}

// longerSafeMatch reports whether another widget's client-safe prefix
// matches name and is longer than prefix.
func longerSafeMatch(name, session, prefix string, others []string) bool {
	for _, o := range others {
		p := toolname.ClientName(session+"."+o) + "_"
		if len(p) > len(prefix) && strings.HasPrefix(name, p) && toolname.ValidAction(name[len(p):]) {
			return true
		}
	}
	return false
}
