package playground

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/facetui/facet/widgets"
)

func TestReposCatalogueHoldsAtLeast200DistinctRepositories(t *testing.T) {
	repos, err := Repos()
	if err != nil {
		t.Fatal(err)
	}
	if len(repos) < 200 {
		t.Fatalf("%d repositories, want at least 200", len(repos))
	}
	seen := map[string]bool{}
	for _, r := range repos {
		owner, name, ok := strings.Cut(r.Name, "/")
		if !ok || owner == "" || name == "" || strings.Contains(name, "/") {
			t.Errorf("name %q is not owner/name", r.Name)
		}
		if seen[r.Name] {
			t.Errorf("%s appears twice", r.Name)
		}
		seen[r.Name] = true
		if r.Stars <= 0 || r.Language == "" || r.Description == "" {
			t.Errorf("%s: stars %d, language %q, description %q: want all set", r.Name, r.Stars, r.Language, r.Description)
		}
	}
}

// starsOf returns the stars column of rows.
func starsOf(t *testing.T, rows [][]string) []int {
	t.Helper()
	out := make([]int, len(rows))
	for i, r := range rows {
		n, err := strconv.Atoi(r[1])
		if err != nil {
			t.Fatalf("row %d: stars %q: %v", i, r[1], err)
		}
		out[i] = n
	}
	return out
}

func assertStarsDescending(t *testing.T, rows [][]string) {
	t.Helper()
	stars := starsOf(t, rows)
	for i := 1; i < len(stars); i++ {
		if stars[i] > stars[i-1] {
			t.Fatalf("row %d has %d stars after %d: not sorted by stars descending", i, stars[i], stars[i-1])
		}
	}
}

// matching counts the repositories a query should find.
func matching(t *testing.T, q string) int {
	t.Helper()
	repos, err := Repos()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range repos {
		if strings.Contains(strings.ToLower(r.Name+"\x00"+r.Description), strings.ToLower(q)) {
			n++
		}
	}
	return n
}

func TestSearchStartsWithEveryRepositoryByStarsDescending(t *testing.T) {
	rt := start(t, NewSearch())
	s := modelOf[SearchDemo](t, rt)
	repos, _ := Repos()
	if len(s.Results()) != len(repos) {
		t.Fatalf("%d rows, want all %d", len(s.Results()), len(repos))
	}
	assertStarsDescending(t, s.Results())
	table := widget[widgets.Table](t, rt, "results")
	if table.SortColumn != "stars" || table.SortDirection != widgets.SortDesc {
		t.Errorf("sort = %s %s, want stars desc", table.SortColumn, table.SortDirection)
	}
	if got, want := textOf(t, rt, "status"), fmt.Sprintf("%d repositories", len(repos)); got != want {
		t.Errorf("status = %q, want %q", got, want)
	}
}

func TestSearchTypingAndEnterFiltersByNameOrDescription(t *testing.T) {
	rt := start(t, NewSearch())
	if f := rt.Snapshot().Focus; f != "search" {
		t.Fatalf("focus starts on %q, want the search field", f)
	}
	typeText(t, rt, "Go")
	if n := len(modelOf[SearchDemo](t, rt).Results()); n != matching(t, "") {
		t.Fatalf("typing alone filtered the table to %d rows; only submit should", n)
	}
	press(t, rt, "enter")
	s := modelOf[SearchDemo](t, rt)
	want := matching(t, "go")
	if len(s.Results()) != want || want == 0 {
		t.Fatalf("%d rows for \"Go\", want %d", len(s.Results()), want)
	}
	repos, _ := Repos()
	desc := map[string]string{}
	for _, r := range repos {
		desc[r.Name] = r.Description
	}
	for _, row := range s.Results() {
		if !strings.Contains(strings.ToLower(row[0]+" "+desc[row[0]]), "go") {
			t.Errorf("%s does not mention go", row[0])
		}
	}
	assertStarsDescending(t, s.Results())
	if got, wantStatus := textOf(t, rt, "status"), fmt.Sprintf("%d repositories match “Go”", want); got != wantStatus {
		t.Errorf("status = %q, want %q", got, wantStatus)
	}
}

