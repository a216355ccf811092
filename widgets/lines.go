package widgets

import (
	"cmp"

	"github.com/facetui/facet/tea"
)

// Page sizes of get_lines.
const (
	getLinesLimit    = 100
	getLinesMaxLimit = 1000
)

// getLinesArgs are the arguments of get_lines; Limit's maximum is
// getLinesMaxLimit. The action's description says what they are, so they
// carry none (tools/list stays short).
type getLinesArgs struct {
	Offset int `json:"offset,omitempty" minimum:"0"`
	Limit  int `json:"limit,omitempty" minimum:"1" maximum:"1000"`
}

// getLinesArgsSpec reads getLinesArgs once.
var getLinesArgsSpec = newArgSpec[getLinesArgs]()

// getLinesAction declares get_lines, the read of a widget's lines a page
// at a time.
func getLinesAction() tea.Action {
	return readAs(read("get_lines", "Read lines by page (100 by default).", getLinesArgsSpec.schema()), outLines)
}

// getLines answers get_lines over lines: {"lines", "offset", "total"}.
func getLines(lines []string, args map[string]any) (tea.Result, error) {
	in, err := getLinesArgsSpec.bind("get_lines", args, within("offset", 0, len(lines)))
	if err != nil {
		return tea.Result{}, err
	}
	offset, limit := in.Offset, cmp.Or(in.Limit, getLinesLimit) // 0: absent, as 0 is refused
	end := min(offset+limit, len(lines))
	page := append([]string{}, lines[offset:end]...)
	return tea.Read(map[string]any{"lines": page, "offset": offset, "total": len(lines)}), nil
}
