package web

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
)

type still struct{}

func (still) Init() tea.Cmd                         { return nil }
func (s still) Update(tea.Msg) (tea.Model, tea.Cmd) { return s, nil }
func (still) View() tea.Node                        { return tea.Label("still") }

func TestNewRefusesOptionsThatCannotWork(t *testing.T) {
	model := func() tea.Model { return still{} }
	tests := []struct {
		name   string
		opts   Options
		option string
		rule   string
	}{
		{"no app", Options{}, "App", "Name must be 1 to 32"},
		{"no model", Options{App: tea.App{Name: "t"}}, "App", "New is required"},
		{"negative tab cap", Options{App: tea.App{Name: "t", New: model}, MaxTabs: -1}, "MaxTabs", "0 (the default, 32) or more"},
		{"negative per-source share", Options{App: tea.App{Name: "t", New: model}, MaxTabsPerSource: -1}, "MaxTabsPerSource", "0 (the default, half of MaxTabs) to MaxTabs (32)"},
		{"per-source share past the cap", Options{App: tea.App{Name: "t", New: model}, MaxTabs: 4, MaxTabsPerSource: 5}, "MaxTabsPerSource", "to MaxTabs (4)"},
		{"negative idle timeout", Options{App: tea.App{Name: "t", New: model}, IdleTimeout: -time.Second}, "IdleTimeout", "0 (the default, 1m0s) or more"},
		{"bad session prefix", Options{App: tea.App{Name: "t", New: model}, SessionPrefix: "web tab"}, "SessionPrefix", "web tab1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.opts)
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Option != tt.option || !strings.Contains(err.Error(), tt.rule) {
				t.Fatalf("New = %v, want a *ConfigError for %s saying %q", err, tt.option, tt.rule)
			}
		})
	}
}

func TestServeOffLoopbackNeedsAllowedHosts(t *testing.T) {
	srv, err := New(Options{App: tea.App{Name: "t", New: func() tea.Model { return still{} }}})
	if err != nil {
		t.Fatal(err)
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "0.0.0.0:0")
	if err != nil {
		t.Skipf("cannot listen on every interface here: %v", err)
	}
	err = srv.Serve(context.Background(), ln)
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Option != "AllowedHosts" || !strings.Contains(err.Error(), "off loopback") {
		t.Fatalf("Serve on %s = %v, want a *ConfigError for AllowedHosts", ln.Addr(), err)
	}
	if _, err := net.Dial("tcp", ln.Addr().String()); err == nil {
		t.Fatal("the listener is still open after the refusal")
	}
}
