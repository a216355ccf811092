package widgets_test

import (
	"encoding/json"
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A TableState holds rows, selection and sort; an agent sorts with the sort
// action and the state applies the TableSorted message it returns.
func ExampleTable() {
	repos := widgets.TableState{ID: "repos", Height: 3,
		Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars", Align: widgets.AlignRight}},
		Rows:    [][]string{{"bubbletea", "30000"}, {"facet", "12"}, {"lipgloss", "9000"}},
	}
	res, _ := repos.View(widgets.Table{}).Invoke("sort", map[string]any{"column": "stars", "direction": "desc"})
	repos.Update(res.Msg())
	printScreen(repos.View(widgets.Table{}), tea.RenderContext{Width: 24})

	rows, _ := repos.View(widgets.Table{}).Invoke("get_rows", map[string]any{"limit": 1.0})
	page, _ := json.Marshal(rows.Value())
	fmt.Println(string(page))
	// Output:
	// Name           Stars ▼
	// ▸ bubbletea        30000
	//   lipgloss          9000
	//   facet               12
	// {"columns":["name","stars"],"offset":0,"rows":[{"name":"bubbletea","stars":"30000"}],"total":3}
}
