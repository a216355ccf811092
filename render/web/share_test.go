package web

import (
	"context"
	"errors"
	"testing"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
)

// A guest's tab drives the session, but its window does not size the
// inviter's app, and the inviter's controls are not the guest's.
func TestGuestTabLeavesTheInvitersThingsAlone(t *testing.T) {
	ctx := context.Background()
	host := startTab(t, playground.NewBrowser())
	desk := invite.New(invite.Options{})
	host.sharing = sharing{desk: desk, person: "ada", base: "http://127.0.0.1:1"}
	if _, err := host.Handle(ctx, Event{T: "resize", Cols: 90, Rows: 30}); err != nil {
		t.Fatal(err)
	}
	inv, err := desk.Invite(host.Session(), "ada", invite.Web)
	if err != nil {
		t.Fatal(err)
	}
	g, err := desk.Join(ctx, inv.Token(), invite.Web, "bob")
	if err != nil {
		t.Fatal(err)
	}
	guest := NewTab(g.Session(), true)
	guest.sharing = sharing{desk: desk, person: "bob", guest: g}
	guest.Render(g.Session().Snapshot())

	if _, err := guest.Handle(ctx, Event{T: "resize", Cols: 40, Rows: 10}); err != nil {
		t.Fatal(err)
	}
	if got := host.Session().Snapshot().Size; got != (tea.WindowSizeMsg{Width: 90, Height: 30}) {
		t.Fatalf("the guest's window sized the app: %+v", got)
	}
	for _, ev := range []string{"share", "readonly", "unshare", "detach"} {
		if _, err := guest.Handle(ctx, Event{T: ev}); !errors.Is(err, ErrHostOnly) {
			t.Errorf("a guest's %s: %v, want ErrHostOnly", ev, err)
		}
	}
	if _, err := guest.Handle(ctx, Event{T: "key", Key: "down"}); err != nil {
		t.Fatalf("a guest's key: %v", err)
	}
	if got := host.Session().Snapshot().By; got != "guest:bob" {
		t.Fatalf("the guest's key came from %q, want guest:bob", got)
	}
}
