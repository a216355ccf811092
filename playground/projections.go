package playground

import "github.com/facetui/facet/tea"

// Projections are the named views of a demo's model that renderers expose
// as state: the MCP renderer serves each as a resource an agent can read
// and subscribe to. Unlike MarshalJSON they must hold nothing the app would
// not show an agent, so the login form's projection has no password.

// searchProjectionRows is the most rows the search projection includes.
const searchProjectionRows = 100

// Projections implements tea.Projector: "results" (search://state/results)
// is the applied query, how many repositories match, the order, and the
// rows the table shows (at most 100), from "offset".
func (s SearchDemo) Projections() []tea.Projection {
	return []tea.Projection{{
		URI:         "search://state/results",
		Name:        "results",
		Description: "The search results: query, count, order and the rows the table shows.",
		Value:       s.resultsProjection,
	}}
}

// resultsProjection is the value of the "results" projection.
func (s SearchDemo) resultsProjection() any {
	h := s.table.Height
	if h <= 0 {
		h = searchProjectionRows
	}
	n := len(s.table.Rows)
	from := min(max(s.table.Offset, 0), n)
	to := min(from+min(h, searchProjectionRows), n)
	return map[string]any{
		"query":  s.applied,
		"count":  n,
		"sort":   sortJSON{Column: s.table.SortColumn, Direction: s.table.SortDirection},
		"offset": from,
		"rows":   s.repoRows(s.table.Rows[from:to]),
	}
}

// Projections implements tea.Projector: "form" (login://state/form) is the
// email, the remember box, the status line and whether the user is signed
// in. It never includes the password.
func (l LoginDemo) Projections() []tea.Projection {
	return []tea.Projection{{
		URI:         "login://state/form",
		Name:        "form",
		Description: "The sign-in form without its password: email, remember, status and signed_in.",
		Value: func() any {
			return map[string]any{
				"email":     l.email.Value,
				"remember":  l.remember.Checked,
				"status":    l.status,
				"signed_in": l.signedIn,
			}
		},
	}}
}

// Projections implements tea.Projector: "playback" (player://state/playback)
// is the position and range in seconds, whether it is playing, and the
// position as "mm:ss".
func (p PlayerDemo) Projections() []tea.Projection {
	return []tea.Projection{{
		URI:         "player://state/playback",
		Name:        "playback",
		Description: "The player's position, range and state, with the position as mm:ss.",
		Value: func() any {
			return map[string]any{
				"position": p.timeline.Position,
				"playing":  p.timeline.Playing,
				"min":      p.timeline.Min,
				"max":      p.timeline.Max,
				"now":      clock(p.timeline.Position),
			}
		},
	}}
}

// Projections implements tea.Projector: the open demo's projections when
// it declares any, otherwise none, so a session running the Browser
// exposes the same state as one running the demo alone.
func (b Browser) Projections() []tea.Projection {
	if p, ok := b.demo.(tea.Projector); ok {
		return p.Projections()
	}
	return nil
}
