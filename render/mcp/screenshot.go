package mcp

import (
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// Screenshot draws a snapshot as the terminal renderer would, as plain
// text. Masked inputs draw their mask.
func Screenshot(snap tea.Snapshot) string {
	w, h := snap.Size.Width, snap.Size.Height
	if w <= 0 {
		w = DefaultWidth
	}
	if h <= 0 {
		h = DefaultHeight
	}
	return terminal.Draw(snap.View, w, h, snap.Focus)
}
