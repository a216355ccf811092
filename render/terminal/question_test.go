package terminal_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

func TestThePersonAnswersAnAgentsQuestion(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		press string
		want  bool
	}{{"y", true}, {"n", false}} {
		t.Run(tc.press, func(t *testing.T) {
			rt, err := tea.Start(ctx, keyLog{})
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Stop()
			tm := runOnTerminal(t, nil, terminal.WithRuntime(rt))
			tm.waitFor("keys: []")
			reply := make(chan bool, 1)
			if _, err := rt.Dispatch(ctx, tea.AskHumanMsg{Agent: "mcp:c1", Text: "read the model", Reply: reply}); err != nil {
				t.Fatal(err)
			}
			tm.waitFor("? agent mcp:c1 asks: read the model (y allow once, n deny)")
			tm.typeRaw(tc.press)
			select {
			case got := <-reply:
				if got != tc.want {
					t.Fatalf("pressing %s answered %v", tc.press, got)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("pressing %s answered nothing; screen:\n%s", tc.press, tm.screen())
			}
			// The answer took the key: the app never saw it, and the
			// question left the status line.
			deadline := time.Now().Add(5 * time.Second)
			for strings.Contains(tm.screen(), "asks:") && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if strings.Contains(tm.screen(), "asks:") || !strings.Contains(tm.screen(), "keys: []") {
				t.Fatalf("after the answer:\n%s", tm.screen())
			}
		})
	}
}