func TestSearchButtonSubmitsTheFieldsText(t *testing.T) {
	rt := start(t, NewSearch())
	typeText(t, rt, "terminal emulator")
	press(t, rt, "tab")
	if f := rt.Snapshot().Focus; f != "submit" {
		t.Fatalf("focus after tab = %q, want submit", f)
	}
	press(t, rt, "enter")
	got := modelOf[SearchDemo](t, rt).Results()
	if want := matching(t, "terminal emulator"); len(got) != want || want < 2 {
		t.Fatalf("%d rows, want %d (at least 2)", len(got), want)
	}
	// An empty query shows everything again.
	dispatch(t, rt, widgets.TextChanged{ID: "search", Value: ""})
	dispatch(t, rt, searchSubmit{})
	if n := len(modelOf[SearchDemo](t, rt).Results()); n != matching(t, "") {
		t.Fatalf("%d rows after an empty search, want all", n)
	}
}

func TestSearchWithNoMatchSaysSo(t *testing.T) {
	rt := start(t, NewSearch())
	dispatch(t, rt, widgets.TextSubmitted{ID: "search", Value: "zzqqxx"})
	if n := len(modelOf[SearchDemo](t, rt).Results()); n != 0 {
		t.Fatalf("%d rows, want 0", n)
	}
	if got := textOf(t, rt, "status"); got != "0 repositories match “zzqqxx”" {
		t.Errorf("status = %q", got)
	}
}

func TestSearchSortsThroughTheTableAndKeepsTheSortAcrossSearches(t *testing.T) {
	rt := start(t, NewSearch())
	dispatch(t, rt, widgets.TableSorted{ID: "results", Column: "name", Direction: widgets.SortAsc})
	rows := modelOf[SearchDemo](t, rt).Results()
	for i := 1; i < len(rows); i++ {
		if strings.ToLower(rows[i][0]) < strings.ToLower(rows[i-1][0]) {
			t.Fatalf("row %d %q after %q: not sorted by name", i, rows[i][0], rows[i-1][0])
		}
	}
	dispatch(t, rt, widgets.TextSubmitted{ID: "search", Value: "rust"})
	rows = modelOf[SearchDemo](t, rt).Results()
	for i := 1; i < len(rows); i++ {
		if strings.ToLower(rows[i][0]) < strings.ToLower(rows[i-1][0]) {
			t.Fatalf("after a search, row %d %q after %q: the name sort was lost", i, rows[i][0], rows[i-1][0])
		}
	}
	// "s" on the focused table toggles the direction of its sort column.
	focus(t, rt, "results")
	press(t, rt, "s")
	if tb := widget[widgets.Table](t, rt, "results"); tb.SortColumn != "name" || tb.SortDirection != widgets.SortDesc {
		t.Fatalf("after s: sort %s %s, want name desc", tb.SortColumn, tb.SortDirection)
	}
}

func TestSearchSelectingARowShowsItsDescription(t *testing.T) {
	rt := start(t, NewSearch())
	focus(t, rt, "results")
	press(t, rt, "down")
	s := modelOf[SearchDemo](t, rt)
	second := s.Results()[1][0]
	if tb := widget[widgets.Table](t, rt, "results"); tb.Selected != 1 {
		t.Fatalf("selected = %d, want 1", tb.Selected)
	}
	repos, _ := Repos()
	for _, r := range repos {
		if r.Name == second && !strings.Contains(fmt.Sprint(rt.Snapshot().View), r.Description) {
			t.Errorf("the view does not show %s's description %q", second, r.Description)
		}
	}
}

func TestSearchTableFillsTheHeightItIsGiven(t *testing.T) {
	rt := start(t, NewSearch())
	dispatch(t, rt, teaSize(118, 36))
	if h := widget[widgets.Table](t, rt, "results").Height; h != 36-helpLines-searchOverhead {
		t.Errorf("table height = %d, want %d", h, 36-helpLines-searchOverhead)
	}
}
