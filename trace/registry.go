package trace

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

var registry = struct {
	sync.RWMutex
	types map[string]reflect.Type
}{types: map[string]reflect.Type{}}

func init() {
	Register(
		tea.KeyInputMsg{}, tea.MouseInputMsg{}, tea.FocusMsg{}, tea.FocusNextMsg{}, tea.FocusPrevMsg{},
		tea.HoverMsg{}, tea.WindowSizeMsg{}, tea.KeyMsg{},
		tea.AttachAgentMsg{}, tea.DetachAgentMsg{}, tea.DetachAgentsMsg{}, tea.AllowAgentsMsg{},
		tea.DismissMsg{},
		widgets.TextChanged{}, widgets.Toggled{}, widgets.Sorted{}, widgets.RowSelected{},
		widgets.SelectionChanged{}, widgets.TabSelected{}, widgets.Seeked{}, widgets.PlaybackChanged{},
		widgets.NodeSelected{}, widgets.TreeExpanded{}, widgets.MenuSelected{}, widgets.MenuOpened{},
		widgets.MenuMoved{}, widgets.ModalConfirmed{}, widgets.ModalDismissed{}, widgets.Submitted{},
		widgets.Chosen{}, widgets.Scrolled{}, widgets.CursorMoved{},
	)
}

// Register lets Replay decode messages of the types of msgs from a
// recording's JSON. Register message types whose fields are exported and
// round-trip through encoding/json; the runtime's input and the widgets'
// messages are registered already. An input of another type replays
// through the widget action that made it, when the recording found one.
func Register(msgs ...tea.Msg) {
	registry.Lock()
	defer registry.Unlock()
	for _, m := range msgs {
		registry.types[typeName(m)] = reflect.TypeOf(m)
	}
}

func registered(msg tea.Msg) bool {
	if msg == nil {
		return false
	}
	registry.RLock()
	defer registry.RUnlock()
	_, ok := registry.types[typeName(msg)]
	return ok
}

// decode returns the message an entry recorded.
func decode(typ string, raw json.RawMessage) (tea.Msg, error) {
	registry.RLock()
	t, ok := registry.types[typ]
	registry.RUnlock()
	if !ok {
		return nil, fmt.Errorf("type %s is not registered (trace.Register)", typ)
	}
	p := reflect.New(t)
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, p.Interface()); err != nil {
			return nil, fmt.Errorf("decode %s: %w", typ, err)
		}
	}
	return p.Elem().Interface(), nil
}

// callFor finds the widget action without arguments that makes msg in
// view (a Button's click makes its OnClick), or nil.
func callFor(view tea.Node, msg tea.Msg) *Call {
	if msg == nil {
		return nil
	}
	for _, w := range tea.Widgets(view) {
		tp, ok := w.(tea.ToolProvider)
		if !ok {
			continue
		}
		for _, a := range tp.Actions() {
			if props, _ := a.InputSchema["properties"].(map[string]any); len(props) > 0 {
				continue
			}
			res, err := safeInvoke(tp, a.Name, nil)
			if err == nil && res.IsWrite() && reflect.DeepEqual(res.Msg(), msg) {
				return &Call{Widget: w.WidgetID(), Action: a.Name}
			}
		}
	}
	return nil
}

// makes reports whether call c, on the widget in view, makes msg.
func makes(view tea.Node, c Call, msg tea.Msg) bool {
	w, ok := tea.FindWidget(view, c.Widget)
	if !ok {
		return false
	}
	tp, ok := w.(tea.ToolProvider)
	if !ok {
		return false
	}
	res, err := safeInvoke(tp, c.Action, c.Args)
	return err == nil && res.IsWrite() && reflect.DeepEqual(res.Msg(), msg)
}

// safeInvoke is tp.Invoke with a panic as an error.
func safeInvoke(tp tea.ToolProvider, action string, args map[string]any) (res tea.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s panicked: %v", action, p)
		}
	}()
	return tp.Invoke(action, args)
}
