package mcp

import (
	"context"
	"log/slog"
	"sync"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/tea"
)

// List-changed fan-out. mcp-go sends notifications/tools/list_changed and
// notifications/resources/list_changed to every client whenever a tool or
// resource is added or removed, and has no option to choose whom: so the
// SDK server is built without the listChanged capabilities (it then sends
// none), the capabilities are put back into the initialize and
// server/discover answers, and each change is told here only to the
// connections whose view of the list it changes: a session's tools and
// resources to those that reach it (see reachOf), the static ones to all.
// Over stdio there is one connection, which reaches everything.

// listeners are the client connections of the server, by mcp-go session id.
type listeners struct {
	mu    sync.Mutex
	conns map[string]listener
	// asked holds, for a connection with a subscriptions/listen stream
	// open, which list_changed notifications it asked for.
	asked map[string]sdk.SubscriptionFilter
	// out queues every notification the server initiates, list_changed
	// and resources/updated, keeping what a full queue could not take.
	out outbox

	// sdk is the server the connections are of; starts and sessions say
	// who reaches a session; log takes what cannot be sent.
	sdk      *server.MCPServer
	starts   *startGate
	sessions *tea.Sessions
	log      *slog.Logger
}

// listener is one client connection: its mcp-go session and the
// key its sessions are owned under (AuthContext.Owner).
type listener struct {
	cs   server.ClientSession
	conn string
}

// installFanout adds the hooks that track connections and advertise the
// listChanged capabilities the SDK server was built without.
func (f *listeners) install(h *server.Hooks) {
	h.AddOnRegisterSession(func(ctx context.Context, cs server.ClientSession) {
		conn := authContext(f.sdk.WithContext(ctx, cs)).Owner()
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.conns == nil {
			f.conns = map[string]listener{}
		}
		f.conns[clientKey(cs)] = listener{cs: cs, conn: conn}
	})
	h.AddOnUnregisterSession(func(_ context.Context, cs server.ClientSession) {
		f.mu.Lock()
		defer f.mu.Unlock()
		delete(f.conns, clientKey(cs))
		delete(f.asked, clientKey(cs))
	})
	// A request's response stream carries what the client's queue holds
	// (the only way to reach a streamable-HTTP client with no GET stream
	// open), so what a full queue kept goes in now.
	h.AddBeforeAny(func(ctx context.Context, _ any, _ sdk.MCPMethod, _ any) {
		if cs := server.ClientSessionFromContext(ctx); cs != nil {
			f.out.flush(clientKey(cs))
		}
	})
	h.AddAfterInitialize(func(_ context.Context, _ any, _ *sdk.InitializeRequest, res *sdk.InitializeResult) {
		if res != nil {
			advertiseListChanged(&res.Capabilities)
		}
	})
	h.AddAfterDiscover(func(_ context.Context, _ any, _ *sdk.DiscoverRequest, res *sdk.DiscoverResult) {
		if res != nil {
			advertiseListChanged(&res.Capabilities)
		}
	})
}

// advertiseListChanged says the server sends list_changed for tools and
// resources, which it does (here, not through the SDK).
func advertiseListChanged(c *sdk.ServerCapabilities) {
	if c.Tools != nil {
		c.Tools.ListChanged = true
	}
	if c.Resources != nil {
		c.Resources.ListChanged = true
	}
}

// listening records which list_changed notifications a connection's
// subscriptions/listen stream asked for: the SDK's own filter leaves them
// out, since the SDK server does not have the capabilities.
func (f *listeners) listening(id string, want sdk.SubscriptionFilter) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.asked == nil {
		f.asked = map[string]sdk.SubscriptionFilter{}
	}
	f.asked[id] = want
}

// join adds a connection the SDK does not register (a stateless
// client's listen stream) under key.
func (f *listeners) join(key string, l listener) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.conns == nil {
		f.conns = map[string]listener{}
	}
	f.conns[key] = l
}

// leave forgets the connection under key.
func (f *listeners) leave(key string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.conns, key)
	delete(f.asked, key)
}

// listChanged sends method to every connection that reaches one of
// sessions ("" stands for the static tools and anything of no session,
// which every connection reaches).
func (f *listeners) listChanged(method sdk.MCPMethod, sessions []string) {
	if len(sessions) == 0 {
		return
	}
	public := false
	owners := map[string]bool{}
	for _, id := range sessions {
		if id == "" {
			public = true
			continue
		}
		if owner, private := f.starts.audience(f.sessions, id); private {
			owners[owner] = true
		} else {
			public = true
		}
	}
	f.mu.Lock()
	var to []server.ClientSession
	for id, l := range f.conns {
		if !public && !owners[l.conn] {
			continue
		}
		if sf, ok := l.cs.(server.SessionWithSubscriptionFilter); ok {
			if _, active := sf.SubscriptionFilter(); active {
				want := f.asked[id]
				if (method == sdk.MethodNotificationToolsListChanged && !want.ToolsListChanged) ||
					(method == sdk.MethodNotificationResourcesListChanged && !want.ResourcesListChanged) {
					continue
				}
			}
		}
		to = append(to, l.cs)
	}
	f.mu.Unlock()
	n := sdk.JSONRPCNotification{JSONRPC: sdk.JSONRPC_VERSION, Notification: sdk.Notification{Method: string(method)}}
	// The connection is not marked to answer every later call as an
	// event stream (mcp-go's UpgradeToSSEWhenReceiveNotification): a call
	// that is running when the notification is queued carries it on its
	// own stream, ahead of its answer, and one that is not leaves it for
	// the GET stream or the next call; a call during which nothing is told
	// stays one JSON body (see TestACallThatNotifiesNothingIsAnsweredAsJSON).
	for _, cs := range to {
		if !cs.Initialized() {
			continue
		}
		f.out.send(f.log, cs, "", n)
	}
}
