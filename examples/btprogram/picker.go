package main

import (
	"charm.land/bubbles/v2/list"
	bt "charm.land/bubbletea/v2"
)

// picker is an unmodified Bubble Tea program, as you may already have one:
// two bubbles lists, fruits and vegetables; Tab switches between them,
// Enter picks the selected item and q quits. It knows nothing of Facet.
type picker struct {
	lists  [2]list.Model
	active int
	picked []string
}

// item is a list entry.
type item string

func (i item) FilterValue() string { return string(i) }
func (i item) Title() string       { return string(i) }
func (i item) Description() string { return "" }

func newPicker() picker {
	var p picker
	for i, group := range [][]string{{"Apple", "Banana", "Kiwi", "Mango"}, {"Carrot", "Leek", "Pea"}} {
		items := make([]list.Item, len(group))
		for j, s := range group {
			items[j] = item(s)
		}
		d := list.NewDefaultDelegate()
		d.ShowDescription = false
		d.SetSpacing(0)
		l := list.New(items, d, 30, 10)
		l.Title = [2]string{"Fruits", "Vegetables"}[i]
		l.SetShowHelp(false)
		l.SetShowStatusBar(false)
		l.SetFilteringEnabled(false)
		p.lists[i] = l
	}
	return p
}

// Init implements bt.Model.
func (p picker) Init() bt.Cmd { return nil }

// Update implements bt.Model.
func (p picker) Update(msg bt.Msg) (bt.Model, bt.Cmd) {
	switch msg := msg.(type) {
	case bt.WindowSizeMsg:
		for i := range p.lists {
			p.lists[i].SetSize(msg.Width/2, msg.Height-4)
		}
		return p, nil
	case bt.KeyPressMsg:
		switch msg.String() {
		case "tab", "shift+tab":
			p.active = 1 - p.active
			return p, nil
		case "enter":
			if it, ok := p.lists[p.active].SelectedItem().(item); ok {
				p.picked = append(p.picked, string(it))
			}
			return p, nil
		case "q", "ctrl+c":
			return p, bt.Quit
		}
	}
	var cmd bt.Cmd
	p.lists[p.active], cmd = p.lists[p.active].Update(msg)
	return p, cmd
}

// View implements bt.Model.
func (p picker) View() bt.View {
	basket := "Basket: (empty)"
	if len(p.picked) > 0 {
		basket = "Basket:"
		for _, s := range p.picked {
			basket += " " + s
		}
	}
	marks := [2]string{"  ", "  "}
	marks[p.active] = "▶ "
	return bt.NewView(marks[0] + "Fruits   " + marks[1] + "Vegetables   (tab: switch · enter: pick · q: quit)\n" +
		basket + "\n" + p.lists[p.active].View())
}
