package termtest

import (
	"testing"

	"github.com/facetui/facet/facettest"
)

// Terminal is facettest.Terminal.
type Terminal = facettest.Terminal

// SyncBuffer is facettest.SyncBuffer.
type SyncBuffer = facettest.SyncBuffer

// NewTerminal is facettest.NewTerminal.
func NewTerminal(t testing.TB, width, height int) *Terminal {
	return facettest.NewTerminal(t, width, height)
}

// Eventually is facettest.Eventually.
func Eventually(t testing.TB, what string, got func() string, want string, logs func() string) {
	t.Helper()
	facettest.Eventually(t, what, got, want, logs)
}
