package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
)

// listCounts counts the list_changed notifications one client receives,
// and its resources/updated (barriers: see beat).
type listCounts struct {
	mu               sync.Mutex
	tools, resources int
	// beat is the highest beat an update has told (see beat).
	beat int
}

func (l *listCounts) add(n sdk.JSONRPCNotification) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch sdk.MCPMethod(n.Method) {
	case sdk.MethodNotificationToolsListChanged:
		l.tools++
	case sdk.MethodNotificationResourcesListChanged:
		l.resources++
	case methodUpdated:
		// A beat's patch replaces the projection with its number.
		b, _ := json.Marshal(n.Params.Meta["patch"])
		var patch []struct {
			Value any `json:"value"`
		}
		_ = json.Unmarshal(b, &patch)
		for _, op := range patch {
			if v, ok := op.Value.(float64); ok {
				l.beat = max(l.beat, int(v))
			}
		}
	}
}

func (l *listCounts) beats() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.beat
}

// beat is an app with no tools whose one projection changes on every
// beatMsg. A subscriber's update of it is a barrier that changes no list:
// a connection's notifications are queued in the order they are sent,
// so once the update of a beat sent after some calls have answered has
// arrived, every list_changed those calls sent has arrived too.
type beat struct{ N int }

type beatMsg struct{}

func (b beat) Init() tea.Cmd { return nil }
func (b beat) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(beatMsg); ok {
		b.N++
	}
	return b, nil
}
func (b beat) View() tea.Node { return tea.Text{Content: fmt.Sprint(b.N)} }
func (b beat) Projections() []tea.Projection {
	return []tea.Projection{{Name: "n", Description: "The beats.", Value: func() any { return b.N }}}
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
// capabilities still say the server sends them. Each version's run is a
// synctest bubble: settle is synctest.Wait.
func TestListChangedGoesOnlyWhereTheListChanged(t *testing.T) {
	for _, version := range []string{"2025-06-18", sdk.LATEST_PROTOCOL_VERSION} {
		t.Run(version, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				srv := newTestServer(t, Options{Auth: AuthOptions{Authorizer: AllowAll()}})
				a := connectVersion(t, srv, version)
				// mcp-go names an in-process session by the clock's
				// nanoseconds, which stand still in a bubble until it sleeps.
				time.Sleep(time.Nanosecond)
				b := connectVersion(t, srv, version)
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
		})
	}
}

// TestListChangedOverHTTPStaysWithItsConnection: over streamable HTTP,
// client B, listening on its event stream, is told nothing while client
// A starts and stops private sessions, and is told of a shared one; A is
// told of its own.
func TestListChangedOverHTTPStaysWithItsConnection(t *testing.T) {
	srv := newTestServer(t, Options{Apps: securityApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"*"}}})
	base := serveLoopbackHTTP(t, srv)
	ctx := context.Background()
	dial := func(got *listCounts) *client.Client {
		t.Helper()
		//lint:ignore SA1019 Facet's HTTP serves the protocol versions with sessions, whose notifications come on the GET stream
		c, err := client.NewStreamableHttpClient(base+"/mcp", transport.WithContinuousListening())
		if err != nil {
			t.Fatal(err)
		}
		c.OnNotification(got.add)
		if err := c.Start(ctx); err != nil {
			t.Fatal(err)
		}
		init := sdk.InitializeRequest{}
		init.Params.ProtocolVersion = "2025-06-18"
		init.Params.ClientInfo = sdk.Implementation{Name: "fanout-test", Version: "1"}
		if _, err := c.Initialize(ctx, init); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	call := func(c *client.Client, name string, args map[string]any) {
		t.Helper()
		req := sdk.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = name, args
		if res, err := c.CallTool(ctx, req); err != nil || res.IsError {
			t.Fatalf("%s: %+v %v", name, res, err)
		}
	}
	// The host's beat session, which every connection reaches, started
	// before anyone connects: B subscribes to it, and each beat tells B
	// that what was sent to it before has arrived.
	beats, err := srv.StartSession(ctx, "beat", "beat", beat{})
	if err != nil {
		t.Fatal(err)
	}
	var aGot, bGot listCounts
	a := dial(&aGot)
	b := dial(&bGot)
	//lint:ignore SA1019 the stateful protocol's subscribe RPC: the 2025-06-18 client's
	if err := b.Subscribe(ctx, sdk.SubscribeRequest{Params: sdk.SubscribeParams{URI: ModelURI("beat", "n")}}); err != nil {
		t.Fatal(err)
	}
	// told sends a beat and waits until B has its update: B has then
	// been told everything sent to it before; it takes the counts.
	sent := 0
	told := func() (tools, resources int) {
		t.Helper()
		if _, err := beats.Dispatch(ctx, beatMsg{}); err != nil {
			t.Fatal(err)
		}
		sent++
		deadline := time.Now().Add(5 * time.Second)
		for bGot.beats() < sent {
			if time.Now().After(deadline) {
				t.Fatalf("client B was not told of beat %d", sent)
			}
			time.Sleep(5 * time.Millisecond)
		}
		return bGot.take()
	}
	// The first beat may be lost: mcp-go's forwarder for B's subscribe
	// POST can take a notification off B's queue as the POST ends, and
	// drop it. B sends nothing after, so beats are sent until one
	// arrives; from then on every one does.
	for deadline := time.Now().Add(5 * time.Second); bGot.beats() == 0; {
		if time.Now().After(deadline) {
			t.Fatal("client B was told of no beat")
		}
		if _, err := beats.Dispatch(ctx, beatMsg{}); err != nil {
			t.Fatal(err)
		}
		sent++
		for wait := time.Now().Add(100 * time.Millisecond); bGot.beats() == 0 && time.Now().Before(wait); {
			time.Sleep(5 * time.Millisecond)
		}
	}
	told() // every beat sent so far
	call(a, "facet_start", map[string]any{"app": "counter", "id": "pub0", "shared": true})
	oneTools, oneRes := told()
	if oneTools == 0 {
		t.Fatal("client B was not told of a shared session")
	}
	const n = 5
	for i := range n {
		id := fmt.Sprintf("p%d", i)
		call(a, "facet_start", map[string]any{"app": "counter", "id": id})
		call(a, "facet_stop", map[string]any{"id": id})
	}
	call(a, "facet_start", map[string]any{"app": "counter", "id": "pub1", "shared": true})
	if tools, res := told(); tools != oneTools || res != oneRes {
		t.Fatalf("client B was told %d tools/list_changed and %d resources/list_changed while A started and stopped %d private sessions and then a shared one; want %d and %d, as for a shared one alone", tools, res, n, oneTools, oneRes)
	}
	if tools, _ := aGot.take(); tools < 2*n {
		t.Fatalf("client A was told %d tools/list_changed for its own %d starts and stops", tools, 2*n)
	}
}
