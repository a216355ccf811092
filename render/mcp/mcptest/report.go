package mcptest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// ReportDirEnv names the environment variable that says where failure
// reports are written; without it they go to DefaultReportDir.
const ReportDirEnv = "FACET_REPORT_DIR"

// DefaultReportDir is where failure reports go when ReportDirEnv is not
// set: facet-reports in the system's temporary directory, which outlives
// the test (t.TempDir does not).
func DefaultReportDir() string { return filepath.Join(os.TempDir(), "facet-reports") }

// reportDir is where this process writes its failure reports.
func reportDir() string {
	if d := os.Getenv(ReportDirEnv); d != "" {
		return d
	}
	return DefaultReportDir()
}

// writeReport writes the HTML report of a failure, whose text is text,
// and the session's recording beside it, and returns the report's path.
func (s *Session) writeReport(text string) (string, error) {
	calls, recording := s.hist.snapshot()
	now := s.sess.Snapshot()
	failing := failingCall(calls)
	before := now
	if failing >= 0 {
		before = calls[failing].before
	}
	dir := reportDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("report directory: %w", err)
	}
	base := filepath.Join(dir, fmt.Sprintf("%s-%s", fileName(s.t.Name()), time.Now().UTC().Format("20060102T150405.000000")))
	if err := os.WriteFile(base+".facetrec", []byte(recording), 0o644); err != nil {
		return "", fmt.Errorf("recording: %w", err)
	}
	page := reportPage{
		Test:          s.t.Name(),
		Failure:       text,
		Failing:       failing,
		Before:        screenOf(before),
		After:         screenOf(now),
		RecordingPath: base + ".facetrec",
		Recording:     recording,
		RecordingURI:  template.URL("data:application/x-ndjson;base64," + base64.StdEncoding.EncodeToString([]byte(recording))),
	}
	for i, c := range calls {
		page.Calls = append(page.Calls, reportCall{N: i + 1, Step: c.step, Tool: s.shown(c.tool), Err: c.err, Failing: i == failing})
	}
	if failing >= 0 {
		page.Step = calls[failing].step
	}
	page.ScreenChanges = lineChanges(page.Before.Screen, page.After.Screen)
	page.OutlineChanges = setChanges(page.Before.Outline, page.After.Outline)
	f, err := os.Create(base + ".html")
	if err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	if err := reportTemplate.Execute(f, page); err != nil {
		_ = f.Close()
		return "", fmt.Errorf("report: %w", err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("report: %w", err)
	}
	return base + ".html", nil
}

// failingCall is the call a failure is about: the last that changed the
// session (a read after it changes nothing), or the last call; -1 when
// the test made none.
func failingCall(calls []call) int {
	for i := len(calls) - 1; i >= 0; i-- {
		if calls[i].after.Version != calls[i].before.Version {
			return i
		}
	}
	return len(calls) - 1
}

// fileName makes a test's name a file name.
func fileName(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return '_'
	}, name)
}

// screen is what a report shows of a session at one moment: the screen
// as facet_screenshot draws it, and its outline, a line per widget.
type screen struct {
	Screen  string
	Outline []string
}

func screenOf(snap tea.Snapshot) screen {
	return screen{Screen: trimScreen(mcp.Screenshot(snap)), Outline: outline(snap)}
}

// outline is a snapshot's widgets as an agent reads them: kind, id,
// label, value (never a masked widget's), states and focus.
func outline(snap tea.Snapshot) []string {
	var out []string
	for _, w := range tea.Widgets(snap.View) {
		line := w.WidgetKind() + " " + w.WidgetID()
		if d, ok := tea.Describe(w); ok {
			if d.Label != "" {
				line += fmt.Sprintf(" %q", d.Label)
			}
			if d.Value != "" && !tea.IsMasked(w) {
				line += fmt.Sprintf(" = %q", d.Value)
			}
			if b, err := json.Marshal(d.States); err == nil && string(b) != "{}" {
				line += " " + string(b)
			}
		}
		if w.WidgetID() == snap.Focus {
			line += " (focused)"
		}
		out = append(out, line)
	}
	return out
}

