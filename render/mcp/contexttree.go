package mcp

import (
	"reflect"
	"strings"
	"time"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/tea"
)

// WidgetNode is one node of the widgets resource: containers by kind, and
// widgets with their id, label, role, state and focus. A masked widget is
// described as its redacted form (see redactView): nothing of its value.
type WidgetNode struct {
	Kind     string         `json:"kind"`
	ID       string         `json:"id,omitempty"`
	Label    string         `json:"label,omitempty"`
	Role     string         `json:"role,omitempty"`
	Title    string         `json:"title,omitempty"`
	Text     string         `json:"text,omitempty"`
	State    map[string]any `json:"state,omitempty"`
	Focused  bool           `json:"focused,omitempty"`
	Hovered  bool           `json:"hovered,omitempty"`
	Children []WidgetNode   `json:"children,omitempty"`
}

// widgetTree describes a snapshot's view.
func widgetTree(snap tea.Snapshot) []WidgetNode {
	if snap.View == nil {
		return []WidgetNode{}
	}
	return []WidgetNode{describe(snap.View, snap.Focus, snap.Hover)}
}

func describe(n tea.Node, focus, hover string) WidgetNode {
	var w WidgetNode
	switch x := n.(type) {
	case tea.Column:
		w.Kind = "column"
	case tea.Row:
		w.Kind = "row"
	case tea.Box:
		w.Kind, w.Title = "box", x.Title
	case tea.Text:
		w.Kind, w.Text = "text", x.Content
	case tea.Spacer:
		w.Kind = "spacer"
	default:
		w.Kind = strings.ToLower(reflect.TypeOf(n).Name())
	}
	if wd, ok := n.(tea.Widget); ok {
		w.Kind, w.ID = wd.WidgetKind(), wd.WidgetID()
		w.Focused, w.Hovered = w.ID == focus && focus != "", w.ID == hover && hover != ""
		wd = agentWidget(wd)
		if d, ok := wd.(tea.Describer); ok {
			desc := safeDescribe(d)
			w.Label, w.Role, w.State = desc.Label, desc.Role, desc.State
			if tea.IsMasked(wd) {
				w.State = scrubState(w.State)
			}
		}
	}
	for _, c := range n.Children() {
		if c != nil {
			w.Children = append(w.Children, describe(c, focus, hover))
		}
	}
	return w
}

// scrubState drops any value-like key a masked widget's redacted
// description might still carry, whatever the widget author did.
func scrubState(st map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range st {
		if k == "value" || k == "text" || k == "length" {
			continue
		}
		out[k] = v
	}
	return out
}

func safeDescribe(d tea.Describer) (desc tea.Description) {
	defer func() {
		if recover() != nil {
			desc = tea.Description{}
		}
	}()
	return d.Describe()
}

// contextTree assembles a session's context: what an agent needs in one
// read. Its "model" is the app's projections by name, as facet_get_model
// answers them (the model itself, where an app keeps its secrets, is never
// in it), and its widgets are the widgets resource's.
func (s *Server) contextTree(session string, snap tea.Snapshot, at time.Time) map[string]any {
	// The lens works on registered names (a session's tools are the ones
	// whose first "." segment is its id); clients get advertised names.
	var tools []derive.ToolInfo
	byName := map[string]*derive.Tool{}
	for _, t := range s.reg.Tools("") {
		tools = append(tools, derive.ToolInfo{Name: t.Name, Description: t.Description})
		byName[t.Name] = t
	}
	lensed := derive.FocusLens(tools, derive.LensOptions{Mode: derive.LensHover, SessionID: session, FocusedID: snap.Focus, HoverID: snap.Hover})
	for i := range lensed {
		lensed[i].Name = s.names.advertised(byName[lensed[i].Name])
	}
	if lensed == nil {
		lensed = []derive.ToolInfo{}
	}
	ctx := map[string]any{
		"session":   session,
		"timestamp": at.Format(time.RFC3339Nano),
		"model":     projected(snap.Model),
		"focus":     map[string]any{"focused": snap.Focus, "hovered": snap.Hover},
		"widgets":   widgetTree(snap),
		"tools":     lensed,
		// What the app told the person at the session and has not taken
		// back: the seed's pending notifications.
		"notifications": pendingNotes(snap),
	}
	if sess, ok := s.sessions.Get(session); ok {
		ctx["app"] = sess.App
	}
	if len(snap.Presence.Agents) > 0 || snap.Presence.Blocked {
		ctx["agents"] = map[string]any{"attached": snap.Presence.Agents, "detached_by_human": snap.Presence.Blocked}
	}
	if a := s.ext.sessionAgents(session); a != nil {
		ctx["active_agents"] = a
	}
	if sw := s.remote.swarm(); sw != nil {
		// The seed's "swarm state (when distributed)".
		ctx["swarm"] = sw
	}
	return ctx
}

// projected is the values of m's projections by name; one that fails says
// why in place of its value.
func projected(m tea.Model) map[string]any {
	out := map[string]any{}
	for _, p := range projections(m) {
		v, err := safeProject(p)
		if err != nil {
			v = map[string]any{"error": err.Error()}
		}
		out[p.Name] = v
	}
	return out
}
