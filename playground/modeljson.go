package playground

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/facetui/facet/widgets"
)

// Every demo model keeps its state in unexported fields, so encoding/json
// would see "{}". Each one encodes its meaningful state here instead, with
// snake_case keys, in bounded size: long lists (the 390 repositories, the
// REPL's history) are cut to a window. The login form's password is in
// it, as it is in the model: MCP's facet_get_model does not answer this
// encoding but an app's declared projections (a model opts in to more with
// mcp.ModelExposer), so it never leaves through an agent.

// searchJSONRows is how many result rows SearchDemo.MarshalJSON includes.
const searchJSONRows = 50

// replJSONLines is how many of the latest history lines
// ReplDemo.MarshalJSON includes.
const replJSONLines = 100

// sortJSON is a table's order.
type sortJSON struct {
	Column    string `json:"column"`
	Direction string `json:"direction"`
}

// repoJSON is one result row of the search demo.
type repoJSON struct {
	Name     string `json:"name"`
	Stars    int    `json:"stars"`
	Language string `json:"language"`
}

// repoRows returns rows (table rows of the search demo) as objects, with
// the catalogue's star counts.
func (s SearchDemo) repoRows(rows [][]string) []repoJSON {
	out := make([]repoJSON, 0, len(rows))
	for _, row := range rows {
		r := repoJSON{Name: row[0], Language: row[2]}
		if i, ok := s.catalogue.byName[row[0]]; ok {
			r.Stars = s.catalogue.repos[i].Stars
		}
		out = append(out, r)
	}
	return out
}

// selectedRepo returns the selected result's name, or "".
func (s SearchDemo) selectedRepo() string {
	if sel := s.table.Selected; sel >= 0 && sel < len(s.table.Rows) {
		return s.table.Rows[sel][0]
	}
	return ""
}

// MarshalJSON encodes the typed and applied queries, the number of results,
// the order, the selected repository and the first 50 results.
func (s SearchDemo) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Query         string     `json:"query"`
		Applied       string     `json:"applied"`
		ResultsCount  int        `json:"results_count"`
		Sort          sortJSON   `json:"sort"`
		Selected      string     `json:"selected"`
		SelectedIndex int        `json:"selected_index"`
		Results       []repoJSON `json:"results"`
	}{
		Query:         s.query.Value,
		Applied:       s.applied,
		ResultsCount:  len(s.table.Rows),
		Sort:          sortJSON{Column: s.table.SortColumn, Direction: s.table.SortDirection},
		Selected:      s.selectedRepo(),
		SelectedIndex: s.table.Selected,
		Results:       s.repoRows(s.table.Rows[:min(len(s.table.Rows), searchJSONRows)]),
	})
}

// MarshalJSON encodes the form, the password included (the model holds it
// in plain text), the status line and whether the user is signed in.
func (l LoginDemo) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Email    string `json:"email"`
		Password string `json:"password"`
		Remember bool   `json:"remember"`
		Status   string `json:"status"`
		SignedIn bool   `json:"signed_in"`
	}{l.email.Value, l.password.Value, l.remember.Checked, l.status, l.signedIn})
}

// MarshalJSON encodes the count.
func (c CounterDemo) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Count int `json:"count"`
	}{c.count})
}

// MarshalJSON encodes the selected node, whether it is a file or a
// directory, and the open directories in order.
func (f FilesDemo) MarshalJSON() ([]byte, error) {
	kind := "none"
	if _, ok := f.files[f.tree.Selected]; ok {
		kind = "file"
	} else if f.dirs[f.tree.Selected] {
		kind = "directory"
	}
	return json.Marshal(struct {
		Selected     string   `json:"selected"`
		SelectedKind string   `json:"selected_kind"`
		Expanded     []string `json:"expanded"`
	}{f.tree.Selected, kind, expandedIDs(f.tree.Expanded)})
}

// expandedIDs returns the ids a tree has open, sorted.
func expandedIDs(expanded map[string]bool) []string {
	out := []string{}
	for id, open := range expanded {
		if open {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

// MarshalJSON encodes the playback position and range in seconds and
// whether it is playing.
func (p PlayerDemo) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Position int  `json:"position"`
		Playing  bool `json:"playing"`
		Min      int  `json:"min"`
		Max      int  `json:"max"`
	}{p.timeline.Position, p.timeline.Playing, p.timeline.Min, p.timeline.Max})
}

// MarshalJSON encodes the active tab, the theme and whether notifications
// are on.
func (t TabsDemo) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Active string `json:"active"`
		Theme  string `json:"theme"`
		Notify bool   `json:"notify"`
	}{t.Active(), t.Theme(), t.Notify()})
}

// MarshalJSON encodes where the log is scrolled: the first visible line's
// index, how many lines are visible and how many there are.
func (l LogDemo) MarshalJSON() ([]byte, error) {
	h := l.log.Height
	if h <= 0 {
		h = widgets.DefaultViewportHeight
	}
	return json.Marshal(struct {
		Top     int `json:"top"`
		Visible int `json:"visible"`
		Total   int `json:"total"`
	}{l.log.Top, max(min(h, len(l.log.Lines)-l.log.Top), 0), len(l.log.Lines)})
}

// MarshalJSON encodes the labels leading to the last chosen item (empty
// before any), the open submenus' ids from the top and the cursor's item id.
func (m MenuDemo) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		LastChosen []string `json:"last_chosen"`
		Open       []string `json:"open"`
		Cursor     string   `json:"cursor"`
		Status     string   `json:"status"`
	}{orEmpty(m.chosen), orEmpty(m.menu.Open), m.menu.Cursor, m.Status()})
}

