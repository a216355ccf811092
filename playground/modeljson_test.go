package playground

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// apply runs msgs through m's Update in order, dropping the commands.
func apply(m tea.Model, msgs ...tea.Msg) tea.Model {
	for _, msg := range msgs {
		m, _ = m.Update(msg)
	}
	return m
}

// decoded is v as plain JSON values.
func decoded(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal(%T): %v", v, err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("decode %s: %v", b, err)
	}
	return out
}

// at returns the value at a dotted path ("sort.column", "results.0.name")
// of decoded JSON.
func at(v any, path string) (any, bool) {
	for _, part := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[part]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// checkPaths fails for every path of want whose value in got differs.
func checkPaths(t *testing.T, got any, want map[string]any) {
	t.Helper()
	for path, w := range want {
		g, ok := at(got, path)
		if !ok {
			t.Errorf("%s is missing from %v", path, got)
			continue
		}
		if wv := decoded(t, w); !reflect.DeepEqual(g, wv) {
			t.Errorf("%s = %#v, want %#v", path, g, wv)
		}
	}
}

func TestEachDemoEncodesItsStateAsJSON(t *testing.T) {
	tests := []struct {
		name  string
		model func() tea.Model
		want  map[string]any
	}{
		{"search after a query, a sort and a selection", func() tea.Model {
			return apply(NewSearch(),
				widgets.TextChanged{ID: "search", Value: "charmbracelet"},
				searchSubmit{},
				widgets.TableSorted{ID: "results", Column: "name", Direction: widgets.SortAsc},
				widgets.TableRowSelected{ID: "results", Index: 2},
				widgets.TextChanged{ID: "search", Value: "charm"},
			)
		}, map[string]any{
			"query": "charm", "applied": "charmbracelet", "results_count": 8,
			"sort":     map[string]any{"column": "name", "direction": "asc"},
			"selected": "charmbracelet/glow", "selected_index": 2,
			"results.0": map[string]any{"name": "charmbracelet/bubbles", "stars": 6000, "language": "Go"},
			"results.1": map[string]any{"name": "charmbracelet/bubbletea", "stars": 30000, "language": "Go"},
			"results.7": map[string]any{"name": "charmbracelet/wish", "stars": 4000, "language": "Go"},
		}},
		{"search with nothing matching", func() tea.Model {
			return apply(NewSearch(), widgets.TextSubmitted{ID: "search", Value: "no such repository anywhere"})
		}, map[string]any{
			"applied": "no such repository anywhere", "results_count": 0, "selected": "", "results": []any{},
		}},
		{"login signed in, password included", func() tea.Model {
			return apply(NewLogin(),
				widgets.TextChanged{ID: "email", Value: "ada@example.com"},
				widgets.TextChanged{ID: "password", Value: "correct horse"},
				widgets.CheckboxToggled{ID: "remember", Checked: true},
				loginSubmit{},
			)
		}, map[string]any{
			"email": "ada@example.com", "password": "correct horse", "remember": true,
			"status": "Signed in as ada@example.com", "signed_in": true,
		}},
		{"login refused", func() tea.Model {
			return apply(NewLogin(), widgets.TextChanged{ID: "email", Value: "ada"}, loginSubmit{})
		}, map[string]any{
			"email": "ada", "password": "", "remember": false,
			"status": "Enter a valid email address (like name@example.com)", "signed_in": false,
		}},
		{"counter after three steps", func() tea.Model {
			return apply(NewCounter(), counterStep{delta: 1}, counterStep{delta: 1}, counterStep{delta: -1}, counterStep{delta: 1})
		}, map[string]any{"count": 2}},
		{"files after opening a directory", func() tea.Model {
			return apply(NewFiles(),
				widgets.TreeExpanded{ID: "files", NodeID: "cmd/shortlink", Expanded: false},
				widgets.TreeNodeSelected{ID: "files", NodeID: "internal"},
			)
		}, map[string]any{
			"selected": "internal", "selected_kind": "directory", "expanded": []string{"cmd", "internal"},
		}},
		{"files on a file", func() tea.Model { return NewFiles() }, map[string]any{
			"selected": "README.md", "selected_kind": "file",
		}},
		{"player playing after a seek", func() tea.Model {
			return apply(NewPlayer(), widgets.ScrubberSeeked{ID: "timeline", Position: 75}, widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: true})
		}, map[string]any{"position": 75, "playing": true, "min": 0, "max": 300}},
		{"tabs on settings with a theme", func() tea.Model {
			return apply(NewTabs(),
				widgets.TabsSelected{ID: "sections", Index: 1, Label: "Settings"},
				widgets.SelectListSelected{ID: "theme", Index: 2, Label: "Dark"},
				widgets.CheckboxToggled{ID: "notify", Checked: false},
			)
		}, map[string]any{"active": "Settings", "theme": "Dark", "notify": false}},
		{"log scrolled", func() tea.Model {
			return apply(NewLog(), tea.WindowSizeMsg{Width: 80, Height: 23}, widgets.ViewportScrolled{ID: "log", Top: 120})
		}, map[string]any{"top": 120, "visible": 20, "total": logLines}},
		{"log scrolled to the end", func() tea.Model {
			return apply(NewLog(), tea.WindowSizeMsg{Width: 80, Height: 23}, widgets.ViewportScrolled{ID: "log", Top: 10000})
		}, map[string]any{"top": logLines - 20, "visible": 20, "total": logLines}},
		{"menu after a choice and an open submenu", func() tea.Model {
			return apply(NewMenu(),
				widgets.MenuChosen{ID: "main", ItemID: "recent_facet"},
				widgets.MenuOpened{ID: "main", Path: []string{"view", "appearance"}},
				widgets.MenuMoved{ID: "main", ItemID: "theme_dark"},
			)
		}, map[string]any{
			"last_chosen": []string{"File", "Open recent", "~/src/facet"},
			"open":        []string{"view", "appearance"}, "cursor": "theme_dark",
			"status": "Last chosen: File › Open recent › ~/src/facet",
		}},
		{"menu before any choice", func() tea.Model { return NewMenu() }, map[string]any{
			"last_chosen": []string{}, "open": []string{}, "cursor": "file",
		}},
		{"confirm asking", func() tea.Model {
			return apply(NewConfirm(), widgets.SelectListSelected{ID: "items", Index: 2}, confirmAsk{})
		}, map[string]any{
			"selected": "tmp/build-cache.tar.gz", "selected_index": 2, "modal_open": true,
			"status": "Waiting for confirmation…",
		}},
		{"confirm after deleting", func() tea.Model {
			return apply(NewConfirm(), widgets.SelectListSelected{ID: "items", Index: 5}, confirmAsk{}, widgets.ModalConfirmed{ID: "confirm"})
		}, map[string]any{
			"items": []string{"notes/2026-03-01-standup.md", "drafts/release-announcement.md",
				"tmp/build-cache.tar.gz", "photos/IMG_2041.jpg", "backups/links-2026-02.db"},
			"selected": "backups/links-2026-02.db", "selected_index": 4, "modal_open": false,
		}},
		{"gallery after touching its widgets", func() tea.Model {
			return apply(NewGallery(),
				widgets.TextChanged{ID: "g_input", Value: "hi"},
				widgets.TextChanged{ID: "g_password", Value: "s3cret"},
				widgets.SelectListSelected{ID: "g_select", Index: 2},
				widgets.CheckboxToggled{ID: "g_checkbox", Checked: false},
				widgets.TableSorted{ID: "g_table", Column: "moons", Direction: widgets.SortDesc},
				widgets.TableRowSelected{ID: "g_table", Index: 0},
				widgets.TreeNodeSelected{ID: "g_tree", NodeID: "src/app.go"},
				widgets.ScrubberSeeked{ID: "g_scrubber", Position: 60},
				widgets.TabsSelected{ID: "g_tabs", Index: 2},
				widgets.ViewportScrolled{ID: "g_viewport", Top: 5},
				widgets.MenuOpened{ID: "g_menu", Path: []string{"g_file"}},
				galleryPress{},
			)
		}, map[string]any{
			"input": "hi", "password": "s3cret", "area": "Several lines\nof text", "select": "Zig",
			"checkbox": false, "table.selected": "Saturn", "table.sort.column": "moons",
			"tree.selected": "src/app.go", "tree.expanded": []string{"src"},
			"scrubber.position": 60, "scrubber.playing": false, "tab": "Three", "viewport_top": 5,
			"menu.open": []string{"g_file"}, "modal_open": true,
		}},
		{"repl after a result and an error", func() tea.Model {
			return apply(NewRepl(), widgets.TextSubmitted{ID: "expr", Value: "2*(3+4)"}, widgets.TextSubmitted{ID: "expr", Value: "1/"})
		}, map[string]any{
			"input": "", "history_lines": 5, "history.1": "> 2*(3+4)", "history.2": "  = 14", "history.3": "> 1/",
		}},
		{"runtime after a sample", func() tea.Model {
			r := NewRuntime()
			return apply(r, runtimeSample{owner: r.owner, at: time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC),
				goroutines: 7, heapAlloc: 3 << 20, heapInuse: 4 << 20, stackInuse: 1 << 20, sys: 16 << 20, numGC: 2})
		}, map[string]any{
			"samples": 1, "updated": "2026-03-14T09:00:00Z", "goroutines": 7, "heap_alloc_bytes": 3 << 20,
			"heap_inuse_bytes": 4 << 20, "stack_inuse_bytes": 1 << 20, "sys_bytes": 16 << 20, "num_gc": 2,
			"heap_mib": []float64{3},
		}},
		{"runtime before any sample", func() tea.Model { return NewRuntime() }, map[string]any{
			"samples": 0, "updated": "", "heap_mib": []float64{},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.model()
			if _, ok := m.(json.Marshaler); !ok {
				t.Fatalf("%T does not implement json.Marshaler", m)
			}
			checkPaths(t, decoded(t, m), tt.want)
		})
	}
}

