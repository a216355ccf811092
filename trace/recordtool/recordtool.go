// Package recordtool is the MCP tool "recording", with which an agent
// starts, stops and fetches a recording (package trace) of a session it
// owns: one it started with facet_start. It is added to a server through
// render/mcp's extension API (Server.Extensions().AddTools), and records through the
// tap every session of the server's registry gets once Register has run.
//
//	recording {"action": "start", "session": "s1"}
//	recording {"action": "stop",  "session": "s1"}
//	recording {"action": "fetch", "session": "s1", "format": "asciicast"}
//
// Only the principal that owns the session (mcp.AuthContext.Owner) may
// record it or fetch its recording; masked values never enter a recording.
package recordtool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/trace"
)

// Name is the tool's name.
const Name = "recording"

// MaxBytes caps each recording the tool makes.
const MaxBytes = 1 << 20

// maxKept is how many recordings the tool keeps for fetching, the
// running ones included; past it the oldest finished one is dropped.
const maxKept = 16

// Formats a recording is fetched in.
const (
	FormatRecording = "facetrec"  // the recording's JSON lines (trace.Read)
	FormatAsciicast = "asciicast" // asciicast v2 (trace.Asciicast)
	FormatGoTest    = "go_test"   // an mcptest test (trace.GoTest)
)

// Tool is the recording tool of one server.
type Tool struct {
	srv  *mcp.Server
	taps *trace.Taps

	mu   sync.Mutex
	recs map[string]*recording // by session id
	kept []string              // session ids, oldest first
	// unwatch stops following the registry's sessions.
	unwatch []func()
}

// recording is one session's recording and who may fetch it.
type recording struct {
	owner   string
	app     string
	rec     *trace.Recorder
	out     trace.Buffer
	detach  func()
	stopped bool
}

// Register gives every session srv's registry starts from now on a tap,
// and adds the tool to srv. It returns the tool, whose Close ends the
// recordings still running.
func Register(srv *mcp.Server) (*Tool, error) {
	t := &Tool{srv: srv, taps: trace.NewTaps(), recs: map[string]*recording{}}
	srv.Sessions().StartOptions(t.taps.Option)
	cancelTaps := t.taps.Watch(srv.Sessions())
	cancelStops := srv.Sessions().Watch(func(ev tea.SessionEvent) {
		if !ev.Started {
			t.end(ev.Session.ID)
		}
	})
	err := srv.Extensions().AddTools(Name, []mcp.ExtraTool{{
		Name:  Name,
		Title: "Recording",
		Description: "Record a session you started (facet_start): action start begins recording every input (yours, " +
			"other agents', the person's), the messages the app applied and the screens; stop ends it; fetch answers it " +
			"as format facetrec (JSON lines to replay with Facet's trace package), asciicast (asciicast v2, for asciinema) " +
			"or go_test (a Go test of the inputs with assertions on the screens). Masked values are never recorded.",
		InputSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"action":  map[string]any{"type": "string", "enum": []any{"start", "stop", "fetch"}, "description": "start, stop or fetch"},
				"session": map[string]any{"type": "string", "description": "the id of a session you started"},
				"format":  map[string]any{"type": "string", "enum": []any{FormatRecording, FormatAsciicast, FormatGoTest}, "description": "for fetch: facetrec (default), asciicast or go_test"},
			},
			"required":             []any{"action", "session"},
			"additionalProperties": false,
		},
		Sensitive: true,
		Handle:    t.handle,
	}})
	t.unwatch = []func(){cancelTaps, cancelStops}
	if err != nil {
		t.Close()
		return nil, fmt.Errorf("recordtool: %w", err)
	}
	return t, nil
}

// handle answers one call.
func (t *Tool) handle(ctx context.Context, args map[string]any) (mcp.Answer, error) {
	action, _ := args["action"].(string)
	id, _ := args["session"].(string)
	if id == "" {
		return mcp.Answer{}, mcp.ToolError("session is required: the id of a session you started with facet_start")
	}
	switch action {
	case "start":
		return t.start(ctx, id)
	case "stop":
		return t.stop(ctx, id)
	case "fetch":
		format, _ := args["format"].(string)
		return t.fetch(ctx, id, format)
	}
	return mcp.Answer{}, mcp.ToolError("action %q is not one of start, stop, fetch", action)
}

