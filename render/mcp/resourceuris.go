package mcp

import (
	"strings"

	"github.com/facetui/facet/tea"
)

// WidgetsURI, ContextURI and ModelURI name a session's resources.
func WidgetsURI(session string) string { return uriPrefix + session + widgetsSuffix }

// ContextURI names a session's context resource.
func ContextURI(session string) string { return uriPrefix + session + contextSuffix }

// ModelURI names a session's projection called name.
func ModelURI(session, name string) string { return uriPrefix + session + modelSegment + name }

// parseURI splits a facet:// resource URI into session, kind and name.
func parseURI(uri string) (session, kind, name string, ok bool) {
	rest, found := strings.CutPrefix(uri, uriPrefix)
	if !found {
		return "", "", "", false
	}
	i := strings.IndexByte(rest, '/')
	if i <= 0 {
		return "", "", "", false
	}
	session, rest = rest[:i], rest[i:]
	switch {
	case rest == widgetsSuffix:
		return session, "widgets", "", tea.ValidID(session)
	case rest == contextSuffix:
		return session, "context", "", tea.ValidID(session)
	case strings.HasPrefix(rest, modelSegment):
		name = rest[len(modelSegment):]
		return session, "model", name, tea.ValidID(session) && tea.ValidID(name)
	}
	return "", "", "", false
}
