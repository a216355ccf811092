package agent

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Info is an agent as the agent tool's list and status show it.
type Info struct {
	ID         string         `json:"id"`
	Kind       string         `json:"kind"`
	Session    string         `json:"session,omitempty"`
	Status     string         `json:"status"`
	Goal       string         `json:"goal,omitempty"`
	Steps      int            `json:"steps"`
	LastAction string         `json:"last_action,omitempty"`
	Started    time.Time      `json:"started,omitzero"`
	Ended      time.Time      `json:"ended,omitzero"`
	Error      string         `json:"error,omitempty"`
	Budget     *BudgetInfo    `json:"budget,omitempty"`
	Journal    string         `json:"journal,omitempty"`
	Detail     map[string]any `json:"detail,omitempty"`
}

// BudgetInfo is a budget as Info shows it.
type BudgetInfo struct {
	Steps   int     `json:"steps"`
	Seconds float64 `json:"seconds"`
}

// Marker is the agent on a person's marker line:
// "explorer a1: clicked inc · 12 steps".
func (i Info) Marker() string {
	s := i.Kind + " " + i.ID
	if i.LastAction != "" {
		s += ": " + i.LastAction
	}
	if i.Status == StatusExposed {
		return s
	}
	return fmt.Sprintf("%s · %d steps", s, i.Steps)
}

func (r *running) info() Info {
	r.mu.Lock()
	defer r.mu.Unlock()
	i := Info{ID: r.spec.ID, Kind: r.spec.Kind, Session: r.spec.Session, Status: r.status, Goal: r.spec.Goal,
		Started: r.started, Ended: r.ended, Error: r.err, Journal: JournalURI(r.spec.ID),
		Budget: &BudgetInfo{Steps: r.spec.Budget.Steps, Seconds: r.spec.Budget.Time.Seconds()}}
	if r.conn != nil {
		i.Steps, i.LastAction = r.conn.Steps(), r.conn.LastAction()
	}
	return i
}

// List returns every agent, spawned and exposed, by id.
func (m *Manager) List() []Info {
	m.mu.Lock()
	rs := make([]*running, 0, len(m.agents))
	for _, r := range m.agents {
		rs = append(rs, r)
	}
	bs := make([]*Bridge, 0, len(m.bridges))
	for _, b := range m.bridges {
		bs = append(bs, b)
	}
	m.mu.Unlock()
	out := make([]Info, 0, len(rs)+len(bs))
	for _, r := range rs {
		out = append(out, r.info())
	}
	for _, b := range bs {
		out = append(out, b.info())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Marker is how the agent a session's presence names (its connection's
// name, "<kind> <id>") shows on a person's marker line: "explorer a1:
// clicked inc · 12 steps". A name that is not one of this manager's
// agents comes back as it is.
func (m *Manager) Marker(presence string) string {
	kind, id, ok := strings.Cut(presence, " ")
	if !ok {
		return presence
	}
	r, b, err := m.get(id)
	switch {
	case err != nil:
		return presence
	case b != nil:
		return b.info().Marker()
	case r.spec.Kind != kind:
		return presence
	}
	return r.info().Marker()
}

// OnSession returns the agents working on session, by id.
func (m *Manager) OnSession(session string) []Info {
	var out []Info
	for _, i := range m.List() {
		if i.Session == session {
			out = append(out, i)
		}
	}
	return out
}

// Status returns one agent with its kind's own status (coverage, faults).
func (m *Manager) Status(id string) (Info, error) {
	r, b, err := m.get(id)
	if err != nil {
		return Info{}, err
	}
	if b != nil {
		return b.info(), nil
	}
	i := r.info()
	i.Detail = r.agent.Status()
	return i, nil
}

// Ask asks an agent a question about its work.
func (m *Manager) Ask(ctx context.Context, id, question string) (string, error) {
	if strings.TrimSpace(question) == "" {
		return "", fmt.Errorf("question is empty: ask the agent something (the explorer answers \"test\" with a Go test)")
	}
	r, b, err := m.get(id)
	if err != nil {
		return "", err
	}
	if b != nil {
		return "", fmt.Errorf("agent %q is exposed by the host: call its agent_<action> tools instead", id)
	}
	answer, err := r.agent.Ask(ctx, question)
	if err != nil {
		r.journal.Error("ask: " + err.Error())
		return "", err
	}
	r.journal.Add(Entry{Kind: KindNote, Text: "asked: " + question})
	return answer, nil
}

// JournalView is an agent's journal resource.
type JournalView struct {
	ID      string  `json:"id"`
	Kind    string  `json:"kind"`
	Session string  `json:"session,omitempty"`
	Status  string  `json:"status"`
	Total   int     `json:"total"`
	Entries []Entry `json:"entries"`
}

// Journal returns agent id's journal as its resource shows it.
func (m *Manager) Journal(id string) (JournalView, error) {
	r, b, err := m.get(id)
	if err != nil {
		return JournalView{}, err
	}
	if b != nil {
		entries, total := b.st.journal.Entries()
		return JournalView{ID: id, Kind: b.Kind, Status: StatusExposed, Total: total, Entries: entries}, nil
	}
	entries, total := r.journal.Entries()
	i := r.info()
	return JournalView{ID: id, Kind: i.Kind, Session: i.Session, Status: i.Status, Total: total, Entries: entries}, nil
}

// JournalID returns the agent id a journal URI names.
func JournalID(uri string) (string, bool) {
	rest, ok := strings.CutPrefix(uri, "facet://agent/")
	if !ok {
		return "", false
	}
	id, ok := strings.CutSuffix(rest, "/journal")
	return id, ok && CheckID(id) == nil
}
