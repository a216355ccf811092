// Package facettest is what an app's tests need to drive it as its users
// do: as an agent over MCP, and as a person at a terminal.
//
//   - Start runs a model as a session driven through the real MCP
//     transport (render/mcp/mcptest), with every snapshot checked against
//     the contract on tea.Model (tea/runtimetest).
//   - HTTPAgent and StdioAgent are MCP clients of a running program, over
//     streamable HTTP or its standard input and output; Call calls a tool.
//   - Terminal is an emulated terminal for a program under test: what the
//     program draws is on its Screen, what Type types is its input. It
//     does the dance the emulator needs (its replies read, "\n" sent as
//     "\r\n", everything closed in order) once for every test.
//   - SyncBuffer holds a program's stderr, and Eventually waits for a
//     screen, a buffer or an agent's answer to show something.
//
// Every example under examples/ tests itself with it, so an example copied
// into another module builds and passes its tests as it is.
package facettest
