package mcptest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/tea"
)

func TestAssertNotifiedWaitsForTheAppsNotification(t *testing.T) {
	s := mcptest.Start(t, newKitchen())
	if notes := s.Notifications(); len(notes) != 0 {
		t.Fatalf("pending before any click: %+v", notes)
	}
	s.Click("inc").AssertNotified("Counted 1").Click("inc").AssertNotified("Counted 2")
	notes := s.Notifications()
	if len(notes) != 2 || notes[1].Text != "Counted 2" || notes[1].Level != tea.LevelSuccess {
		t.Fatalf("pending = %+v", notes)
	}
	s.AssertScreenContains("✓ Counted 2 (+1)")
}

func TestAssertNotifiedReportsWhatIsPending(t *testing.T) {
	f := newFake(t)
	s := mcptest.Start(f, newKitchen(), mcptest.WithWaitTimeout(50*time.Millisecond))
	finished := f.run(func() {
		s.Click("inc").AssertNotified("Counted 1")
		s.AssertNotified("Saved")
	})
	errs, fatals, unmarked := f.reports()
	if !finished || len(fatals) > 0 {
		t.Fatalf("a failed assertion stopped the test: finished %v, fatals %q", finished, fatals)
	}
	if len(errs) != 1 {
		t.Fatalf("want one report, got %q", errs)
	}
	for _, want := range append([]string{`AssertNotified("Saved"): no pending notification says it after 50ms; pending: success "Counted 1"`}, reportParts...) {
		if !strings.Contains(errs[0], want) {
			t.Errorf("the report does not contain %q:\n%s", want, errs[0])
		}
	}
	if len(unmarked) > 0 {
		t.Errorf("harness frames would be blamed instead of the caller (no t.Helper): %q", unmarked)
	}
}
