// Package bubble connects Facet and Bubble Tea v2 both ways.
//
//   - Model is a Bubble Tea model that shows and drives a running Facet app:
//     embed a Facet screen in an existing Bubble Tea program while the same
//     runtime (a session) is served to agents over MCP.
//   - Program is a Facet app that runs an unmodified Bubble Tea program:
//     start it as a session and an agent drives it with keys
//     (facet_send_key, <session>_program_send_keys) and reads it with
//     screenshots, Tab included.
//
// A single Bubble Tea component inside a Facet tree is widgets.Bubble; the
// key, message and command conversions are in package bubble/convert.
package bubble
