package contracttest_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp/mcptest"
)

// TestMCPToolsDriveAnAppsOwnWidget drives the app as an agent does: the
// MCP renderer derives a tool from each of the Stepper's actions and the
// app's own button's, outlines them from their descriptions, and a call
// of each reaches Update as the person's key or click does.
func TestMCPToolsDriveAnAppsOwnWidget(t *testing.T) {
	s := mcptest.Start(t, counter{})
	c, ok := s.Component("count")
	if !ok {
		t.Fatal("the stepper is not in the session's widget tree")
	}
	if c.Kind != "stepper" || c.Role != "spinbutton" || c.Label != "Count" || c.State["value"] != 0 {
		t.Fatalf("the stepper reads %+v, want a spinbutton named Count at 0", c)
	}
	for _, a := range []string{"increment", "decrement", "get_value"} {
		if !slices.Contains(c.Actions, a) {
			t.Fatalf("the stepper's tools are %v, want %s among them", c.Actions, a)
		}
	}

	s.Call("count.increment", nil)
	s.Call("count.increment", nil)
	s.Call("count.decrement", nil)
	s.Call("count.increment", nil)
	if v := s.Value("count"); v != "2" {
		t.Fatalf("get_value = %q after +1 +1 -1 +1, want 2", v)
	}
	if screen := s.Screenshot(); !strings.Contains(screen, "The count is 2.") || !strings.Contains(screen, "Count: [-] 2 [+]") {
		t.Fatalf("the screen after the calls:\n%s", screen)
	}
	// The person's key, sent by the agent, is the same message.
	s.SendKey("+")
	if v := s.Value("count"); v != "3" {
		t.Fatalf("get_value = %q after the key +, want 3", v)
	}
	s.Call("reset.reset", nil)
	if v := s.Value("count"); v != "0" {
		t.Fatalf("get_value = %q after reset, want 0", v)
	}
	s.ExpectError("already 0").Call("count.decrement", nil)
}
