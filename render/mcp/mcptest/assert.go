package mcptest

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/render/mcp/internal/registryof"
	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// AssertComponent checks cond against the widget id as it is now (see
// Component). It reports an error, and the test goes on, when no widget
// has the id or cond is false.
func (s *Session) AssertComponent(id string, cond func(c Component) bool) *Session {
	s.t.Helper()
	s.mustNotExpect("AssertComponent")
	c, err := s.component(id)
	switch {
	case errors.Is(err, errNotInView):
		s.errorf(id, "AssertComponent(%q): no widget has this id in the session's current view", id)
	case err != nil:
		s.errorf(id, "AssertComponent(%q): the widget cannot be read through the client: %v", id, err)
	case !cond(c):
		s.errorf(id, "AssertComponent(%q): the condition is false for the widget as it is now", id)
	}
	return s.next()
}

// AssertScreenContains checks that the screen, as facet_screenshot draws
// it, contains text.
func (s *Session) AssertScreenContains(text string) *Session {
	s.t.Helper()
	s.mustNotExpect("AssertScreenContains")
	if screen, ok := s.screen("AssertScreenContains"); ok && !strings.Contains(screen, text) {
		s.errorf("", "AssertScreenContains(%q): the screen does not contain it", text)
	}
	return s.next()
}

// AssertScreenNotContains checks that the screen, as facet_screenshot draws
// it, does not contain text (a secret, a dismissed dialog).
func (s *Session) AssertScreenNotContains(text string) *Session {
	s.t.Helper()
	s.mustNotExpect("AssertScreenNotContains")
	if screen, ok := s.screen("AssertScreenNotContains"); ok && strings.Contains(screen, text) {
		s.errorf("", "AssertScreenNotContains(%q): the screen contains it", text)
	}
	return s.next()
}

func (s *Session) screen(step string) (string, bool) {
	s.t.Helper()
	res := s.call("facet_screenshot", nil)
	if res.IsError {
		s.fatal("", "%s: facet_screenshot failed: %s", step, res.Text)
		return "", false
	}
	return res.Text, true
}

// AssertToolAvailable checks that a client can call the tool now: it is
// listed by tools/list and, for a derived tool, its widget offers the
// action in the current view. name may leave out the session prefix
// ("results.sort").
func (s *Session) AssertToolAvailable(name string) *Session {
	s.t.Helper()
	s.mustNotExpect("AssertToolAvailable")
	full := s.tool(name)
	st, ok := s.toolState(full)
	switch {
	case !ok:
	case !st.listed:
		s.errorf(st.widget, "AssertToolAvailable(%q): %s is not listed by tools/list", name, s.shown(full))
	case !st.offered:
		s.errorf(st.widget, "AssertToolAvailable(%q): %s is listed (a session's tools are sticky) but %s, so a call fails", name, s.shown(full), st.why)
	}
	return s.next()
}

// AssertToolAbsent checks that a client cannot call the tool now: it is not
// listed, or its widget does not offer the action in the current view (a
// session's tools are sticky, so a tool stays listed after its widget stops
// offering it). name may leave out the session prefix ("confirm.confirm").
func (s *Session) AssertToolAbsent(name string) *Session {
	s.t.Helper()
	s.mustNotExpect("AssertToolAbsent")
	full := s.tool(name)
	st, ok := s.toolState(full)
	if ok && st.listed && st.offered {
		what := "it is listed by tools/list"
		if st.widget != "" {
			what += fmt.Sprintf(" and widget `%s` offers `%s` now", st.widget, st.action)
		}
		s.errorf(st.widget, "AssertToolAbsent(%q): %s is available: %s", name, s.shown(full), what)
	}
	return s.next()
}

// toolState is whether a client can call a tool, and why not.
type toolState struct {
	listed, offered bool
	widget, action  string
	why             string
}

func (s *Session) toolState(full string) (toolState, bool) {
	s.t.Helper()
	var st toolState
	listed, err := s.listTools()
	if err != nil {
		s.fatal("", "%v", err)
		return st, false
	}
	st.listed = slices.Contains(listed, full) || slices.Contains(listed, toolname.SafeName(full))
	t, derived := registryof.Of(s.srv).Resolve(full)
	if !derived || !t.Derived {
		if _, w, a, ok := toolname.SplitToolName(full); ok && toolname.SessionOf(full) == s.id {
			st.widget, st.action = w, a
		}
		st.offered = st.listed
		return st, true
	}
	st.widget, st.action = t.Widget, t.Action
	st.offered, st.why = offeredNow(s.sess.Snapshot().View, t)
	return st, true
}

// offeredNow reports whether the view has a widget of the tool's id and
// kind that offers its action, the way a call resolves it, or says why not.
func offeredNow(view tea.Node, t *derive.Tool) (bool, string) {
	var sameID, sameKind bool
	for _, w := range tea.Widgets(view) {
		if w.WidgetID() != t.Widget {
			continue
		}
		sameID = true
		if w.WidgetKind() != t.Kind {
			continue
		}
		sameKind = true
		if slices.Contains(actionNames(w), t.Action) {
			return true, ""
		}
	}
	switch {
	case sameKind:
		return false, fmt.Sprintf("widget `%s` does not offer `%s` now (it may be disabled or hidden)", t.Widget, t.Action)
	case sameID:
		return false, fmt.Sprintf("widget `%s` is no longer a %s", t.Widget, t.Kind)
	}
	return false, fmt.Sprintf("widget `%s` is not in the session's current view", t.Widget)
}

// actionNames lists the actions w offers now, as a call resolves them.
func actionNames(w tea.Widget) []string {
	p, ok := w.(tea.ToolProvider)
	if !ok {
		return nil
	}
	var names []string
	func() {
		defer func() { _ = recover() }()
		for _, a := range p.Actions() {
			names = append(names, a.Name)
		}
	}()
	return names
}
