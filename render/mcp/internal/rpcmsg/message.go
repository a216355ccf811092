package rpcmsg

import (
	"encoding/json"
)

// Message is what Facet reads of a JSON-RPC message: the raw JSON of its
// id and params (nil when absent; sub-slices of the message, not copies)
// and its method ("" when absent).
type Message struct {
	ID     []byte
	Method string
	Params []byte
}

// envelope is Message as encoding/json decodes it: the decoding Read
// agrees with.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

// envelopeNames are the members of a message Read looks for, in
// Message's order.
var envelopeNames = [...]string{"id", "method", "params"}

// Read reads raw as a JSON-RPC message. ok is false exactly when
// json.Unmarshal into a struct of Message's fields fails: raw is not JSON,
// or not an object, or its method is not a string.
func Read(raw []byte) (m Message, ok bool) {
	if !json.Valid(raw) {
		return Message{}, false
	}
	var vals [len(envelopeNames)][]byte
	if !Members(raw, envelopeNames[:], vals[:]) {
		return decodeMessage(raw)
	}
	m = Message{ID: vals[0], Params: vals[2]}
	if v := vals[1]; v != nil {
		method, ok := String(v)
		if !ok {
			return decodeMessage(raw)
		}
		m.Method = method
	}
	return m, true
}

// decodeMessage is Read by encoding/json, for any message.
func decodeMessage(raw []byte) (Message, bool) {
	var e envelope
	if json.Unmarshal(raw, &e) != nil {
		return Message{}, false
	}
	return Message{ID: e.ID, Method: e.Method, Params: e.Params}, true
}
