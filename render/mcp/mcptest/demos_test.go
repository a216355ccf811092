package mcptest_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp/mcptest"
)

// Each playground demo's main flow, driven through the MCP client as an
// agent would drive it.

func startDemo(t *testing.T, name string) *mcptest.Session {
	t.Helper()
	app, err := playground.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return mcptest.Start(t, app.New(), mcptest.WithID(name), mcptest.WithApp(name))
}

func labelIs(want string) func(mcptest.Component) bool {
	return func(c mcptest.Component) bool { return c.Label == want }
}

func labelHas(want string) func(mcptest.Component) bool {
	return func(c mcptest.Component) bool { return strings.Contains(c.Label, want) }
}

func TestDemoSearchFiltersAndSorts(t *testing.T) {
	s := startDemo(t, "search")
	all := len(s.Rows("results"))
	s.TypeInto("search", "go").Click("submit").Sort("results", "stars", "asc")
	rows := s.Rows("results")
	if len(rows) == 0 || len(rows) >= all {
		t.Fatalf("query go: %d of %d rows", len(rows), all)
	}
	prev := -1
	for _, r := range rows {
		stars, ok := r["stars"].(float64) // a Numeric column reads as numbers
		if !ok || int(stars) < prev {
			t.Fatalf("rows are not sorted by stars ascending: %v", rows)
		}
		prev = int(stars)
	}
	s.AssertComponent("status", labelHas(strconv.Itoa(len(rows))+" repositories match “go”")).
		AssertComponent("results", func(c mcptest.Component) bool {
			return c.State["sort_column"] == "stars" && c.State["sort_direction"] == "asc"
		})
}

func TestDemoLoginValidatesAndNeverShowsThePassword(t *testing.T) {
	const password = "correct-horse-battery"
	s := startDemo(t, "login")
	s.Click("submit").AssertComponent("status", labelIs("Enter your email address"))
	s.TypeInto("email", "not-an-email").TypeInto("password", password).Click("submit").
		AssertComponent("status", labelHas("Enter a valid email address"))
	s.TypeInto("email", "ada@example.com").Toggle("remember").Click("submit").
		AssertComponent("status", labelIs("Signed in as ada@example.com")).
		AssertComponent("remembered", labelIs("Remembered on this device.")).
		AssertScreenNotContains(password).
		AssertToolAbsent("password.get_value")
	s.ExpectError("has no tool").Value("password")
	if c, _ := s.Component("password"); strings.Contains(c.String(), password) {
		t.Errorf("the password's component shows it: %s", c)
	}
}

func TestDemoCounterCountsAndResets(t *testing.T) {
	s := startDemo(t, "counter")
	s.AssertToolAbsent("reset.click").
		Click("inc").Click("inc").Click("dec").
		AssertComponent("count", labelIs("Count: 1")).
		AssertToolAvailable("reset.click").
		Click("reset").
		AssertComponent("count", labelIs("Count: 0")).
		AssertToolAbsent("reset.click")
}

func TestDemoFilesExpandAndSelect(t *testing.T) {
	s := startDemo(t, "files")
	s.Expand("files", "internal/api").
		SelectNode("files", "internal/api/handler.go").
		AssertComponent("preview", labelHas("package api")).
		AssertComponent("files", func(c mcptest.Component) bool {
			nodes, _ := c.Reads["get_nodes"].(map[string]any)["nodes"].([]any)
			for _, n := range nodes {
				if n.(map[string]any)["id"] == "internal/api/handler.go" {
					return true
				}
			}
			return false
		}).
		Collapse("files", "internal/api").
		AssertComponent("files", func(c mcptest.Component) bool { return c.State["selected"] == "internal/api" })
}

func TestDemoPlayerSeeksAndPlays(t *testing.T) {
	s := startDemo(t, "player")
	s.Seek("timeline", 60).AssertComponent("now", labelIs("01:00 / 05:00")).
		Play("timeline").
		WaitFor("timeline", func(c mcptest.Component) bool {
			pos, _ := c.State["position"].(int)
			return pos >= 61
		}).
		Pause("timeline").
		AssertComponent("timeline", func(c mcptest.Component) bool { return c.State["playing"] == false })
}

