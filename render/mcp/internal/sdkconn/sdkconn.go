// Package sdkconn adapts an in-process JSON-RPC connection (mcp.Conn) to
// an mcp-go client transport.
package sdkconn

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/client/transport"
	sdk "github.com/mark3labs/mcp-go/mcp"
)

// Conn is an in-process JSON-RPC connection (mcp.Conn).
type Conn interface {
	Call(ctx context.Context, request json.RawMessage) (json.RawMessage, error)
	Notify(ctx context.Context, notification json.RawMessage) error
	OnNotification(f func(notification json.RawMessage))
	Close() error
}

// ErrClosed is what a closed Conn answers (ErrClosed).
var ErrClosed = errors.New("mcp: connection closed")

// Transport is an mcp-go transport over conn; closing it closes conn.
func Transport(conn Conn) transport.Interface { return &connTransport{conn: conn} }

// connTransport is an mcp-go transport over a Conn.
type connTransport struct{ conn Conn }

func (t *connTransport) Start(context.Context) error { return nil }

func (t *connTransport) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("sdkconn: encode the request: %w", err)
	}
	answer, err := t.conn.Call(ctx, b)
	if errors.Is(err, ErrClosed) {
		return nil, transport.ErrTransportClosed
	}
	if err != nil {
		return nil, fmt.Errorf("sdkconn: %w", err)
	}
	var resp transport.JSONRPCResponse
	if err := json.Unmarshal(answer, &resp); err != nil {
		return nil, fmt.Errorf("sdkconn: decode the answer: %w", err)
	}
	return &resp, nil
}

func (t *connTransport) SendNotification(ctx context.Context, n sdk.JSONRPCNotification) error {
	b, err := json.Marshal(n)
	if err != nil {
		return fmt.Errorf("sdkconn: encode the notification: %w", err)
	}
	if err := t.conn.Notify(ctx, b); errors.Is(err, ErrClosed) {
		return transport.ErrTransportClosed
	} else if err != nil {
		return fmt.Errorf("sdkconn: %w", err)
	}
	return nil
}

func (t *connTransport) SetNotificationHandler(f func(sdk.JSONRPCNotification)) {
	if f == nil {
		t.conn.OnNotification(nil)
		return
	}
	t.conn.OnNotification(func(raw json.RawMessage) {
		var n sdk.JSONRPCNotification
		if json.Unmarshal(raw, &n) == nil {
			f(n)
		}
	})
}

func (t *connTransport) Close() error { return t.conn.Close() }

// GetSessionId answers "", as mcp-go's own in-process transport does.
func (t *connTransport) GetSessionId() string { return "" }
