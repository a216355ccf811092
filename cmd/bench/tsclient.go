package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// tsClientFiles are the TypeScript client: a node script that makes the
// calls it reads on stdin through the official SDK, and the package and
// lock files that pin the SDK. They are embedded so that the binary finds
// them wherever `go run` builds it.
//
//go:embed tsclient/bench.mjs tsclient/package.json tsclient/package-lock.json
var tsClientFiles embed.FS

// tsClientFileNames are tsClientFiles' names under tsclient/, in the order
// they are hashed.
var tsClientFileNames = []string{"package.json", "package-lock.json", "bench.mjs"}

// tsSDKPackage is the npm package of the official TypeScript MCP SDK.
const tsSDKPackage = "@modelcontextprotocol/sdk"

// npmCI is the command that installs the SDK from the lock file.
var npmCI = []string{"npm", "ci", "--no-audit", "--no-fund"}

// npmTimeout bounds npm ci.
const npmTimeout = 5 * time.Minute

// tsClient is the TypeScript client installed in dir: node runs dir's
// bench.mjs with the SDK of version sdk from dir's node_modules.
type tsClient struct {
	node string
	dir  string
	sdk  string
}

// installTSClient answers the TypeScript client installed under root (the
// user's cache directory): root/facet-bench-tsclient/<hash of the embedded
// files>, holding those files and the node_modules that npm ci installs
// from the lock file. It installs it when it is not there, in a directory
// of its own renamed into place once complete, so a failed or concurrent
// install never leaves a half one. A change to any of the files is a new
// directory. npm's progress goes to log (nil discards it).
func installTSClient(ctx context.Context, root string, log io.Writer) (*tsClient, error) {
	if log == nil {
		log = io.Discard
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, fmt.Errorf("bench: -client ts runs the TypeScript SDK in node, which is not on PATH: install Node.js 18 or later with npm (e.g. apt-get install nodejs npm): %w", err)
	}
	h := sha256.New()
	files := map[string][]byte{}
	for _, name := range tsClientFileNames {
		b, err := tsClientFiles.ReadFile("tsclient/" + name)
		if err != nil {
			return nil, fmt.Errorf("bench: the TypeScript client's %s: %w", name, err)
		}
		files[name] = b
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
	}
	parent := filepath.Join(root, "facet-bench-tsclient")
	dir := filepath.Join(parent, hex.EncodeToString(h.Sum(nil))[:16])
	if v, err := installedSDK(dir); err == nil {
		return &tsClient{node: node, dir: dir, sdk: v}, nil
	}
	npm, err := exec.LookPath(npmCI[0])
	if err != nil {
		return nil, fmt.Errorf("bench: -client ts installs the TypeScript SDK with npm, which is not on PATH: install npm (e.g. apt-get install npm): %w", err)
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("bench: the TypeScript client's directory: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "install-")
	if err != nil {
		return nil, fmt.Errorf("bench: the TypeScript client's directory: %w", err)
	}
	defer os.RemoveAll(tmp)
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), b, 0o644); err != nil {
			return nil, fmt.Errorf("bench: the TypeScript client's %s: %w", name, err)
		}
	}
	fmt.Fprintf(log, "bench: installing %s with %s in %s\n", tsSDKPackage, strings.Join(npmCI, " "), dir)
	ictx, cancel := context.WithTimeout(ctx, npmTimeout)
	defer cancel()
	cmd := exec.CommandContext(ictx, npm, npmCI[1:]...)
	cmd.Dir = tmp
	out := &tailWriter{max: 4096}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Run(); err != nil {
		if ictx.Err() != nil {
			err = fmt.Errorf("%w (after %v)", ictx.Err(), npmTimeout)
		}
		return nil, fmt.Errorf("bench: -client ts: %q, installing %s for %s, failed (it needs the npm registry reachable): %w; npm's output ends:\n%s",
			strings.Join(npmCI, " "), tsSDKPackage, dir, err, out.String())
	}
	v, err := installedSDK(tmp)
	if err != nil {
		return nil, fmt.Errorf("bench: -client ts: %q, installing %s for %s: %w", strings.Join(npmCI, " "), tsSDKPackage, dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another bench installed the same files meanwhile: use its.
		if v, ierr := installedSDK(dir); ierr == nil {
			return &tsClient{node: node, dir: dir, sdk: v}, nil
		}
		return nil, fmt.Errorf("bench: the TypeScript client's directory: %w", err)
	}
	return &tsClient{node: node, dir: dir, sdk: v}, nil
}

// installedSDK is the version of the SDK installed in dir's node_modules.
func installedSDK(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, "node_modules", tsSDKPackage, "package.json"))
	if err != nil {
		return "", fmt.Errorf("%s is not installed: %w", tsSDKPackage, err)
	}
	var p struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(b, &p); err != nil || p.Version == "" {
		return "", fmt.Errorf("%s's package.json names no version (%v)", tsSDKPackage, err)
	}
	return p.Version, nil
}

// tsServer is the server as bench.mjs reads it from its argument; Env is
// added to node's environment, which is this process's.
type tsServer struct {
	Command string            `json:"command"`
	Args    []string          `json:"args"`
	Env     map[string]string `json:"env"`
}

