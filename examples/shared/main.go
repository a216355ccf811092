// Command shared serves one counter everywhere, on one session registry:
// in this terminal (session "live"), over SSH, to browsers and to agents.
//
//	go run ./examples/shared --ssh 127.0.0.1:2222 --web 127.0.0.1:8080 --mcp 127.0.0.1:8081
package main

import (
	"github.com/facetui/facet"
	"github.com/facetui/facet/tea"
)

func main() {
	facet.Main(tea.App{Name: "counter", Title: "Counter", New: func() tea.Model { return counter{} }})
}
