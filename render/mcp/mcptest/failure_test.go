package mcptest_test

import (
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp/mcptest"
)

// The parts every report has, whatever failed.
var reportParts = []string{
	"tools of session `app` (",
	"  app_inc_click",
	"screen (120x40):",
	"  │[ Count ]",
	"HTML report (the calls, the screen before and after, the recording): ",
}

func TestFailuresReportWhatFailedTheWidgetToolsAndScreen(t *testing.T) {
	tests := []struct {
		name string
		body func(s *mcptest.Session)
		// fatal: the failure stops the test body; otherwise it goes on.
		fatal bool
		want  []string
	}{
		{
			name:  "a step whose widget stopped offering the action",
			body:  func(s *mcptest.Session) { s.Click("ask").Click("ask") },
			fatal: true,
			want: []string{`Click("ask"): app_ask_click failed: session ` + "`app`" + ` has no tool ` + "`app_ask_click`" + ` now: widget ` + "`ask`" + ` is disabled`,
				"widget as it is now: button `ask` \"Ask\"", "state: disabled=true", "Really?"},
		},
		{
			name:  "a step on a tool that was never derived",
			body:  func(s *mcptest.Session) { s.Click("never") },
			fatal: true,
			want:  []string{`Click("never"): app_never_click failed:`, "has no tool", "widget as it is now: button `never`"},
		},
		{
			name:  "a step on a widget that is not in the view",
			body:  func(s *mcptest.Session) { s.Toggle("ghost") },
			fatal: true,
			want:  []string{`Toggle("ghost")`, "widget `ghost` is not in the session's current view; widgets in view: name (text_input), secret (text_input)"},
		},
		{
			name:  "a step with a bad argument",
			body:  func(s *mcptest.Session) { s.SelectTab("pages", 9) },
			fatal: true,
			want:  []string{`SelectTab("pages", 9)`, "out of range", "widget as it is now: tabs `pages` \"One\"", "get_tabs: map[active_index:0 tabs:[One Two Three]]"},
		},
		{
			name:  "a read of a widget without that read",
			body:  func(s *mcptest.Session) { s.Checked("name") },
			fatal: true,
			want:  []string{`Checked("name"): app_name_get_checked failed`, "widget as it is now: text_input `name` \"Name\" (focused)", "get_value: map[value:Ada]"},
		},
		{
			name:  "Selected of a widget that has no selection",
			body:  func(s *mcptest.Session) { s.Selected("clip") },
			fatal: true,
			want:  []string{`Selected("clip"): app_clip_get_selected failed`, "scrubber `clip`"},
		},
		{
			name: "AssertComponent whose condition is false",
			body: func(s *mcptest.Session) {
				s.AssertComponent("status", func(c mcptest.Component) bool { return c.Label == "done" })
			},
			want: []string{`AssertComponent("status"): the condition is false for the widget as it is now`,
				"widget as it is now: text `status` \"ready\""},
		},
		{
			name: "AssertComponent of a missing widget",
			body: func(s *mcptest.Session) {
				s.AssertComponent("ghost", func(mcptest.Component) bool { return true })
			},
			want: []string{`AssertComponent("ghost"): no widget has this id in the session's current view`,
				"widgets in view: name (text_input)"},
		},
		{
			name: "AssertScreenContains of text that is not there",
			body: func(s *mcptest.Session) { s.AssertScreenContains("Goodbye") },
			want: []string{`AssertScreenContains("Goodbye"): the screen does not contain it`},
		},
		{
			name: "AssertScreenNotContains of text that is there",
			body: func(s *mcptest.Session) { s.AssertScreenNotContains("bubbletea") },
			want: []string{`AssertScreenNotContains("bubbletea"): the screen contains it`, "  │▸ bubbletea"},
		},
		{
			name: "AssertToolAvailable of a tool that was never listed",
			body: func(s *mcptest.Session) { s.AssertToolAvailable("never.click") },
			want: []string{`AssertToolAvailable("never.click"): app_never_click is not listed by tools/list`, "button `never`"},
		},
		{
			name: "AssertToolAvailable of a sticky tool its widget no longer offers",
			body: func(s *mcptest.Session) { s.Click("ask").AssertToolAvailable("ask.click") },
			want: []string{`AssertToolAvailable("ask.click"): app_ask_click is not listed by tools/list`},
		},
		{
			name: "AssertToolAbsent of a tool a client can call",
			body: func(s *mcptest.Session) { s.AssertToolAbsent("repos.sort") },
			want: []string{`AssertToolAbsent("repos.sort"): app_repos_sort is available: it is listed by tools/list and widget ` + "`repos`" + ` offers ` + "`sort`" + ` now`, "table `repos`"},
		},
		{
			name:  "ExpectError before a step that succeeds",
			body:  func(s *mcptest.Session) { s.ExpectError("boom").Click("inc") },
			fatal: true,
			want:  []string{`Click("inc"): want an error containing "boom", but app_inc_click succeeded: Applied app_inc_click.`},
		},
		{
			name:  "ExpectError before a step that fails otherwise",
			body:  func(s *mcptest.Session) { s.ExpectError("boom").Select("color", 5) },
			fatal: true,
			want:  []string{`Select("color", 5): want an error containing "boom", got: app_color_select:`, "valid 0 to 2"},
		},
		{
			name:  "ExpectError before an assertion",
			body:  func(s *mcptest.Session) { s.ExpectError("boom").AssertScreenContains("x") },
			fatal: true,
			want:  []string{`ExpectError("boom") must be followed by a step or a read, not AssertScreenContains`},
		},
		{
			name:  "AssertError whose step makes no call",
			body:  func(s *mcptest.Session) { s.AssertError("boom", func(*mcptest.Session) {}) },
			fatal: true,
			want:  []string{`AssertError("boom"): the step made no tools/call, so nothing could fail`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t)
			s := mcptest.Start(f, newKitchen())
			finished := f.run(func() { tt.body(s) })
			errs, fatals, unmarked := f.reports()
			got := errs
			if tt.fatal {
				got = fatals
				if finished {
					t.Error("the test body went on after a failed step")
				}
				if len(errs) > 0 {
					t.Errorf("a failed step also reported errors: %q", errs)
				}
			} else {
				if !finished {
					t.Error("a failed assertion stopped the test body")
				}
				if len(fatals) > 0 {
					t.Errorf("a failed assertion stopped the test: %q", fatals)
				}
			}
			if len(got) != 1 {
				t.Fatalf("want one report, got %d: errors %q, fatals %q", len(got), errs, fatals)
			}
			for _, w := range append(tt.want, reportParts...) {
				if !strings.Contains(got[0], w) {
					t.Errorf("the report does not contain %q:\n%s", w, got[0])
				}
			}
			if len(unmarked) > 0 {
				t.Errorf("harness frames would be blamed instead of the caller (no t.Helper): %q", unmarked)
			}
		})
	}
}

