package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	sdk "github.com/mark3labs/mcp-go/mcp"
	"pgregory.net/rapid"

	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// signIn is a sign-in form whose password a person types: a PasswordField
// "password" and a masked TextInput "repeat", beside fields an agent may
// write (email, name, note, remember) and the app's own fixed text. From
// the second sign-in attempt on, the masked fields leave the view. Nothing
// it draws, describes or projects is computed from the password; its model
// holds it, and facet_get_model answers its projection instead.
type signIn struct {
	Email, Name, Note string
	Password, Repeat  string
	Remember          bool
	Submits           int
}

type signInSubmit struct{}

func (m *signIn) Init() tea.Cmd { return nil }
func (m *signIn) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *m
	switch v := msg.(type) {
	case widgets.TextChanged:
		switch v.ID {
		case "email":
			n.Email = v.Value
		case "name":
			n.Name = v.Value
		case "note":
			n.Note = v.Value
		case "password":
			n.Password = v.Value
		case "repeat":
			n.Repeat = v.Value
		}
	case widgets.CheckboxToggled:
		n.Remember = v.Checked
	case signInSubmit:
		n.Submits++
	}
	return &n, nil
}
func (m *signIn) View() tea.Node {
	if m.Submits >= 2 {
		return tea.Column{Items: []tea.Node{
			tea.Text{Content: "Too many attempts: sign in to Facet Cloud later"},
			widgets.TextInput{ID: "email", Label: "Email", Value: m.Email},
			widgets.Button{ID: "submit", Label: "Try again", OnClick: signInSubmit{}},
		}}
	}
	return tea.Column{Items: []tea.Node{
		tea.Text{Content: "Sign in to Facet Cloud"},
		widgets.TextInput{ID: "email", Label: "Email", Value: m.Email, Placeholder: "you@example.com"},
		widgets.TextInput{ID: "name", Label: "Name", Value: m.Name},
		widgets.PasswordField{ID: "password", Label: "Password", Value: m.Password},
		widgets.TextInput{ID: "repeat", Label: "Repeat", Value: m.Repeat, Mask: '•'},
		widgets.TextArea{ID: "note", Label: "Note", Value: m.Note},
		widgets.Checkbox{ID: "remember", Label: "Remember me", Checked: m.Remember},
		widgets.Button{ID: "submit", Label: "Sign in", OnClick: signInSubmit{}},
		widgets.Text{ID: "status", Content: fmt.Sprintf("Hello %s <%s>, %d sign-in attempts", m.Name, m.Email, m.Submits)},
	}}
}
func (m *signIn) Projections() []tea.Projection {
	return []tea.Projection{{URI: "signin://state/form", Name: "form", Description: "The form but its secrets.",
		Value: func() any {
			return map[string]any{"email": m.Email, "name": m.Name, "remember": m.Remember, "submits": m.Submits}
		}}}
}

// agentStep is one thing the agent does: a tool call, a resource read, or
// spawning an agent that takes steps of its own.
type agentStep struct {
	Tool string         `json:"tool,omitempty"`
	Args map[string]any `json:"args,omitempty"`
	Read string         `json:"read,omitempty"` // a resource URI to read instead of calling a tool
	// Agent is what an agent spawned with the agent tool does, on session
	// ag; the agent's journal and status are then read.
	Agent []agentStep `json:"agent,omitempty"`
}

// secretAlphabet is what passwords, and the text an agent types, are made
// of: small, so the agent's text and the app's own text ("Sign in to Facet
// Cloud") keep containing passwords and their prefixes.
var secretAlphabet = []rune("inSg ao1")

func secretText(min, max int) *rapid.Generator[string] {
	return rapid.StringOfN(rapid.RuneFrom(secretAlphabet), min, max, -1)
}

// agentSteps draws what the agent does on session nf: every static tool,
// the session's own tools and resources, and (some of the time) an agent
// of its own on session ag.
func agentSteps() *rapid.Generator[agentStep] {
	return rapid.Custom(func(t *rapid.T) agentStep {
		if rapid.IntRange(0, 9).Draw(t, "spawn") == 0 {
			return agentStep{Agent: rapid.SliceOfN(stepsOn("ag"), 1, 4).Draw(t, "agent")}
		}
		return stepsOn("nf").Draw(t, "step")
	})
}

