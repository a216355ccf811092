package convert

import (
	"reflect"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/tea"
)

// Cmd returns a Facet command that runs cmd and hands its message to wrap,
// whose result is the Facet message delivered to Update. A Bubble Tea batch
// becomes a Facet batch and a Bubble Tea sequence a Facet sequence of the
// same commands, each converted the same way, so every command inside them
// runs (a Bubble Tea BatchMsg handed to a Facet Update as a plain message
// would run none). A nil cmd is nil. A nil wrap delivers Bubble Tea's
// message as it is; wrap returning nil delivers nothing.
func Cmd(cmd bt.Cmd, wrap func(bt.Msg) tea.Msg) tea.Cmd {
	if cmd == nil {
		return nil
	}
	if wrap == nil {
		wrap = func(m bt.Msg) tea.Msg { return m }
	}
	return func() tea.Msg {
		msg := cmd()
		if cmds, ok := Unpack(msg); ok {
			converted := make([]tea.Cmd, len(cmds))
			for i, c := range cmds {
				converted[i] = Cmd(c, wrap)
			}
			if _, batch := msg.(bt.BatchMsg); batch {
				return tea.BatchMsg(nonNil(converted))
			}
			return tea.Sequence(converted...)()
		}
		if msg == nil {
			return nil
		}
		return wrap(msg)
	}
}

// cmdType is the element type of Bubble Tea's BatchMsg and of its
// unexported sequence message.
var cmdType = reflect.TypeFor[bt.Cmd]()

// Unpack returns the commands a Bubble Tea BatchMsg or sequence message
// carries, and whether msg is one. Bubble Tea's sequence type is
// unexported, so it is recognised by its package and its shape, a slice of
// commands.
func Unpack(msg bt.Msg) ([]bt.Cmd, bool) {
	if b, ok := msg.(bt.BatchMsg); ok {
		return b, true
	}
	if msg == nil {
		return nil, false
	}
	t := reflect.TypeOf(msg)
	if t.Kind() != reflect.Slice || t.Elem() != cmdType || t.PkgPath() != cmdType.PkgPath() {
		return nil, false
	}
	return reflect.ValueOf(msg).Convert(reflect.TypeFor[[]bt.Cmd]()).Interface().([]bt.Cmd), true
}

func nonNil(cmds []tea.Cmd) []tea.Cmd {
	out := cmds[:0:0]
	for _, c := range cmds {
		if c != nil {
			out = append(out, c)
		}
	}
	return out
}
