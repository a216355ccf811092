package mcptest_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestEachStepReachesUpdateThroughItsTool(t *testing.T) {
	tests := []struct {
		name  string
		step  func(s *mcptest.Session)
		check func(t *testing.T, m kitchen)
	}{
		{"TypeInto replaces the value", func(s *mcptest.Session) { s.TypeInto("name", "Grace") },
			func(t *testing.T, m kitchen) { want(t, m.Name.Value, "Grace") }},
		{"Clear empties it", func(s *mcptest.Session) { s.Clear("name") },
			func(t *testing.T, m kitchen) { want(t, m.Name.Value, "") }},
		{"Click sends OnClick", func(s *mcptest.Session) { s.Click("inc").Click("inc") },
			func(t *testing.T, m kitchen) { want(t, m.Clicks, 2) }},
		{"Select picks an option", func(s *mcptest.Session) { s.Select("color", 2) },
			func(t *testing.T, m kitchen) { want(t, m.Color.Selected, 2) }},
		{"SelectItem chooses a menu leaf", func(s *mcptest.Session) { s.SelectItem("menu", "open") },
			func(t *testing.T, m kitchen) { want(t, m.Status, "chose open") }},
		{"Toggle flips a checkbox", func(s *mcptest.Session) { s.Toggle("agree") },
			func(t *testing.T, m kitchen) { want(t, m.Agree.Checked, true) }},
		{"SelectRow selects a row", func(s *mcptest.Session) { s.SelectRow("repos", 1) },
			func(t *testing.T, m kitchen) { want(t, m.Repos.Selected, 1) }},
		{"Sort sorts the table", func(s *mcptest.Session) { s.Sort("repos", "stars", "desc") },
			func(t *testing.T, m kitchen) {
				want(t, m.Repos.Rows[0][0], "bubbletea")
				want(t, m.Repos.SortColumn, "stars")
			}},
		{"Expand opens a node", func(s *mcptest.Session) { s.Expand("files", "src") },
			func(t *testing.T, m kitchen) { want(t, m.Files.Expanded["src"], true) }},
		{"Collapse closes it", func(s *mcptest.Session) { s.Expand("files", "src").Collapse("files", "src") },
			func(t *testing.T, m kitchen) { want(t, m.Files.Expanded["src"], false) }},
		{"SelectNode selects a node", func(s *mcptest.Session) { s.SelectNode("files", "go.mod") },
			func(t *testing.T, m kitchen) { want(t, m.Files.Selected, "go.mod") }},
		{"Seek moves the scrubber", func(s *mcptest.Session) { s.Seek("clip", 42) },
			func(t *testing.T, m kitchen) { want(t, m.Clip.Position, 42) }},
		{"Play plays", func(s *mcptest.Session) { s.Play("clip") },
			func(t *testing.T, m kitchen) { want(t, m.Clip.Playing, true) }},
		{"Pause pauses", func(s *mcptest.Session) { s.Play("clip").Pause("clip") },
			func(t *testing.T, m kitchen) { want(t, m.Clip.Playing, false) }},
		{"SelectTab activates a tab", func(s *mcptest.Session) { s.SelectTab("pages", 2) },
			func(t *testing.T, m kitchen) { want(t, m.Pages.Active, 2) }},
		{"ScrollTo scrolls the viewport", func(s *mcptest.Session) { s.ScrollTo("log", 10) },
			func(t *testing.T, m kitchen) { want(t, m.Log.Top, 10) }},
		{"Confirm confirms the modal", func(s *mcptest.Session) { s.Click("ask").Confirm("confirm") },
			func(t *testing.T, m kitchen) { want(t, m.Status, "confirmed"); want(t, m.Asking, false) }},
		{"Dismiss dismisses it", func(s *mcptest.Session) { s.Click("ask").Dismiss("confirm") },
			func(t *testing.T, m kitchen) { want(t, m.Status, "dismissed") }},
		{"SendKey types into the focused widget", func(s *mcptest.Session) { s.SendKey("!") },
			func(t *testing.T, m kitchen) { want(t, m.Name.Value, "Ada!") }},
		{"Call reaches any tool by its short name", func(s *mcptest.Session) {
			s.Call("name.type_into", map[string]any{"text": "Lin"})
		}, func(t *testing.T, m kitchen) { want(t, m.Name.Value, "Lin") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mcptest.Start(t, newKitchen())
			tt.step(s)
			var m kitchen
			s.Model(&m)
			tt.check(t, m)
		})
	}
}

