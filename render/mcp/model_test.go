package mcp

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
)

// diary keeps a secret; it declares a projection "cover" unless bare, and
// exposes its model as ExposeModel says (panicking when asked to).
type diary struct {
	Secret string
	Expose string // "yes", "no", "panic", or "" for no ExposeModel at all
	Bare   bool
}

func (d diary) Init() tea.Cmd                       { return nil }
func (d diary) Update(tea.Msg) (tea.Model, tea.Cmd) { return d, nil }
func (d diary) View() tea.Node                      { return tea.Text{Content: "a diary"} }

// exposingDiary is a diary with ExposeModel.
type exposingDiary struct{ diary }

func (d exposingDiary) Update(tea.Msg) (tea.Model, tea.Cmd) { return d, nil }

func (d exposingDiary) ExposeModel() bool {
	if d.Expose == "panic" {
		panic("asked")
	}
	return d.Expose == "yes"
}

func (d diary) Projections() []tea.Projection {
	if d.Bare {
		return nil
	}
	return []tea.Projection{{Name: "cover", Value: func() any { return map[string]any{"title": "Dear diary", "pages": 3} }}}
}

func TestGetModelAnswersWhatTheAppShares(t *testing.T) {
	const secret = "under-the-mattress"
	cover := map[string]any{"cover": map[string]any{"title": "Dear diary", "pages": float64(3)}}
	for _, tc := range []struct {
		name  string
		model tea.Model
		want  map[string]any // nil: the model itself, secret included
	}{
		{"projections, no ExposeModel", diary{Secret: secret}, cover},
		{"projections, ExposeModel false", exposingDiary{diary{Secret: secret, Expose: "no"}}, cover},
		{"projections, ExposeModel panics", exposingDiary{diary{Secret: secret, Expose: "panic"}}, cover},
		{"ExposeModel true", exposingDiary{diary{Secret: secret, Expose: "yes"}}, nil},
		{"ExposeModel true, no projections", exposingDiary{diary{Secret: secret, Expose: "yes", Bare: true}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newTestServer(t, Options{})
			c := connect(t, srv)
			if _, err := srv.StartSession(context.Background(), "d", "diary", tc.model); err != nil {
				t.Fatal(err)
			}
			res := mustOK(t, c.call("facet_get_model", map[string]any{"id": "d"}))
			got := structured(t, res)
			if tc.want == nil {
				if got["Secret"] != secret || !strings.Contains(text(res), secret) {
					t.Fatalf("a model that exposes itself: facet_get_model = %v %s, want the model", got, text(res))
				}
				return
			}
			if !reflect.DeepEqual(got, tc.want) || strings.Contains(text(res), secret) {
				t.Fatalf("facet_get_model = %v %s, want the projections %v", got, text(res), tc.want)
			}
			var asText map[string]any
			if err := json.Unmarshal([]byte(text(res)), &asText); err != nil || !reflect.DeepEqual(asText, tc.want) {
				t.Fatalf("facet_get_model's text = %s, want the projections as JSON", text(res))
			}
			// The very values the context resource carries.
			body, _ := readResource(t, c.c, ContextURI("d"))
			var ctx struct{ Model map[string]any }
			if err := json.Unmarshal([]byte(body), &ctx); err != nil || !reflect.DeepEqual(ctx.Model, got) {
				t.Fatalf("the context's model %v differs from facet_get_model's %v", ctx.Model, got)
			}
		})
	}
}

func TestGetModelSaysWhatToReadWhenTheAppSharesNothing(t *testing.T) {
	const secret = "under-the-mattress"
	for _, model := range []tea.Model{
		diary{Secret: secret, Bare: true},
		exposingDiary{diary{Secret: secret, Bare: true, Expose: "no"}},
	} {
		srv := newTestServer(t, Options{})
		c := connect(t, srv)
		if _, err := srv.StartSession(context.Background(), "d", "diary", model); err != nil {
			t.Fatal(err)
		}
		res := c.call("facet_get_model", map[string]any{"id": "d"})
		mustErr(t, res, "declares no model projections and does not expose its model", "facet_screenshot", WidgetsURI("d"), "get_*")
		if b, _ := json.Marshal(res); strings.Contains(string(b), secret) {
			t.Fatalf("the refusal holds the model: %s", b)
		}
	}
}

// TestAPasswordNeverLeavesThroughGetModel: the sign-in form keeps its
// password in its model, and declares a projection without it.
func TestAPasswordNeverLeavesThroughGetModel(t *testing.T) {
	srv := newTestServer(t, Options{})
	c := connect(t, srv)
	sess, err := srv.StartSession(context.Background(), "nf", "signin", &signIn{})
	if err != nil {
		t.Fatal(err)
	}
	personTypes(t, sess, "hunter2")
	res := mustOK(t, c.call("facet_get_model", map[string]any{"id": "nf"}))
	if b, _ := json.Marshal(res); strings.Contains(string(b), "hunter2") {
		t.Fatalf("facet_get_model answers the password: %s", b)
	}
	if form, _ := structured(t, res)["form"].(map[string]any); form == nil || form["submits"] != float64(0) {
		t.Fatalf("facet_get_model = %s, want the form projection", text(res))
	}
}
