package trace_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/trace"
)

// brokenCounter is the counter with a bug, for the generated test to
// catch: the second click of a button is lost.
const brokenCounter = `package recorded_test

import (
	"fmt"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
)

type dropSecond struct {
	tea.Model
	clicks int
}

func (d dropSecond) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if fmt.Sprintf("%T", msg) == "playground.counterStep" {
		d.clicks++
		if d.clicks == 2 {
			return d, nil
		}
	}
	m, cmd := d.Model.Update(msg)
	d.Model = m
	return d, cmd
}

func newApp() tea.Model { return dropSecond{Model: playground.NewCounter()} }
`

const goodCounter = `package recorded_test

import (
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
)

func newApp() tea.Model { return playground.NewCounter() }
`

func TestARecordingBecomesAGoTestThatPassesAndCatchesABreak(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on the generated file")
	}
	app, _ := playground.Lookup("counter")
	data := record(t, "counter", app.New(), sessions[0].steps, trace.Options{})
	entries, err := trace.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	src, err := trace.GoTest(entries, trace.GoTestOptions{Package: "recorded_test", Name: "TestCounterRecording", App: "newApp()"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`s.SendKey("enter")`, `s.Call("inc.click", nil)`, `s.Call("reset.click", nil)`, `s.AssertScreenContains("Count: 2")`, `mcptest.WithSize(60, 16)`} {
		if !strings.Contains(src, want) {
			t.Errorf("the test has no %s:\n%s", want, src)
		}
	}
	// The generated test runs as a package of this module.
	dir, err := os.MkdirTemp(".", "recorded")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("recording_test.go", src)
	goTest := func() (string, error) {
		cmd := exec.Command("go", "test", "-count=1", "./"+filepath.Base(dir))
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	write("app_test.go", goodCounter)
	if out, err := goTest(); err != nil {
		t.Fatalf("the generated test fails on the app it was recorded on: %v\n%s\n%s", err, out, src)
	}
	write("app_test.go", brokenCounter)
	out, err := goTest()
	if err == nil {
		t.Fatalf("the generated test passes on an app that loses the second click:\n%s\n%s", out, src)
	}
	if !strings.Contains(out, `AssertScreenContains("Count: 2")`) {
		t.Errorf("the failure does not name the assertion on the second click:\n%s", out)
	}
}

func TestGoTestWritesMaskedValuesOnlyFromSecrets(t *testing.T) {
	app, _ := playground.Lookup("login")
	data := record(t, "login", app.New(), sessions[1].steps, trace.Options{})
	entries, _ := trace.Read(bytes.NewReader(data))
	for _, c := range []struct {
		name    string
		secrets map[string]string
		want    []string
		not     []string
	}{
		{"without", nil, []string{`s.Call("password.type_into", map[string]any{"text": ""})`, `s.SendKey("*")`}, []string{"hunter"}},
		{"with", map[string]string{"password": secret}, []string{`s.Call("password.type_into", map[string]any{"text": "` + secret + `"})`, `s.SendKey("h")`, `s.SendKey("2")`}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			src, err := trace.GoTest(entries, trace.GoTestOptions{Secrets: c.secrets})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(src, w) {
					t.Errorf("no %s in:\n%s", w, src)
				}
			}
			for _, n := range c.not {
				if strings.Contains(src, n) {
					t.Errorf("%s in:\n%s", n, src)
				}
			}
			if !strings.Contains(src, `s.Call("email.type_into", map[string]any{"text": "ada@example.com"})`) {
				t.Errorf("the agent's type_into is not a call:\n%s", src)
			}
		})
	}
}

func TestGoTestRefusesARecordingStartedMidSession(t *testing.T) {
	app, _ := playground.Lookup("counter")
	data := record(t, "counter", app.New(), sessions[0].steps, trace.Options{From: 3})
	entries, _ := trace.Read(bytes.NewReader(data))
	if _, err := trace.GoTest(entries, trace.GoTestOptions{}); err == nil || !strings.Contains(err.Error(), "middle of a session") {
		t.Errorf("GoTest: %v", err)
	}
}
