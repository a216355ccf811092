package mcptest_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/trace"
)

var reportPath = regexp.MustCompile(`HTML report \(the calls, the screen before and after, the recording\): (\S+\.html)`)

// failWithReport runs steps that end in a failed assertion on the
// kitchen and returns the path of the report it wrote.
func failWithReport(t *testing.T, body func(s *mcptest.Session)) string {
	t.Helper()
	f := newFake(t)
	s := mcptest.Start(f, newKitchen())
	f.run(func() { body(s) })
	errs, fatals, _ := f.reports()
	all := append(errs, fatals...)
	if len(all) != 1 {
		t.Fatalf("want one report, got errors %q, fatals %q", errs, fatals)
	}
	m := reportPath.FindStringSubmatch(all[0])
	if m == nil {
		t.Fatalf("the failure does not give the report's path:\n%s", all[0])
	}
	if filepath.Dir(m[1]) != reportDir {
		t.Errorf("report %s is not in $%s (%s)", m[1], mcptest.ReportDirEnv, reportDir)
	}
	return m[1]
}

func TestAFailureWritesAReportWithTheRecordingAndNoSecret(t *testing.T) {
	path := failWithReport(t, func(s *mcptest.Session) {
		s.TypeInto("secret", "hunter2-very-secret").
			Click("inc").
			AssertScreenContains("clicked 2 times")
	})
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := strings.TrimSuffix(path, ".html") + ".facetrec"
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"report": string(page), "recording": string(data)} {
		if strings.Contains(text, "hunter2") {
			t.Errorf("the %s holds the masked value", name)
		}
	}
	for _, want := range []string{`Click(&#34;inc&#34;)`, `TypeInto(&#34;secret&#34;, &lt;19 masked characters&gt;)`, "clicked 1 times", "data:application/x-ndjson;base64,"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the report has no %s", want)
		}
	}
	entries, err := trace.Read(strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("the recording beside the report does not read: %v", err)
	}
	clicks := 0
	for _, e := range entries {
		if e.Kind == trace.KindInput && e.Via != nil && e.Via.Widget == "inc" {
			clicks++
		}
	}
	if clicks != 1 {
		t.Errorf("the recording has %d clicks on inc, want 1:\n%s", clicks, data)
	}
}

func TestTheReportOpensInChromiumOnTheFailingStep(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	browser := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("no chromium on PATH: install it (apt-get install chromium) to run the browser tests")
	}
	path := failWithReport(t, func(s *mcptest.Session) {
		s.Toggle("agree").
			Click("inc").
			Value("name")
		s.AssertComponent("status", func(c mcptest.Component) bool { return c.Label == "clicked 2 times" })
	})
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(browser), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-dev-shm-usage", true))
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
	defer cancelTimeout()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path)); err != nil {
		t.Fatalf("open the report: %v", err)
	}
	read := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v
	}
	for _, c := range []struct{ expr, want string }{
		{`document.title`, "failed — Facet test report"},
		{`document.getElementById("failing-step").innerText`, `Click("inc")`},
		{`document.getElementById("step").innerText`, `Before and after Click("inc")`},
		{`document.querySelector("#after .screen").innerText`, "clicked 1 times"},
		{`document.getElementById("screen-changes").innerText`, "+ "},
		{`document.getElementById("outline-changes").innerText`, `+ text status "clicked 1 times"`},
		{`document.getElementById("failure").innerText`, `AssertComponent("status")`},
		{`String(document.querySelectorAll("#calls li").length)`, "3"},
		{`atob(document.getElementById("recording-download").href.split(",")[1]).split("\n")[0]`, `"k":"header"`},
	} {
		if got := read(c.expr); !strings.Contains(got, c.want) {
			t.Errorf("%s = %q, want it to contain %q", c.expr, got, c.want)
		}
	}
	if got := read(`document.querySelector("#before .screen").innerText`); strings.Contains(got, "clicked 1 times") {
		t.Errorf("the screen before the failing step already shows its result:\n%s", got)
	}
	if err := ctx.Err(); errors.Is(err, context.DeadlineExceeded) {
		t.Fatal(err)
	}
}