// dial runs bench.mjs in node, which starts server with the SDK's
// StdioClientTransport, and waits for it to be connected.
func (tc *tsClient) dial(ctx context.Context, server serverCommand) (caller, error) {
	ts := tsServer{Command: server.path, Args: server.args, Env: map[string]string{}}
	if ts.Args == nil {
		ts.Args = []string{}
	}
	for _, kv := range server.env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			ts.Env[k] = v
		}
	}
	arg, err := json.Marshal(ts)
	if err != nil {
		return nil, fmt.Errorf("bench: the server for node: %w", err)
	}
	cmd := exec.CommandContext(ctx, tc.node, "bench.mjs", string(arg))
	cmd.Dir = tc.dir
	stderr := &tailWriter{max: 4096}
	cmd.Stderr = stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("bench: node: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("bench: node: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("bench: starting node: %w", err)
	}
	c := &tsCaller{cmd: cmd, in: in, out: bufio.NewReader(out), stderr: stderr}
	r, err := c.read()
	if err == nil && !r.Ready {
		err = fmt.Errorf("%w: its first line is not {\"ready\": true}", errNodeProtocol)
	}
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("bench: connecting the TypeScript SDK's client: %w", err)
	}
	c.client = fmt.Sprintf("TypeScript SDK %s, node %s", tc.sdk, r.Node)
	return c, nil
}

// tsCaller is node running bench.mjs: one TypeScript SDK client, timing
// each call in node.
type tsCaller struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr *tailWriter
	client string
}

// tsCall is a call as bench.mjs reads it.
type tsCall struct {
	Tool string         `json:"tool"`
	Args map[string]any `json:"args"`
}

func (c *tsCaller) call(ctx context.Context, tool string, args map[string]any, _ bool) (answer, error) {
	if err := ctx.Err(); err != nil {
		return answer{}, err
	}
	line, err := json.Marshal(tsCall{Tool: tool, Args: args})
	if err != nil {
		return answer{}, fmt.Errorf("the call for node: %w", err)
	}
	if _, err := c.in.Write(append(line, '\n')); err != nil {
		return answer{}, fmt.Errorf("writing to node: %w%s", err, c.stderrTail())
	}
	r, err := c.read()
	if err != nil {
		return answer{}, err
	}
	return r.answer()
}

// read reads node's next line.
func (c *tsCaller) read() (tsReply, error) {
	line, err := c.out.ReadBytes('\n')
	if err != nil {
		return tsReply{}, fmt.Errorf("reading from node: %w%s", err, c.stderrTail())
	}
	return parseTSReply(line)
}

func (c *tsCaller) stderrTail() string {
	if s := strings.TrimSpace(c.stderr.String()); s != "" {
		return "; node's stderr ends:\n" + s
	}
	return ""
}

func (c *tsCaller) name() string { return c.client }

// closeWait bounds how long Close waits for node to close its client
// and the server.
const closeWait = 10 * time.Second

// Close ends node's stdin, on which bench.mjs closes its client and so
// the server, and waits for node (killing it after closeWait).
func (c *tsCaller) Close() error {
	c.in.Close()
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("node: %w%s", err, c.stderrTail())
		}
		return nil
	case <-time.After(closeWait):
		c.cmd.Process.Kill()
		<-done
		return fmt.Errorf("node: %w after %v", errNodeHung, closeWait)
	}
}

// errNodeProtocol is a line from node that is not what bench.mjs writes.
var errNodeProtocol = errors.New("node broke bench.mjs's protocol")

// errNodeFailed is an error bench.mjs reported.
var errNodeFailed = errors.New("the TypeScript client failed")

// errNodeHung is node still running after its stdin ended.
var errNodeHung = errors.New("node did not exit")

// tsReply is a line bench.mjs writes: its readiness, a call's time in
// milliseconds and result, or an error.
type tsReply struct {
	Ready  bool            `json:"ready"`
	Node   string          `json:"node"`
	MS     *float64        `json:"ms"`
	Result json.RawMessage `json:"result"`
	Error  string          `json:"error"`
}

// parseTSReply parses one line of bench.mjs; an error it reports is an
// error wrapping errNodeFailed.
func parseTSReply(line []byte) (tsReply, error) {
	var r tsReply
	if err := json.Unmarshal(line, &r); err != nil {
		return tsReply{}, fmt.Errorf("%w: %q is not JSON: %w", errNodeProtocol, truncate(line, 200), err)
	}
	if r.Error != "" {
		return tsReply{}, fmt.Errorf("%w: %s", errNodeFailed, r.Error)
	}
	return r, nil
}

// answer is r as a call's answer: its time, at least 0, its result, and
// the result's size as the SDK's client encodes it again (JSON.stringify
// in bench.mjs: the very bytes of r.Result).
func (r tsReply) answer() (answer, error) {
	if r.MS == nil || *r.MS < 0 || math.IsInf(*r.MS, 0) || math.IsNaN(*r.MS) {
		return answer{}, fmt.Errorf("%w: a call's reply needs \"ms\", a time of at least 0 milliseconds", errNodeProtocol)
	}
	if len(r.Result) == 0 || string(r.Result) == "null" {
		return answer{}, fmt.Errorf("%w: a call's reply needs \"result\"", errNodeProtocol)
	}
	res, err := sdk.ParseCallToolResult(&r.Result)
	if err != nil {
		return answer{}, fmt.Errorf("%w: a call's result: %w", errNodeProtocol, err)
	}
	return answer{res: res, took: time.Duration(*r.MS * float64(time.Millisecond)), bytes: len(r.Result)}, nil
}

func truncate(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "..."
}

// tailWriter keeps the last max bytes written to it: the end of a
// command's output, for an error.
type tailWriter struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if over := len(t.b) - t.max; over > 0 {
		t.b = append(t.b[:0], t.b[over:]...)
	}
	return len(p), nil
}

func (t *tailWriter) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
