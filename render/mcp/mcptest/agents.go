package mcptest

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// JournalEntry is one entry of an agent's journal resource
// (facet://agent/<id>/journal).
type JournalEntry struct {
	Seq     int            `json:"seq"`
	Kind    string         `json:"kind"`
	Tool    string         `json:"tool,omitempty"`
	Args    map[string]any `json:"args,omitempty"`
	Answer  string         `json:"answer,omitempty"`
	IsError bool           `json:"is_error,omitempty"`
	Text    string         `json:"text,omitempty"`
}

// Journal is an agent's journal resource as a client reads it.
type Journal struct {
	ID      string         `json:"id"`
	Kind    string         `json:"kind"`
	Session string         `json:"session"`
	Status  string         `json:"status"`
	Total   int            `json:"total"`
	Entries []JournalEntry `json:"entries"`
}

// Calls returns the tools the journal's calls named, in order.
func (j Journal) Calls() []string {
	var out []string
	for _, e := range j.Entries {
		if e.Kind == "call" {
			out = append(out, e.Tool)
		}
	}
	return out
}

// SpawnAgent starts an agent of kind with id on the session under test
// through the agent tool (the server must serve it: install it
// on the server given to WithServer). args adds goal and budget. A
// refusal fails the test unless ExpectError came before.
func (s *Session) SpawnAgent(kind, id string, args map[string]any) *Result {
	s.t.Helper()
	a := map[string]any{"action": "spawn", "kind": kind, "id": id, "session": s.id}
	for k, v := range args {
		a[k] = v
	}
	res, _ := s.run(fmt.Sprintf("SpawnAgent(%q, %q)", kind, id), "", "agent", a)
	return res
}

// WaitAgent waits (up to the wait timeout, WithWaitTimeout) until agent id
// is no longer running, and returns its status as the agent tool's status
// answers it.
func (s *Session) WaitAgent(id string) map[string]any {
	s.t.Helper()
	var last map[string]any
	deadline := time.Now().Add(s.wait)
	for {
		res := s.call("agent", map[string]any{"action": "status", "id": id})
		if res.IsError {
			s.fatal("", "WaitAgent(%q): agent status failed: %s", id, res.Text)
			return nil
		}
		last = map[string]any{}
		_ = res.Decode(&last)
		if last["status"] != "running" {
			return last
		}
		if time.Now().After(deadline) {
			s.fatal("", "WaitAgent(%q): still running after %v: %v", id, s.wait, last)
			return last
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// AgentJournal reads agent id's journal resource.
func (s *Session) AgentJournal(id string) Journal {
	s.t.Helper()
	var j Journal
	if err := s.readResource("facet://agent/"+id+"/journal", &j); err != nil {
		s.fatal("", "AgentJournal(%q): %v", id, err)
	}
	return j
}

// AssertJournal checks agent id's journal with cond, reporting the
// journal's calls when it does not hold.
func (s *Session) AssertJournal(id string, cond func(j Journal) bool) *Session {
	s.t.Helper()
	j := s.AgentJournal(id)
	if !cond(j) {
		b, _ := json.Marshal(j.Calls())
		s.errorf("", "AssertJournal(%q): the condition does not hold; %d entries (total %d), calls: %s; last: %s", id, len(j.Entries), j.Total, b, lastEntry(j))
	}
	return s.next()
}

func lastEntry(j Journal) string {
	if len(j.Entries) == 0 {
		return "none"
	}
	e := j.Entries[len(j.Entries)-1]
	return strings.TrimSpace(fmt.Sprintf("%s %s %s %s", e.Kind, e.Tool, e.Text, oneLine(truncate(e.Answer, 200))))
}
