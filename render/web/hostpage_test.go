package web

import (
	"strings"
	"testing"
)

func TestAppPageInlinesEverythingAndAllowsOnlyItsOwnScripts(t *testing.T) {
	page := HostPage{}.Page(HostPageConfig{Session: "s1", ViewTool: "view", KeyTool: "key", PollMS: 1000})
	for _, bad := range []string{` src=`, ` href=`, `<link`, `@import`} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q: it must load nothing from elsewhere", bad)
		}
	}
	csp := AppCSP(nil)
	for _, want := range []string{"default-src 'none'", "connect-src 'none'", "frame-src 'none'", "base-uri 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("policy %q lacks %q", csp, want)
		}
	}
	if strings.Count(page, "'sha256-") != 3 {
		t.Errorf("the page's policy should allow exactly its three inline scripts by hash:\n%.600s", page)
	}
}
