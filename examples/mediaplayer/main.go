// Command mediaplayer is a music player: a playlist, a timeline that plays,
// pauses and seeks, and tabs between them. It runs in the terminal, or
// serves itself over MCP on stdio with --mcp.
//
//	go run ./examples/mediaplayer
//	go run ./examples/mediaplayer --mcp
package main

import (
	"time"

	"github.com/facetui/facet/examples/internal/launch"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

func main() {
	launch.Main(mcp.App{Name: "player", Title: "Media player", Description: "A playlist and a timeline that plays, pauses and seeks.",
		New: func() tea.Model { return newPlayer(time.Second) }}, nil)
}
