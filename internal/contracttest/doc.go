// Package contracttest proves the renderer contract for a widget no
// renderer knows: its tests define a widget of an app's own (a Stepper, a
// number that + and - step, with its own Reset button), outside package
// widgets, and drive one app that shows it by keyboard in the terminal and
// over SSH, by click and key in Chromium, and by tool over MCP. Each
// renderer learns what the widget is from its description and what it
// does from its actions, and nothing else.
package contracttest
