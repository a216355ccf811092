package mcp

import (
	"sync"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// listCounts counts the list_changed notifications one client receives.
type listCounts struct {
	mu               sync.Mutex
	tools, resources int
}

func (l *listCounts) add(n sdk.JSONRPCNotification) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch sdk.MCPMethod(n.Method) {
	case sdk.MethodNotificationToolsListChanged:
		l.tools++
	case sdk.MethodNotificationResourcesListChanged:
		l.resources++
	}
}

func (l *listCounts) take() (tools, resources int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	tools, resources = l.tools, l.resources
	l.tools, l.resources = 0, 0
	return tools, resources
}

// TestListChangedGoesOnlyWhereTheListChanged: a connection is told of
// tools/list and resources/list changes of the sessions it reaches (its
// own, shared ones, the host's) and never of another connection's
// private sessions, which would tell it of that client's activity; the
// capabilities still say the server sends them.
func TestListChangedGoesOnlyWhereTheListChanged(t *testing.T) {
	for _, version := range []string{"2025-06-18", sdk.LATEST_PROTOCOL_VERSION} {
		t.Run(version, func(t *testing.T) {
			srv := newTestServer(t, Options{Authorizer: AllowAll()})
			a, b := connectVersion(t, srv, version), connectVersion(t, srv, version)
			var aGot, bGot listCounts
			a.c.OnNotification(aGot.add)
			b.c.OnNotification(bGot.add)
			if caps := b.c.GetServerCapabilities(); caps.Tools == nil || !caps.Tools.ListChanged || caps.Resources == nil || !caps.Resources.ListChanged {
				t.Fatalf("the server does not advertise list_changed for tools and resources: %+v", caps)
			}

			steps := []struct {
				name         string
				call         func()
				aSees, bSees bool
			}{
				{"A starts a private session", func() { mustOK(t, a.call("facet_start", map[string]any{"app": "counter", "id": "priv"})) }, true, false},
				{"A's private session changes its view", func() { mustOK(t, a.call("priv.open.click", nil)) }, true, false},
				{"A stops it", func() { mustOK(t, a.call("facet_stop", map[string]any{"id": "priv"})) }, true, false},
				{"A starts a shared session", func() {
					mustOK(t, a.call("facet_start", map[string]any{"app": "counter", "id": "pub", "shared": true}))
				}, true, true},
			}
			for _, st := range steps {
				st.call()
				a.settle()
				b.settle()
				aTools, aRes := aGot.take()
				bTools, bRes := bGot.take()
				if st.aSees != (aTools > 0) || st.bSees != (bTools > 0) {
					t.Errorf("%s: tools/list_changed to A %d, to B %d; want A told %v, B told %v", st.name, aTools, bTools, st.aSees, st.bSees)
				}
				if st.name != "A's private session changes its view" && (st.aSees != (aRes > 0) || st.bSees != (bRes > 0)) {
					t.Errorf("%s: resources/list_changed to A %d, to B %d; want A told %v, B told %v", st.name, aRes, bRes, st.aSees, st.bSees)
				}
				if bRes > 0 && !st.bSees {
					t.Errorf("%s: B was sent %d resources/list_changed", st.name, bRes)
				}
			}
		})
	}
}