func TestReadsAnswerTheSessionAsItIsNow(t *testing.T) {
	s := mcptest.Start(t, newKitchen())
	want(t, s.Value("name"), "Ada")
	want(t, s.Checked("agree"), false)
	s.Toggle("agree").Select("color", 1).SelectTab("pages", 2).Sort("repos", "name", "asc")
	want(t, s.Checked("agree"), true)
	i, label := s.Selected("color")
	want(t, i, 1)
	want(t, label, "green")
	i, label = s.Selected("pages")
	want(t, i, 2)
	want(t, label, "Three")
	rows := s.Rows("repos")
	want(t, rows, []map[string]any{
		{"name": "bubbletea", "stars": "30"}, {"name": "glow", "stars": "17"}, {"name": "lipgloss", "stars": "9"},
	})
	if screen := s.Screenshot(); !strings.Contains(screen, "bubbletea") || strings.Contains(screen, "Really?") {
		t.Errorf("the screenshot misses the table or shows the hidden modal:\n%s", screen)
	}
}

func TestRowsPagesThroughLongTables(t *testing.T) {
	k := newKitchen()
	k.Repos.Rows = nil
	for i := range 250 {
		k.Repos.Rows = append(k.Repos.Rows, []string{"repo", string(rune('a' + i%26))})
	}
	s := mcptest.Start(t, k)
	if n := len(s.Rows("repos")); n != 250 {
		t.Fatalf("Rows = %d rows, want 250", n)
	}
}

func TestComponentIsTheWidgetAsItIsNow(t *testing.T) {
	s := mcptest.Start(t, newKitchen())
	s.Click("inc")
	c, ok := s.Component("status")
	if !ok || c.Kind != "text" || c.Label != "clicked 1 times" || c.Focused {
		t.Errorf("status = %+v", c)
	}
	c, _ = s.Component("name")
	if !c.Focused || c.Value() != "Ada" || !c.Offers("type_into") || c.Reads["get_value"] == nil {
		t.Errorf("name = %+v", c)
	}
	c, _ = s.Component("never")
	if c.Offers("click") || c.State["disabled"] != true {
		t.Errorf("a disabled button = %+v", c)
	}
	if _, ok := s.Component("nope"); ok {
		t.Error("Component found a widget that is not in the view")
	}
	s.AssertComponent("repos", func(c mcptest.Component) bool {
		rows, _ := c.Reads["get_rows"].(map[string]any)
		return c.State["rows"] == 3 && rows["total"] == 3.0
	})
}

func TestAMaskedValueNeverLeavesThroughTheHarness(t *testing.T) {
	const secret = "hunter2-secret"
	s := mcptest.Start(t, newKitchen())
	s.TypeInto("secret", secret)
	var m kitchen
	s.Model(&m)
	want(t, m.Secret.Value, secret) // it did arrive, in the model
	s.ExpectError("has no tool").Value("secret")
	s.AssertScreenNotContains(secret).AssertScreenContains("Secret: [‹masked›")
	c, _ := s.Component("secret")
	if !c.Masked || strings.Contains(c.String(), secret) || c.Value() != "" {
		t.Errorf("the masked component shows its value: %s", c)
	}
}

func TestExpectErrorMeetsTheServersError(t *testing.T) {
	s := mcptest.Start(t, newKitchen())
	s.Click("ask").Confirm("confirm").
		ExpectError("no longer offers `confirm`").Confirm("confirm").
		ExpectError("has no tool").Click("never").
		Click("ask").ExpectError("widget `ask` is disabled").Click("ask").Dismiss("confirm").
		ExpectError("out of range").Select("color", 7).
		AssertError("one of name, stars", func(s *mcptest.Session) { s.Sort("repos", "nope", "asc") }).
		Click("inc")
	res := s.ExpectError("has no tool").Call("nope.click", nil)
	if !res.IsError || res.Text == "" {
		t.Errorf("Call answered %+v", res)
	}
	var m kitchen
	s.Model(&m)
	want(t, m.Clicks, 1)
}