// stepsOn draws one call or read on session s.
func stepsOn(s string) *rapid.Generator[agentStep] {
	return rapid.Custom(func(t *rapid.T) agentStep {
		field := rapid.SampledFrom([]string{"email", "name", "note"}).Draw(t, "field")
		switch rapid.IntRange(0, 19).Draw(t, "kind") {
		case 0, 1:
			args := map[string]any{"text": secretText(0, 12).Draw(t, "text")}
			if rapid.Bool().Draw(t, "append") {
				args["append"] = true
			}
			return agentStep{Tool: s + "." + field + ".type_into", Args: args}
		case 2:
			return agentStep{Tool: s + "." + field + ".clear"}
		case 3:
			return agentStep{Tool: s + "." + field + ".get_value"}
		case 4:
			return agentStep{Tool: rapid.SampledFrom([]string{s + ".remember.toggle", s + ".remember.get_checked"}).Draw(t, "other")}
		case 11:
			return agentStep{Tool: s + ".submit.click"}
		case 5:
			return agentStep{Tool: "facet_screenshot", Args: map[string]any{"session": s}}
		case 6:
			return agentStep{Tool: s + ".discover_tools", Args: map[string]any{"query": secretText(0, 3).Draw(t, "query")}}
		case 7:
			return agentStep{Tool: rapid.SampledFrom([]string{"facet_list", s + ".password.get_value", s + ".repeat.get_value"}).Draw(t, "misc")}
		case 12:
			return agentStep{Tool: "facet_get_model", Args: map[string]any{"id": s}} // the session's deprecated name
		case 13:
			widget := rapid.SampledFrom([]string{field, "password", "repeat"}).Draw(t, "act_widget")
			action := rapid.SampledFrom([]string{"get_value", "type_into", "clear"}).Draw(t, "act_action")
			args := map[string]any{"session": s, "widget": widget, "action": action}
			if action == "type_into" {
				args["args"] = map[string]any{"text": secretText(0, 6).Draw(t, "act_text")}
			}
			return agentStep{Tool: "facet_act", Args: args}
		case 14:
			widget := rapid.SampledFrom([]string{"email", "name", "note", "password", "repeat", "remember", "submit"}).Draw(t, "focus")
			return agentStep{Tool: "facet_send_key", Args: map[string]any{"session": s, "widget": widget}}
		case 15:
			key := rapid.SampledFrom([]string{"i", "S", "space", "backspace", "delete", "left", "right", "home", "end", "tab", "enter"}).Draw(t, "key")
			return agentStep{Tool: "facet_send_key", Args: map[string]any{"session": s, "key": key, "wait_ms": 0}}
		case 16:
			id := rapid.SampledFrom([]string{"c1", s}).Draw(t, "lifecycle_id")
			if rapid.Bool().Draw(t, "start") {
				return agentStep{Tool: "facet_start", Args: map[string]any{"app": "counter", "session": id}}
			}
			return agentStep{Tool: "facet_stop", Args: map[string]any{"session": id}}
		case 17:
			return agentStep{Tool: AppViewTool, Args: map[string]any{"session": s, "since": rapid.SampledFrom([]int{0, 3}).Draw(t, "since")}}
		case 18:
			return agentStep{Read: UIURI(s)}
		default:
			return agentStep{Read: rapid.SampledFrom([]string{WidgetsURI(s), ContextURI(s), ModelURI(s, "form"), "signin://state/form"}).Draw(t, "uri")}
		}
	})
}

// ScriptAgents installs agents on srv for the property (mcphost.Install)
// and is set by noninterference_agents_test.go. Its one kind, "script",
// takes the agent tool's spawn goal as a JSON list of agentSteps, waits until run
// is called with its id, takes those steps through its own connection and
// ends; run returns once it has ended. Stop closes the agents' manager.
// It is a variable because mcphost imports this package, so only a file
// of package mcp_test may import it.
var ScriptAgents func(srv *Server) (run func(ctx context.Context, id string) error, stop func(), err error)

