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
		name    string
		answer  tea.Msg // nil: the person does not answer
		timeout time.Duration
		want    string // in the refusal; "" when the call runs
	}{
		// An answered question waits on the answer, not on the clock: a
		// timeout the answer cannot miss however busy the machine is.
		{"allowed once", tea.AnswerHumanMsg{Allow: true}, time.Minute, ""},
		{"denied", tea.AnswerHumanMsg{Allow: false}, time.Minute, "the person at session `live` denied it"},
		{"no answer", nil, 200 * time.Millisecond, "the person at session `live` did not answer within 200ms"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newTestServer(t, Options{Auth: AuthOptions{Authorizer: askModel}, AskPerson: true, AskTimeout: tc.timeout})
			sess, err := srv.StartSession(context.Background(), "live", "counter", testApps()[0].New())
			if err != nil {
				t.Fatal(err)
			}
			asked := make(chan tea.Question, 1)
			stop := sess.Watch(func(s tea.Snapshot) {
				if q := s.Presence.Question; q != nil {
					select {
					case asked <- *q:
					default:
					}
				}
			})
			defer stop()
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
				var q tea.Question
				select {
				case q = <-asked:
				case <-time.After(30 * time.Second):
					t.Fatal("the person was never asked")
				}
				if q.Text != "read the model" || !strings.HasPrefix(q.Agent, "mcp:") {
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
			if tc.answer == nil && len(asked) == 0 {
				t.Fatal("the call timed out without asking the person")
			}
		})
	}
}

func TestAnAskInAnAgentsOwnSessionStaysWithTheClient(t *testing.T) {
	srv := newTestServer(t, Options{AskPerson: true, AskTimeout: 200 * time.Millisecond,
		Auth: AuthOptions{Authorizer: func(tool string, _ map[string]any, _ AuthContext) Decision {
			if tool == "facet_get_model" {
				return Ask("read the model")
			}
			return Allow()
		}}})
	c := connect(t, srv)
	mustOK(t, c.call("facet_start", map[string]any{"app": "counter", "id": "own"}))
	// The test client declares no elicitation: the client cannot be asked.
	mustErr(t, c.call("facet_get_model", map[string]any{"id": "own"}), "does not support elicitation")
}
