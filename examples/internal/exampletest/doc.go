// Package exampletest drives the examples in their tests as their users
// do: a person at an emulated terminal, and an agent with an MCP client.
// Only the examples' tests import it; an example itself imports nothing a
// user who copies it could not (examples/imports_test.go).
package exampletest
