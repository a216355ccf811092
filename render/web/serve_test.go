package web_test

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// newServer is a web server of the playground's catalog on its own
// registry.
func newServer(t *testing.T, addr string) (*web.Server, *tea.Sessions) {
	t.Helper()
	sessions := tea.NewSessions()
	t.Cleanup(sessions.StopAll)
	srv, err := web.New(web.Options{Addr: addr, Sessions: sessions,
		App: tea.App{Name: "playground", New: func() tea.Model { return playground.NewBrowser() }}})
	if err != nil {
		t.Fatal(err)
	}
	return srv, sessions
}

func TestCloseEndsServeAndItsTabs(t *testing.T) {
	srv, sessions := newServer(t, "")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(context.Background(), ln) }()
	c := dial(t, "http://"+ln.Addr().String()+"/")
	if got := srv.Addr(); got == nil || got.String() != ln.Addr().String() {
		t.Fatalf("Addr() = %v, want %v", got, ln.Addr())
	}
	if err := srv.Close(); err != nil {
		t.Fatalf("Close() = %v", err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve after Close = %v, want nil", err)
		}
	case <-time.After(patient):
		t.Fatal("Serve did not return after Close")
	}
	until(t, "the tab's session is stopped", func() error {
		if _, ok := sessions.Get(c.session); ok {
			return errNotYet
		}
		return nil
	})
	if err := srv.Close(); err != nil {
		t.Fatalf("a second Close() = %v", err)
	}
}

func TestServeAfterCloseIsErrServerClosed(t *testing.T) {
	cases := []struct {
		name  string
		serve func(*web.Server) error
	}{
		{"Serve", func(srv *web.Server) error {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			return srv.Serve(context.Background(), ln)
		}},
		{"ListenAndServe", func(srv *web.Server) error { return srv.ListenAndServe(context.Background()) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, _ := newServer(t, "127.0.0.1:0")
			_ = srv.Close()
			if err := c.serve(srv); !errors.Is(err, web.ErrServerClosed) {
				t.Fatalf("%s after Close = %v, want ErrServerClosed", c.name, err)
			}
		})
	}
}

func TestListenAndServeServesAtAddrUntilItsContextEnds(t *testing.T) {
	srv, _ := newServer(t, "127.0.0.1:0")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.ListenAndServe(ctx) }()
	until(t, "the server listens", func() error {
		if srv.Addr() == nil {
			return errNotYet
		}
		return nil
	})
	dial(t, "http://"+srv.Addr().String()+"/")
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("ListenAndServe after its context ended = %v, want nil", err)
		}
	case <-time.After(patient):
		t.Fatal("ListenAndServe did not return after its context ended")
	}
}
