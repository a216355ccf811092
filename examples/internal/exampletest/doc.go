// Package exampletest drives the examples in their tests as an agent
// does, with an MCP client, and starts them under the harness with the
// model contract checked (the person's terminal is internal/termtest's).
// Only the examples' tests import it; an example itself imports nothing a
// user who copies it could not (examples/imports_test.go).
package exampletest