func TestDemoTabsSettings(t *testing.T) {
	s := startDemo(t, "tabs")
	s.ExpectError("has no tool").Toggle("notify")
	s.SelectTab("sections", 1).AssertScreenContains("Send me notifications").
		Select("theme", 2).Toggle("notify")
	if s.Checked("notify") {
		t.Error("notify is still checked after Toggle")
	}
	if i, label := s.Selected("sections"); i != 1 || label != "Settings" {
		t.Errorf("Selected(sections) = %d, %q", i, label)
	}
	_, theme := s.Selected("theme")
	s.AssertScreenContains("Theme: " + theme + " · notifications off")
}

func TestDemoLogScrolls(t *testing.T) {
	s := startDemo(t, "log")
	s.ScrollTo("log", 100).AssertComponent("log", func(c mcptest.Component) bool {
		r, _ := c.Reads["get_visible_range"].(map[string]any)
		return r["top"] == 100.0
	})
	s.ExpectError("out of range").ScrollTo("log", 100000)
}

func TestDemoMenuChooses(t *testing.T) {
	s := startDemo(t, "menu")
	s.SelectItem("main", "recent_facet").
		AssertComponent("status", labelIs("Last chosen: File › Open recent › ~/src/facet")).
		ExpectError("save_as").SelectItem("main", "save_as")
}

func TestDemoConfirmDeletesOrKeeps(t *testing.T) {
	s := startDemo(t, "confirm")
	s.AssertToolAbsent("confirm.confirm").
		Select("items", 2).Click("delete").
		AssertScreenContains("tmp/build-cache.tar.gz will be deleted").
		Confirm("confirm").
		AssertComponent("status", labelIs("Deleted tmp/build-cache.tar.gz. 5 items left.")).
		AssertScreenNotContains("will be deleted").
		ExpectError("no longer offers `confirm`").Confirm("confirm")
	s.Click("delete").Dismiss("confirm").
		AssertComponent("status", labelHas("Kept ")).
		AssertToolAbsent("confirm.dismiss")
	var options struct {
		Options []string `json:"options"`
	}
	if err := s.Call("items.get_options", nil).Decode(&options); err != nil || len(options.Options) != 5 {
		t.Errorf("options = %v (%v)", options.Options, err)
	}
}

func TestDemoGalleryWidgets(t *testing.T) {
	s := startDemo(t, "gallery")
	s.TypeInto("g_input", "typed").Toggle("g_checkbox").Sort("g_table", "moons", "desc").
		Click("g_button").Confirm("g_modal").
		AssertComponent("g_status", labelIs("The dialog was confirmed."))
	if got := s.Value("g_input"); got != "typed" {
		t.Errorf("g_input = %q", got)
	}
	if rows := s.Rows("g_table"); rows[0]["planet"] != "Saturn" {
		t.Errorf("sorted by moons, first row = %v", rows[0])
	}
	if s.Checked("g_checkbox") {
		t.Error("g_checkbox still checked")
	}
	s.SelectItem("g_menu", "g_save").AssertComponent("g_status", labelIs("Menu: chose g_save."))
}

// The evaluator and the process monitor are not startable over MCP by
// default, but the harness is a Go caller: it starts any model.
func TestDemoReplEvaluates(t *testing.T) {
	s := startDemo(t, "repl")
	s.TypeInto("expr", "2*(3+4)").SendKey("enter").
		AssertScreenContains("= 14").
		TypeInto("expr", "1/0").SendKey("enter").
		AssertScreenContains("division by zero")
}

func TestDemoRuntimeShowsLiveFigures(t *testing.T) {
	s := startDemo(t, "runtime")
	s.WaitFor("stats", func(c mcptest.Component) bool { return strings.Contains(c.Label, "goroutines") }).
		AssertScreenContains("GC cycles")
}
