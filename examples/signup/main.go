// Command signup is a sign-up form with validation and a masked password.
// It runs in the terminal, or serves itself over MCP on stdio with --mcp stdio.
//
//	go run ./examples/signup
//	go run ./examples/signup --mcp stdio
package main

import (
	"github.com/facetui/facet"
	"github.com/facetui/facet/tea"
)

func main() {
	facet.Main(tea.App{Name: "signup", Title: "Sign up", Description: "Create an account: validated fields and a masked password.",
		New: func() tea.Model { return newSignup() }})
}
