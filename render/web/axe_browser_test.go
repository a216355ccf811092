package web_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// axeDir holds the package and lock files that pin axe-core for the
// accessibility audit. npm ci installs them into the user's cache, never
// into the repository.
const axeDir = "testdata/axe"

// axeTags are the rules the audit runs: WCAG 2.0 and 2.1, levels A and
// AA, and axe's best practices.
var axeTags = []string{"wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"}

var (
	axeOnce   sync.Once
	axeSource string
	axeErr    error
	axeSkip   string
)

// axeScript returns axe-core's axe.min.js, installed by npm ci from
// testdata/axe's lock file into <user cache>/facet-web-axe/<hash of the
// files>, once per process. It skips the test when node or npm is not on
// PATH (.ci/run installs Debian's nodejs and npm); a failed install fails
// it.
func axeScript(t testing.TB) string {
	t.Helper()
	axeOnce.Do(func() { axeSource, axeSkip, axeErr = installAxe() })
	if axeSkip != "" {
		t.Skip(axeSkip)
	}
	if axeErr != nil {
		t.Fatal(axeErr)
	}
	return axeSource
}

func installAxe() (source, skip string, err error) {
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			return "", fmt.Sprintf("no %s on PATH: install Node.js and npm (apt-get install nodejs npm) to run the axe-core accessibility audit", tool), nil
		}
	}
	h := sha256.New()
	files := map[string][]byte{}
	for _, name := range []string{"package.json", "package-lock.json"} {
		b, err := os.ReadFile(filepath.Join(axeDir, name))
		if err != nil {
			return "", "", err
		}
		files[name] = b
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	parent := filepath.Join(cache, "facet-web-axe")
	dir := filepath.Join(parent, hex.EncodeToString(h.Sum(nil))[:16])
	script := func(dir string) string { return filepath.Join(dir, "node_modules", "axe-core", "axe.min.js") }
	if b, err := os.ReadFile(script(dir)); err == nil {
		return string(b), "", nil
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", "", err
	}
	// Install into a directory of its own and rename it into place once
	// complete, so a failed or concurrent install never leaves half a one.
	tmp, err := os.MkdirTemp(parent, "install-")
	if err != nil {
		return "", "", err
	}
	defer os.RemoveAll(tmp)
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), b, 0o644); err != nil {
			return "", "", err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", "", fmt.Errorf("npm ci in %s (installing axe-core from %s's lock file; it needs the npm registry): %v\n%s", tmp, axeDir, err, out)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another test process installed the same files meanwhile.
		if _, serr := os.Stat(script(dir)); serr != nil {
			return "", "", err
		}
	}
	b, err := os.ReadFile(script(dir))
	if err != nil {
		return "", "", fmt.Errorf("npm ci installed no axe.min.js: %w", err)
	}
	return string(b), "", nil
}

