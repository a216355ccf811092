// Package mcptest is a test harness for Facet apps that drives them through
// the MCP renderer exactly as an agent would: Start runs a tea.Model as a
// session of an in-process mcp.Server and connects a real MCP client to it
// over the in-process JSON-RPC transport. Every step is a tools/call of a
// derived tool (<session>_<widget>_<action>) or a facet_* tool, so what a
// test exercises is what an agent will hit. No network, no binaries: only
// go test.
//
//	func TestSignIn(t *testing.T) {
//		s := mcptest.Start(t, NewLogin())
//		s.TypeInto("email", "ada@example.com").
//			TypeInto("password", "hunter2").
//			Click("submit").
//			AssertComponent("status", func(c mcptest.Component) bool {
//				return strings.HasPrefix(c.Label, "Signed in")
//			})
//	}
//
// Steps (TypeInto, Click, Sort, ...) return the session, so they chain. A
// step that fails stops the test with t.Fatalf; an assertion that does not
// hold reports with t.Errorf and the test goes on. Either way the report
// points at the caller's line and shows what failed, the widget as it is
// now, the session's tools and the screen.
//
// Every failure also writes a self-contained HTML report and prints its
// path in the test log: the calls and keys in order, the screen and the
// widget outline before the failing step (the last call that changed the
// session) and when the test failed, what changed, and the session's
// recording (package trace), saved beside the report as a .facetrec file
// to replay. Reports go to the directory $FACET_REPORT_DIR names, or to
// facet-reports in the system's temporary directory (DefaultReportDir):
// t.TempDir would be gone once the test ends.
//
// To check a failure, put ExpectError before the step:
//
//	s.ExpectError("not in the session's current view").Click("confirm")
//
// Reads (Value, Rows, Checked, Selected, Screenshot, Model) answer from the
// session as it is now, through the same tools. Component reads a widget
// the way a client does: from the session's widget tree resource
// (resources/read of facet://session/<id>/widgets), the tools tools/list
// lists for it, and its get_* tools. Notifications reads what the app told
// the person (tea.Notify) from the context resource; AssertNotified and
// WaitFor wait, since commands act after the step that caused them has
// answered. A Session is for one test
// goroutine; it is not safe for concurrent use.
package mcptest
