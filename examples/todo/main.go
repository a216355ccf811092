// Command todo is a small to-do list: type a task, add it, mark it done,
// and delete it after a confirmation. It runs in the terminal, or serves
// itself over MCP on stdio with --mcp, so an agent can drive the same app.
//
//	go run ./examples/todo
//	go run ./examples/todo --mcp
package main

import (
	"github.com/facetui/facet/examples/internal/launch"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

func main() {
	launch.Main(mcp.App{Name: "todo", Title: "To-do list", Description: "Add, complete and delete tasks.",
		New: func() tea.Model { return newTodo() }}, nil)
}
