package playground

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// projection returns m's projection called name, failing the test if m
// declares no such projection.
func projection(t *testing.T, m tea.Model, name string) tea.Projection {
	t.Helper()
	p, ok := m.(tea.Projector)
	if !ok {
		t.Fatalf("%T is not a tea.Projector", m)
	}
	for _, pr := range p.Projections() {
		if pr.Name == name {
			return pr
		}
	}
	t.Fatalf("%T has no projection %q; it has %v", m, name, projectionNames(m))
	return tea.Projection{}
}

// projectionNames lists the names of m's projections, or nil.
func projectionNames(m tea.Model) []string {
	p, ok := m.(tea.Projector)
	if !ok {
		return nil
	}
	var names []string
	for _, pr := range p.Projections() {
		names = append(names, pr.Name)
	}
	return names
}

func TestDemoProjectionsDescribeTheirState(t *testing.T) {
	tests := []struct {
		name, projection, uri string
		model                 func() tea.Model
		want                  map[string]any
		absent                []string
	}{
		{"search after a query", "results", "search://state/results", func() tea.Model {
			return apply(NewSearch(), widgets.TextSubmitted{ID: "search", Value: "charmbracelet"},
				widgets.TableSorted{ID: "results", Column: "name", Direction: widgets.SortAsc})
		}, map[string]any{
			"query": "charmbracelet", "count": 8, "offset": 0,
			"sort":   map[string]any{"column": "name", "direction": "asc"},
			"rows.0": map[string]any{"name": "charmbracelet/bubbles", "stars": 6000, "language": "Go"},
			"rows.7": map[string]any{"name": "charmbracelet/wish", "stars": 4000, "language": "Go"},
		}, []string{"rows.8"}},
		{"search scrolled shows the visible window", "results", "search://state/results", func() tea.Model {
			return apply(NewSearch(), tea.WindowSizeMsg{Width: 80, Height: 17}, widgets.TableRowSelected{ID: "results", Index: 40})
		}, map[string]any{
			"query": "", "offset": 31, "rows.0.name": NewSearch().Results()[31][0], "rows.9.name": NewSearch().Results()[40][0],
		}, []string{"rows.10"}},
		{"login signed in", "form", "login://state/form", func() tea.Model {
			return apply(NewLogin(), widgets.TextChanged{ID: "email", Value: "ada@example.com"},
				widgets.TextChanged{ID: "password", Value: "correct horse"}, loginSubmit{})
		}, map[string]any{
			"email": "ada@example.com", "remember": false, "status": "Signed in as ada@example.com", "signed_in": true,
		}, []string{"password"}},
		{"player paused after a seek", "playback", "player://state/playback", func() tea.Model {
			return apply(NewPlayer(), widgets.ScrubberSeeked{ID: "timeline", Position: 75})
		}, map[string]any{"position": 75, "playing": false, "min": 0, "max": 300, "now": "01:15"}, nil},
		{"player playing", "playback", "player://state/playback", func() tea.Model {
			return apply(NewPlayer(), widgets.ScrubberSeeked{ID: "timeline", Position: 299}, widgets.ScrubberPlaybackChanged{ID: "timeline", Playing: true})
		}, map[string]any{"position": 299, "playing": true, "now": "04:59"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := projection(t, tt.model(), tt.projection)
			if p.URI != tt.uri || !tea.ValidID(p.Name) || p.Description == "" || p.Value == nil {
				t.Errorf("projection = {URI %q, Name %q, Description %q, Value set %v}, want URI %q, a valid name, a description and a value",
					p.URI, p.Name, p.Description, p.Value != nil, tt.uri)
			}
			got := decoded(t, p.Value())
			checkPaths(t, got, tt.want)
			for _, path := range tt.absent {
				if v, has := at(got, path); has {
					t.Errorf("%s = %v, want it absent", path, v)
				}
			}
		})
	}
}

func TestSearchProjectionIsBoundedWithoutAHeight(t *testing.T) {
	s := NewSearch()
	s.table.Height = 0
	got := decoded(t, projection(t, s, "results").Value())
	checkPaths(t, got, map[string]any{"count": len(s.Results())})
	if rows, _ := at(got, "rows"); len(rows.([]any)) != searchProjectionRows {
		t.Errorf("%d rows, want %d", len(rows.([]any)), searchProjectionRows)
	}
}

