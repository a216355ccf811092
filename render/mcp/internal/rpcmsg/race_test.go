//go:build race

package rpcmsg

// raceEnabled: the race detector makes sync.Pool drop what it is given,
// so json.Valid's pooled scanner is allocated again now and then.
const raceEnabled = true
