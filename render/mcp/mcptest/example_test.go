package mcptest_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// greeter asks for a name and greets it.
type greeter struct {
	Name     widgets.TextInputState
	Greeting string
}

type greet struct{}

func (g greeter) Init() tea.Cmd { return nil }

func (g greeter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if g.Name.Update(msg) {
		return g, nil
	}
	if _, ok := msg.(greet); ok {
		g.Greeting = "Hello, " + g.Name.Value + "!"
	}
	return g, nil
}

func (g greeter) View() tea.Node {
	name := g.Name.View(widgets.TextInput{})
	name.Label = "Name"
	return tea.Vertical(name,
		widgets.Button{ID: "greet", Label: "Greet", OnClick: greet{}},
		widgets.Text{ID: "greeting", Content: g.Greeting})
}

// Start runs an app as an MCP session; each step is a tools/call of a
// derived tool, made by a real MCP client.
func ExampleStart() {
	test := func(t testing.TB) { // in a test: func TestGreet(t *testing.T)
		s := mcptest.Start(t, greeter{Name: widgets.TextInputState{ID: "name"}})
		s.TypeInto("name", "Ada").
			Click("greet").
			AssertComponent("greeting", func(c mcptest.Component) bool {
				return c.Label == "Hello, Ada!"
			}).
			AssertToolAvailable("name.get_value")

		fmt.Println(s.Value("name"))
		screen := s.Screenshot()
		fmt.Println(strings.Contains(screen, "Hello, Ada!"))
		s.ExpectError("has no tool").Click("missing")
	}
	runExample(test)
	// Output:
	// Ada
	// true
	// example passed
}

// runExample runs a test body against a minimal testing.TB, since an
// example has no *testing.T of its own.
func runExample(test func(t testing.TB)) {
	t := &exampleTB{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		test(t)
	}()
	<-done
	for i := len(t.cleanups) - 1; i >= 0; i-- {
		t.cleanups[i]()
	}
	if t.failed {
		fmt.Println("example failed")
		return
	}
	fmt.Println("example passed")
}

type exampleTB struct {
	testing.TB // only the methods below are used
	cleanups   []func()
	failed     bool
}

func (t *exampleTB) Helper()           {}
func (t *exampleTB) Cleanup(fn func()) { t.cleanups = append(t.cleanups, fn) }
func (t *exampleTB) Errorf(f string, a ...any) {
	t.failed = true
	fmt.Printf(f+"\n", a...)
}
func (t *exampleTB) Fatalf(f string, a ...any) {
	t.Errorf(f, a...)
	runtime.Goexit()
}
