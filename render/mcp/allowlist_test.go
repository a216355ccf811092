package mcp

import (
	"errors"
	"strings"
	"testing"
)

func TestAllowListsTakeNamesAndPatterns(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"facet_list", "facet_list", true},
		{"facet_list", "facet_list2", false},
		{"live.*", "live.inc.click", true},
		{"live.*", "live2.inc.click", false},
		{"*", "anything.at.all", true},
		{"*", "resources/read", true},
		{"resources/*", "resources/read", true},
		{"resources/*", "tools/list", false},
		{"demo.[ab]*.click", "demo.add.click", true},
	}
	for _, tc := range tests {
		if got := MatchName(tc.pattern, tc.name); got != tc.want {
			t.Errorf("MatchName(%q, %q) = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
	allow := AllowTools("live.*")
	if allow("live.inc.click", nil, AuthContext{}).Kind != DecisionAllow || allow("other.inc.click", nil, AuthContext{}).Kind == DecisionAllow {
		t.Fatal("AllowTools does not apply its pattern")
	}
}

func TestBadAllowListEntriesAreRefusedAtStartup(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"malformed tool pattern", Options{Auth: AuthOptions{AllowedTools: []string{"live.[a"}}}, `AllowedTools: "live.[a" is not a valid pattern`},
		{"empty tool entry", Options{Auth: AuthOptions{AllowedTools: []string{"facet_list", ""}}}, "AllowedTools: an entry is empty"},
		{"spaces", Options{Auth: AuthOptions{AllowedTools: []string{" facet_list"}}}, `AllowedTools: " facet_list" has spaces around it`},
		{"unknown read method", Options{Auth: AuthOptions{AllowedReadMethods: []string{"tools/lsit"}}}, `AllowedReadMethods: "tools/lsit" matches no read method (read methods: tools/list,`},
		{"a read pattern that matches nothing", Options{Auth: AuthOptions{AllowedReadMethods: []string{"tools/*x"}}}, "matches no read method"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Apps = testApps()
			_, err := New(tc.opts)
			var ce *ConfigError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New = %v, want a *ConfigError containing %q", err, tc.want)
			}
		})
	}
	for _, ok := range [][]string{{"*"}, {"resources/*", "tools/list"}, {}} {
		if _, err := New(Options{Apps: testApps(), Auth: AuthOptions{AllowedReadMethods: ok}}); err != nil {
			t.Fatalf("AllowedReadMethods %q: %v", ok, err)
		}
	}
}
