// Package facet serves one Facet app everywhere at once: in this terminal,
// over SSH, in browsers and to agents over MCP, on one session registry, so
// that the person at the terminal, each SSH user, each browser tab and
// every agent see the same sessions, and an agent acts on a person's
// session while the person watches.
//
// A program's whole main is one call:
//
//	func main() {
//		facet.Main(tea.App{Name: "counter", Title: "Counter", New: newCounter})
//	}
//
// and its flags choose where it serves (--ssh ADDR, --web ADDR, --mcp
// ADDR or --mcp stdio); in a terminal it also runs the app there. Run is
// the same with Options instead of flags, for a program that chooses
// itself.
//
// The packages behind it are the renderers: render/terminal, render/ssh,
// render/web and render/mcp. This package imports nothing else: a program
// built on it compiles no cluster, browser driver or LLM SDK.
package facet
