package derive

import (
	"encoding/json"
	"fmt"

	"github.com/wI2L/jsondiff"
)

// Diff returns the RFC 6902 JSON Patch that turns from into to, as JSON.
// An empty from (no earlier version) gives a patch that replaces the whole
// document. Computing patches is not our core: jsondiff does it, and
// evanphx/json-patch applies them in the tests.
func Diff(from, to []byte) (json.RawMessage, error) {
	if len(from) == 0 {
		return replaceRoot(to)
	}
	patch, err := jsondiff.CompareJSON(from, to)
	if err != nil {
		return nil, fmt.Errorf("diff: %w", err)
	}
	if patch == nil {
		return json.RawMessage("[]"), nil
	}
	b, err := json.Marshal(patch)
	if err != nil {
		return nil, fmt.Errorf("diff: %w", err)
	}
	// A reorder (a sort) makes a field-by-field patch about three times the
	// document; past the document's own size, replacing the root is
	// smaller. (jsondiff's Rationalize and LCS options get there too, at
	// 3x and 15-30x the time for a 1,000-row table.)
	if len(b) > len(to) {
		return replaceRoot(to)
	}
	return b, nil
}

func replaceRoot(doc []byte) (json.RawMessage, error) {
	return json.Marshal([]map[string]any{{"op": "replace", "path": "", "value": json.RawMessage(doc)}})
}
