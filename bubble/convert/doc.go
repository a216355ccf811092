// Package convert turns Bubble Tea v2 values into Facet's and back: keys
// (FromKey, ToKey), the messages both worlds share (FromMsg, ToMsg) and
// commands (Cmd), which runs a Bubble Tea command for a Facet runtime and
// unpacks Bubble Tea's batches and sequences so every command in them runs.
//
// It depends only on Bubble Tea and Facet's core, so renderers and widgets
// can both use it: render/terminal reads a terminal's keys with FromKey,
// widgets.Bubble hands a focused Bubble Tea model its keys with ToKey.
package convert
