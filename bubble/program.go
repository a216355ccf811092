package bubble

import (
	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/bubble/convert"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// ProgramID is the widget id of the Bubble Tea program in Program's view:
// its agent tools are <session>_program_send_keys and
// <session>_program_get_view.
const ProgramID = "program"

// Program returns a Facet app that runs m, an unmodified Bubble Tea
// program. Its view is one widgets.Bubble holding the whole program, which
// takes focus and every key, Tab and Shift+Tab included; the window size
// reaches the program as a tea.WindowSizeMsg; its commands run, batches and
// sequences included; and its tea.Quit stops the Facet runtime. Start it as
// a session (mcp.Server.StartSession, tea.Sessions.Start) and an agent
// drives it with keys and reads it with screenshots, as a person at a
// terminal would.
func Program(m bt.Model) tea.Model { return program{m: m} }

// program is the Facet app Program returns.
type program struct{ m bt.Model }

// Init implements tea.Model: the program's own Init.
func (p program) Init() tea.Cmd { return programCmd(p.m.Init()) }

// Update implements tea.Model.
func (p program) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var in []bt.Msg
	switch msg := msg.(type) {
	case widgets.BubbleReceived:
		if msg.ID != ProgramID {
			return p, nil
		}
		in = msg.Msgs
	default:
		// Keys no widget took (nothing focused), the window size, and
		// anything else both worlds share.
		m, ok := convert.ToMsg(msg)
		if !ok {
			return p, nil
		}
		in = []bt.Msg{m}
	}
	cmds := make([]bt.Cmd, 0, len(in))
	// The program's model before this Update is held by a published
	// snapshot: give the program storage of its own to change.
	p.m = convert.Clone(p.m)
	for _, m := range in {
		var cmd bt.Cmd
		p.m, cmd = p.m.Update(m)
		cmds = append(cmds, cmd)
	}
	return p, programCmd(bt.Sequence(cmds...))
}

// View implements tea.Model.
func (p program) View() tea.Node {
	return widgets.Bubble{ID: ProgramID, View: p.m.View().Content, Label: "Bubble Tea program", TakeTab: true}
}

// programCmd runs a command of the program: a quit stops the runtime, and
// every other message comes back to the program.
func programCmd(cmd bt.Cmd) tea.Cmd {
	return convert.Cmd(cmd, func(msg bt.Msg) tea.Msg {
		switch msg.(type) {
		case bt.QuitMsg, bt.InterruptMsg:
			return tea.QuitMsg{}
		}
		return widgets.BubbleReceived{ID: ProgramID, Msgs: []bt.Msg{msg}}
	})
}
