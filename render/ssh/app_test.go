package ssh_test

import (
	"fmt"

	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// counterApp is the demo the tests drive: it shows its session id, a count,
// the window size, and buttons that sit side by side on a wide screen and
// stack on a narrow one.
type counterApp struct {
	info  ssh.Info
	count int
	size  tea.WindowSizeMsg
}

type (
	incMsg  struct{}
	decMsg  struct{}
	quitMsg struct{}
)

func newCounter(info ssh.Info) tea.Model { return counterApp{info: info} }

// counter is the counter as an app: its model knows nothing of the
// connection.
var counter = tea.App{Name: "counter", New: func() tea.Model { return counterApp{} }}

func (counterApp) Init() tea.Cmd { return nil }

func (a counterApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case incMsg:
		a.count++
	case decMsg:
		a.count--
	case quitMsg:
		return a, tea.Quit
	case tea.WindowSizeMsg:
		a.size = msg
	}
	return a, nil
}

func (a counterApp) View() tea.Node {
	buttons := []tea.Node{
		widgets.Button{ID: "dec", Label: "Decrement", OnClick: decMsg{}},
		widgets.Button{ID: "inc", Label: "Increment", OnClick: incMsg{}},
		widgets.Button{ID: "quit", Label: "Quit", OnClick: quitMsg{}},
	}
	var actions tea.Node = tea.Horizontal(buttons...)
	if a.size.Width > 0 && a.size.Width < 60 {
		actions = tea.Vertical(buttons...)
	}
	return tea.Vertical(
		tea.Label(fmt.Sprintf("session: %s user: %s term: %s", a.info.ID, a.info.User, a.info.Term)),
		tea.Label(fmt.Sprintf("count: %d", a.count)),
		tea.Label(fmt.Sprintf("size: %dx%d", a.size.Width, a.size.Height)),
		tea.Box{Title: "Actions", Child: actions},
	)
}
