// Package rpcline is a JSON-RPC client that writes one request a line and
// reads the answers a line at a time, as MCP's stdio transport speaks:
// what Facet's tests and benchmarks drive a server's stdio with, one
// request at a time, without an SDK's client between them and the bytes.
package rpcline

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ErrAnswer is matched (errors.Is) by the error of a request the server
// answered with a JSON-RPC error.
var ErrAnswer = errors.New("rpcline: the server answered an error")

// Client sends requests on one writer and reads their answers from one
// reader. It is not safe for concurrent use.
type Client struct {
	w   io.Writer
	r   *bufio.Reader
	seq int
}

// New is a client that writes requests to w and reads answers from r.
func New(w io.Writer, r io.Reader) *Client {
	return &Client{w: w, r: bufio.NewReader(r)}
}

// Call sends method with params (JSON text, such as `{}`) and returns the
// result of its answer, skipping the notifications (and any other line)
// before it. An error answer is an error matching ErrAnswer that carries
// the error's JSON.
func (c *Client) Call(method, params string) (json.RawMessage, error) {
	c.seq++
	if _, err := fmt.Fprintf(c.w, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", c.seq, method, params); err != nil {
		return nil, fmt.Errorf("rpcline: %s: %w", method, err)
	}
	for {
		line, err := c.r.ReadBytes('\n')
		if err != nil {
			return nil, fmt.Errorf("rpcline: %s: %w", method, err)
		}
		var resp struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &resp) != nil || resp.ID == nil || *resp.ID != c.seq {
			continue // a notification, or not an answer to this request
		}
		if resp.Error != nil {
			return nil, fmt.Errorf("%w: %s: %s", ErrAnswer, method, resp.Error)
		}
		return resp.Result, nil
	}
}

// Notify sends the notification method, without params.
func (c *Client) Notify(method string) error {
	if _, err := fmt.Fprintf(c.w, `{"jsonrpc":"2.0","method":%q}`+"\n", method); err != nil {
		return fmt.Errorf("rpcline: %s: %w", method, err)
	}
	return nil
}
