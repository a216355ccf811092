// Package explorer is a model-free tester that finds bugs in any Facet
// app, as an agent (kind "explorer"). It walks its session's tools,
// generates valid arguments from their input schemas with a seeded random
// source (so a run is reproducible), prefers actions it has not tried and
// widgets it has not reached, and records every fault: a panic in Update,
// an invalid model, a timeout, a breaker trip, and a read that fails after
// a successful write. It then shrinks the calls that led to the first
// fault to a minimal sequence that still reproduces it from a fresh start
// (each replay is a session of the same app it starts with facet_start and
// stops with facet_stop), and Ask("test") writes that sequence as a Go test
// using render/mcp/mcptest. Status reports coverage (widgets reached,
// actions tried) and the faults.
package explorer
