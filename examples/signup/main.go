// Command signup is a sign-up form with validation and a masked password.
// It runs in the terminal, or serves itself over MCP on stdio with --mcp.
//
//	go run ./examples/signup
//	go run ./examples/signup --mcp
package main

import (
	"github.com/facetui/facet/examples/internal/launch"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

func main() {
	launch.Main(mcp.App{Name: "signup", Title: "Sign up", Description: "Create an account: validated fields and a masked password.",
		New: func() tea.Model { return newSignup() }}, nil)
}