// axeViolation is one rule a page breaks, as axe.run reports it.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// audit injects axe-core into the page and returns the violations of
// axeTags' rules.
func audit(t testing.TB, ctx context.Context, script string) []axeViolation {
	t.Helper()
	if !browsertest.Eval[bool](t, ctx, `typeof window.axe === "object"`) {
		browsertest.Eval[any](t, ctx, script+"\n;true")
	}
	tags, _ := json.Marshal(axeTags)
	tctx, cancel := context.WithTimeout(ctx, patient)
	defer cancel()
	js, err := chromedp.Run(tctx, chromedp.Evaluate[string](
		`axe.run(document, {runOnly: {type: "tag", values: `+string(tags)+`}, resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe.run: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(js), &vs); err != nil {
		t.Fatalf("axe.run's answer: %v", err)
	}
	return vs
}

// nodes counts the violating nodes.
func nodes(vs []axeViolation) int {
	n := 0
	for _, v := range vs {
		n += len(v.Nodes)
	}
	return n
}

// describe lists each violation's rule, impact and nodes.
func describe(vs []axeViolation) string {
	var b strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&b, "  %s (%s): %s\n", v.ID, v.Impact, v.Help)
		for _, n := range v.Nodes {
			target, _ := json.Marshal(n.Target)
			fmt.Fprintf(&b, "    %s: %s\n", target, strings.ReplaceAll(n.Summary, "\n", " "))
		}
	}
	return b.String()
}

// colorSchemes are the two themes a page is audited in: the browser's
// preference picks the page's.
var colorSchemes = []string{"dark", "light"}

// prefer makes the tab prefer a colour scheme, as a person's system
// settings would.
func prefer(t testing.TB, ctx context.Context, scheme string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{
		{Name: "prefers-color-scheme", Value: scheme},
	}}); err != nil {
		t.Fatalf("prefer the %s colour scheme: %v", scheme, err)
	}
}

// openDemo serves the playground with the demo name open ("catalog" for
// the catalog), opens it in the tab and waits until the page shows the
// session at the size the page reported.
func openDemo(t testing.TB, ctx context.Context, name string) (served, *tea.Session) {
	t.Helper()
	newModel := func() tea.Model { return playground.NewBrowser().OnPage() }
	if name != "catalog" {
		newModel = func() tea.Model {
			b, err := playground.NewBrowserAt(name)
			if err != nil {
				panic(err)
			}
			return b.OnPage()
		}
	}
	s := serve(t, web.Options{App: tea.App{Name: "playground", Title: "Facet playground", New: newModel}})
	id := open(t, ctx, s.URL)
	sess := session(t, s, id)
	until(t, "the page's size", func() error {
		if sess.Snapshot().Size.Width == 0 {
			return errNotYet
		}
		return nil
	})
	v := sess.Snapshot().Version
	browsertest.Poll[bool](t, ctx, `Number(document.body.dataset.version) >= `+strconv.FormatUint(v, 10))
	return s, sess
}

// TestBrowserPagesPassAxe audits the catalog and every demo with
// axe-core in Chromium, in the dark and the light theme, and fails
// listing every violation of WCAG 2.0/2.1 A and AA and axe's best
// practices. With FACET_SCREENSHOTS set to a directory, it also saves a
// PNG of each page in each theme.
func TestBrowserPagesPassAxe(t *testing.T) {
	script := axeScript(t)
	ctx := browser(t)
	names := append([]string{"catalog"}, playground.Names()...)
	for _, scheme := range colorSchemes {
		for _, name := range names {
			t.Run(scheme+"/"+name, func(t *testing.T) {
				prefer(t, ctx, scheme)
				openDemo(t, ctx, name)
				if dir := os.Getenv("FACET_SCREENSHOTS"); dir != "" {
					png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(dir, name+"-"+scheme+".png"), png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				vs := audit(t, ctx, script)
				t.Logf("axe: %d violations, %d nodes", len(vs), nodes(vs))
				if len(vs) > 0 {
					t.Errorf("the %s page in the %s theme breaks %d axe rules on %d nodes:\n%s", name, scheme, len(vs), nodes(vs), describe(vs))
				}
			})
		}
	}
}

// TestBrowserAnnouncesWhatAnAgentChanged: an agent's changes to the app
// reach the page's live region in words; the person's own do not, and a
// masked field's value never does.
func TestBrowserAnnouncesWhatAnAgentChanged(t *testing.T) {
	ctx := browser(t)
	_, sess := openDemo(t, ctx, "login")
	bg := context.Background()
	live := jsID("announce")
	if got := browsertest.Eval[string](t, ctx, live+`.getAttribute("aria-live") + " " + `+live+`.getAttribute("role")`); got != "polite status" {
		t.Fatalf("the live region is %q, want aria-live polite, role status", got)
	}

	// The person types: nothing is announced.
	press(t, ctx, "me")
	browsertest.Poll[bool](t, ctx, jsID("w:email:input")+`.value === "me"`)
	if got := browsertest.Eval[string](t, ctx, live+`.textContent`); got != "" {
		t.Fatalf("the person's own typing was announced: %q", got)
	}

	// The agent types and ticks: each is announced.
	if err := agentCall(bg, sess, "agent-1", "email", "type_into", map[string]any{"text": "ada@example.com"}); err != nil {
		t.Fatal(err)
	}
	browsertest.Poll[bool](t, ctx, live+`.textContent === "agent set Email: ada@example.com"`)
	if err := agentCall(bg, sess, "agent-1", "remember", "toggle", nil); err != nil {
		t.Fatal(err)
	}
	browsertest.Poll[bool](t, ctx, live+`.textContent === "agent checked Remember me"`)
	if err := agentCall(bg, sess, "agent-1", "password", "type_into", map[string]any{"text": "hunter2"}); err != nil {
		t.Fatal(err)
	}
	// The person unticks it again, the agent ticks it again: the same
	// words twice are still news, for they differ by a no-break space.
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:remember:label")))
	browsertest.Poll[bool](t, ctx, `!`+jsID("w:remember:box")+`.checked`)
	if err := agentCall(bg, sess, "agent-1", "remember", "toggle", nil); err != nil {
		t.Fatal(err)
	}
	browsertest.Poll[bool](t, ctx, live+`.textContent === "agent checked Remember me\u00a0"`)
	if got := browsertest.Eval[string](t, ctx, `document.body.innerHTML`); strings.Contains(got, "hunter2") {
		t.Fatal("the masked password reached the page")
	}
}

// TestBrowserFocusIsVisible tabs through every widget of the gallery: the
// keyboard reaches each one, and what holds the browser's focus is drawn
// with an outline or a ring.
func TestBrowserFocusIsVisible(t *testing.T) {
	ctx := browser(t)
	_, sess := openDemo(t, ctx, "gallery")
	var focusable []string
	for _, w := range tea.Widgets(sess.Snapshot().View) {
		if tea.CanFocus(w) {
			focusable = append(focusable, w.WidgetID())
		}
	}
	if len(focusable) < 10 {
		t.Fatalf("the gallery has %d focusable widgets: %v", len(focusable), focusable)
	}
	reached := map[string]bool{}
	focused := `(() => {
		const el = document.activeElement, w = el && el.closest("[data-w]");
		return w && w.classList.contains("focused") ? w.dataset.w : "";
	})()`
	id := browsertest.Poll[string](t, ctx, focused)
	for range focusable {
		press(t, ctx, "\t")
		id = browsertest.Poll[string](t, ctx, `(() => { const id = `+focused+`; return id !== `+strconv.Quote(id)+` && id; })()`)
		reached[id] = true
		drawn := browsertest.Eval[string](t, ctx, `(() => {
			const el = document.activeElement, s = getComputedStyle(el);
			const w = el.closest("[data-w]"), ws = getComputedStyle(w);
			if (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 1) return "";
			if (s.boxShadow !== "none") return "";
			if (ws.outlineStyle !== "none" && parseFloat(ws.outlineWidth) >= 1) return "";
			return el.tagName + "#" + el.id + ": outline " + s.outlineStyle + " " + s.outlineWidth + ", box-shadow " + s.boxShadow;
		})()`)
		if drawn != "" {
			t.Errorf("focus on %s is not drawn: %s", id, drawn)
		}
	}
	for _, id := range focusable {
		if !reached[id] {
			t.Errorf("the keyboard never reached %s (reached %v)", id, reached)
		}
	}
}

// TestBrowserHonoursReducedMotion: for a person who prefers reduced
// motion nothing on the page transitions or animates.
func TestBrowserHonoursReducedMotion(t *testing.T) {
	ctx := browser(t)
	openDemo(t, ctx, "catalog")
	probe := `(() => {
		let el = document.getElementById("motion-probe");
		if (!el) {
			el = document.createElement("div");
			el.id = "motion-probe";
			el.style.transition = "color 1s";
			el.style.animation = "spin 2s infinite";
			document.getElementById("app").appendChild(el);
		}
		const s = getComputedStyle(el);
		return s.transitionDuration + " " + s.animationName;
	})()`
	if got := browsertest.Eval[string](t, ctx, probe); got != "1s spin" {
		t.Fatalf("without a preference the probe's motion is %q, want \"1s spin\"", got)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{
		{Name: "prefers-reduced-motion", Value: "reduce"},
	}}); err != nil {
		t.Fatal(err)
	}
	if got := browsertest.Eval[string](t, ctx, probe); got != "0s none" {
		t.Fatalf("with reduced motion the probe's motion is %q, want \"0s none\"", got)
	}
}
