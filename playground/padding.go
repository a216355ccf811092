package playground

import "github.com/facetui/facet/tea"

// padRight keeps one blank column between n and whatever stands to its
// right, so a scroll bar in n's last column does not run into the border of
// the box around the demo ("┃│").
func padRight(n tea.Node) tea.Node {
	return tea.Row{Items: []tea.Node{n, tea.Spacer{Cols: 1}}}
}
