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
		widgets.TextChanged{}, widgets.CheckboxToggled{}, widgets.TableSorted{}, widgets.TableRowSelected{},
		widgets.SelectListSelected{}, widgets.TabsSelected{}, widgets.ScrubberSeeked{}, widgets.ScrubberPlaybackChanged{},
		widgets.TreeNodeSelected{}, widgets.TreeExpanded{}, widgets.MenuChosen{}, widgets.MenuOpened{},
		widgets.MenuMoved{}, widgets.ModalConfirmed{}, widgets.ModalDismissed{}, widgets.TextSubmitted{},
		widgets.SelectListChosen{}, widgets.ViewportScrolled{}, widgets.TextCursorMoved{},
	)
	// Recordings made before the widgets' events were renamed name them by
	// their old names (the deprecated aliases); they replay as the new.
	for old, msg := range map[string]tea.Msg{
		"widgets.Toggled": widgets.CheckboxToggled{}, "widgets.Submitted": widgets.TextSubmitted{},
		"widgets.CursorMoved": widgets.TextCursorMoved{}, "widgets.MenuSelected": widgets.MenuChosen{},
		"widgets.Seeked": widgets.ScrubberSeeked{}, "widgets.PlaybackChanged": widgets.ScrubberPlaybackChanged{},
		"widgets.SelectionChanged": widgets.SelectListSelected{}, "widgets.Chosen": widgets.SelectListChosen{},
		"widgets.RowSelected": widgets.TableRowSelected{}, "widgets.Sorted": widgets.TableSorted{},
		"widgets.TabSelected": widgets.TabsSelected{}, "widgets.NodeSelected": widgets.TreeNodeSelected{},
		"widgets.Scrolled": widgets.ViewportScrolled{},
	} {
		registry.types[old] = reflect.TypeOf(msg)
	}
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
