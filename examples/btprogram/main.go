// Command btprogram runs an unmodified Bubble Tea program (a picker of
// two bubbles lists) as a Facet session with bubble.Program: in the
// terminal as usual, or, with --mcp stdio, served on stdio so an agent
// drives it with keys (facet_send_key, btprogram_program_send_keys; Tab
// reaches the program) and reads it with screenshots.
//
//	go run ./examples/btprogram
//	go run ./examples/btprogram --mcp stdio
package main

import (
	"github.com/facetui/facet"
	"github.com/facetui/facet/bubble"
	"github.com/facetui/facet/tea"
)

func main() {
	facet.Main(tea.App{Name: "btprogram", Title: "A Bubble Tea program", Description: "Pick fruit and vegetables from two lists: an unmodified Bubble Tea program.",
		New: func() tea.Model { return bubble.Program(newPicker()) }})
}
