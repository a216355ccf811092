package widgets

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/facetui/facet/tea"
)

// TableState is a Table's model: rows, selection, scroll offset and sort.
// Update applies RowSelected and Sorted for ID.
//
// Every state helper in this file (TableState, TreeState, ScrubberState,
// TabsState, ViewportState) stores the id of the widget it drives in ID,
// and Update applies only messages whose ID equals it, so two tables in one
// app never apply each other's messages. Build the widget with View(s.ID)
// so its messages carry that id; a state whose ID is empty applies nothing.
//
// Update never changes a slice or map in place that an earlier view may
// still hold (renderers read the last published view while Update runs):
// sorting builds a new Rows slice, expanding a node a new Expanded map.
type TableState struct {
	ID            string        `json:"id"`
	Columns       []TableColumn `json:"columns"`
	Rows          [][]string    `json:"rows"`
	Selected      int           `json:"selected"`
	Offset        int           `json:"offset"`
	Height        int           `json:"height"`
	SortColumn    string        `json:"sort_column"`
	SortDirection string        `json:"sort_direction"`
}

// View returns the Table for the state, with the given id (pass s.ID).
func (s *TableState) View(id string) Table {
	return Table{ID: id, Columns: s.Columns, Rows: s.Rows, Selected: s.Selected, Offset: s.Offset,
		Height: s.Height, SortColumn: s.SortColumn, SortDirection: s.SortDirection}
}

// Update applies RowSelected (moving Offset so the row stays in view) and
// Sorted (sorting Rows stably by the column: numerically when both cells
// parse as numbers, otherwise case-insensitively; the selected row stays
// selected wherever it lands). It reports whether it used msg.
func (s *TableState) Update(msg tea.Msg) bool {
	switch m := msg.(type) {
	case RowSelected:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.Selected = min(max(m.Index, 0), max(len(s.Rows)-1, 0))
		s.follow()
		return true
	case Sorted:
		if !ownID(s.ID, m.ID) || (m.Direction != SortAsc && m.Direction != SortDesc) {
			return false
		}
		col := slices.IndexFunc(s.Columns, func(c TableColumn) bool { return c.Key == m.Column })
		if col < 0 {
			return false
		}
		s.sort(col, m.Direction == SortDesc)
		s.SortColumn, s.SortDirection = m.Column, m.Direction
		s.follow()
		return true
	}
	return false
}

// follow moves Offset so Selected is in the window.
func (s *TableState) follow() {
	h := s.Height
	if h <= 0 {
		h = DefaultTableHeight
	}
	s.Offset = followWindow(s.Offset, s.Selected, h, len(s.Rows))
}

// sortKey is a cell prepared for comparison once, not per comparison.
type sortKey struct {
	num   float64
	isNum bool
	fold  string
}

func newSortKey(cell string) sortKey {
	k := sortKey{fold: strings.ToLower(cell)}
	if f, err := strconv.ParseFloat(strings.TrimSpace(cell), 64); err == nil && !math.IsNaN(f) {
		k.num, k.isNum = f, true
	}
	return k
}

func compareSortKeys(a, b sortKey) int {
	if a.isNum && b.isNum {
		return cmp.Compare(a.num, b.num)
	}
	return strings.Compare(a.fold, b.fold)
}

// sort orders a new copy of Rows by column col, keeping the selected row.
func (s *TableState) sort(col int, desc bool) {
	keys := make([]sortKey, len(s.Rows))
	for i, r := range s.Rows {
		cell := ""
		if col < len(r) {
			cell = r[col]
		}
		keys[i] = newSortKey(cell)
	}
	order := make([]int, len(s.Rows))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if desc {
			return compareSortKeys(keys[b], keys[a])
		}
		return compareSortKeys(keys[a], keys[b])
	})
	rows := make([][]string, len(order))
	selected := 0
	for i, from := range order {
		rows[i] = s.Rows[from]
		if from == s.Selected {
			selected = i
		}
	}
	s.Rows, s.Selected = rows, selected
}

// TreeState is a Tree's model. Update applies TreeExpanded and NodeSelected
// for ID (see TableState for how ids are matched).
type TreeState struct {
	ID       string          `json:"id"`
	Nodes    []TreeNode      `json:"nodes"`
	Expanded map[string]bool `json:"expanded"`
	Selected string          `json:"selected"`
	Height   int             `json:"height"`
	Offset   int             `json:"offset"`
}

// View returns the Tree for the state, with the given id (pass s.ID).
func (s *TreeState) View(id string) Tree {
	return Tree{ID: id, Nodes: s.Nodes, Expanded: s.Expanded, Selected: s.Selected, Height: s.Height, Offset: s.Offset}
}

