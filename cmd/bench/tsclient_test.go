package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

func TestParseTSReply(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		ready   bool
		wantErr error // of parseTSReply, then of answer
		took    time.Duration
		text    string
		bytes   int
	}{
		{name: "ready", line: `{"ready":true,"node":"v20.1.0"}` + "\n", ready: true},
		{name: "a call's time and result",
			line: `{"ms":0.25,"result":{"content":[{"type":"text","text":"7"}]}}` + "\n",
			took: 250 * time.Microsecond, text: "7", bytes: len(`{"content":[{"type":"text","text":"7"}]}`)},
		{name: "structured content", line: `{"ms":1,"result":{"content":[],"structuredContent":{"v":[1]}}}`, took: time.Millisecond, bytes: len(`{"content":[],"structuredContent":{"v":[1]}}`)},
		{name: "an error node reports", line: `{"error":"facet_list: MCP error -32000: Connection closed"}`, wantErr: errNodeFailed},
		{name: "not JSON", line: "Debugger attached.\n", wantErr: errNodeProtocol},
		{name: "no time", line: `{"result":{"content":[]}}`, wantErr: errNodeProtocol},
		{name: "a negative time", line: `{"ms":-1,"result":{"content":[]}}`, wantErr: errNodeProtocol},
		{name: "no result", line: `{"ms":1}`, wantErr: errNodeProtocol},
		{name: "a null result", line: `{"ms":1,"result":null}`, wantErr: errNodeProtocol},
		{name: "a result without content", line: `{"ms":1,"result":{"isError":false}}`, wantErr: errNodeProtocol},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := parseTSReply([]byte(tc.line))
			if err == nil && !tc.ready {
				var a answer
				a, err = r.answer()
				if err == nil {
					if a.took != tc.took || a.bytes != tc.bytes {
						t.Fatalf("took %v and %d bytes, want %v and %d", a.took, a.bytes, tc.took, tc.bytes)
					}
					if tc.text != "" {
						if len(a.res.Content) != 1 || a.res.Content[0].(sdk.TextContent).Text != tc.text {
							t.Fatalf("content %#v, want the text %q", a.res.Content, tc.text)
						}
					}
				}
			}
			if !errors.Is(err, tc.wantErr) || (err != nil) != (tc.wantErr != nil) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			if tc.ready && (!r.Ready || r.Node != "v20.1.0") {
				t.Fatalf("reply %+v, want ready from node v20.1.0", r)
			}
		})
	}
}

// fakeBin makes a PATH directory holding a node that does nothing and, if
// npmScript is not empty, an npm running that shell script.
func fakeBin(t *testing.T, npmScript string) string {
	t.Helper()
	bin := t.TempDir()
	write := func(name, script string) {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\n"+script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("node", "exit 0\n")
	if npmScript != "" {
		write("npm", npmScript)
	}
	return bin
}

func TestInstallTSClientSaysWhatIsMissing(t *testing.T) {
	tests := []struct {
		name string
		path func(t *testing.T) string
		want []string
		is   error
	}{
		{"no node", func(t *testing.T) string { return t.TempDir() },
			[]string{"node", "not on PATH", "install Node.js"}, exec.ErrNotFound},
		{"no npm", func(t *testing.T) string { return fakeBin(t, "") },
			[]string{"npm, which is not on PATH", "install npm"}, exec.ErrNotFound},
		{"npm ci fails", func(t *testing.T) string {
			return fakeBin(t, "echo 'npm error code ECONNREFUSED' >&2\nexit 1\n")
		}, []string{`"npm ci --no-audit --no-fund"`, "failed", "npm registry", "npm error code ECONNREFUSED"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("PATH", tc.path(t))
			root := t.TempDir()
			_, err := installTSClient(context.Background(), root, nil)
			if err == nil {
				t.Fatal("installed a client")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the error lacks %q: %v", w, err)
				}
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("the error is not %v: %v", tc.is, err)
			}
			// A failed install leaves no directory behind.
			dirs, _ := filepath.Glob(filepath.Join(root, "facet-bench-tsclient", "*"))
			if len(dirs) != 0 {
				t.Errorf("left %v", dirs)
			}
		})
	}
}

// TestInstallTSClientInstallsOnce: npm ci runs in a directory holding the
// embedded files, and a second bench finds that install complete.
func TestInstallTSClientInstallsOnce(t *testing.T) {
	log := filepath.Join(t.TempDir(), "npm.log")
	t.Setenv("PATH", fakeBin(t, `echo "$*" >> `+log+`
test -f package.json && test -f package-lock.json && test -f bench.mjs || exit 3
/bin/mkdir -p node_modules/@modelcontextprotocol/sdk
echo '{"name":"@modelcontextprotocol/sdk","version":"9.8.7"}' > node_modules/@modelcontextprotocol/sdk/package.json
`))
	root := t.TempDir()
	var progress strings.Builder
	first, err := installTSClient(context.Background(), root, &progress)
	if err != nil {
		t.Fatal(err)
	}
	second, err := installTSClient(context.Background(), root, &progress)
	if err != nil {
		t.Fatal(err)
	}
	if first.dir != second.dir || first.sdk != "9.8.7" || second.sdk != "9.8.7" {
		t.Fatalf("installed %+v, then %+v; want one directory with SDK 9.8.7", first, second)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); got != "ci --no-audit --no-fund\n" {
		t.Fatalf("npm ran with %q, want ci once", got)
	}
	if !strings.Contains(progress.String(), first.dir) {
		t.Fatalf("the progress does not name the directory %s: %q", first.dir, progress.String())
	}
	if dirs, _ := filepath.Glob(filepath.Join(root, "facet-bench-tsclient", "*")); len(dirs) != 1 {
		t.Fatalf("directories %v, want the install alone", dirs)
	}
}

