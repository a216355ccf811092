package main

import (
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp/derive"
)

// TestNoDemoDerivesWithWarnings: every demo's first screen derives its
// tools cleanly (valid ids and action names, no id used twice), so an
// agent's tool list matches what the person sees.
func TestNoDemoDerivesWithWarnings(t *testing.T) {
	for _, a := range playground.Catalog() {
		_, warns := derive.Tools("s", a.New().View())
		for _, w := range warns {
			t.Errorf("%s: %v", a.Name, w)
		}
	}
}