// Update applies TreeExpanded (when a node collapses over the selection,
// its selection moves to the node) and NodeSelected (expanding the node's
// ancestors so it is visible), then moves Offset only as far as keeps the
// selection in a window of Height lines. It reports whether it used msg.
func (s *TreeState) Update(msg tea.Msg) bool {
	switch m := msg.(type) {
	case TreeExpanded:
		if !ownID(s.ID, m.ID) {
			return false
		}
		path := treePath(s.Nodes, m.NodeID)
		if path == nil {
			return false
		}
		if !m.Expanded && slices.Contains(treePath(s.Nodes, s.Selected), m.NodeID) {
			s.Selected = m.NodeID
		}
		s.setExpanded(m.Expanded, m.NodeID)
		s.follow()
		return true
	case NodeSelected:
		if !ownID(s.ID, m.ID) {
			return false
		}
		path := treePath(s.Nodes, m.NodeID)
		if path == nil {
			return false
		}
		s.Selected = m.NodeID
		s.setExpanded(true, path[:len(path)-1]...)
		s.follow()
		return true
	}
	return false
}

// follow moves Offset so the selected node is in the window.
func (s *TreeState) follow() {
	t := s.View(s.ID)
	lines := t.visible()
	s.Offset = followWindow(s.Offset, t.cursor(lines), t.lines(0), len(lines))
}

// setExpanded records ids as expanded (or not) in a new map.
func (s *TreeState) setExpanded(open bool, ids ...string) {
	next := make(map[string]bool, len(s.Expanded)+len(ids))
	for k, v := range s.Expanded {
		if v {
			next[k] = true
		}
	}
	for _, id := range ids {
		if open {
			next[id] = true
		} else {
			delete(next, id)
		}
	}
	s.Expanded = next
}

// treePath returns the ids from a root down to node id, or nil if it is not
// in the tree.
func treePath(nodes []TreeNode, id string) []string {
	if id == "" {
		return nil
	}
	for _, n := range nodes {
		if n.ID == id {
			return []string{id}
		}
		if p := treePath(n.Children, id); p != nil {
			return append([]string{n.ID}, p...)
		}
	}
	return nil
}

// ScrubberState is a Scrubber's model. Update applies Seeked and
// PlaybackChanged for ID (see TableState for how ids are matched).
type ScrubberState struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Position int    `json:"position"`
	Min      int    `json:"min"`
	Max      int    `json:"max"`
	Playing  bool   `json:"playing"`
}

// View returns the Scrubber for the state, with the given id (pass s.ID).
func (s *ScrubberState) View(id string) Scrubber {
	return Scrubber{ID: id, Label: s.Label, Position: s.Position, Min: s.Min, Max: s.Max, Playing: s.Playing}
}

// Update applies Seeked (clamped to [Min, Max]) and PlaybackChanged. It
// reports whether it used msg.
func (s *ScrubberState) Update(msg tea.Msg) bool {
	switch m := msg.(type) {
	case Seeked:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.Position = min(max(m.Position, s.Min), max(s.Max, s.Min))
		return true
	case PlaybackChanged:
		if !ownID(s.ID, m.ID) {
			return false
		}
		s.Playing = m.Playing
		return true
	}
	return false
}

// TabsState is a Tabs' model. Update applies TabSelected for ID (see
// TableState for how ids are matched).
type TabsState struct {
	ID     string   `json:"id"`
	Tabs   []string `json:"tabs"`
	Active int      `json:"active"`
}

// View returns the Tabs for the state, with the given id (pass s.ID).
func (s *TabsState) View(id string) Tabs {
	return Tabs{ID: id, Tabs: s.Tabs, Active: s.Active}
}

// Update applies TabSelected (clamped to the tabs). It reports whether it
// used msg.
func (s *TabsState) Update(msg tea.Msg) bool {
	m, ok := msg.(TabSelected)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	s.Active = min(max(m.Index, 0), max(len(s.Tabs)-1, 0))
	return true
}

// ViewportState is a Viewport's model. Update applies Scrolled for ID (see
// TableState for how ids are matched).
type ViewportState struct {
	ID     string   `json:"id"`
	Lines  []string `json:"lines"`
	Top    int      `json:"top"`
	Height int      `json:"height"`
}

// View returns the Viewport for the state, with the given id (pass s.ID).
func (s *ViewportState) View(id string) Viewport {
	return Viewport{ID: id, Lines: s.Lines, Top: s.Top, Height: s.Height}
}

// Update applies Scrolled (clamped so the last page stays full). It reports
// whether it used msg.
func (s *ViewportState) Update(msg tea.Msg) bool {
	m, ok := msg.(Scrolled)
	if !ok || !ownID(s.ID, m.ID) {
		return false
	}
	h := s.Height
	if h <= 0 {
		h = DefaultViewportHeight
	}
	s.Top = min(max(m.Top, 0), max(len(s.Lines)-h, 0))
	return true
}

// ownID reports whether a message for widget msgID belongs to the state
// whose id is stateID; an empty state id owns nothing.
func ownID(stateID, msgID string) bool { return stateID != "" && stateID == msgID }
