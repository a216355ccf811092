package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// TestMountedGateRefusesASubscriptionWhoseKeysCollide pins the mounted
// gate's promise: a resources/subscribe or unsubscribe whose keys collide
// is refused whatever it names (its URI could be read two ways), and any
// other request is the host's to judge.
func TestMountedGateRefusesASubscriptionWhoseKeysCollide(t *testing.T) {
	srv := newTestServer(t, Options{})
	m := mounted{s: srv}
	for _, tc := range []struct {
		msg     string
		refused bool
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"app://a","URI":"facet://session/x/widgets"}}`, true},
		{`{"jsonrpc":"2.0","id":1,"method":"resources/unsubscribe","params":{"uri":"app://a","uri":"app://b"}}`, true},
		{`{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"app://a"}}`, false},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","NAME":"b"}}`, false},
	} {
		err := m.gate(context.Background(), 1, json.RawMessage(tc.msg))
		var kc *KeyCollisionError
		if got := errors.As(err, &kc); got != tc.refused {
			t.Errorf("gate(%s) = %v; want refused %v", tc.msg, err, tc.refused)
		}
	}
}
