package main

import (
	"fmt"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/bubble"
)

// parent is an existing Bubble Tea program's model: a header, a footer
// that counts the keys it has seen, and, between them, a Facet screen
// (bubble.Model) that gets the rest of the window and every key.
type parent struct {
	facet bubble.Model
	keys  int
}

// chrome is the lines the parent draws itself.
const chrome = 2

// Init implements bt.Model.
func (p parent) Init() bt.Cmd { return p.facet.Init() }

// Update implements bt.Model.
func (p parent) Update(msg bt.Msg) (bt.Model, bt.Cmd) {
	switch msg := msg.(type) {
	case bt.WindowSizeMsg:
		// The Facet screen gets the window minus the parent's lines.
		msg.Height -= chrome
		return p.forward(msg)
	case bt.KeyPressMsg:
		p.keys++
	}
	return p.forward(msg)
}

// forward hands msg to the Facet screen.
func (p parent) forward(msg bt.Msg) (bt.Model, bt.Cmd) {
	m, cmd := p.facet.Update(msg)
	p.facet = m.(bubble.Model)
	return p, cmd
}

// View implements bt.Model.
func (p parent) View() bt.View {
	return bt.NewView("My Bubble Tea program\n" + p.facet.View().Content + fmt.Sprintf("\nkeys seen: %d · ctrl+c: quit", p.keys))
}
