package main

import (
	"testing"
	"time"

	"github.com/facetui/facet/bubble"
	"github.com/facetui/facet/render/mcp/mcptest"
)

// TestAnAgentDrivesTheBubbleTeaProgram drives the unmodified program over
// MCP with keys, as a person at a terminal would, and reads it with
// screenshots: down and enter pick from the first list, Tab (which the
// runtime would otherwise keep) switches to the second, the program's own
// send_keys tool picks there, and q ends the session.
func TestAnAgentDrivesTheBubbleTeaProgram(t *testing.T) {
	s := mcptest.Start(t, bubble.Program(newPicker()), mcptest.WithID("btprogram"), mcptest.WithSize(70, 16))
	s.AssertScreenContains("▶ Fruits").AssertScreenContains("Apple").AssertScreenContains("Basket: (empty)")

	s.SendKey("down").SendKey("enter").AssertScreenContains("Basket: Banana")
	s.SendKey("tab").AssertScreenContains("▶ Vegetables").AssertScreenContains("Carrot")
	s.Call("program.send_keys", map[string]any{"keys": []any{"down", "down", "enter"}})
	s.AssertScreenContains("Basket: Banana Pea")
	s.SendKey("shift+tab").AssertScreenContains("▶ Fruits")

	sess, _ := s.Server().Sessions().Get("btprogram")
	s.SendKey("q")
	select {
	case <-sess.Runtime.Done():
	case <-time.After(3 * time.Second):
		t.Fatal("q (the program's tea.Quit) did not end the session")
	}
}
