package widgets_test

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// nameForm is a Facet app holding bubbles' textinput in a Bubble.
type nameForm struct{ name textinput.Model }

func (f nameForm) Init() tea.Cmd { return widgets.BubbleCmd("name", textinput.Blink) }

func (f nameForm) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	return f, widgets.UpdateBubble("name", &f.name, msg)
}

func (f nameForm) View() tea.Node {
	return widgets.Bubble{ID: "name", View: f.name.View(), Label: "Name"}
}

// ExampleBubble puts bubbles' textinput in a Facet app: the keys a person
// types while it is focused reach the Bubble Tea model, and an agent's
// send_keys is the same keys.
func ExampleBubble() {
	in := textinput.New()
	in.Prompt = "Name: "
	in.Focus()
	ctx := context.Background()
	rt, err := tea.Start(ctx, nameForm{name: in})
	if err != nil {
		panic(err)
	}
	defer rt.Stop()
	for _, r := range "Ada" {
		if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Char(r)}); err != nil {
			panic(err)
		}
	}
	snap := rt.Snapshot()
	screen := terminal.Draw(snap.View, 30, 1, snap.Focus)
	fmt.Println(strings.TrimRight(strings.Split(screen, "\n")[0], " "))
	// Output:
	// Name: Ada
}

// volume is the app's own message for a typed Bubble action.
type volume struct{ level int }

// ExampleBubbleWrite offers agents a typed action on a Bubble: its
// arguments are a struct's fields, checked and refused as every widget's
// are, before the function turns them into the app's message.
func ExampleBubbleWrite() {
	b := widgets.Bubble{ID: "player", View: "♪", Tools: []widgets.BubbleAction{
		widgets.BubbleWrite("set_volume", "Set the volume.", func(a struct {
			Level int `json:"level" jsonschema:"The volume, from 0 to 10." minimum:"0" maximum:"10"`
		}) (tea.Msg, error) {
			return volume{a.Level}, nil
		}),
	}}
	res, err := b.Invoke("set_volume", map[string]any{"level": 7.0})
	fmt.Printf("%#v %v\n", res.Msg(), err)
	_, err = b.Invoke("set_volume", map[string]any{"level": 11.0})
	fmt.Println(err)
	_, err = b.Invoke("set_volume", map[string]any{"loud": true})
	fmt.Println(err)
	// Output:
	// widgets_test.volume{level:7} <nil>
	// set_volume: argument "level": 11 is out of range: valid 0 to 10
	// set_volume: argument "loud": is not an argument of set_volume (takes: level)
}