// noise are the parts of what an agent receives that differ between any
// two runs whatever was typed: wall-clock times and the in-process
// client's connection id (its creation time).
var noise = []*regexp.Regexp{
	regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`),
	regexp.MustCompile(`inprocess-\d+`),
	regexp.MustCompile(`conn-[0-9a-f]{16}`),     // the key of that id
	regexp.MustCompile(`\\?"ms\\?":[0-9.e+-]+`), // how long a journalled call took (in a journal's text too)
	// The size of a context read a journal records: the context's
	// timestamp is as long as its nanoseconds need (the spawner's own
	// reads of the context are compared whole).
	regexp.MustCompile(`/context \(\d+ bytes\)`),
}

// journalVersion is a journal resource's version: how many of its states
// the server observed, which follows when it looked, not what happened.
var journalVersion = regexp.MustCompile(`"_meta":\{"version":\d+\}`)

func denoise(s string) string {
	for _, re := range noise {
		s = re.ReplaceAllString(s, "<noise>")
	}
	return s
}

// barrierMethod is the notification delivered concluding a transcript:
// the server queues a client's notifications in one FIFO channel, so when
// it arrives every notification queued before it has arrived too.
const barrierMethod = "facet_test/barrier"

// received collects every notification a client gets, as JSON, but the
// barrier, which it signals on barrier instead.
type received struct {
	mu      sync.Mutex
	got     []string
	barrier chan struct{}
}

func newReceived() *received { return &received{barrier: make(chan struct{}, 1)} }

func (r *received) add(n sdk.JSONRPCNotification) {
	if n.Method == barrierMethod {
		r.barrier <- struct{}{}
		return
	}
	b, _ := json.Marshal(n)
	r.mu.Lock()
	r.got = append(r.got, denoise(string(b)))
	r.mu.Unlock()
}

func (r *received) snapshot() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

// agentTranscript runs script against a fresh server whose sessions nf
// and ag a person fills in: before agent step i they set both masked
// fields of each to typed[i] (as a keystroke would, one TextChanged each).
// The agent is an MCP Apps host, so its views and facet_app_view answer
// too. It returns every byte the agent received, denoised: each answer in
// order (an agent it spawned answers with its journal and status), then
// every notification (sorted, since their interleaving with answers is
// the transport's).
func agentTranscript(t *rapid.T, typed []string, script []agentStep) []string {
	srv, err := New(Options{Apps: testApps(), UI: web.HostPage{}})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if ScriptAgents == nil {
		t.Fatalf("ScriptAgents is not set: noninterference_agents_test.go sets it")
	}
	runAgent, stopAgents, err := ScriptAgents(srv)
	if err != nil {
		t.Fatalf("ScriptAgents: %v", err)
	}
	defer func() {
		stopAgents()
		srv.Sessions().StopAll()
		srv.Close()
	}()
	ctx := context.Background()
	sess, err := srv.StartSession(ctx, "nf", "signin", &signIn{})
	if err != nil {
		t.Fatalf("StartSession: %v", err)
	}
	agentSess, err := srv.StartSession(ctx, "ag", "signin", &signIn{})
	if err != nil {
		t.Fatalf("StartSession: %v", err)
	}
	c, err := client.NewInProcessClient(srv.sdk)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	notes := newReceived()
	c.OnNotification(notes.add)
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := sdk.InitializeRequest{}
	init.Params.ProtocolVersion = "2025-06-18" // subscribe is an RPC there
	init.Params.ClientInfo = sdk.Implementation{Name: "noninterference", Version: "1"}
	init.Params.Capabilities.Extensions = map[string]any{UIExtension: map[string]any{"mimeTypes": []any{UIMIME}}}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	var out []string
	record := func(v any, err error) {
		b, _ := json.Marshal(v)
		e := ""
		if err != nil {
			e = err.Error()
		}
		out = append(out, denoise(string(b)+" "+e))
	}
	call := func(tool string, args map[string]any) {
		req := sdk.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = tool, args
		record(c.CallTool(ctx, req))
	}
	// The person puts focus in the password field, so it is drawn with
	// its cursor; the agent's first call attaches it (the screen says so).
	for _, s := range []*tea.Session{sess, agentSess} {
		if _, err := s.Dispatch(ctx, tea.FocusMsg{ID: "password"}); err != nil {
			t.Fatal(err)
		}
	}
	call("nf.remember.get_checked", nil)
	watched := []string{WidgetsURI("nf"), ContextURI("nf"), ModelURI("nf", "form")}
	for _, uri := range watched {
		//lint:ignore SA1019 the stateful protocol's subscribe RPC is what this exercises
		record(nil, c.Subscribe(ctx, sdk.SubscribeRequest{Params: sdk.SubscribeParams{URI: uri}}))
		record(c.ReadResource(ctx, sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: uri}}))
	}
	for i, step := range script {
		for _, s := range []*tea.Session{sess, agentSess} {
			for _, id := range []string{"password", "repeat"} {
				if _, err := s.Dispatch(ctx, widgets.TextChanged{ID: id, Value: typed[i]}); err != nil {
					t.Fatal(err)
				}
			}
		}
		followed(t, srv, sess, watched)
		switch {
		case step.Read != "":
			record(c.ReadResource(ctx, sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: step.Read}}))
			continue
		case step.Agent != nil:
			// The agent waits to be let go, so what spawn answers
			// does not hang on how far it got; it has ended (and left
			// every session's presence) when runAgent returns.
			id := fmt.Sprintf("a%d", i)
			goal, _ := json.Marshal(step.Agent)
			call("agent", map[string]any{"action": "spawn", "kind": "script", "id": id, "session": "ag", "goal": string(goal)})
			if err := runAgent(ctx, id); err != nil {
				t.Fatalf("agent %s: %v", id, err)
			}
			res, err := c.ReadResource(ctx, sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: "facet://agent/" + id + "/journal"}})
			record(res, err)
			out[len(out)-1] = journalVersion.ReplaceAllString(out[len(out)-1], "<version>")
			call("agent", map[string]any{"action": "status", "id": id})
		default:
			call(step.Tool, step.Args)
		}
		followed(t, srv, sess, watched)
	}
	// Every resource once more, so a change the last step made has been
	// seen and notified, then wait until notifications stop coming.
	for _, uri := range []string{WidgetsURI("nf"), ContextURI("nf"), ModelURI("nf", "form")} {
		record(c.ReadResource(ctx, sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: uri}}))
	}
	// The server has followed the newest snapshot on every resource (and
	// a write queues its list_changed before it answers), so what remains
	// is delivery: queue a barrier behind them and wait for it, not for a
	// quiet spell, which a busy machine outlasts (25 ms of quiet let a late
	// update reach one run and not the other).
	followed(t, srv, sess, watched)
	srv.sdk.SendNotificationToAllClients(barrierMethod, nil)
	select {
	case <-notes.barrier:
	case <-time.After(30 * time.Second):
		t.Fatalf("the barrier notification never arrived; got %d notifications before", len(notes.snapshot()))
	}
	got := notes.snapshot()
	slices.Sort(got)
	return append(out, got...)
}

// followed waits until the server has followed sess's newest snapshot on
// each of uris, so how many updates a subscriber gets does not hang on
// when the follower runs (it skips to the newest snapshot when behind).
func followed(t *rapid.T, srv *Server, sess *tea.Session, uris []string) {
	want := sess.Snapshot().Version
	deadline := time.Now().Add(5 * time.Second)
	for _, uri := range uris {
		for {
			srv.res.mu.Lock()
			st := srv.res.states[uri]
			srv.res.mu.Unlock()
			var seen uint64
			if st != nil {
				st.mu.Lock()
				seen = st.snap
				st.mu.Unlock()
			}
			if seen >= want {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the server never followed snapshot %d (at %d)", uri, want, seen)
			}
			time.Sleep(time.Millisecond)
		}
	}
}

// TestAgentsLearnNothingOfAMaskedValue is the noninterference property of
// masked widgets: an agent that writes every other field, reads every
// value, resource, view and screenshot, calls every static tool
// (facet_get_model, facet_act, facet_send_key, facet_start,
// facet_stop, facet_list, facet_app_view), searches the tools, follows
// every resource's patches and spawns agents of its own whose journals it
// reads receives the very same bytes whatever password the person typed,
// and at whatever point of typing it they are.
func TestAgentsLearnNothingOfAMaskedValue(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		script := rapid.SliceOfN(agentSteps(), 1, 12).Draw(t, "script")
		a := secretText(0, 10).Draw(t, "password_a")
		b := secretText(0, 10).Draw(t, "password_b")
		// Each run's person types their password one character per agent
		// step (from a step the draw picks), so the agent meets every
		// prefix, empty to whole.
		start := rapid.IntRange(0, len(script)).Draw(t, "typing_starts")
		typedA, typedB := typing(a, start, len(script)), typing(b, start, len(script))
		ta, tb := agentTranscript(t, typedA, script), agentTranscript(t, typedB, script)
		if d := firstDifference(ta, tb); d >= 0 {
			x, y := where(at(ta, d), at(tb, d))
			t.Fatalf("what the agent received differs with the password (%q typed as %q vs %q typed as %q), at item %d:\n%s\n%s",
				a, typedA, b, typedB, d, x, y)
		}
	})
}

// typing is what a person who starts typing password before step start
// has typed before each of steps steps: one more character per step.
func typing(password string, start, steps int) []string {
	runes := []rune(password)
	out := make([]string, steps)
	for i := range out {
		out[i] = string(runes[:min(max(i-start+1, 0), len(runes))])
	}
	return out
}

func firstDifference(a, b []string) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

// where cuts a and b down to where they differ, with some context.
func where(a, b string) (string, string) {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-300, 0)
	cut := func(s string) string {
		to := min(i+300, len(s))
		if from >= to {
			return s[from:]
		}
		return "…" + s[from:to] + "…"
	}
	return cut(a), cut(b)
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "<nothing>"
}
