package mcp

import (
	"context"
	"encoding/base64"
	"fmt"
	"sort"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/render/mcp/internal/derive"
)

// A session's tools (its derived tools and its discover_tools) are served
// from the registry, which holds them already, not from mcp-go's tool
// map: that map held a second copy of every session's every tool (about
// 2 KB an idle session), and mcp-go walked and sorted all of them for
// each tools/list. tools/list adds the caller's session tools to mcp-go's
// static ones (listTools); a call by a session tool's name is routed by
// rewriteCall to routeTool, the one tool mcp-go holds for them all, which
// answers as the tool called (handlerFor). A server mounted on a host's
// still gives the host every tool (mountSink).

// routeTool is the tool mcp-go finds for a call to a session's tool. It is
// never listed, and its name breaks every tool name rule, so no tool of
// the registry's can take it.
const routeTool = "facet:session-tool"

// routedMetaKey carries the registered name of the session tool a call was
// routed to routeTool for. It is the server's own word: rewriteCall
// removes one a client sent.
const routedMetaKey = "facet/routed_tool"

// installRouter gives mcp-go routeTool.
func (s *Server) installRouter() {
	s.sdk.AddTool(sdk.Tool{Name: routeTool, RawInputSchema: []byte(`{"type":"object"}`)}, s.routed)
}

// route makes req, a call by t's name (either spelling), a call of
// routeTool for t.
func route(req *sdk.CallToolRequest, t *derive.Tool) {
	req.Params.Name = routeTool
	setMeta(req, routedMetaKey, t.Name)
}

// routedName is the session tool a call of routeTool is for.
func routedName(req sdk.CallToolRequest) (string, bool) {
	if req.Params.Meta == nil {
		return "", false
	}
	name, ok := req.Params.Meta.AdditionalFields[routedMetaKey].(string)
	return name, ok && name != ""
}

// routed is routeTool's handler: the call of the session tool rewriteCall
// routed, answered as that tool's own handler answers it. A call of
// routeTool by its name (no marker) finds no tool.
func (s *Server) routed(ctx context.Context, req sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	name, ok := routedName(req)
	if !ok {
		return nil, fmt.Errorf("tool '%s' not found: %w", req.Params.Name, server.ErrToolNotFound)
	}
	return s.handlerFor(name)(ctx, req)
}

// sessionTools are the session tools the caller's tools/list holds (see
// toolLister.keepsTool), as sdkTool lists them, past cursor (mcp-go's:
// the name a page ended at) when there is one.
func (l *toolLister) sessionTools(cursor string) []sdk.Tool {
	s := l.s
	var out []sdk.Tool
	for _, session := range s.reg.Sessions() {
		if !s.starts.sees(l.ctx, session) {
			continue
		}
		for _, t := range s.reg.Tools(session) {
			if t.Session == "" || !l.keepsTool(t) {
				continue // a host's dotted tool is mcp-go's to list
			}
			tl := s.sdkTool(t)
			if cursor != "" && tl.Name <= cursor {
				continue
			}
			out = append(out, tl)
		}
	}
	return out
}

// listCursor is the name a tools/list request's cursor says its page
// starts after, as mcp-go reads it; "" for the first page.
func listCursor(req *sdk.ListToolsRequest) string {
	if req == nil || req.Params.Cursor == "" {
		return ""
	}
	b, err := base64.StdEncoding.DecodeString(string(req.Params.Cursor))
	if err != nil {
		return "" // mcp-go refused it before the hook
	}
	return string(b)
}

// sortTools orders a tools/list page as mcp-go does: by name.
func sortTools(tools []sdk.Tool) {
	sort.SliceStable(tools, func(i, j int) bool { return tools[i].Name < tools[j].Name })
}
