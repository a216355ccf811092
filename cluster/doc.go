// Package cluster spreads Facet sessions over several processes (nodes)
// joined through NATS.
//
// A node joins a NATS server (Options.URL) or runs an embedded one
// (Options.Listen, JetStream on) that other nodes join. Beyond loopback the
// embedded server requires a shared secret (Options.Secret, a NATS token)
// and TLS (Options.TLSCert, Options.TLSKey); a node that joins presents the
// secret and verifies the server with Options.TLSCA. Whoever holds the
// secret can act as any node. The
// session directory is a JetStream key-value bucket: every session's id,
// node, app, owner and agents, created with KV create semantics (so an id is
// unique across the cluster) and kept alive by the node that owns it (a
// bucket TTL: a dead node's sessions vanish on their own). Nodes register
// themselves the same way.
//
// Whoever has NATS access can write the bucket, so a node does not take it
// on trust. It watches its own entries and puts back, with a
// compare-and-set on the revision it saw, any that someone deleted,
// rewrote or let expire, logging what the other entry claimed (the same
// happens at every refresh). Before it claims an id it asks every other
// node whether that node holds it, so a live session whose entry is
// missing for a moment is not started twice; a node name is kept the same
// way. A request is forwarded only to a node that is live in the
// directory, never to whatever subject a forged entry names.
//
// A session runs on the node that started it. A request for it (a tool
// call, a resource read, a caller leaving) made on any node travels over
// NATS request/reply to the owner, with the node it came from and who asked
// there; the owner checks ownership again and answers through its Handler,
// and the answer and the error come back as if the call had been local.
// Changes to a session are published on a subject other nodes subscribe to
// (Subscribe, Follow), which also tells them when the session leaves the
// directory: it stopped, or its node died.
//
// Nothing here is home-made where NATS already does it: membership,
// uniqueness and expiry are the bucket's, routing is subjects.
package cluster