func TestPassingStepsAndAssertionsReportNothing(t *testing.T) {
	f := newFake(t)
	s := mcptest.Start(f, newKitchen())
	finished := f.run(func() {
		s.Click("inc").
			AssertComponent("status", func(c mcptest.Component) bool { return c.Label == "clicked 1 times" }).
			AssertScreenContains("clicked 1 times").
			AssertScreenNotContains("Really?").
			AssertToolAvailable("inc.click").
			AssertToolAbsent("never.click").
			ExpectError("out of range").Seek("clip", 1000)
	})
	f.cleanup()
	errs, fatals, _ := f.reports()
	if !finished || len(errs)+len(fatals) > 0 {
		t.Errorf("finished %v, errors %q, fatals %q", finished, errs, fatals)
	}
}

func TestAnExpectErrorNoStepFollowsFailsAtCleanup(t *testing.T) {
	f := newFake(t)
	s := mcptest.Start(f, newKitchen())
	s.ExpectError("boom")
	f.cleanup()
	errs, _, _ := f.reports()
	if len(errs) != 1 || !strings.Contains(errs[0], `ExpectError("boom") was not followed by a step`) {
		t.Errorf("errors = %q", errs)
	}
}

func TestAReportNeverShowsAMaskedValue(t *testing.T) {
	const secret = "hunter2-secret"
	f := newFake(t)
	s := mcptest.Start(f, newKitchen())
	f.run(func() { s.ExpectError("boom").TypeInto("secret", secret) })
	_, fatals, _ := f.reports()
	if len(fatals) != 1 {
		t.Fatalf("fatals = %q", fatals)
	}
	if strings.Contains(fatals[0], secret) {
		t.Errorf("the report shows the secret:\n%s", fatals[0])
	}
	for _, w := range []string{`TypeInto("secret", <14 masked characters>)`, "text_input `secret` \"Secret\" (masked)", "Secret: [‹masked›"} {
		if !strings.Contains(fatals[0], w) {
			t.Errorf("the report does not contain %q:\n%s", w, fatals[0])
		}
	}
}

func TestAReportNeverShowsTextTypedIntoAWidgetNotInView(t *testing.T) {
	// The password field of a form not shown yet: nothing tells the
	// harness it is masked, so the report keeps the text out.
	const secret = "hunter2-secret"
	f := newFake(t)
	s := mcptest.Start(f, newKitchen())
	f.run(func() { s.TypeInto("later", secret) })
	_, fatals, _ := f.reports()
	if len(fatals) != 1 {
		t.Fatalf("fatals = %q", fatals)
	}
	if strings.Contains(fatals[0], secret) {
		t.Errorf("the report shows the text:\n%s", fatals[0])
	}
	if want := `TypeInto("later", <14 characters, not shown: widget "later" is not in view, so it may be masked>)`; !strings.Contains(fatals[0], want) {
		t.Errorf("the report does not contain %q:\n%s", want, fatals[0])
	}
}

func TestAStoppedSessionSaysSoInReports(t *testing.T) {
	f := newFake(t)
	s := mcptest.Start(f, newKitchen())
	s.Stop()
	f.run(func() { s.Click("inc") })
	_, fatals, _ := f.reports()
	if len(fatals) != 1 || !strings.Contains(fatals[0], "session `app` is not running; its last screen:") ||
		!strings.Contains(fatals[0], `Click("inc"): app_inc_click failed:`) {
		t.Errorf("fatals = %q", fatals)
	}
}
