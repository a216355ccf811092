package mcp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/facetui/facet/tea"
)

// The app decides what of its model leaves through facet_get_model: the
// projections it declares (tea.Projector), the same values the context
// resource carries under "model", and the model itself only when the
// model says so (ModelExposer). An app that does neither has nothing
// answered; the agent reads its screen and widgets instead.

// ModelExposer is implemented by a model that lets facet_get_model answer
// the model itself: its JSON encoding, every field that encodes, secrets
// included. Without it facet_get_model answers the model's projections.
// An app whose model holds nothing it would not show an agent (or whose
// MarshalJSON leaves it out) may opt in; one that holds a password, a
// token or a person's private data should declare projections instead.
type ModelExposer interface {
	// ExposeModel reports whether facet_get_model may answer the model's
	// JSON encoding; false answers its projections, as if the method were
	// not there.
	ExposeModel() bool
}

// toolGetModel answers facet_get_model: the session's model projections
// by name, or the model's JSON when the model exposes it.
func (s *Server) toolGetModel(ctx context.Context, args map[string]any) (Answer, error) {
	sess, err := s.starts.session(ctx, args, SessionArg)
	if err != nil {
		return Answer{}, err
	}
	if err := s.attachAgent(ctx, sess); err != nil {
		return Answer{}, err
	}
	m := sess.Snapshot().Model
	if exposesModel(m) {
		return rawModel(sess.ID, m)
	}
	if len(projections(m)) == 0 {
		return Answer{}, callerError(fmt.Sprintf("session `%s` (app %s) declares no model projections and does not expose its model, so facet_get_model has nothing to answer: "+
			"read its state from facet_screenshot, the facet://session/%s/widgets resource or its widgets' get_* tools", sess.ID, sess.App, sess.ID))
	}
	v := projected(m)
	b, err := json.Marshal(v)
	if err != nil {
		return Answer{}, callerError(fmt.Sprintf("the projections of session `%s` cannot be encoded as JSON: %v", sess.ID, err))
	}
	return answer(v, string(b)), nil
}

// exposesModel reports whether m opts in to facet_get_model answering it;
// a model whose ExposeModel panics does not.
func exposesModel(m tea.Model) (ok bool) {
	e, is := m.(ModelExposer)
	if !is {
		return false
	}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return e.ExposeModel()
}

// rawModel answers a model that exposes itself: its JSON as the text, and
// as the value (wrapped as {"model": ...} when it is not an object).
func rawModel(session string, m tea.Model) (Answer, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return Answer{}, callerError(fmt.Sprintf("the model of session `%s` cannot be encoded as JSON: %v", session, err))
	}
	var v any
	_ = json.Unmarshal(b, &v)
	if _, ok := v.(map[string]any); !ok {
		v = map[string]any{"model": v}
	}
	return answer(v, string(b)), nil
}
