package mcp

import (
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
)

// TestStartAnswersAnOutlineWithEachWidgetsActions: facet_start answers the
// first view as an outline, one line per widget with its role, id, name,
// value and state and its actions in brackets, the revision it reflects
// included; the screen only on request.
func TestStartAnswersAnOutlineWithEachWidgetsActions(t *testing.T) {
	srv := newTestServer(t, Options{Apps: []App{{Name: "board", New: func() tea.Model { return newBoard() }}}})
	c := connect(t, srv)
	res := mustOK(t, c.call("facet_start", map[string]any{"app": "board", "session": "b"}))
	got := text(res)
	for _, w := range []string{
		"Outline (revision ",
		`tablist pages "Main" (active_index 0, tabs 3, focused): Main*, Settings (holds notify), About [get_tabs, select_tab]`,
		`textbox pw "Password" (masked) [clear, submit, type_into]`,
		`button del "Delete" [click]`,
		"b.<widget>.<action> for the actions in brackets; b.discover_tools",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("facet_start does not say %q:\n%s", w, got)
		}
	}
	if strings.Contains(got, "Screen:") {
		t.Errorf("facet_start answers the screen unasked:\n%s", got)
	}
	if structured(t, res)["revision"] == nil {
		t.Errorf("no revision in %v", res.StructuredContent)
	}
	shown := text(mustOK(t, c.call("facet_start", map[string]any{"app": "board", "session": "c", "screen": true})))
	if !strings.Contains(shown, "Screen:\n") || !strings.Contains(shown, "‹Main›") {
		t.Errorf("facet_start with screen does not answer the screen:\n%s", shown)
	}
}

// TestScreenshotOutlineAnswersWhatChangedSinceARevision: facet_screenshot
// with outline answers the outline and its revision; with since, only the
// lines that changed after that revision, or the whole outline when that
// revision is not kept.
func TestScreenshotOutlineAnswersWhatChangedSinceARevision(t *testing.T) {
	srv := newTestServer(t, Options{})
	c := connect(t, srv)
	if _, err := srv.StartSession(t.Context(), "b", "board", newBoard()); err != nil {
		t.Fatal(err)
	}
	first := mustOK(t, c.call("facet_screenshot", map[string]any{"session": "b", "outline": true}))
	rev := structured(t, first)["revision"].(float64)
	if !strings.Contains(text(first), `button del "Delete"`) || strings.Contains(text(first), "‹Main›") {
		t.Fatalf("the outline:\n%s", text(first))
	}
	mustOK(t, c.call("b.pages.select_tab", map[string]any{"index": 2.0}))
	tests := []struct {
		name  string
		since float64
		want  []string
		never []string
	}{
		{"since a kept revision: what changed", rev,
			[]string{"Changed since revision", `+ tablist pages "About"`, `+ text "Made with Facet."`, `- button del "Delete"`},
			[]string{"+ table"}},
		{"since a revision not kept: the whole outline", 999999,
			[]string{"Revision 999999 is not kept", `text "Made with Facet."`}, []string{"+ "}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := mustOK(t, c.call("facet_screenshot", map[string]any{"session": "b", "since": tc.since}))
			got := text(res)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("the answer does not say %q:\n%s", w, got)
				}
			}
			for _, n := range tc.never {
				if strings.Contains(got, n) {
					t.Errorf("the answer says %q:\n%s", n, got)
				}
			}
		})
	}
	same := mustOK(t, c.call("facet_screenshot", map[string]any{"session": "b", "outline": true}))
	now := structured(t, same)["revision"].(float64)
	again := text(mustOK(t, c.call("facet_screenshot", map[string]any{"session": "b", "since": now})))
	if !strings.Contains(again, "Nothing changed since revision") {
		t.Errorf("since the current revision: %s", again)
	}
}
