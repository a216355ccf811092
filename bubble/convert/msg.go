package convert

import (
	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/tea"
)

// FromMsg turns a Bubble Tea message both worlds share into Facet's: a key
// press into one tea.KeyMsg per key (see FromKey), a window size into
// tea.WindowSizeMsg and a quit into tea.QuitMsg. ok is false for any other
// message, which has no Facet meaning.
func FromMsg(msg bt.Msg) (msgs []tea.Msg, ok bool) {
	switch m := msg.(type) {
	case bt.KeyPressMsg:
		for _, k := range FromKey(m.Key()) {
			msgs = append(msgs, tea.KeyMsg{Key: k})
		}
		return msgs, true
	case bt.WindowSizeMsg:
		return []tea.Msg{tea.WindowSizeMsg{Width: m.Width, Height: m.Height}}, true
	case bt.QuitMsg:
		return []tea.Msg{tea.QuitMsg{}}, true
	}
	return nil, false
}

// ToMsg turns a Facet message both worlds share into Bubble Tea's: a
// tea.KeyMsg into a key press (see ToKey), tea.WindowSizeMsg into a window
// size and tea.QuitMsg into a quit. ok is false for any other message.
func ToMsg(msg tea.Msg) (bt.Msg, bool) {
	switch m := msg.(type) {
	case tea.KeyMsg:
		return bt.KeyPressMsg(ToKey(m.Key)), true
	case tea.Key:
		return bt.KeyPressMsg(ToKey(m)), true
	case tea.WindowSizeMsg:
		return bt.WindowSizeMsg{Width: m.Width, Height: m.Height}, true
	case tea.QuitMsg:
		return bt.QuitMsg{}, true
	}
	return nil, false
}
