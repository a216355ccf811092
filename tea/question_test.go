package tea_test

import (
	"context"
	"errors"
	"testing"

	"github.com/facetui/facet/tea"
)

func TestAQuestionWaitsForThePersonsAnswer(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		answer tea.Msg
		want   bool
	}{
		{"allowed", tea.AnswerHumanMsg{Allow: true}, true},
		{"denied", tea.AnswerHumanMsg{Allow: false}, false},
		{"withdrawn", tea.WithdrawQuestionMsg{ID: 1}, false},
		{"agents detached", tea.DetachAgentsMsg{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rt, err := tea.Start(ctx, otherModel{})
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Stop()
			reply := make(chan bool, 1)
			tr, err := rt.Dispatch(ctx, tea.AskHumanMsg{Agent: "mcp:a", Text: "read the model", Reply: reply})
			if err != nil {
				t.Fatal(err)
			}
			q := tr.After.Presence.Question
			if q == nil || q.ID != 1 || q.Agent != "mcp:a" || q.Text != "read the model" {
				t.Fatalf("question published: %+v", q)
			}
			if _, err := rt.Dispatch(ctx, tea.AskHumanMsg{Agent: "mcp:b", Text: "x", Reply: make(chan bool, 1)}); !errors.Is(err, tea.ErrQuestionPending) {
				t.Fatalf("a second question: %v", err)
			}
			if _, err := rt.Dispatch(ctx, tea.WithdrawQuestionMsg{ID: 99}); err != nil || rt.Snapshot().Presence.Question == nil {
				t.Fatalf("withdrawing another id: %v, %+v", err, rt.Snapshot().Presence.Question)
			}
			if _, err := rt.Dispatch(ctx, tc.answer); err != nil {
				t.Fatal(err)
			}
			select {
			case got := <-reply:
				if got != tc.want {
					t.Fatalf("reply %v, want %v", got, tc.want)
				}
			default:
				t.Fatal("no reply")
			}
			if q := rt.Snapshot().Presence.Question; q != nil {
				t.Fatalf("the question stays after its answer: %+v", q)
			}
		})
	}
}
