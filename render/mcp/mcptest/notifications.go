package mcptest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// Notifications returns the session's pending notifications, oldest first,
// as an agent reads them from its context resource.
func (s *Session) Notifications() []tea.Notification {
	s.t.Helper()
	notes, err := s.notifications()
	if err != nil {
		s.fatal("", "Notifications(): %v", err)
	}
	return notes
}

func (s *Session) notifications() ([]tea.Notification, error) {
	var ctx struct {
		Notifications []tea.Notification `json:"notifications"`
	}
	if err := s.readResource(mcp.ContextURI(s.id), &ctx); err != nil {
		return nil, err
	}
	return ctx.Notifications, nil
}

// AssertNotified waits until a pending notification's text contains text,
// as WaitFor does: an app raises notifications from commands, so one may
// come after the step that caused it has answered. It fails the test with
// the pending notifications if none does within WaitTimeout (or
// WithWaitTimeout).
func (s *Session) AssertNotified(text string) *Session {
	s.t.Helper()
	s.mustNotExpect("AssertNotified")
	var notes []tea.Notification
	var err error
	found := s.poll(func() bool {
		if notes, err = s.notifications(); err != nil {
			return true
		}
		return slices.ContainsFunc(notes, func(n tea.Notification) bool { return strings.Contains(n.Text, text) })
	})
	switch {
	case err != nil:
		s.fatal("", "AssertNotified(%q): %v", text, err)
	case !found:
		s.errorf("", "AssertNotified(%q): no pending notification says it after %v; pending: %s", text, s.wait, describeNotes(notes))
	}
	return s.next()
}

// describeNotes lists notifications for a failure message.
func describeNotes(notes []tea.Notification) string {
	if len(notes) == 0 {
		return "none"
	}
	parts := make([]string, len(notes))
	for i, n := range notes {
		parts[i] = fmt.Sprintf("%s %q", n.Level, n.Text)
	}
	return strings.Join(parts, ", ")
}
