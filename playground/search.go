package playground

import (
	_ "embed"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

//go:embed data/repos.csv
var reposCSV string

// Repo is one entry of the search demo's catalogue of open-source
// repositories. Stars are approximate.
type Repo struct {
	Name        string
	Stars       int
	Language    string
	Description string
}

// Repos parses the embedded catalogue of repositories.
func Repos() ([]Repo, error) {
	records, err := csv.NewReader(strings.NewReader(reposCSV)).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("parse repos.csv: %w", err)
	}
	if len(records) < 2 {
		return nil, fmt.Errorf("parse repos.csv: no rows")
	}
	out := make([]Repo, 0, len(records)-1)
	for i, r := range records[1:] {
		stars, err := strconv.Atoi(r[1])
		if err != nil {
			return nil, fmt.Errorf("parse repos.csv line %d: stars: %w", i+2, err)
		}
		out = append(out, Repo{Name: r[0], Stars: stars, Language: r[2], Description: r[3]})
	}
	return out, nil
}

// searchSubmit is the search button's message.
type searchSubmit struct{}

// searchOverhead is how many lines of the demo are not table rows: the
// field, a gap, the table header, a gap, the detail line and the status.
const searchOverhead = 6

// SearchDemo filters and sorts a table of real repositories. Widgets:
// TextInput "search", Button "submit", Table "results" (columns name, stars,
// language) and Text "status".
type SearchDemo struct {
	catalogue *searchCatalogue // shared by every demo, never changed
	index     searchIndex      // the catalogue in the table's order (see filter)
	query     widgets.TextInputState
	applied   string // the query the results show
	table     widgets.TableState
}

// searchCatalogue is what every search demo shares: the embedded
// catalogue, read and indexed once, so that a demo costs no copy of it and
// every search of every demo reads the same memory.
type searchCatalogue struct {
	repos  []Repo         // the whole catalogue
	byName map[string]int // repo name -> index in repos
	all    searchIndex    // repos ready to filter, in their order
	first  searchIndex    // all in a new demo's table's order
}

// sharedSearchCatalogue reads the catalogue the first time a demo starts.
// What it returns is never changed.
var sharedSearchCatalogue = sync.OnceValues(func() (*searchCatalogue, error) {
	repos, err := Repos()
	if err != nil {
		return nil, err
	}
	c := &searchCatalogue{repos: repos, byName: make(map[string]int, len(repos)), all: newSearchIndex(repos)}
	for i, r := range repos {
		c.byName[r.Name] = i
	}
	c.first = c.all.sortedLike(c.all, newSearchTable())
	return c, nil
})

// newSearchTable is a new demo's table: every repository, most stars
// first.
func newSearchTable() widgets.TableState {
	return widgets.TableState{
		ID: "results",
		Columns: []widgets.TableColumn{
			{Key: "name", Title: "Repository", Width: 36},
			{Key: "stars", Title: "Stars", Width: 8, Align: widgets.AlignRight, Numeric: true},
			{Key: "language", Title: "Language"},
		},
		Height:        40 - chromeLines - helpLines - searchOverhead,
		SortColumn:    "stars",
		SortDirection: widgets.SortDesc,
	}
}

// NewSearch returns the search demo showing every repository, most stars
// first. It panics if the embedded catalogue is broken, which the tests
// rule out.
func NewSearch() SearchDemo {
	c, err := sharedSearchCatalogue()
	if err != nil {
		panic(err)
	}
	s := SearchDemo{catalogue: c, index: c.first, query: widgets.TextInputState{ID: "search"}, table: newSearchTable()}
	return s.filter("")
}

// Init implements tea.Model.
func (s SearchDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (s SearchDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s.table.Update(msg) || s.query.Update(msg) {
		return s, nil
	}
	switch m := msg.(type) {
	case tea.WindowSizeMsg:
		s.table.Height = max(m.Height-helpLines-searchOverhead, 3)
	case widgets.TextSubmitted:
		if m.ID == s.query.ID {
			s.query.Value = m.Value
			return s.filter(s.query.Value), nil
		}
	case searchSubmit:
		return s.filter(s.query.Value), nil
	}
	return s, nil
}

// filter shows the repositories whose name or description contains q (case
// does not matter; an empty q shows all), in the table's current order.
func (s SearchDemo) filter(q string) SearchDemo {
	s.applied = strings.TrimSpace(q)
	s.index = s.index.sortedLike(s.catalogue.all, s.table)
	rows := s.index.matching(strings.ToLower(s.applied))
	if rows == nil {
		rows = [][]string{}
	}
	s.table.Rows, s.table.Selected, s.table.Offset = rows, 0, 0
	s.table.Update(widgets.TableSorted{ID: s.table.ID, Column: s.table.SortColumn, Direction: s.table.SortDirection})
	s.table.Selected, s.table.Offset = 0, 0
	return s
}

// Results returns the rows the table shows, in display order.
func (s SearchDemo) Results() [][]string { return s.table.Rows }

// Status is the status line: how many repositories match the last query.
func (s SearchDemo) Status() string {
	n := len(s.table.Rows)
	noun, verb := "repositories", "match"
	if n == 1 {
		noun, verb = "repository", "matches"
	}
	if s.applied == "" {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %s %s “%s”", n, noun, verb, s.applied)
}

// View implements tea.Model.
func (s SearchDemo) View() tea.Node {
	detail := "No repository matches; try a shorter query, or submit an empty one to see all."
	if sel := s.table.Selected; sel >= 0 && sel < len(s.table.Rows) {
		r := s.catalogue.repos[s.catalogue.byName[s.table.Rows[sel][0]]]
		detail = r.Name + " — " + r.Description
	}
	field := s.query.View(widgets.TextInput{})
	field.Label, field.Placeholder = "Search", "name or description, e.g. terminal"
	return tea.Column{Items: []tea.Node{
		tea.Row{Gap: 2, Items: []tea.Node{
			field,
			widgets.Button{ID: "submit", Label: "Search", OnClick: searchSubmit{}},
		}},
		tea.Spacer{Lines: 1},
		s.table.View(widgets.Table{}),
		tea.Spacer{Lines: 1},
		tea.Text{Content: detail, Muted: true},
		widgets.Text{ID: "status", Content: s.Status()},
	}}
}
