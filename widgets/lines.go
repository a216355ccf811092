package widgets

import "github.com/facetui/facet/tea"

// Page sizes of get_lines.
const (
	getLinesLimit    = 100
	getLinesMaxLimit = 1000
)

// getLinesAction declares get_lines, the read of a widget's lines a page
// at a time.
func getLinesAction() tea.Action {
	return read("get_lines", "Read lines by page (100 by default).",
		object(map[string]any{
			"offset": map[string]any{"type": "integer", "minimum": 0},
			"limit":  map[string]any{"type": "integer", "minimum": 1, "maximum": getLinesMaxLimit},
		}))
}

// getLines answers get_lines over lines: {"lines", "offset", "total"}.
func getLines(lines []string, args map[string]any) (tea.Result, error) {
	const action = "get_lines"
	if err := onlyArgs(action, args, "offset", "limit"); err != nil {
		return tea.Result{}, err
	}
	offset, limit := 0, getLinesLimit
	var err error
	if _, ok := args["offset"]; ok {
		if offset, err = argInt(action, args, "offset", 0, len(lines)); err != nil {
			return tea.Result{}, err
		}
	}
	if _, ok := args["limit"]; ok {
		if limit, err = argInt(action, args, "limit", 1, getLinesMaxLimit); err != nil {
			return tea.Result{}, err
		}
	}
	end := min(offset+limit, len(lines))
	page := append([]string{}, lines[offset:end]...)
	return tea.Read(map[string]any{"lines": page, "offset": offset, "total": len(lines)}), nil
}