// start begins recording session id for its owner.
func (t *Tool) start(ctx context.Context, id string) (mcp.Answer, error) {
	if err := t.owns(ctx, id); err != nil {
		return mcp.Answer{}, err
	}
	tap, ok := t.taps.Get(id)
	if !ok {
		return mcp.Answer{}, mcp.ToolError("session `%s` cannot be recorded: it started before the recording tool was added", id)
	}
	sess, ok := t.srv.Sessions().Get(id)
	if !ok {
		return mcp.Answer{}, mcp.ToolError("no session `%s` is running", id)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if r, ok := t.recs[id]; ok && !r.stopped {
		return mcp.Answer{}, mcp.ToolError("session `%s` is being recorded already: stop or fetch that recording", id)
	}
	snap := tap.Snapshot()
	r := &recording{owner: mcp.CallerOf(ctx).Owner(), app: sess.App}
	opts := trace.Options{App: sess.App, Session: id, MaxBytes: MaxBytes, From: tap.Inputs()}
	if snap.Size.Width > 0 && snap.Size.Height > 0 {
		opts.Width, opts.Height = snap.Size.Width, snap.Size.Height
	}
	r.rec = trace.New(&r.out, opts)
	r.detach = tap.Attach(r.rec)
	t.keep(id, r)
	from := "from its first input"
	if opts.From > 0 {
		from = fmt.Sprintf("after its first %d inputs (a replay needs a recording started before the first)", opts.From)
	}
	return mcp.Answer{Text: []string{fmt.Sprintf("Recording session `%s` %s. Stop with recording {\"action\": \"stop\", \"session\": %q}; fetch it with action fetch.", id, from, id)},
		Value: map[string]any{"session": id, "recording": true, "from_input": opts.From}}, nil
}

// keep stores r as session id's recording, dropping the oldest finished
// recording past maxKept; t.mu is held.
func (t *Tool) keep(id string, r *recording) {
	t.recs[id] = r
	t.kept = append(slices.DeleteFunc(t.kept, func(k string) bool { return k == id }), id)
	for i := 0; len(t.kept) > maxKept && i < len(t.kept); {
		if old := t.recs[t.kept[i]]; old != nil && old.stopped {
			delete(t.recs, t.kept[i])
			t.kept = slices.Delete(t.kept, i, i+1)
			continue
		}
		i++
	}
}

// stop ends session id's recording.
func (t *Tool) stop(ctx context.Context, id string) (mcp.Answer, error) {
	r, err := t.mine(ctx, id)
	if err != nil {
		return mcp.Answer{}, err
	}
	if r.stopped {
		return mcp.Answer{}, mcp.ToolError("session `%s` is not being recorded: its recording stopped already (fetch it)", id)
	}
	t.finish(r)
	n := r.out.Len()
	return mcp.Answer{Text: []string{fmt.Sprintf("Stopped recording session `%s`: %d bytes. Fetch it with recording {\"action\": \"fetch\", \"session\": %q}.", id, n, id)},
		Value: map[string]any{"session": id, "recording": false, "bytes": n}}, nil
}

// end stops the recording of a session that ended.
func (t *Tool) end(id string) {
	t.mu.Lock()
	r := t.recs[id]
	t.mu.Unlock()
	if r != nil {
		t.finish(r)
	}
}

// finish detaches and closes r once.
func (t *Tool) finish(r *recording) {
	t.mu.Lock()
	if r.stopped {
		t.mu.Unlock()
		return
	}
	r.stopped = true
	t.mu.Unlock()
	r.detach()
	_ = r.rec.Close()
}

// fetch answers session id's recording in format.
func (t *Tool) fetch(ctx context.Context, id, format string) (mcp.Answer, error) {
	r, err := t.mine(ctx, id)
	if err != nil {
		return mcp.Answer{}, err
	}
	r.rec.Sync()
	data := r.out.String()
	if format == "" {
		format = FormatRecording
	}
	text := data
	switch format {
	case FormatRecording:
	case FormatAsciicast, FormatGoTest:
		entries, err := trace.Read(strings.NewReader(data))
		if err != nil {
			return mcp.Answer{}, fmt.Errorf("recordtool: read the recording of %s: %w", id, err)
		}
		var b bytes.Buffer
		if format == FormatAsciicast {
			err = trace.Asciicast(&b, entries)
		} else {
			var src string
			src, err = trace.GoTest(entries, trace.GoTestOptions{Name: "Test" + goName(r.app) + "Recording"})
			b.WriteString(src)
		}
		if errors.Is(err, trace.ErrMidSession) {
			return mcp.Answer{}, mcp.ToolError("%v: start a recording before the session's first input to fetch it as %s", err, format)
		}
		if err != nil {
			return mcp.Answer{}, fmt.Errorf("recordtool: %s of %s: %w", format, id, err)
		}
		text = b.String()
	default:
		return mcp.Answer{}, mcp.ToolError("format %q is not one of %s, %s, %s", format, FormatRecording, FormatAsciicast, FormatGoTest)
	}
	return mcp.Answer{Text: []string{text}, Value: map[string]any{"session": id, "format": format, "bytes": len(text), "recording": !r.stopped}}, nil
}

// goName makes an app's name part of a Go identifier ("log-viewer" ->
// "LogViewer").
func goName(app string) string {
	var b strings.Builder
	up := true
	for _, r := range app {
		switch {
		case r >= 'a' && r <= 'z' && up:
			b.WriteRune(r - 'a' + 'A')
			up = false
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9' && b.Len() > 0:
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	return b.String()
}

// mine returns session id's recording when the caller owns it.
func (t *Tool) mine(ctx context.Context, id string) (*recording, error) {
	t.mu.Lock()
	r := t.recs[id]
	t.mu.Unlock()
	if r == nil || r.owner != mcp.CallerOf(ctx).Owner() {
		return nil, mcp.ToolError("you have no recording of session `%s`: start one with recording {\"action\": \"start\", \"session\": %q} on a session you started", id, id)
	}
	return r, nil
}

// owns answers why the caller may not record session id, or nil: only a
// session it started with facet_start (facet_list says "yours") is its.
func (t *Tool) owns(ctx context.Context, id string) error {
	c, err := mcpclient.ConnectAs(ctx, t.srv, Name)
	if err != nil {
		return fmt.Errorf("recordtool: %w", err)
	}
	defer c.Close()
	req := sdk.CallToolRequest{}
	req.Params.Name = "facet_list"
	req.Params.Arguments = map[string]any{}
	res, err := c.CallTool(ctx, req)
	if err != nil {
		return fmt.Errorf("recordtool: facet_list: %w", err)
	}
	var list struct {
		Sessions []struct {
			ID    string `json:"id"`
			Yours bool   `json:"yours"`
		} `json:"sessions"`
	}
	b, err := json.Marshal(res.StructuredContent)
	if err == nil {
		err = json.Unmarshal(b, &list)
	}
	if err != nil {
		return fmt.Errorf("recordtool: facet_list's answer: %w", err)
	}
	for _, s := range list.Sessions {
		if s.ID == id && s.Yours {
			return nil
		}
	}
	return mcp.ToolError("session `%s` is not yours: only a session you started with facet_start can be recorded by you (facet_list marks them \"yours\")", id)
}

// Close stops following the registry's sessions and ends the recordings
// still running. The tool stays listed (mcp.Extensions.RemoveTools(Name)
// removes it).
func (t *Tool) Close() {
	for _, f := range t.unwatch {
		f()
	}
	t.mu.Lock()
	var running []*recording
	for _, r := range t.recs {
		if !r.stopped {
			running = append(running, r)
		}
	}
	t.mu.Unlock()
	for _, r := range running {
		t.finish(r)
	}
}
