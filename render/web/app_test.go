package web

import (
	"strings"
	"testing"
)

func TestCoverSecretsHidesValuesAndKeepsTheMarkup(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		secrets map[string]string
		want    string
	}{
		{"text", `<p id="s">typed hunter2 ok</p>`, map[string]string{"pw": "hunter2"}, `<p id="s">typed ••••••• ok</p>`},
		{"escaped text", `<p>x a&lt;b&amp; y</p>`, map[string]string{"pw": "a<b&"}, `<p>x •••• y</p>`},
		{"free-text attribute", `<button title="hunter2" aria-label="is hunter2">b</button>`, map[string]string{"pw": "hunter2"},
			`<button title="•••••••" aria-label="is •••••••">b</button>`},
		{"a secret that spells markup", `<p id="p" class="p" data-w="p">p</p>`, map[string]string{"pw": "p"}, `<p id="p" class="p" data-w="p">•</p>`},
		{"blank secret", `<p> </p>`, map[string]string{"pw": " "}, `<p> </p>`},
		{"no secrets", `<p>hunter2</p>`, nil, `<p>hunter2</p>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := coverSecrets(tt.doc, tt.secrets); got != tt.want {
				t.Errorf("coverSecrets(%q) =\n%q\nwant\n%q", tt.doc, got, tt.want)
			}
		})
	}
}

func TestAppPageInlinesEverythingAndAllowsOnlyItsOwnScripts(t *testing.T) {
	page := App{}.Page(AppConfig{Session: "s1", ViewTool: "view", KeyTool: "key", PollMS: 1000})
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
