package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// tab opens another tab of the browser ctx runs in.
func tab(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	tctx, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(tctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	return tctx
}

// inviteLink presses the page's Invite control and returns the link it
// shows.
func inviteLink(t *testing.T, ctx context.Context) string {
	t.Helper()
	browsertest.Eval[bool](t, ctx, `(el => { if (el) el.value = ""; return true; })(document.getElementById("invite-link"))`)
	browsertest.Do(t, ctx, chromedp.Click(chromedp.CSS(`#share`)))
	return browsertest.Poll[string](t, ctx, `(document.getElementById("invite-link") || {}).value || ""`)
}

// selected is the catalog option a page shows selected.
const selected = `[...document.querySelectorAll('[id="w:catalog"] [role=option]')].findIndex(o => o.getAttribute("aria-selected") === "true")`

func TestTwoBrowsersShareOneSession(t *testing.T) {
	desk := invite.New(invite.Options{})
	s := serve(t, web.Options{App: tea.App{Name: "playground"}, Invites: desk})
	host := browser(t)
	id := open(t, host, s.URL)
	link := inviteLink(t, host)
	if !strings.HasPrefix(link, s.URL+"#join=") {
		t.Fatalf("the invite link %q is not this server's page with a token in its fragment", link)
	}

	// The guest opens the link in another tab: the same session.
	guest := tab(t, host)
	if got := open(t, guest, link); got != id {
		t.Fatalf("the guest's page shows session %q, want the host's %q", got, id)
	}
	if got := browsertest.Eval[string](t, guest, `location.href`); strings.Contains(got, "join") {
		t.Fatalf("the token stays in the guest's address bar: %s", got)
	}
	// Each sees the other: the host first.
	for _, ctx := range []context.Context{host, guest} {
		browsertest.Poll[bool](t, ctx, `document.getElementById("people").textContent === "● shared: host (host), guest"`)
	}
	// The guest has no inviter's controls; the host has.
	if browsertest.Eval[bool](t, guest, `!!document.getElementById("share") || !!document.getElementById("unshare")`) {
		t.Fatal("the guest's page offers the inviter's controls")
	}

	// Each drives it, and sees the other's keys.
	press(t, host, kb.ArrowDown)
	browsertest.Poll[bool](t, guest, selected+` === 1`)
	press(t, guest, kb.ArrowDown)
	browsertest.Poll[bool](t, host, selected+` === 2`)

	// The host makes the guest read-only: the guest's key is refused, and
	// says why.
	browsertest.Do(t, host, chromedp.Click(chromedp.CSS(`#readonly`)))
	browsertest.Poll[bool](t, host, `document.getElementById("people").textContent.includes("guest (read-only)") && document.getElementById("readonly").textContent === "Let guests drive"`)
	press(t, guest, kb.ArrowDown)
	browsertest.Poll[bool](t, guest, `(document.getElementById("problem") || {textContent: ""}).textContent.includes("read-only: the host lets guests watch, not drive")`)
	if got := browsertest.Eval[int](t, host, selected); got != 2 {
		t.Fatalf("a read-only guest's key moved the selection to %d", got)
	}
	press(t, host, kb.ArrowDown)
	browsertest.Poll[bool](t, guest, selected+` === 3`)

	// A link works once.
	third := tab(t, host)
	browsertest.Do(t, third, chromedp.Navigate(link))
	browsertest.Poll[bool](t, third, `!document.getElementById("banner").hidden && document.getElementById("banner").textContent.includes("already used")`)

	// The host ends the sharing: the guest's page is told.
	browsertest.Do(t, host, chromedp.Click(chromedp.CSS(`#unshare`)))
	browsertest.Poll[bool](t, guest, `!document.getElementById("banner").hidden && document.getElementById("banner").textContent.includes("the sharing has ended")`)
	browsertest.Poll[bool](t, host, `!document.getElementById("people") && !document.getElementById("unshare")`)
	if _, ok := s.Sessions.Get(id); !ok {
		t.Fatal("ending the sharing stopped the host's session")
	}
}

// A link made for SSH does not join from a browser.
func TestBrowserRefusesAnotherTransportsInvitation(t *testing.T) {
	desk := invite.New(invite.Options{})
	s := serve(t, web.Options{App: tea.App{Name: "playground"}, Invites: desk})
	host := browser(t)
	id := open(t, host, s.URL)
	sess := session(t, s, id)
	inv, err := desk.Invite(sess, "ada", invite.SSH)
	if err != nil {
		t.Fatal(err)
	}
	guest := tab(t, host)
	browsertest.Do(t, guest, chromedp.Navigate(s.URL+"#join="+inv.Token()))
	banner := browsertest.Poll[string](t, guest, `!document.getElementById("banner").hidden && document.getElementById("banner").textContent`)
	if !strings.Contains(banner, "works over ssh, not web") || strings.Contains(banner, inv.Token()) {
		t.Fatalf("the banner says %q", banner)
	}
	if n := len(s.Sessions.List()); n != 1 {
		t.Fatalf("%d sessions: a refused link started one", n)
	}
}

// The inviter's page, with its link shown and a guest in the session,
// passes axe as every page does.
func TestBrowserSharingPassesAxe(t *testing.T) {
	script := axeScript(t)
	for _, scheme := range colorSchemes {
		t.Run(scheme, func(t *testing.T) {
			s := serve(t, web.Options{App: tea.App{Name: "playground", Title: "Facet playground"}, Invites: invite.New(invite.Options{})})
			host := browser(t)
			prefer(t, host, scheme)
			open(t, host, s.URL)
			guest := tab(t, host)
			open(t, guest, inviteLink(t, host))
			browsertest.Poll[bool](t, host, `!!document.getElementById("unshare") && !!document.getElementById("people")`)
			inviteLink(t, host)
			if vs := audit(t, host, script); len(vs) > 0 {
				t.Errorf("the inviter's page in the %s theme breaks %d axe rules on %d nodes:\n%s", scheme, len(vs), nodes(vs), describe(vs))
			}
		})
	}
}