func TestNewDialerRefusesAnUnknownClient(t *testing.T) {
	_, err := newDialer(context.Background(), "python", nil)
	if err == nil || !strings.Contains(err.Error(), `-client "python": one of go`) {
		t.Fatalf("error %v, want one naming -client and its values", err)
	}
}

func TestTailWriterKeepsTheEnd(t *testing.T) {
	w := &tailWriter{max: 5}
	w.Write([]byte("abc"))
	w.Write([]byte("defg"))
	if got := w.String(); got != "cdefg" {
		t.Fatalf("kept %q, want cdefg", got)
	}
}

// needNode skips the test when node or npm is not on PATH, or, where CI
// has installed them (FACET_REQUIRE_NODE=1), fails it: there a skip
// would hide that the TypeScript SDK's tests never ran.
func needNode(t *testing.T) {
	t.Helper()
	for _, name := range []string{"node", "npm"} {
		if _, err := exec.LookPath(name); err != nil {
			if os.Getenv("FACET_REQUIRE_NODE") == "1" {
				t.Fatalf("-client ts needs %s on PATH, and FACET_REQUIRE_NODE=1 requires this test to run: %v", name, err)
			}
			t.Skipf("-client ts needs %s on PATH: %v", name, err)
		}
	}
}

// TestTSClientCalls makes the calls through the official TypeScript SDK
// in node against a real child server, as -client ts does: every kind in
// the table with a time and its ratios, under a header naming the SDK's
// pinned version.
func TestTSClientCalls(t *testing.T) {
	if testing.Short() {
		t.Skip("installs the TypeScript SDK and starts node and a server")
	}
	needNode(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var b, progress strings.Builder
	cfg := callsConfig{client: clientTS, server: serverCommand{path: exe, env: []string{serveEnv}}, rounds: 3, runs: 1, log: &progress}
	if err := runCalls(ctx, cfg, &b); err != nil {
		t.Fatalf("%v\n%s", err, progress.String())
	}
	out := b.String()
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	raw, err := tsClientFiles.ReadFile("tsclient/package.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &pkg); err != nil {
		t.Fatal(err)
	}
	if want := "(client: TypeScript SDK " + pkg.Dependencies[tsSDKPackage] + ", node v"; !strings.Contains(out, want) {
		t.Fatalf("the header lacks %q:\n%s", want, out)
	}
	cells := map[string][]string{}
	for _, line := range strings.Split(out, "\n") {
		c := regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(line), -1)
		cells[c[0]] = c
	}
	ratio := func(s string) float64 {
		f, err := strconv.ParseFloat(strings.TrimSuffix(s, "x"), 64)
		if err != nil || !strings.HasSuffix(s, "x") {
			return 0
		}
		return f
	}
	for i, k := range callKinds {
		c := cells[k.name]
		// call | median | p90 | vs echo | vs same-size echo | result
		// bytes | same-size echo bytes | goal (one run: no range)
		switch {
		case c == nil:
			t.Errorf("no line for %s", k.name)
		case len(c) < 3 || !strings.HasSuffix(c[1], " µs") || c[1] == "0 µs":
			t.Errorf("%s: no median time in %q", k.name, c)
		case i > 0 && (len(c) < 7 || ratio(c[3]) <= 0 || ratio(c[4]) <= 0 || c[5] == "0" || c[5] != c[6]):
			t.Errorf("%s: want its ratios to both echoes and equal sizes, got %q", k.name, c)
		}
	}
	if t.Failed() {
		t.Log(out)
	}
}

func TestTSClientNamesAServerThatCannotStart(t *testing.T) {
	if testing.Short() {
		t.Skip("installs the TypeScript SDK and starts node")
	}
	needNode(t)
	dial, err := newDialer(context.Background(), clientTS, nil)
	if err != nil {
		t.Fatal(err)
	}
	const server = "/nonexistent/facet-bench-server"
	c, err := dial(context.Background(), serverCommand{path: server})
	if err == nil {
		c.Close()
		t.Fatal("connected to no server")
	}
	if !errors.Is(err, errNodeFailed) || !strings.Contains(err.Error(), server) {
		t.Fatalf("error %v, want node's failure naming %s", err, server)
	}
}
