package playground

import (
	"slices"
	"strconv"
	"strings"

	"github.com/facetui/facet/widgets"
)

// searchIndex is the search demo's catalogue made ready for filtering once:
// each repository's name and description in lower case and its table row,
// so a search compares and shares instead of lowering every description
// and formatting every row again. Its entries are in the order a table
// sorted by column and direction shows them (the catalogue's when column
// is ""), so a search's matches come already in the table's order. An
// index is never changed (sortedLike makes another), and the rows it hands
// out are shared: nobody writes into a table's rows.
type searchIndex struct {
	column     string
	direction  string
	lowerNames []string
	lowerDescs []string
	rows       [][]string // name, stars, language
}

// newSearchIndex indexes repos in their order.
func newSearchIndex(repos []Repo) searchIndex {
	ix := searchIndex{
		lowerNames: make([]string, len(repos)),
		lowerDescs: make([]string, len(repos)),
		rows:       make([][]string, len(repos)),
	}
	for i, r := range repos {
		ix.lowerNames[i] = strings.ToLower(r.Name)
		ix.lowerDescs[i] = strings.ToLower(r.Description)
		ix.rows[i] = []string{r.Name, strconv.Itoa(r.Stars), r.Language}
	}
	return ix
}

// sortedLike is catalogue, an index in the catalogue's order, in the order
// table shows its rows: the table sorts the whole catalogue as it sorts a
// search's matches, stably, so the matches taken from it in order are
// what the table would show them as. It is ix when ix is in that order.
func (ix searchIndex) sortedLike(catalogue searchIndex, table widgets.TableState) searchIndex {
	if ix.column == table.SortColumn && ix.direction == table.SortDirection && ix.rows != nil {
		return ix
	}
	at := make(map[*string]int, len(catalogue.rows)) // a row's first cell -> its place in the catalogue
	for i, row := range catalogue.rows {
		at[&row[0]] = i
	}
	all := widgets.TableState{ID: "index", Columns: table.Columns, Rows: slices.Clone(catalogue.rows)}
	if !all.Update(widgets.TableSorted{ID: all.ID, Column: table.SortColumn, Direction: table.SortDirection}) {
		return searchIndex{column: table.SortColumn, direction: table.SortDirection,
			lowerNames: catalogue.lowerNames, lowerDescs: catalogue.lowerDescs, rows: catalogue.rows}
	}
	out := searchIndex{column: table.SortColumn, direction: table.SortDirection,
		lowerNames: make([]string, len(all.Rows)), lowerDescs: make([]string, len(all.Rows)), rows: all.Rows}
	for i, row := range all.Rows {
		from := at[&row[0]]
		out.lowerNames[i], out.lowerDescs[i] = catalogue.lowerNames[from], catalogue.lowerDescs[from]
	}
	return out
}

// matching is the rows of the repositories whose name or description
// contains needle, which is in lower case (all of them when it is empty),
// in the index's order.
func (ix searchIndex) matching(needle string) [][]string {
	if needle == "" {
		return slices.Clone(ix.rows)
	}
	var rows [][]string
	for i, row := range ix.rows {
		if strings.Contains(ix.lowerNames[i], needle) || strings.Contains(ix.lowerDescs[i], needle) {
			rows = append(rows, row)
		}
	}
	return rows
}
