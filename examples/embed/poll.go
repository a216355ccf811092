package main

import (
	"fmt"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// vote is the message of the poll's buttons.
type vote struct{ yes bool }

// poll is the Facet app the Bubble Tea program embeds: a question and two
// buttons, "yes" and "no", that a person and an agent press alike.
type poll struct{ yes, no int }

// Init implements tea.Model.
func (p poll) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (p poll) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if v, ok := msg.(vote); ok {
		if v.yes {
			p.yes++
		} else {
			p.no++
		}
	}
	return p, nil
}

// View implements tea.Model.
func (p poll) View() tea.Node {
	return tea.Box{Title: "Facet poll", Child: tea.Column{Items: []tea.Node{
		widgets.Text{ID: "tally", Content: fmt.Sprintf("Ship it? yes %d · no %d", p.yes, p.no)},
		tea.Row{Gap: 2, Items: []tea.Node{
			widgets.Button{ID: "yes", Label: "Yes", OnClick: vote{yes: true}},
			widgets.Button{ID: "no", Label: "No", OnClick: vote{}},
		}},
	}}}
}
