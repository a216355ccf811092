// Command mediaplayer is a music player: a playlist, a timeline that plays,
// pauses and seeks, and tabs between them. It runs in the terminal, or
// serves itself over MCP on stdio with --mcp stdio.
//
//	go run ./examples/mediaplayer
//	go run ./examples/mediaplayer --mcp stdio
package main

import (
	"time"

	"github.com/facetui/facet"
	"github.com/facetui/facet/tea"
)

func main() {
	facet.Main(tea.App{Name: "player", Title: "Media player", Description: "A playlist and a timeline that plays, pauses and seeks.",
		New: func() tea.Model { return newPlayer(time.Second) }})
}
