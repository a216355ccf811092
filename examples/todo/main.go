// Command todo is a small to-do list: type a task, add it, mark it done,
// and delete it after a confirmation. It runs in the terminal, or serves
// itself over MCP on stdio with --mcp stdio, so an agent can drive the same
// app; --ssh, --web and --mcp ADDR serve it further (see facet.Main).
//
//	go run ./examples/todo
//	go run ./examples/todo --mcp stdio
package main

import (
	"github.com/facetui/facet"
	"github.com/facetui/facet/tea"
)

func main() {
	facet.Main(tea.App{Name: "todo", Title: "To-do list", Description: "Add, complete and delete tasks.",
		New: func() tea.Model { return newTodo() }})
}
