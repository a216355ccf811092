package mcptest

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/facetui/facet/render/mcp/toolname"
)

// read runs a derived read tool as a step and decodes its answer into v.
func (s *Session) read(step, widget, action string, args map[string]any, v any) bool {
	s.t.Helper()
	res, ok := s.run(step, widget, toolname.ToolName(s.id, widget, action), args)
	if !ok {
		return false
	}
	if err := res.Decode(v); err != nil {
		s.fatal(widget, "%s: %v", step, err)
		return false
	}
	return true
}

// Value returns the value of a TextInput or TextArea (get_value). A masked
// input offers no get_value, so reading one fails: its value never leaves
// through a tool.
func (s *Session) Value(id string) string {
	s.t.Helper()
	var v struct {
		Value string `json:"value"`
	}
	s.read(fmt.Sprintf("Value(%q)", id), id, "get_value", nil, &v)
	return v.Value
}

// rowsPage is how many rows Rows asks get_rows for at a time.
const rowsPage = 100

// Rows returns every row of a Table in display order, each keyed by column
// key (get_rows, page by page).
func (s *Session) Rows(id string) []map[string]any {
	s.t.Helper()
	rows := []map[string]any{}
	for {
		var page struct {
			Rows  []map[string]any `json:"rows"`
			Total int              `json:"total"`
		}
		if !s.read(fmt.Sprintf("Rows(%q)", id), id, "get_rows", map[string]any{"offset": len(rows), "limit": rowsPage}, &page) {
			return nil
		}
		rows = append(rows, page.Rows...)
		if len(page.Rows) == 0 || len(rows) >= page.Total {
			return rows
		}
	}
}

// Checked reports whether a Checkbox is checked (get_checked).
func (s *Session) Checked(id string) bool {
	s.t.Helper()
	var v struct {
		Checked bool `json:"checked"`
	}
	s.read(fmt.Sprintf("Checked(%q)", id), id, "get_checked", nil, &v)
	return v.Checked
}

// Selected returns the selected index and label of a SelectList
// (get_selected, index -1 when none) or the active tab of a Tabs
// (get_tabs).
func (s *Session) Selected(id string) (index int, label string) {
	s.t.Helper()
	step := fmt.Sprintf("Selected(%q)", id)
	offered := s.offers(id)
	switch {
	case slices.Contains(offered, "get_selected"):
		var v struct {
			Index int    `json:"index"`
			Label string `json:"label"`
		}
		if !s.read(step, id, "get_selected", nil, &v) {
			return -1, ""
		}
		return v.Index, v.Label
	case slices.Contains(offered, "get_tabs"):
		var v struct {
			Tabs   []string `json:"tabs"`
			Active int      `json:"active_index"`
		}
		if !s.read(step, id, "get_tabs", nil, &v) {
			return -1, ""
		}
		if v.Active < 0 || v.Active >= len(v.Tabs) {
			return v.Active, ""
		}
		return v.Active, v.Tabs[v.Active]
	}
	// Neither read is offered: make the call a client would, so the step
	// fails (or meets ExpectError) with the server's own error.
	s.read(step, id, "get_selected", nil, new(struct{}))
	return -1, ""
}

// offers lists the actions of the tools listed for widget id (see
// Component's Actions), or nothing when they cannot be read.
func (s *Session) offers(id string) []string {
	tree, err := s.widgetTree()
	if err != nil {
		return nil
	}
	actions, _ := s.listedActions(id, tree)
	return actions
}

// Screenshot returns the screen as text, exactly as facet_screenshot draws
// it (a masked input drawn "[‹masked›]", whatever it holds).
func (s *Session) Screenshot() string {
	s.t.Helper()
	res, ok := s.run("Screenshot()", "", "facet_screenshot", nil)
	if !ok || len(res.Texts) == 0 {
		return ""
	}
	return res.Texts[0] // the screen; the second part names the focused widget
}

// Model decodes what facet_get_model answers of the session's model into
// v: the app's projections by name, or, for a model that exposes itself
// (mcp.ModelExposer), its JSON encoding (exported fields only). An app
// that does neither answers an error, which fails the step.
func (s *Session) Model(v any) {
	s.t.Helper()
	res, ok := s.run("Model()", "", "facet_get_model", nil)
	if !ok {
		return
	}
	// The text is the model's JSON as is; the structured content wraps a
	// model that is not an object.
	if err := json.Unmarshal([]byte(res.Text), v); err != nil {
		s.fatal("", "Model(): decode %s: %v", oneLine(res.Text), err)
	}
}
