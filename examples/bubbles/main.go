// Command bubbles puts Bubble Tea components in a Facet app: bubbles'
// textinput and a custom uploader (spinner and progress bar) each sit in a
// widgets.Bubble beside Facet widgets. A person types and presses Upload;
// an agent over MCP does the same with bubbles_file_send_keys and
// bubbles_start_click and reads bubbles_upload_get_progress.
//
//	go run ./examples/bubbles
//	go run ./examples/bubbles --mcp stdio
package main

import (
	"time"

	"github.com/facetui/facet"
	"github.com/facetui/facet/tea"
)

func main() {
	facet.Main(tea.App{Name: "bubbles", Title: "Bubble Tea components", Description: "Upload a file: bubbles' textinput, spinner and progress in a Facet app.",
		New: func() tea.Model { return newApp(400 * time.Millisecond) }})
}
