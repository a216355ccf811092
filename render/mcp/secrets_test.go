package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// These tests reproduce the oracles of cutting a masked value out of
// other text: each shows an answer that told the agent something of the
// password typed in the session. signIn is in noninterference_test.go.

// personTypes sets the session's password field as a person's keystrokes
// would.
func personTypes(t *testing.T, sess *tea.Session, password string) {
	t.Helper()
	if _, err := sess.Dispatch(context.Background(), widgets.TextChanged{ID: "password", Value: password}); err != nil {
		t.Fatal(err)
	}
}

// everyAnswer is what an agent can read of session nf: a screenshot, the
// widgets and context resources and the form projection, keyed by channel.
func everyAnswer(t *testing.T, tc *testClient) map[string]string {
	t.Helper()
	out := map[string]string{"screenshot": text(mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "nf"})))}
	for _, uri := range []string{WidgetsURI("nf"), ContextURI("nf"), ModelURI("nf", "form")} {
		out[uri], _ = readResource(t, tc.c, uri)
	}
	return out
}

func TestAnotherFieldAnswersAlikeOnEveryChannel(t *testing.T) {
	tests := []struct{ name, password, email string }{
		{"the password itself", "hunter2", "hunter2"},
		{"the password inside the email", "hunter2", "me+hunter2@example.com"},
		{"one letter of it", "h", "hello@example.com"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newTestServer(t, Options{})
			c := connect(t, srv)
			sess, err := srv.StartSession(context.Background(), "nf", "signin", &signIn{})
			if err != nil {
				t.Fatal(err)
			}
			personTypes(t, sess, tc.password)
			write := mustOK(t, c.call("nf.email.type_into", map[string]any{"text": tc.email}))
			got := structured(t, write)["widgets"].(map[string]any)["email"].(map[string]any)["state"].(map[string]any)["value"]
			if got != tc.email {
				t.Errorf("the write's answer says the email is %q, want %q as typed", got, tc.email)
			}
			read := mustOK(t, c.call("nf.email.get_value", nil))
			if v := structured(t, read)["value"]; v != tc.email {
				t.Errorf("get_value = %q, want %q", v, tc.email)
			}
			jsonEmail, _ := json.Marshal(tc.email)
			for channel, body := range everyAnswer(t, c) {
				want := string(jsonEmail)
				if channel == "screenshot" {
					want = "Email: [" + tc.email
				}
				if !strings.Contains(body, want) {
					t.Errorf("%s does not show the email as typed (%s):\n%s", channel, want, body)
				}
			}
		})
	}
}

func TestGuessesTypedIntoAnotherFieldComeBackAsTyped(t *testing.T) {
	srv := newTestServer(t, Options{})
	c := connect(t, srv)
	sess, err := srv.StartSession(context.Background(), "nf", "signin", &signIn{})
	if err != nil {
		t.Fatal(err)
	}
	personTypes(t, sess, "letmein")
	guesses := "123456|password|letmein|qwerty"
	res := mustOK(t, c.call("nf.email.type_into", map[string]any{"text": guesses}))
	b, _ := json.Marshal(res)
	if strings.Contains(string(b), "•") || !strings.Contains(text(res)+string(b), guesses) {
		t.Fatalf("the write's answer does not show the guesses as typed: %s", b)
	}
	if shot := everyAnswer(t, c)["screenshot"]; strings.Contains(shot, "|••••") || !strings.Contains(shot, "Hello  <"+guesses+">") {
		t.Fatalf("the screenshot does not show the guesses as typed:\n%s", shot)
	}
}

