package tea

import "errors"

// Question is an agent's request that the person at a session approve one
// call ("agent mcp:… wants to read the model"). While one is pending the
// terminal shows it on the status line and takes the person's answer; it
// is in Presence, so every renderer sees the same question.
type Question struct {
	// ID tells this question from later ones (see WithdrawQuestionMsg).
	ID uint64
	// Agent is who asks, as in Presence.Agents.
	Agent string
	// Text is what the agent wants, in a few words.
	Text string
}

// AskHumanMsg puts a question to the person at the session. Reply gets the
// answer once (true: allow once; false: deny) when the person answers, and
// false when the question is withdrawn or the person detaches agents; it
// needs room for one value. An asker also watches the session's end. Dispatch answers ErrQuestionPending while another
// question waits, and ErrAgentsBlocked while the person has detached
// agents. The published snapshot's Presence.Question carries the new
// question's ID. The runtime takes it; Update never sees it.
type AskHumanMsg struct {
	Agent, Text string
	Reply       chan<- bool
}

// AnswerHumanMsg is the person's answer to the pending question: a key on
// the terminal sends it. With no question pending it does nothing. The
// runtime takes it; Update never sees it.
type AnswerHumanMsg struct{ Allow bool }

// WithdrawQuestionMsg takes question ID back unanswered (its asker stopped
// waiting); its Reply gets false. Another ID does nothing. The runtime
// takes it; Update never sees it.
type WithdrawQuestionMsg struct{ ID uint64 }

// ErrQuestionPending is Dispatch's answer to an AskHumanMsg while another
// question waits for the person.
var ErrQuestionPending = errors.New("tea: another question is waiting for the person's answer")

// pendingQuestion is the question waiting and where its answer goes; the
// owner goroutine alone touches it.
type pendingQuestion struct {
	id    uint64
	reply chan<- bool
}

// handleQuestion runs a question message on the owner goroutine.
func (r *Runtime) handleQuestion(cur *Snapshot, msg Msg) error {
	switch m := msg.(type) {
	case AskHumanMsg:
		switch {
		case cur.Presence.Blocked:
			return ErrAgentsBlocked
		case r.question.reply != nil:
			return ErrQuestionPending
		}
		r.lastQuestion++
		r.question = pendingQuestion{id: r.lastQuestion, reply: m.Reply}
		s := *cur
		s.Presence.Question = &Question{ID: r.lastQuestion, Agent: m.Agent, Text: m.Text}
		r.publish(&s)
	case AnswerHumanMsg:
		r.closeQuestion(cur, m.Allow)
	case WithdrawQuestionMsg:
		if r.question.id == m.ID {
			r.closeQuestion(cur, false)
		}
	}
	return nil
}

// closeQuestion answers the pending question, if any, and takes it off the
// status line.
func (r *Runtime) closeQuestion(cur *Snapshot, allow bool) {
	if r.question.reply == nil {
		return
	}
	select {
	case r.question.reply <- allow:
	default:
	}
	r.question = pendingQuestion{}
	s := *cur
	s.Presence.Question = nil
	r.publish(&s)
}