func TestEveryCatalogDemoEncodesMoreThanAnEmptyObject(t *testing.T) {
	for _, app := range Catalog() {
		t.Run(app.Name, func(t *testing.T) {
			for _, m := range []any{app.New(), ptrTo(app.New())} {
				got, ok := decoded(t, m).(map[string]any)
				if !ok || len(got) == 0 {
					t.Errorf("json.Marshal(%T) = %v, want an object with the demo's state", m, got)
				}
			}
		})
	}
}

// ptrTo returns a pointer to a copy of m.
func ptrTo(m tea.Model) *tea.Model { return &m }

func TestSearchJSONStaysSmallForTheWholeCatalogue(t *testing.T) {
	s := NewSearch()
	if len(s.Results()) < 300 {
		t.Fatalf("%d results, want the whole catalogue", len(s.Results()))
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	got := decoded(t, json.RawMessage(b))
	checkPaths(t, got, map[string]any{"results_count": len(s.Results())})
	if rows, _ := at(got, "results"); len(rows.([]any)) != searchJSONRows {
		t.Errorf("%d result rows, want the first %d", len(rows.([]any)), searchJSONRows)
	}
	if len(b) > 8<<10 {
		t.Errorf("the search demo encodes as %d bytes, want at most 8 KiB", len(b))
	}
}

func TestReplJSONKeepsTheLatestHistory(t *testing.T) {
	var m tea.Model = NewRepl()
	for i := range 80 {
		m = apply(m, widgets.TextSubmitted{ID: "expr", Value: strconv.Itoa(i) + "+1"})
	}
	got := decoded(t, m)
	checkPaths(t, got, map[string]any{"history_lines": 161, "history.99": "  = 80"})
	if h, _ := at(got, "history"); len(h.([]any)) != replJSONLines {
		t.Errorf("%d history lines, want the latest %d", len(h.([]any)), replJSONLines)
	}
}

func TestBrowserJSONNamesTheScreenAndTheOpenDemo(t *testing.T) {
	tests := []struct {
		name string
		msgs []tea.Msg
		want map[string]any
	}{
		{"catalog", nil, map[string]any{"screen": "catalog", "selected": "search"}},
		{"catalog with a demo highlighted", []tea.Msg{widgets.SelectListSelected{ID: "catalog", Index: 2}},
			map[string]any{"screen": "catalog", "selected": "counter"}},
		{"counter open", []tea.Msg{widgets.SelectListChosen{ID: "catalog", Index: 2}, counterStep{delta: 1}},
			map[string]any{"screen": "demo", "demo": "counter", "model": map[string]any{"count": 1}}},
		{"login open", []tea.Msg{widgets.SelectListChosen{ID: "catalog", Index: 1}, widgets.TextChanged{ID: "email", Value: "a@b.co"}},
			map[string]any{"screen": "demo", "demo": "login", "model.email": "a@b.co", "model.signed_in": false}},
		{"back on the catalog", []tea.Msg{widgets.SelectListChosen{ID: "catalog", Index: 4}, tea.KeyMsg{Key: tea.Named(tea.KeyEscape)}},
			map[string]any{"screen": "catalog", "selected": "player"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := decoded(t, apply(NewBrowser(), tt.msgs...))
			checkPaths(t, got, tt.want)
			if s, _ := at(got, "screen"); s == "catalog" {
				if _, has := at(got, "model"); has {
					t.Errorf("the catalog encodes a model: %v", got)
				}
			}
		})
	}
}
