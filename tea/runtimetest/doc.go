// Package runtimetest checks, in tests, the contract a tea.Runtime relies
// on: a snapshot never changes once published.
//
// The runtime hands each snapshot to renderers on other goroutines while it
// goes on to the next Update. A model that changes a slice, map or pointee
// it shares with an earlier model (m.Counts[0]++ on a slice the previous
// model also holds) changes a snapshot a renderer may be reading: a data
// race, and a screen or a tool answer that shows a state the app never
// published. See tea.Model.
//
// Check fingerprints every snapshot a runtime publishes, deeply, on the
// runtime's own goroutine, and fails the test when one no longer matches
// its fingerprint: the few before it at each publish, and all of them when
// the test ends. One line per test helper wires it in:
//
//	rt, err := tea.Start(ctx, m)
//	...
//	runtimetest.Check(t, rt)
package runtimetest
