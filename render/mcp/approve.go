package mcp

import (
	"context"
	"fmt"
	"time"

	"github.com/facetui/facet/tea"
)

// approvals put an authorizer's Ask to whoever answers it: the person at
// a host session (Options.AskPerson), else the client.
type approvals struct {
	person      bool // Options.AskPerson
	sessions    *tea.Sessions
	starts      *startGate
	names       toolNamer
	client      approver
	callTimeout time.Duration
}

// approve asks for approval of a call of tool on session, for an
// authorizer's Ask. With AskPerson, a host session's person answers on its
// status line (see askPerson); otherwise the client does, through MCP
// elicitation when it declared it (for a stateless call, an
// *inputRequired error asks for its answer).
func (a approvals) approve(ctx context.Context, tool, session, prompt string) (bool, string, error) {
	if a.person && session != "" {
		if sess, running := a.sessions.Get(session); running && !a.starts.has(sess) {
			ok, why := a.askPerson(ctx, sess, tool, prompt)
			return ok, why, nil
		}
	}
	return a.client.ask(ctx, tool, prompt)
}

// askPerson puts the question to the person at sess and waits up to
// AskTimeout for the answer; no answer denies, and takes the question off
// their screen.
func (a approvals) askPerson(ctx context.Context, sess *tea.Session, tool, prompt string) (bool, string) {
	text := prompt
	if text == "" {
		text = "call " + a.names.advertisedName(tool)
	}
	reply := make(chan bool, 1)
	tr, err := sess.Dispatch(ctx, tea.AskHumanMsg{Agent: agentName(authContext(ctx).ConnectionID), Text: text, Reply: reply})
	if err != nil {
		return false, fmt.Sprintf("the person at session `%s` could not be asked: %v", sess.ID, err)
	}
	var id uint64
	if q := tr.After.Presence.Question; q != nil {
		id = q.ID
	}
	timer := time.NewTimer(a.client.timeout)
	defer timer.Stop()
	var why string
	select {
	case allowed := <-reply:
		if allowed {
			return true, ""
		}
		return false, fmt.Sprintf("the person at session `%s` denied it", sess.ID)
	case <-timer.C:
		why = fmt.Sprintf("the person at session `%s` did not answer within %v", sess.ID, a.client.timeout)
	case <-ctx.Done():
		why = fmt.Sprintf("the call ended before the person at session `%s` answered", sess.ID)
	case <-sess.Done():
		return false, fmt.Sprintf("session `%s` stopped before its person answered", sess.ID)
	}
	wctx, cancel := context.WithTimeout(context.Background(), a.callTimeout)
	defer cancel()
	_, _ = sess.Dispatch(wctx, tea.WithdrawQuestionMsg{ID: id})
	return false, why
}
