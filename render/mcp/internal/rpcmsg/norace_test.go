//go:build !race

package rpcmsg

const raceEnabled = false