func TestTheAppsOwnTextIsNotCutWhileAPersonTypes(t *testing.T) {
	srv := newTestServer(t, Options{})
	c := connect(t, srv)
	sess, err := srv.StartSession(context.Background(), "nf", "signin", &signIn{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Dispatch(context.Background(), tea.NotifyMsg{Text: "Sign in to Facet Cloud", TTL: -1}); err != nil {
		t.Fatal(err)
	}
	for _, typed := range []string{"S", "Si", "Sig", "Sign", "Sign in", " ", "in", "Facet Cloud"} {
		personTypes(t, sess, typed)
		for channel, body := range everyAnswer(t, c) {
			if channel == ModelURI("nf", "form") {
				continue
			}
			if !strings.Contains(body, "Sign in to Facet Cloud") || strings.Contains(body, "••") {
				t.Errorf("with %q typed, %s does not show the app's text as the person sees it:\n%s", typed, channel, body)
			}
		}
	}
}

func TestAMaskedFieldLooksTheSameWhateverItHolds(t *testing.T) {
	var first map[string]string
	for _, password := range []string{"", "a", "hunter2", strings.Repeat("long password ", 20)} {
		for _, focused := range []bool{false, true} {
			srv := newTestServer(t, Options{})
			c := connect(t, srv)
			sess, err := srv.StartSession(context.Background(), "nf", "signin", &signIn{})
			if err != nil {
				t.Fatal(err)
			}
			if focused {
				if _, err := sess.Dispatch(context.Background(), tea.FocusMsg{ID: "password"}); err != nil {
					t.Fatal(err)
				}
			}
			personTypes(t, sess, password)
			if _, err := sess.Dispatch(context.Background(), widgets.TextChanged{ID: "repeat", Value: password}); err != nil {
				t.Fatal(err)
			}
			got := everyAnswer(t, c)
			if !strings.Contains(got["screenshot"], "Password: [‹masked›") {
				t.Fatalf("the password field is not drawn as masked:\n%s", got["screenshot"])
			}
			if !focused {
				got["focused"] = "no"
			}
			if first == nil || (first["focused"] == got["focused"]) {
				if first == nil {
					first = got
					continue
				}
				for channel, body := range got {
					if denoise(body) != denoise(first[channel]) {
						t.Errorf("%s differs with %q typed:\n%s\nwith nothing typed:\n%s", channel, password, body, first[channel])
					}
				}
			}
		}
	}
}

func TestAMaskedFieldTakesNoAppend(t *testing.T) {
	srv := newTestServer(t, Options{})
	c := connect(t, srv)
	sess, err := srv.StartSession(context.Background(), "nf", "signin", &signIn{})
	if err != nil {
		t.Fatal(err)
	}
	personTypes(t, sess, "hunter2")
	for _, tool := range []string{"nf.password.type_into", "nf.repeat.type_into"} {
		if props, _ := c.tool(tool).InputSchema.Properties["append"]; props != nil {
			t.Errorf("%s offers append: whether appended text fits tells the value's length", tool)
		}
		mustErr(t, c.call(tool, map[string]any{"text": "x", "append": true}), "append")
	}
	if got := sess.Snapshot().Model.(*signIn).Password; got != "hunter2" {
		t.Fatalf("the password became %q", got)
	}
}

func TestTheContextServesProjectionsNotTheModel(t *testing.T) {
	srv := newTestServer(t, Options{})
	c := connect(t, srv)
	sess, err := srv.StartSession(context.Background(), "nf", "signin", &signIn{Email: "ada@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	personTypes(t, sess, "hunter2")
	body, _ := readResource(t, c.c, ContextURI("nf"))
	var ctx struct {
		Model map[string]map[string]any `json:"model"`
	}
	if err := json.Unmarshal([]byte(body), &ctx); err != nil {
		t.Fatal(err)
	}
	if len(ctx.Model) != 1 || ctx.Model["form"]["email"] != "ada@example.com" {
		t.Fatalf("context model = %v, want the form projection only", ctx.Model)
	}
	if strings.Contains(body, "hunter2") {
		t.Fatalf("the context carries the password: %s", body)
	}
}

func TestAWriteToAMaskedFieldSaysNothingOfWhatItHeld(t *testing.T) {
	var first string
	for _, held := range []string{"letmein", "hunter2", ""} {
		srv := newTestServer(t, Options{})
		c := connect(t, srv)
		sess, err := srv.StartSession(context.Background(), "nf", "signin", &signIn{})
		if err != nil {
			t.Fatal(err)
		}
		personTypes(t, sess, held)
		res := mustOK(t, c.call("nf.password.type_into", map[string]any{"text": "letmein"}))
		b, _ := json.Marshal(res)
		if first == "" {
			first = denoise(string(b))
			continue
		}
		if got := denoise(string(b)); got != first {
			t.Errorf("typing \"letmein\" over %q answers\n%s\nover \"letmein\" it answers\n%s", held, got, first)
		}
	}
}

// pin is a masked widget of an app's own that has no Redacted form: its
// drawing and description give its value away, as a careless one might.
type pin struct{ value string }

func (pin) Children() []tea.Node              { return nil }
func (pin) WidgetID() string                  { return "pin" }
func (pin) WidgetKind() string                { return "pin_pad" }
func (pin) IsMasked() bool                    { return true }
func (p pin) Render(tea.RenderContext) string { return "PIN " + p.value }
func (p pin) Describe() tea.Description {
	return tea.Description{Label: "PIN", State: map[string]any{"digits": len(p.value), "value": p.value}}
}

type pinApp struct{ PIN string }

func (m *pinApp) Init() tea.Cmd                       { return nil }
func (m *pinApp) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m *pinApp) View() tea.Node                      { return tea.Column{Items: []tea.Node{pin{m.PIN}}} }

func TestAMaskedWidgetWithoutARedactedFormIsStoodInFor(t *testing.T) {
	var first map[string]string
	for _, p := range []string{"1234", "987654"} {
		srv := newTestServer(t, Options{})
		c := connect(t, srv)
		if _, err := srv.StartSession(context.Background(), "pn", "pin", &pinApp{PIN: p}); err != nil {
			t.Fatal(err)
		}
		got := map[string]string{"screenshot": text(mustOK(t, c.call("facet_screenshot", map[string]any{"id": "pn"})))}
		got["widgets"], _ = readResource(t, c.c, WidgetsURI("pn"))
		if !strings.Contains(got["screenshot"], "PIN: [‹masked›]") || strings.Contains(got["widgets"], `"digits"`) {
			t.Fatalf("with PIN %s: %v", p, got)
		}
		if first == nil {
			first = got
			continue
		}
		for ch := range got {
			if denoise(got[ch]) != denoise(first[ch]) {
				t.Errorf("%s differs with the PIN:\n%s\n%s", ch, got[ch], first[ch])
			}
		}
	}
}
