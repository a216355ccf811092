package bubble

import (
	"context"
	"errors"
	"fmt"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/bubble/convert"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// Model is a Bubble Tea model that shows and drives a running Facet app.
// Its View draws the app's current view as a Facet terminal would, its
// Update hands the app the keys it receives and redraws whenever the app
// changes, whoever changed it: the person at this program or an agent
// acting on the same runtime over MCP.
//
// Run it as a whole Bubble Tea program, or embed it: forward messages to
// its Update and put its View().Content in yours (SetSize gives it its
// part of the screen). Ctrl+C quits the program; when the Facet app stops,
// Update receives a StoppedMsg, and forwarding it quits too.
type Model struct {
	ctx           context.Context
	rt            *tea.Runtime
	sub           *subscription
	snap          tea.Snapshot
	width, height int
	// err is the last key the app refused, shown under the view.
	err error
}

// StoppedMsg reports that the Facet runtime of a Model has stopped (its
// app quit or its session was stopped).
type StoppedMsg struct{ sub *subscription }

// snapshotMsg is a new view of the runtime a Model follows.
type snapshotMsg struct {
	sub  *subscription
	snap tea.Snapshot
}

// subscription is a Model's feed of snapshots; copies of the Model share
// it, and messages carry it so an embedding program with several Models
// routes each to its own.
type subscription struct {
	ch     <-chan tea.Snapshot
	cancel func()
}

// Default size until a window size or SetSize arrives.
const (
	defaultWidth  = 80
	defaultHeight = 24
)

// New returns a Model of rt, a running Facet runtime: one from tea.Start,
// or a session's (tea.Sessions.Start, mcp.Server.StartSession) to serve
// the same app to agents. Keys are handed to rt under ctx. Call Close when
// the Model is done with, to release its subscription.
func New(ctx context.Context, rt *tea.Runtime) Model {
	ch, cancel := rt.Subscribe()
	return Model{ctx: ctx, rt: rt, sub: &subscription{ch: ch, cancel: cancel}, snap: rt.Snapshot(),
		width: defaultWidth, height: defaultHeight}
}

// Close releases the Model's subscription to its runtime. The runtime
// keeps running.
func (m Model) Close() { m.sub.cancel() }

// SetSize sets the part of the screen the Model draws into.
func (m *Model) SetSize(width, height int) { m.width, m.height = max(width, 1), max(height, 1) }

// Snapshot returns the app's view as the Model last drew it.
func (m Model) Snapshot() tea.Snapshot { return m.snap }

// Init implements bt.Model: it starts following the runtime.
func (m Model) Init() bt.Cmd { return m.next() }

// next waits for the runtime's next snapshot.
func (m Model) next() bt.Cmd {
	sub := m.sub
	return func() bt.Msg {
		s, ok := <-sub.ch
		if !ok {
			return StoppedMsg{sub: sub}
		}
		return snapshotMsg{sub: sub, snap: s}
	}
}

// Update implements bt.Model.
func (m Model) Update(msg bt.Msg) (bt.Model, bt.Cmd) {
	switch msg := msg.(type) {
	case snapshotMsg:
		if msg.sub != m.sub {
			return m, nil
		}
		if msg.snap.Version >= m.snap.Version {
			m.snap = msg.snap
		}
		return m, m.next()
	case StoppedMsg:
		if msg.sub != m.sub {
			return m, nil
		}
		return m, bt.Quit
	case bt.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
		_ = m.rt.Send(tea.WindowSizeMsg{Width: m.width, Height: m.height})
	case bt.KeyPressMsg:
		k := msg.Key()
		if k.Mod.Contains(bt.ModCtrl) && k.Code == 'c' {
			return m, bt.Quit
		}
		m.err = nil
		for _, key := range convert.FromKey(k) {
			if _, err := m.rt.Dispatch(m.ctx, tea.KeyInputMsg{Key: key}); err != nil {
				if errors.Is(err, tea.ErrStopped) {
					return m, bt.Quit
				}
				m.err = fmt.Errorf("key %s: %w", key, err)
				break
			}
		}
		// The key's effect is drawn at once, not a snapshot later.
		if s := m.rt.Snapshot(); s.Version >= m.snap.Version {
			m.snap = s
		}
	}
	return m, nil
}

// View implements bt.Model: the app's view drawn as a Facet terminal
// draws it, and the last refused key's error under it.
func (m Model) View() bt.View {
	h := m.height
	if m.err != nil {
		h--
	}
	content := terminal.Draw(m.snap.View, m.width, max(h, 1), m.snap.Focus)
	if m.err != nil {
		content += "\n" + m.err.Error()
	}
	return bt.NewView(content)
}
