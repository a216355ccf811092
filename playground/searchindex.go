package playground

import (
	"strconv"
	"strings"
)

// searchIndex is the search demo's catalogue made ready for filtering once:
// each repository's name and description in lower case and its table row,
// so a search compares and shares instead of lowering every description
// and formatting every row again. It is never changed after it is made,
// and the rows it hands out are shared: nobody writes into a table's rows.
type searchIndex struct {
	lowerNames []string
	lowerDescs []string
	rows       [][]string // name, stars, language
}

// newSearchIndex indexes repos.
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

// matching is the rows of the repositories whose name or description
// contains needle, which is in lower case (all of them when it is empty),
// in catalogue order.
func (ix searchIndex) matching(needle string) [][]string {
	if needle == "" {
		return append([][]string(nil), ix.rows...)
	}
	var rows [][]string
	for i, row := range ix.rows {
		if strings.Contains(ix.lowerNames[i], needle) || strings.Contains(ix.lowerDescs[i], needle) {
			rows = append(rows, row)
		}
	}
	return rows
}