func TestToolAvailabilityFollowsTheView(t *testing.T) {
	s := mcptest.Start(t, newKitchen())
	s.AssertToolAvailable("inc.click").
		AssertToolAvailable("app.repos.sort").
		AssertToolAvailable("facet_screenshot").
		AssertToolAvailable("discover_tools").
		AssertToolAbsent("never.click").
		AssertToolAbsent("confirm.confirm").
		AssertToolAbsent("secret.get_value")
	s.Click("ask").AssertToolAvailable("confirm.confirm").AssertToolAbsent("ask.click")
	s.Dismiss("confirm").AssertToolAbsent("confirm.confirm").AssertToolAvailable("ask.click")
}

func TestSessionsShareAServer(t *testing.T) {
	srv, err := mcp.New(mcp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	a := mcptest.Start(t, newKitchen(), mcptest.WithServer(srv), mcptest.WithID("a"))
	b := mcptest.Start(t, newKitchen(), mcptest.WithServer(srv), mcptest.WithID("b"), mcptest.WithSize(80, 30))
	a.Click("inc")
	b.AssertComponent("status", func(c mcptest.Component) bool { return c.Label == "ready" })
	a.AssertComponent("status", func(c mcptest.Component) bool { return c.Label == "clicked 1 times" })
	b.AssertToolAvailable("a.inc.click")
	b.Stop()
	a.AssertToolAbsent("b.inc.click")
}

func TestSafeToolNamesWork(t *testing.T) {
	s := mcptest.Start(t, newKitchen(), mcptest.WithServerOptions(mcp.Options{ToolNames: mcp.NamesSafe}))
	s.Click("inc").AssertToolAvailable("inc.click").AssertToolAvailable("app_inc_click")
	var m kitchen
	s.Model(&m)
	want(t, m.Clicks, 1)
}

func want[T any](t *testing.T, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, want %#v", got, want)
	}
}

// ticker counts up by itself once started, through a command.
type ticker struct{ N int }

type tick struct{}

func (k ticker) Init() tea.Cmd { return nil }

func (k ticker) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tick); ok && k.N < 3 {
		k.N++
		return k, tea.Tick(10*time.Millisecond, func(time.Time) tea.Msg { return tick{} })
	}
	return k, nil
}

func (k ticker) View() tea.Node {
	return tea.Vertical(widgets.Button{ID: "go", Label: "Go", OnClick: tick{}},
		widgets.Text{ID: "n", Content: fmt.Sprint(k.N)})
}

func TestWaitForWaitsForCommands(t *testing.T) {
	s := mcptest.Start(t, ticker{})
	s.Click("go").WaitFor("n", func(c mcptest.Component) bool { return c.Label == "3" })
}

func TestATestsOwnPolicyApplies(t *testing.T) {
	s := mcptest.Start(t, newKitchen(), mcptest.WithServerOptions(mcp.Options{Auth: mcp.AuthOptions{AllowedTools: []string{"facet_screenshot", "app.name.get_value"}}}))
	want(t, s.Value("name"), "Ada")
	s.ExpectError("authorization_required").Click("inc")
}

// quitter quits a moment after its button is clicked, so the click's call
// answers first.
type quitter struct{}

type quitMsg struct{}

func (quitter) Init() tea.Cmd { return nil }
func (q quitter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(quitMsg); ok {
		return q, tea.Tick(5*time.Millisecond, func(time.Time) tea.Msg { return tea.QuitMsg{} })
	}
	return q, nil
}
func (quitter) View() tea.Node { return widgets.Button{ID: "quit", Label: "Quit", OnClick: quitMsg{}} }

func TestStopAfterTheAppQuitWaitsForItsTools(t *testing.T) {
	s := mcptest.Start(t, quitter{})
	s.Click("quit")
	// Stop as soon as the session is out of the registry: its watchers,
	// which remove its tools, may still be running.
	for deadline := time.Now().Add(mcptest.WaitTimeout); ; time.Sleep(100 * time.Microsecond) {
		if _, running := s.Server().Sessions().Get(s.ID()); !running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the app did not quit")
		}
	}
	s.Stop()
	s.AssertToolAbsent("quit.click")
}