// lineChanges lists the lines of two screens that differ, by line number.
func lineChanges(before, after string) []string {
	b, a := strings.Split(before, "\n"), strings.Split(after, "\n")
	var out []string
	for i := range max(len(a), len(b)) {
		var bl, al string
		if i < len(b) {
			bl = b[i]
		}
		if i < len(a) {
			al = a[i]
		}
		if bl != al {
			out = append(out, fmt.Sprintf("line %d - %s", i+1, bl), fmt.Sprintf("line %d + %s", i+1, al))
		}
	}
	return out
}

// setChanges lists the outline lines that went (-) and came (+).
func setChanges(before, after []string) []string {
	in := func(l string, set []string) bool {
		for _, x := range set {
			if x == l {
				return true
			}
		}
		return false
	}
	var out []string
	for _, l := range before {
		if !in(l, after) {
			out = append(out, "- "+l)
		}
	}
	for _, l := range after {
		if !in(l, before) {
			out = append(out, "+ "+l)
		}
	}
	return out
}

type reportCall struct {
	N       int
	Step    string
	Tool    string
	Err     string
	Failing bool
}

type reportPage struct {
	Test, Failure  string
	Calls          []reportCall
	Failing        int
	Step           string
	Before, After  screen
	ScreenChanges  []string
	OutlineChanges []string
	RecordingPath  string
	Recording      string
	RecordingURI   template.URL
}

var reportTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Test}} failed — Facet test report</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em; color: #1d1d1f; background: #fafafa; }
pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; background: #fff; border: 1px solid #ccc; padding: .6em; overflow-x: auto; }
.screen { line-height: 1.15; }
.pair { display: flex; gap: 1.5em; flex-wrap: wrap; }
.pair section { flex: 1; min-width: 30em; }
ol li { margin: .2em 0; }
li.error { color: #a00; }
li.failing { background: #fff3c4; font-weight: bold; }
.failure { border-color: #c00; }
</style>
</head>
<body>
<h1><code>{{.Test}}</code> failed</h1>
<pre class="failure" id="failure">{{.Failure}}</pre>

<h2>Calls and keys, in order</h2>
{{if .Calls}}<ol id="calls">
{{range .Calls}}<li{{if .Failing}} id="failing-step" class="failing"{{else if .Err}} class="error"{{end}}><code>{{.Step}}</code> — {{.Tool}}{{if .Err}}: <span class="answer">{{.Err}}</span>{{end}}{{if .Failing}} (the failing step){{end}}</li>
{{end}}</ol>{{else}}<p id="calls">The test made no call before it failed.</p>{{end}}

<h2 id="step">{{if .Step}}Before and after <code>{{.Step}}</code>{{else}}The session when it failed{{end}}</h2>
<div class="pair">
<section id="before"><h3>Before</h3><pre class="screen">{{.Before.Screen}}</pre><h3>Outline</h3><pre>{{range .Before.Outline}}{{.}}
{{end}}</pre></section>
<section id="after"><h3>After (when the test failed)</h3><pre class="screen">{{.After.Screen}}</pre><h3>Outline</h3><pre>{{range .After.Outline}}{{.}}
{{end}}</pre></section>
</div>

<h2>What changed</h2>
<h3>On the screen</h3>
<pre id="screen-changes">{{range .ScreenChanges}}{{.}}
{{else}}nothing{{end}}</pre>
<h3>In the outline</h3>
<pre id="outline-changes">{{range .OutlineChanges}}{{.}}
{{else}}nothing{{end}}</pre>

<h2>The recording</h2>
<p>The session's recording (package trace) is saved as <code>{{.RecordingPath}}</code>
(<a id="recording-download" download="recording.facetrec" href="{{.RecordingURI}}">download</a>):
replay it into the app with <code>trace.Read</code> and <code>trace.Replay</code>, play it with
<code>trace.Asciicast</code> and asciinema, or make it a test with <code>trace.GoTest</code>.</p>
<details><summary>Its lines</summary><pre id="recording">{{.Recording}}</pre></details>
</body>
</html>
`))
