// Package rpcmsg reads what Facet needs of a JSON-RPC message (its id,
// method and params, and a few of its params' members) in one pass over
// its bytes, without decoding the rest: every request reaches Facet's
// gates (the read gate, the stdio lanes, the HTTP limits) before mcp-go
// decodes it for itself, and each of them used to decode it again.
//
// Its answers agree with encoding/json decoding into a struct of the same
// fields. A message it cannot read that way by its bytes alone (a key
// spelled with an escape, in another case or twice, a string value with
// an escape) is decoded by encoding/json instead, so the fast path never
// changes what a gate sees.
package rpcmsg
