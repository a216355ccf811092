package mcphost

import "testing"

func TestToolsSwitch(t *testing.T) {
	for _, c := range []struct {
		t            Tools
		booted, want bool
	}{
		{ToolsDefault, true, true},
		{ToolsDefault, false, false},
		{ToolsOn, false, true},
		{ToolsOn, true, true},
		{ToolsOff, true, false},
		{ToolsOff, false, false},
	} {
		if got := c.t.Serve(c.booted); got != c.want {
			t.Errorf("Tools(%q).Serve(booted for MCP: %v) = %v, want %v", c.t, c.booted, got, c.want)
		}
	}
	for _, s := range []string{"on", "off"} {
		if got, err := ParseTools(s); err != nil || string(got) != s {
			t.Errorf("ParseTools(%q) = %q, %v", s, got, err)
		}
	}
	for _, s := range []string{"", "yes", "ON", "true"} {
		if _, err := ParseTools(s); err == nil {
			t.Errorf("ParseTools(%q) took it", s)
		}
	}
}
