package widgets

import "github.com/facetui/facet/tea"

// The shapes of the widgets' reads, as JSON Schemas (tea.Action's
// OutputSchema): every object a read answers declares its members.

var (
	outString  = map[string]any{"type": "string"}
	outInt     = map[string]any{"type": "integer"}
	outNumber  = map[string]any{"type": "number"}
	outBool    = map[string]any{"type": "boolean"}
	outStrings = map[string]any{"type": "array", "items": outString}
)

// outObject is an object of props.
func outObject(props map[string]any) map[string]any {
	return map[string]any{"type": "object", "properties": props}
}

// outList is a list of objects of props.
func outList(props map[string]any) map[string]any {
	return map[string]any{"type": "array", "items": outObject(props)}
}

// readAs is action a with its value's shape declared.
func readAs(a tea.Action, out map[string]any) tea.Action {
	a.OutputSchema = out
	return a
}

// The read values' shapes, by read.
var (
	outChecked  = outObject(map[string]any{"checked": outBool})
	outValue    = outObject(map[string]any{"value": outString})
	outLines    = outObject(map[string]any{"lines": outStrings, "offset": outInt, "total": outInt})
	outBars     = outObject(map[string]any{"bars": outList(map[string]any{"label": outString, "value": outNumber})})
	outView     = outObject(map[string]any{"view": outString})
	outProgress = outObject(map[string]any{"value": outNumber, "percent": outNumber, "done": outBool, "label": outString})
	outPosition = outObject(map[string]any{"position": outNumber, "min": outNumber, "max": outNumber, "playing": outBool})
	outSelected = outObject(map[string]any{"index": outInt, "label": outString})
	outOptions  = outObject(map[string]any{"options": outStrings})
	outSeries   = outObject(map[string]any{"label": outString, "values": map[string]any{"type": "array", "items": outNumber}})
	outStatus   = outObject(map[string]any{"spinning": outBool, "label": outString})
	outTabs     = outObject(map[string]any{"tabs": outStrings, "active_index": outInt})
	outRange    = outObject(map[string]any{"top": outInt, "bottom": outInt})
	outNodes    = outObject(map[string]any{"nodes": outList(map[string]any{
		"id": outString, "label": outString, "depth": outInt, "expanded": outBool, "has_children": outBool, "selected": outBool,
	})})
	// outRows is a page of a table's rows: each row's members are the
	// table's column keys, each cell a string or a number.
	outRows = outObject(map[string]any{
		"columns": outStrings, "offset": outInt, "total": outInt,
		"rows": map[string]any{"type": "array", "items": map[string]any{"type": "object",
			"additionalProperties": map[string]any{"type": []any{"string", "number"}}}},
	})
	// outItems is a menu's items, a tree: each item's children are items.
	outItems = map[string]any{
		"type":       "object",
		"properties": map[string]any{"items": map[string]any{"$ref": "#/$defs/items"}},
		"$defs": map[string]any{"items": outList(map[string]any{
			"id": outString, "label": outString, "disabled": outBool, "children": map[string]any{"$ref": "#/$defs/items"},
		})},
	}
)
