package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/tea"
)

// MCP Apps (SEP-1865, "io.modelcontextprotocol/ui"): each session is also
// offered as an interactive view that a host renders inline in its
// conversation. The view is a self-contained HTML page (Options.UI draws
// it) that talks only through the host's postMessage bridge: tools/call of
// the session's own tools for what the person does, and of the app-only
// facet_app_view for the drawing. None of it is advertised to a client
// that did not declare the extension in its capabilities.

// Names of the MCP Apps extension and its pieces.
const (
	// UIExtension is the extension's identifier in a client's
	// capabilities.extensions.
	UIExtension = "io.modelcontextprotocol/ui"
	// UIMIME is the MIME type of an MCP Apps view.
	UIMIME = "text/html;profile=mcp-app"
	// UIHostURI is the view linked from facet_start's and
	// facet_screenshot's definitions: it learns its session from the host
	// (the call's arguments or result).
	UIHostURI = "ui://facet/session"
	// AppViewTool is the app-only tool that answers a session's drawing.
	AppViewTool = "facet_app_view"

	uiTemplate = "ui://facet/session/{id}"
	appsOwner  = "facet-apps"
	// appPollMS is how often a view asks for a new drawing when the host
	// forwards nothing that says the session changed.
	appPollMS = 1000
)

// UIURI names the MCP Apps view of a session.
func UIURI(session string) string { return UIHostURI + "/" + session }

// UIRenderer draws sessions for MCP Apps hosts (render/web's App is one).
type UIRenderer interface {
	// AppPage is the whole HTML document of the view of session ("": one
	// that learns its session from the host), calling viewTool for its
	// drawing and keyTool for keys.
	AppPage(session, viewTool, keyTool string, pollMS int) string
	// AppFrame draws snap as the page's root element, with no masked
	// value in it, and the DOM id of the focused widget.
	AppFrame(snap tea.Snapshot, session string) (root, focus string)
}

// uiClient reports whether the client of ctx declared the MCP Apps
// extension with the HTML view type: in this request's capabilities
// (protocol 2026-07-28 and later carry them in every request's _meta),
// else in its initialize request.
func uiClient(ctx context.Context) bool {
	var caps *sdk.ClientCapabilities
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		caps = info.ClientCapabilities
	} else if ci, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		c := ci.GetClientCapabilities()
		caps = &c
	}
	if caps == nil {
		return false
	}
	// The settings arrive decoded from JSON, or as a Go caller's own
	// values (an in-process client): read them through JSON either way.
	raw, err := json.Marshal(caps.Extensions[UIExtension])
	var ext struct {
		MIMETypes []string `json:"mimeTypes"`
	}
	if err != nil || json.Unmarshal(raw, &ext) != nil {
		return false
	}
	return slices.Contains(ext.MIMETypes, UIMIME)
}

// uiApps offers sessions as MCP Apps views (Options.UI): the view
// resources, facet_app_view, and the _meta.ui that points a host to them.
type uiApps struct {
	ui     UIRenderer // nil: no views
	sdk    *server.MCPServer
	reg    *derive.Registry
	starts *startGate
	guard  *guard
	names  toolNamer
}

// install offers sessions as MCP Apps views when there is a UIRenderer.
func (a *uiApps) install(h *server.Hooks) error {
	if a.ui == nil {
		return nil
	}
	server.WithExtensions(map[string]any{UIExtension: map[string]any{"mimeTypes": []string{UIMIME}}})(a.sdk)
	a.sdk.AddResource(sdk.NewResource(UIHostURI, "Facet session view", sdk.WithMIMEType(UIMIME),
		sdk.WithResourceDescription("The live view of the session a facet_start or facet_screenshot call names, for MCP Apps hosts.")), a.read)
	a.sdk.AddResourceTemplate(sdk.NewResourceTemplate(uiTemplate, "Session view", sdk.WithTemplateMIMEType(UIMIME),
		sdk.WithTemplateDescription("The live view of a session, for MCP Apps hosts: click in it and the session changes.")), a.read)
	view := &derive.Tool{Name: AppViewTool,
		Description: "The drawing of a session for its MCP Apps view (called by the view, not the model).",
		InputSchema: map[string]any{"type": "object", "additionalProperties": false, "required": []string{SessionArg},
			"properties": map[string]any{
				SessionArg: map[string]any{"type": "string"},
				"since":    map[string]any{"type": "integer", "minimum": 0, "description": "The version the view shows; an unchanged session answers no drawing."},
			}}}
	if err := a.reg.Register(appsOwner, []*derive.Tool{view}); err != nil {
		return fmt.Errorf("mcp: MCP Apps tools: %w", err)
	}
	h.AddAfterListTools(func(ctx context.Context, _ any, _ *sdk.ListToolsRequest, res *sdk.ListToolsResult) {
		ui := uiClient(ctx)
		res.Tools = slices.DeleteFunc(res.Tools, func(t sdk.Tool) bool { return t.Name == AppViewTool && !ui })
		if !ui {
			return
		}
		for i, t := range res.Tools {
			switch t.Name {
			case "facet_start", "facet_screenshot":
				res.Tools[i].Meta = withUI(t.Meta, map[string]any{"resourceUri": UIHostURI})
			case AppViewTool:
				res.Tools[i].Meta = withUI(t.Meta, map[string]any{"resourceUri": UIHostURI, "visibility": []string{"app"}})
			}
		}
	})
	h.AddAfterListResources(func(ctx context.Context, _ any, _ *sdk.ListResourcesRequest, res *sdk.ListResourcesResult) {
		if !uiClient(ctx) {
			res.Resources = slices.DeleteFunc(res.Resources, func(r sdk.Resource) bool { return strings.HasPrefix(r.URI, "ui://") })
		}
	})
	h.AddAfterListResourceTemplates(func(ctx context.Context, _ any, _ *sdk.ListResourceTemplatesRequest, res *sdk.ListResourceTemplatesResult) {
		if !uiClient(ctx) {
			res.ResourceTemplates = slices.DeleteFunc(res.ResourceTemplates, func(r sdk.ResourceTemplate) bool {
				return r.URITemplate != nil && strings.HasPrefix(r.URITemplate.Raw(), "ui://")
			})
		}
	})
	h.AddAfterCallTool(func(ctx context.Context, _ any, req *sdk.CallToolRequest, result any) {
		res, ok := result.(*sdk.CallToolResult)
		if !ok || res.IsError || !uiClient(ctx) {
			return
		}
		var id string
		switch req.Params.Name {
		case "facet_start":
			if v, ok := res.StructuredContent.(map[string]any); ok {
				id, _ = v["id"].(string)
			}
		case "facet_screenshot":
			id = sessionNamed(req.GetArguments())
		}
		if tea.ValidID(id) {
			res.Meta = withUI(res.Meta, map[string]any{"resourceUri": UIURI(id)})
		}
	})
	return nil
}

