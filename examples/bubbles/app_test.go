package main

import (
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/render/mcp/mcptest"
)

// TestAnAgentUploadsThroughTheBubbles drives the app over MCP: it types a
// file name into bubbles' textinput, presses the Facet button, and watches
// the custom component's batch run: the spinner ticks and the progress bar
// animates to the end.
func TestAnAgentUploadsThroughTheBubbles(t *testing.T) {
	s := mcptest.Start(t, newApp(60*time.Millisecond), mcptest.WithID("bubbles"), mcptest.WithSize(60, 14))
	s.AssertToolAbsent("start.click") // nothing typed yet: Upload is disabled
	s.Call("file.send_keys", map[string]any{"keys": []any{"r", "e", "p", "o", "r", "t", ".", "p", "d", "f"}})
	s.AssertScreenContains("File: report.pdf")

	s.Click("start").AssertScreenContains("Uploading report.pdf")
	spinner := map[string]bool{}
	bars := map[string]bool{}
	deadline := time.Now().Add(5 * time.Second)
	for {
		var up struct {
			Progress float64 `json:"progress"`
			Running  bool    `json:"running"`
		}
		if err := s.Call("upload.get_progress", nil).Decode(&up); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(s.Screenshot(), "\n")
		for _, l := range lines {
			switch {
			case strings.Contains(l, "Uploading"):
				spinner[strings.TrimSpace(l)] = true
			case strings.Contains(l, "%"):
				bars[strings.TrimSpace(l)] = true
			}
		}
		if !up.Running && up.Progress >= 1 && strings.Contains(strings.Join(lines, "\n"), "100%") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the upload never finished (%+v):\n%s", up, strings.Join(lines, "\n"))
		}
		time.Sleep(15 * time.Millisecond)
	}
	s.AssertScreenContains("Uploaded report.pdf.")
	if len(spinner) < 2 {
		t.Errorf("the spinner never ticked: %v", spinner)
	}
	if len(bars) < 3 {
		t.Errorf("the progress bar did not animate (frames seen: %d)", len(bars))
	}
}

func TestAPersonTypesIntoTheTextInput(t *testing.T) {
	s := mcptest.Start(t, newApp(time.Hour), mcptest.WithID("bubbles"))
	for _, k := range []string{"a", "b", "backspace", "c"} {
		s.SendKey(k) // facet_send_key: a key as the person at the terminal presses it
	}
	s.AssertScreenContains("File: ac")
}
