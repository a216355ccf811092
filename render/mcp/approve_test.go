package mcp

import (
	"context"
	"strings"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
)

func TestAnAskInAHostSessionGoesToItsPerson(t *testing.T) {
	askModel := func(tool string, _ map[string]any, _ AuthContext) Decision {
		if tool == "facet_get_model" {
			return Ask("read the model")
		}
		return Allow()
	}
	for _, tc := range []struct {
		name   string
		answer tea.Msg // nil: the person does not answer
		want   string  // in the refusal; "" when the call runs
	}{
		{"allowed once", tea.AnswerHumanMsg{Allow: true}, ""},
		{"denied", tea.AnswerHumanMsg{Allow: false}, "the person at session `live` denied it"},
		{"no answer", nil, "the person at session `live` did not answer within 200ms"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newTestServer(t, Options{Authorizer: askModel, AskPerson: true, AskTimeout: 200 * time.Millisecond})
			sess, err := srv.StartSession(context.Background(), "live", "counter", testApps()[0].New())
			if err != nil {
				t.Fatal(err)
			}
			c := connect(t, srv)
			done := make(chan *sdk.CallToolResult, 1)
			go func() {
				req := sdk.CallToolRequest{}
				req.Params.Name = "facet_get_model"
				req.Params.Arguments = map[string]any{"id": "live"}
				res, err := c.c.CallTool(context.Background(), req)
				if err != nil {
					res = sdk.NewToolResultError(err.Error())
				}
				done <- res
			}()
			if tc.answer != nil {
				var q *tea.Question
				for deadline := time.Now().Add(10 * time.Second); q == nil && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
					q = sess.Snapshot().Presence.Question
				}
				if q == nil || q.Text != "read the model" || !strings.HasPrefix(q.Agent, "mcp:") {
					t.Fatalf("the person was asked %+v", q)
				}
				if _, err := sess.Dispatch(context.Background(), tc.answer); err != nil {
					t.Fatal(err)
				}
			}
			res := <-done
			if tc.want == "" {
				mustOK(t, res)
			} else {
				mustErr(t, res, tc.want)
			}
			if q := sess.Snapshot().Presence.Question; q != nil {
				t.Fatalf("the question stays on the person's screen: %+v", q)
			}
		})
	}
}

func TestAnAskInAnAgentsOwnSessionStaysWithTheClient(t *testing.T) {
	srv := newTestServer(t, Options{AskPerson: true, AskTimeout: 200 * time.Millisecond,
		Authorizer: func(tool string, _ map[string]any, _ AuthContext) Decision {
			if tool == "facet_get_model" {
				return Ask("read the model")
			}
			return Allow()
		}})
	c := connect(t, srv)
	mustOK(t, c.call("facet_start", map[string]any{"app": "counter", "id": "own"}))
	// The test client declares no elicitation: the client cannot be asked.
	mustErr(t, c.call("facet_get_model", map[string]any{"id": "own"}), "does not support elicitation")
}
