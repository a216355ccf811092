package tea

import "slices"

// Presence is who acts on a runtime besides its human: the agents (MCP
// connections) attached to it, and whether the human has detached them. The
// terminal shows it on its status line; the MCP renderer refuses agents'
// calls while Blocked. Its slice is never changed once published.
type Presence struct {
	// Agents are the attached agents, in the order they attached.
	Agents []string
	// Blocked is set while the human has detached agents: renderers for
	// agents refuse to act until it is cleared.
	Blocked bool
	// Question is an agent's question waiting for the human's answer (see
	// AskHumanMsg), or nil.
	Question *Question
	// People are the people sharing the session by invitation, in the
	// order they joined, the inviter first (see JoinMsg); none while it
	// is not shared.
	People []Person
}

// Person is one person sharing a session: the name the others see, and
// whether the inviter lets them only watch.
type Person struct {
	Name     string
	ReadOnly bool
}

// JoinMsg records that Person shares the session, or, for a name already
// there, their new ReadOnly. The runtime takes it; Update never sees it.
type JoinMsg struct{ Person Person }

// LeaveMsg drops the person named Name from the people sharing the
// session; a name not there is no error. The runtime takes it; Update
// never sees it.
type LeaveMsg struct{ Name string }

// Attached reports whether agent is attached.
func (p Presence) Attached(agent string) bool { return slices.Contains(p.Agents, agent) }

// AttachAgentMsg records that Agent acts on the runtime (attaching twice is
// no error). Dispatch answers ErrAgentsBlocked while the human has detached
// agents. The runtime takes it; Update never sees it.
type AttachAgentMsg struct{ Agent string }

// DetachAgentMsg drops one agent, as when its connection ends; it does not
// block agents. An agent not attached is no error. The runtime takes it;
// Update never sees it.
type DetachAgentMsg struct{ Agent string }

// DetachAgentsMsg drops every attached agent and blocks agents from acting
// until an AllowAgentsMsg; a human's "detach" key sends it. The runtime
// takes it; Update never sees it.
type DetachAgentsMsg struct{}

// AllowAgentsMsg lets agents act again after a DetachAgentsMsg. The
// runtime takes it; Update never sees it.
type AllowAgentsMsg struct{}

// settledPresence reports whether msg would change nothing in p, so
// Dispatch can answer it without a trip through the owner goroutine (an
// agent's every call attaches it).
func settledPresence(p Presence, msg Msg) bool {
	switch m := msg.(type) {
	case AttachAgentMsg:
		return !p.Blocked && p.Attached(m.Agent)
	case DetachAgentMsg:
		return !p.Attached(m.Agent)
	}
	return false
}

// withPresence returns p as msg (one of the presence messages) leaves it,
// whether it changed, and ErrAgentsBlocked for an agent attaching while
// agents are blocked. p is never changed (snapshots share it).
func withPresence(p Presence, msg Msg) (next Presence, changed bool, err error) {
	switch m := msg.(type) {
	case DetachAgentsMsg:
		return Presence{Blocked: true, Question: p.Question, People: p.People}, true, nil
	case AllowAgentsMsg:
		return Presence{Agents: p.Agents, Question: p.Question, People: p.People}, true, nil
	case JoinMsg:
		i := slices.IndexFunc(p.People, func(q Person) bool { return q.Name == m.Person.Name })
		switch {
		case i < 0:
			p.People = append(slices.Clone(p.People), m.Person)
		case p.People[i] == m.Person:
			return p, false, nil
		default:
			p.People = slices.Clone(p.People)
			p.People[i] = m.Person
		}
		return p, true, nil
	case LeaveMsg:
		i := slices.IndexFunc(p.People, func(q Person) bool { return q.Name == m.Name })
		if i < 0 {
			return p, false, nil
		}
		p.People = slices.Delete(slices.Clone(p.People), i, i+1)
		return p, true, nil
	case DetachAgentMsg:
		if !p.Attached(m.Agent) {
			return p, false, nil
		}
		p.Agents = slices.DeleteFunc(slices.Clone(p.Agents), func(a string) bool { return a == m.Agent })
		return p, true, nil
	case AttachAgentMsg:
		if p.Blocked {
			return p, false, ErrAgentsBlocked
		}
		if p.Attached(m.Agent) {
			return p, false, nil
		}
		p.Agents = append(slices.Clone(p.Agents), m.Agent)
		return p, true, nil
	}
	return p, false, nil
}