func TestLoginProjectionNeverHoldsTheTypedPassword(t *testing.T) {
	const password = "Tr0ub4dor&3-unique"
	tests := []struct {
		name   string
		submit bool
	}{
		{"while typing", false},
		{"after signing in", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t, NewLogin())
			typeText(t, rt, "grace@navy.mil")
			press(t, rt, "tab")
			typeText(t, rt, password)
			if tt.submit {
				press(t, rt, "enter")
			}
			l := modelOf[LoginDemo](t, rt)
			if l.password.Value != password {
				t.Fatalf("password field holds %q, want the typed %q", l.password.Value, password)
			}
			if tt.submit != l.SignedIn() {
				t.Fatalf("SignedIn() = %v, want %v", l.SignedIn(), tt.submit)
			}
			for _, m := range []tea.Model{l, browserWith(t, "login", l)} {
				got := decoded(t, projection(t, m, "form").Value())
				if path, leaks := findString(got, "", password); leaks {
					t.Errorf("%T's form projection leaks the password at %q: %v", m, path, got)
				}
				if _, has := at(got, "password"); has {
					t.Errorf("%T's form projection has a password key: %v", m, got)
				}
				checkPaths(t, got, map[string]any{"email": "grace@navy.mil", "signed_in": tt.submit})
			}
		})
	}
}

// findString reports the path of a key or string in decoded JSON that
// contains s.
func findString(v any, path, s string) (string, bool) {
	switch x := v.(type) {
	case string:
		return path, strings.Contains(x, s)
	case map[string]any:
		for k, val := range x {
			if strings.Contains(k, s) {
				return path + "." + k, true
			}
			if p, ok := findString(val, path+"."+k, s); ok {
				return p, true
			}
		}
	case []any:
		for i, val := range x {
			if p, ok := findString(val, path+"."+strconv.Itoa(i), s); ok {
				return p, true
			}
		}
	}
	return "", false
}

// browserWith returns a Browser with the demo name open, its model
// replaced by m.
func browserWith(t *testing.T, name string, m tea.Model) Browser {
	t.Helper()
	b, err := NewBrowserAt(name)
	if err != nil {
		t.Fatal(err)
	}
	b.demo = m
	return b
}

func TestBrowserForwardsTheOpenDemosProjections(t *testing.T) {
	tests := []struct {
		name string
		msgs []tea.Msg
		want []string
	}{
		{"catalog", nil, nil},
		{"search open", []tea.Msg{widgets.SelectListChosen{ID: "catalog", Index: 0}}, []string{"results"}},
		{"login open", []tea.Msg{widgets.SelectListChosen{ID: "catalog", Index: 1}}, []string{"form"}},
		{"player open", []tea.Msg{widgets.SelectListChosen{ID: "catalog", Index: 4}}, []string{"playback"}},
		{"counter open declares none", []tea.Msg{widgets.SelectListChosen{ID: "catalog", Index: 2}}, nil},
		{"back on the catalog", []tea.Msg{widgets.SelectListChosen{ID: "catalog", Index: 0}, tea.KeyMsg{Key: tea.Named(tea.KeyEscape)}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := apply(NewBrowser(), tt.msgs...)
			got := projectionNames(m)
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Errorf("projections = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestBrowserProjectionValuesFollowTheDemo(t *testing.T) {
	rt := start(t, NewBrowser())
	press(t, rt, "enter") // search, the first demo
	typeText(t, rt, "charmbracelet")
	press(t, rt, "enter")
	b := modelOf[Browser](t, rt)
	_, demo := b.Demo()
	want := decoded(t, projection(t, demo, "results").Value())
	got := decoded(t, projection(t, b, "results").Value())
	checkPaths(t, got, map[string]any{"query": "charmbracelet", "count": 8})
	if string(mustJSON(t, got)) != string(mustJSON(t, want)) {
		t.Errorf("browser's projection = %v, want the demo's %v", got, want)
	}
	checkPaths(t, decoded(t, b), map[string]any{"screen": "demo", "demo": "search", "model.applied": "charmbracelet"})
}

// mustJSON encodes v.
func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