// orEmpty returns s, or an empty slice (JSON []) for nil.
func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// MarshalJSON encodes the items left, the selected one, whether the
// confirmation dialog is open and the status line.
func (c ConfirmDemo) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Items         []string `json:"items"`
		Selected      string   `json:"selected"`
		SelectedIndex int      `json:"selected_index"`
		ModalOpen     bool     `json:"modal_open"`
		Status        string   `json:"status"`
	}{orEmpty(c.items.Options), c.selected(), c.items.Selected, c.dialog.Visible, c.status})
}

// MarshalJSON encodes a summary of every stateful widget: values, choices,
// positions and the dialog. The password field's value is included, as in
// LoginDemo.
func (g GalleryDemo) MarshalJSON() ([]byte, error) {
	type table struct {
		Selected string   `json:"selected"`
		Sort     sortJSON `json:"sort"`
	}
	type tree struct {
		Selected string   `json:"selected"`
		Expanded []string `json:"expanded"`
	}
	type scrubber struct {
		Position int  `json:"position"`
		Playing  bool `json:"playing"`
	}
	type menu struct {
		Open   []string `json:"open"`
		Cursor string   `json:"cursor"`
	}
	pick := func(options []string, i int) string {
		if i >= 0 && i < len(options) {
			return options[i]
		}
		return ""
	}
	planet := ""
	if i := g.table.Selected; i >= 0 && i < len(g.table.Rows) {
		planet = g.table.Rows[i][0]
	}
	return json.Marshal(struct {
		Input     string   `json:"input"`
		Password  string   `json:"password"`
		Area      string   `json:"area"`
		Select    string   `json:"select"`
		Checkbox  bool     `json:"checkbox"`
		Table     table    `json:"table"`
		Tree      tree     `json:"tree"`
		Scrubber  scrubber `json:"scrubber"`
		Tab       string   `json:"tab"`
		ViewTop   int      `json:"viewport_top"`
		Menu      menu     `json:"menu"`
		ModalOpen bool     `json:"modal_open"`
		Status    string   `json:"status"`
	}{
		Input:     g.input.Value,
		Password:  g.password.Value,
		Area:      g.area.Value,
		Select:    pick(g.list.Options, g.list.Selected),
		Checkbox:  g.check.Checked,
		Table:     table{Selected: planet, Sort: sortJSON{Column: g.table.SortColumn, Direction: g.table.SortDirection}},
		Tree:      tree{Selected: g.tree.Selected, Expanded: expandedIDs(g.tree.Expanded)},
		Scrubber:  scrubber{Position: g.scrubber.Position, Playing: g.scrubber.Playing},
		Tab:       pick(g.tabs.Tabs, g.tabs.Active),
		ViewTop:   g.viewport.Top,
		Menu:      menu{Open: orEmpty(g.menu.Open), Cursor: g.menu.Cursor},
		ModalOpen: g.modal.Visible,
		Status:    g.status,
	})
}

// MarshalJSON encodes the text in the field, the last result or error, and
// the history: its length and its latest 100 lines.
func (r ReplDemo) MarshalJSON() ([]byte, error) {
	lines := r.history.Lines
	return json.Marshal(struct {
		Input        string   `json:"input"`
		Last         string   `json:"last"`
		HistoryLines int      `json:"history_lines"`
		History      []string `json:"history"`
	}{r.expr.Value, r.last, len(lines), orEmpty(lines[max(len(lines)-replJSONLines, 0):])})
}

// MarshalJSON encodes the last sample's figures (bytes and counts) and the
// heap over the last minute in MiB. Before the first sample only "samples"
// (0) is meaningful.
func (r RuntimeDemo) MarshalJSON() ([]byte, error) {
	s := r.last
	updated := ""
	if r.samples > 0 {
		updated = s.at.UTC().Format(time.RFC3339)
	}
	heap := r.heap
	if heap == nil {
		heap = []float64{}
	}
	return json.Marshal(struct {
		Samples    int       `json:"samples"`
		Updated    string    `json:"updated"`
		Goroutines int       `json:"goroutines"`
		HeapAlloc  uint64    `json:"heap_alloc_bytes"`
		HeapInuse  uint64    `json:"heap_inuse_bytes"`
		StackInuse uint64    `json:"stack_inuse_bytes"`
		Sys        uint64    `json:"sys_bytes"`
		NumGC      uint32    `json:"num_gc"`
		HeapMiB    []float64 `json:"heap_mib"`
	}{r.samples, updated, s.goroutines, s.heapAlloc, s.heapInuse, s.stackInuse, s.sys, s.numGC, heap})
}

// MarshalJSON encodes which screen is shown. On the catalog: {"screen":
// "catalog", "selected": the highlighted demo's name}. With a demo open:
// {"screen": "demo", "demo": its name, "model": its own JSON}.
func (b Browser) MarshalJSON() ([]byte, error) {
	if b.demo == nil {
		selected := ""
		if b.selected >= 0 && b.selected < len(b.apps) {
			selected = b.apps[b.selected].Name
		}
		return json.Marshal(struct {
			Screen   string `json:"screen"`
			Selected string `json:"selected"`
		}{"catalog", selected})
	}
	name, demo := b.Demo()
	model, err := json.Marshal(demo)
	if err != nil {
		return nil, fmt.Errorf("encode the %s demo: %w", name, err)
	}
	return json.Marshal(struct {
		Screen string          `json:"screen"`
		Demo   string          `json:"demo"`
		Model  json.RawMessage `json:"model"`
	}{"demo", name, model})
}
