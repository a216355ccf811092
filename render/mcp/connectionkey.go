package mcp

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
)

// connectionKeySecret keys connectionKey. It is drawn once per process and
// never changes, so a connection keeps its key for as long as the process
// runs, and no key can be computed, or turned back into a transport id,
// outside it.
var connectionKeySecret = func() []byte {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("mcp: no randomness for connection keys: " + err.Error())
	}
	return b
}()

// connectionKeyPads are HMAC-SHA256's inner and outer blocks of
// connectionKeySecret (the key XOR 0x36, and XOR 0x5c), computed once and
// never changed: connectionKey hashes with them on the stack, where
// crypto/hmac allocates two digests and their blocks for every request.
var connectionKeyPads = func() (pads [2][sha256.BlockSize]byte) {
	copy(pads[0][:], connectionKeySecret)
	copy(pads[1][:], connectionKeySecret)
	for i := range sha256.BlockSize {
		pads[0][i] ^= 0x36
		pads[1][i] ^= 0x5c
	}
	return pads
}()

// connectionKeyPrefix starts every connection key, so a key never reads as
// a transport id (those start with transport.SessionPrefix or mcp-go's
// "mcp-session-").
const connectionKeyPrefix = "conn-"

// connectionKey is the non-secret key of the client connection whose
// transport id (Mcp-Session-Id, or mcp-go's session id) is id: a keyed hash
// of 64 bits. The transport id is the connection's only credential over
// HTTP (whoever sends it is that client), so it never leaves the server;
// everything that names or records a connection — presence, ownership,
// the cluster directory, forwarded calls, notes, logs and the
// AuthContext an authorizer sees — uses this key instead.
func connectionKey(id string) string {
	if id == "" || id == defaultConnection {
		return id
	}
	mac := connectionMAC(id)
	var key [len(connectionKeyPrefix) + 16]byte
	copy(key[:], connectionKeyPrefix)
	hex.Encode(key[len(connectionKeyPrefix):], mac[:8])
	return string(key[:])
}

// connectionMAC is HMAC-SHA256(connectionKeySecret, id). Ids as long as
// transport ids are hashed without allocating; a longer one (a principal's
// name) takes crypto/hmac.
func connectionMAC(id string) [sha256.Size]byte {
	var inner [sha256.BlockSize + 128]byte
	if len(id) > len(inner)-sha256.BlockSize {
		m := hmac.New(sha256.New, connectionKeySecret)
		m.Write([]byte(id))
		return [sha256.Size]byte(m.Sum(nil))
	}
	copy(inner[:], connectionKeyPads[0][:])
	n := sha256.BlockSize + copy(inner[sha256.BlockSize:], id)
	var outer [sha256.BlockSize + sha256.Size]byte
	copy(outer[:], connectionKeyPads[1][:])
	sum := sha256.Sum256(inner[:n])
	copy(outer[sha256.BlockSize:], sum[:])
	return sha256.Sum256(outer[:])
}

// defaultConnection is the ConnectionID of a connection with no transport
// id: stdio's one client, or a transport that issued none.
const defaultConnection = "default"

// keyedLogs is a slog.Handler that logs the key of every transport id
// the SDK logs (as "session" or "sessionID"), never the id: the server's
// log is read by more people than the client who holds the id.
type keyedLogs struct{ slog.Handler }

// withKeyedSessionIDs is l with every session id it is given keyed.
func withKeyedSessionIDs(l *slog.Logger) *slog.Logger {
	return slog.New(keyedLogs{l.Handler()})
}

func (h keyedLogs) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, r.Message, r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(keyedAttr(a))
		return true
	})
	return h.Handler.Handle(ctx, out)
}

func (h keyedLogs) WithAttrs(as []slog.Attr) slog.Handler {
	keyed := make([]slog.Attr, len(as))
	for i, a := range as {
		keyed[i] = keyedAttr(a)
	}
	return keyedLogs{h.Handler.WithAttrs(keyed)}
}

func (h keyedLogs) WithGroup(name string) slog.Handler { return keyedLogs{h.Handler.WithGroup(name)} }

// keyedAttr is a with a session id replaced by its key.
func keyedAttr(a slog.Attr) slog.Attr {
	switch a.Key {
	case "session", "sessionID", "sessionId", "session_id":
		if id := a.Value.Resolve().String(); id != "" {
			return slog.String(a.Key, connectionKey(id))
		}
	}
	return a
}
