package cluster

import (
	"errors"
	"fmt"

	"github.com/facetui/facet/tea"
)

// ErrStaleSession is matched (errors.Is) by errors for a session the
// directory no longer has, or whose node no longer answers.
var ErrStaleSession = errors.New("stale session")

// ErrNodeNameTaken is returned by Join when another live node has the name.
var ErrNodeNameTaken = errors.New("node name taken")

// IDTakenError is returned when a session id is already in the directory.
// It matches tea.ErrSessionExists.
type IDTakenError struct {
	ID   string
	Node string
}

func (e *IDTakenError) Error() string {
	return fmt.Sprintf("session id %q is taken on node %q: session ids are unique across the cluster, so pick another (facet_list shows the ones in use)", e.ID, e.Node)
}

// Is makes errors.Is(err, tea.ErrSessionExists) true.
func (e *IDTakenError) Is(target error) bool { return target == tea.ErrSessionExists }

// StaleSessionError reports a session that is not running where the
// caller thought: its node is gone, or it stopped. It matches
// ErrStaleSession and tea.ErrNoSession.
type StaleSessionError struct {
	ID   string
	Node string // the node the directory named, if any
	// Why says what was found: "not in the directory", "node did not
	// answer", ...
	Why string
}

func (e *StaleSessionError) Error() string {
	where := ""
	if e.Node != "" {
		where = fmt.Sprintf(" on node %q", e.Node)
	}
	return fmt.Sprintf("session `%s`%s is not running (%s); call facet_list to see running sessions", e.ID, where, e.Why)
}

// Is makes errors.Is match ErrStaleSession and tea.ErrNoSession.
func (e *StaleSessionError) Is(target error) bool {
	return target == ErrStaleSession || target == tea.ErrNoSession
}