// withUI is meta (which may be shared with the server's own definition:
// it is copied, never changed) with ui set.
func withUI(meta *sdk.Meta, ui map[string]any) *sdk.Meta {
	out := &sdk.Meta{AdditionalFields: map[string]any{}}
	if meta != nil {
		out.ProgressToken = meta.ProgressToken
		maps.Copy(out.AdditionalFields, meta.AdditionalFields)
	}
	out.AdditionalFields["ui"] = ui
	return out
}

// errNotUIClient is the answer to a client that asks for a view without
// having declared the extension.
func errNotUIClient(what string) error {
	return callerError(fmt.Sprintf("%s is for MCP Apps hosts: declare %q with mimeTypes [%q] in the initialize request's capabilities.extensions", what, UIExtension, UIMIME))
}

// read answers resources/read of a view: the page, with the policy it
// needs (nothing outside itself) in _meta.ui.csp. A session's view follows
// the session's ownership, as its facet:// resources do (see reachOf).
func (a *uiApps) read(ctx context.Context, req sdk.ReadResourceRequest) ([]sdk.ResourceContents, error) {
	uri := req.Params.URI
	if !uiClient(ctx) {
		return nil, errNotUIClient(uri)
	}
	session := ""
	if uri != UIHostURI {
		id, ok := strings.CutPrefix(uri, UIHostURI+"/")
		if !ok || !tea.ValidID(id) {
			return nil, fmt.Errorf("resource %q: a session view is %s/<id>, the id %s", uri, UIHostURI, tea.IDRule)
		}
		sess, running := a.starts.sessions.Get(id)
		if !running {
			return nil, noSession(id)
		}
		if err := a.starts.reachable(ctx, sess); err != nil {
			return nil, fmt.Errorf("resource %q: %w", uri, err)
		}
		session = id
	}
	page := a.ui.AppPage(session, AppViewTool, "facet_send_key", appPollMS)
	return []sdk.ResourceContents{sdk.TextResourceContents{URI: uri, MIMEType: UIMIME, Text: page,
		Meta: map[string]any{"ui": map[string]any{"csp": map[string]any{}, "prefersBorder": true}}}}, nil
}

// view answers facet_app_view: the session's drawing when it is newer
// than since, and the names of its tools by widget and action (those the
// client may call), so the view calls the session's own tools.
func (a *uiApps) view(ctx context.Context, args map[string]any) (Answer, error) {
	if !uiClient(ctx) {
		return Answer{}, errNotUIClient(AppViewTool)
	}
	sess, err := a.starts.session(ctx, args, SessionArg)
	if err != nil {
		return Answer{}, err
	}
	since, err := intArg(args, "since", 0, 0, 1<<53)
	if err != nil {
		return Answer{}, callerError(err.Error())
	}
	snap := sess.Snapshot()
	v := map[string]any{"v": snap.Version}
	if snap.Version <= uint64(since) {
		return answer(v, fmt.Sprintf("session %s: unchanged at version %d", sess.ID, snap.Version)), nil
	}
	// The page goes to the client: masked widgets are drawn as agents see
	// them everywhere (redacted: not even their length).
	snap.View = redactView(snap.View)
	v["html"], v["focus"] = a.ui.AppFrame(snap, sess.ID)
	tools := map[string]string{}
	for _, t := range a.reg.Tools(sess.ID) {
		if t.Derived && a.guard.listed(ctx, t.Name) {
			tools[t.Widget+" "+t.Action] = a.names.advertised(t)
		}
	}
	v["tools"] = tools
	return answer(v, fmt.Sprintf("session %s: drawn at version %d", sess.ID, snap.Version)), nil
}
