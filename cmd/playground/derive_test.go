package main

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
)

// TestNoDemoDerivesWithWarnings: every demo's first screen derives its
// tools cleanly (valid ids and action names, no id used twice), so an
// agent's tool list matches what the person sees: the server warns of
// nothing it skipped or refused.
func TestNoDemoDerivesWithWarnings(t *testing.T) {
	for _, a := range playground.Catalog() {
		var logs strings.Builder
		srv, err := mcp.New(mcp.Options{Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := srv.StartSession(context.Background(), "s", a.Name, a.New()); err != nil {
			t.Errorf("%s: %v", a.Name, err)
		}
		srv.Sessions().StopAll()
		_ = srv.Close()
		if logs.Len() > 0 {
			t.Errorf("%s: %s", a.Name, logs.String())
		}
	}
}
