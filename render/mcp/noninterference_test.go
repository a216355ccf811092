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

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// signIn is a sign-in form whose password a person types: a PasswordField
// "password" and a masked TextInput "repeat", beside fields an agent may
// write (email, name, note, remember) and the app's own fixed text. From
// the second sign-in attempt on, the masked fields leave the view. Nothing
// it draws, describes or projects is computed from the password; its model
// holds it (facet_get_model, which is sensitive, serves it).
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
	case widgets.Toggled:
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

// agentStep is one thing the agent does: a tool call or a resource read.
type agentStep struct {
	Tool string
	Args map[string]any
	Read string // a resource URI to read instead of calling a tool
}

// secretAlphabet is what passwords, and the text an agent types, are made
// of: small, so the agent's text and the app's own text ("Sign in to Facet
// Cloud") keep containing passwords and their prefixes.
var secretAlphabet = []rune("inSg ao1")

func secretText(min, max int) *rapid.Generator[string] {
	return rapid.StringOfN(rapid.RuneFrom(secretAlphabet), min, max, -1)
}

func agentSteps() *rapid.Generator[agentStep] {
	const s = "nf"
	return rapid.Custom(func(t *rapid.T) agentStep {
		field := rapid.SampledFrom([]string{"email", "name", "note"}).Draw(t, "field")
		switch rapid.IntRange(0, 11).Draw(t, "kind") {
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
			return agentStep{Tool: "facet_screenshot", Args: map[string]any{"id": s}}
		case 6:
			return agentStep{Tool: s + ".discover_tools", Args: map[string]any{"query": secretText(0, 3).Draw(t, "query")}}
		case 7:
			return agentStep{Tool: rapid.SampledFrom([]string{"facet_list", s + ".password.get_value", s + ".repeat.get_value"}).Draw(t, "misc")}
		default:
			return agentStep{Read: rapid.SampledFrom([]string{WidgetsURI(s), ContextURI(s), ModelURI(s, "form"), "signin://state/form"}).Draw(t, "uri")}
		}
	})
}

// noise are the parts of what an agent receives that differ between any
// two runs whatever was typed: wall-clock times and the in-process
// client's connection id (its creation time).
var noise = []*regexp.Regexp{
	regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`),
	regexp.MustCompile(`inprocess-\d+`),
	regexp.MustCompile(`conn-[0-9a-f]{16}`), // the key of that id
}

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

// agentTranscript runs script against a fresh server whose session nf a
// person fills in: before agent step i they set both masked fields to
// typed[i] (as a keystroke would, one TextChanged each). It returns every
// byte the agent received, denoised: each answer in order, then every
// notification (sorted, since their interleaving with answers is the
// transport's).
func agentTranscript(t *rapid.T, typed []string, script []agentStep) []string {
	srv, err := New(Options{Apps: testApps()})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	defer func() {
		srv.Sessions().StopAll()
		srv.Close()
	}()
	ctx := context.Background()
	sess, err := srv.StartSession(ctx, "nf", "signin", &signIn{})
	if err != nil {
		t.Fatalf("StartSession: %v", err)
	}
	c, err := client.NewInProcessClient(srv.SDK())
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
	// The person puts focus in the password field, so it is drawn with
	// its cursor; the agent's first call attaches it (the screen says so).
	if _, err := sess.Dispatch(ctx, tea.FocusMsg{ID: "password"}); err != nil {
		t.Fatal(err)
	}
	attach := sdk.CallToolRequest{}
	attach.Params.Name = "nf.remember.get_checked"
	record(c.CallTool(ctx, attach))
	watched := []string{WidgetsURI("nf"), ContextURI("nf"), ModelURI("nf", "form")}
	for _, uri := range watched {
		//lint:ignore SA1019 the stateful protocol's subscribe RPC is what this exercises
		record(nil, c.Subscribe(ctx, sdk.SubscribeRequest{Params: sdk.SubscribeParams{URI: uri}}))
		record(c.ReadResource(ctx, sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: uri}}))
	}
	for i, step := range script {
		for _, id := range []string{"password", "repeat"} {
			if _, err := sess.Dispatch(ctx, widgets.TextChanged{ID: id, Value: typed[i]}); err != nil {
				t.Fatal(err)
			}
		}
		followed(t, srv, sess, watched)
		if step.Read != "" {
			record(c.ReadResource(ctx, sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: step.Read}}))
			continue
		}
		req := sdk.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = step.Tool, step.Args
		record(c.CallTool(ctx, req))
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
	srv.SDK().SendNotificationToAllClients(barrierMethod, nil)
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
// value, resource and screenshot, searches the tools and follows every
// resource's patches receives the very same bytes whatever password the
// person typed, and at whatever point of typing it they are.
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
			t.Fatalf("what the agent received differs with the password (%q typed as %q vs %q typed as %q), at item %d:\n%s\n%s",
				a, typedA, b, typedB, d, at(ta, d), at(tb, d))
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

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "<nothing>"
}
