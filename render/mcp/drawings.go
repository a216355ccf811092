package mcp

import (
	"reflect"
	"slices"
	"sort"
	"sync"

	"github.com/facetui/facet/tea"
)

// drawings keeps each session's last snapshot looked at widget by widget,
// to tell which widgets a write changed.
type drawings struct {
	mu        sync.Mutex
	bySession map[string]*drawing
}

// forget drops a stopped session's drawing.
func (d *drawings) forget(session string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.bySession, session)
}

// drawing is how one snapshot's widgets look to an agent, in view order:
// what each describes (tea.Describer) and whether it has focus. Nothing is
// drawn for it: a widget's description is what a write's answer reports
// of it (WriteResult.Widgets), so it is what "changed" means. A widget
// that does not describe itself is compared by value, and drawn only when
// its value cannot be compared.
type drawing struct {
	version uint64
	width   int
	looks   []look
	// byID indexes looks by widget id; ids in view order in order.
	byID  map[string][]int
	order []string
}

// look is one widget as an agent sees it.
type look struct {
	focused bool
	// described is set when desc is the widget's description.
	described bool
	desc      tea.Description
	// value is the widget when it is compared by value, drawn the drawing
	// when even that cannot be done.
	value tea.Widget
	drawn string
}

func draw(snap tea.Snapshot, width int) *drawing {
	ws := tea.Widgets(snap.View)
	d := &drawing{version: snap.Version, width: width, looks: make([]look, 0, len(ws)), byID: make(map[string][]int, len(ws))}
	for _, w := range ws {
		id := w.WidgetID()
		if _, seen := d.byID[id]; !seen {
			d.order = append(d.order, id)
		}
		d.byID[id] = append(d.byID[id], len(d.looks))
		d.looks = append(d.looks, lookAt(w, width, id == snap.Focus))
	}
	return d
}

func lookAt(w tea.Widget, width int, focused bool) look {
	l := look{focused: focused}
	switch {
	case isDescriber(w):
		l.described, l.desc = true, safeDescribe(w.(tea.Describer))
	case tea.Comparable(w):
		l.value = w
	default:
		l.drawn = safeRender(w, width, focused)
	}
	return l
}

func isDescriber(w tea.Widget) bool {
	_, ok := w.(tea.Describer)
	return ok
}

// same reports whether two looks at a widget are the same to an agent.
func (l look) same(o look) bool {
	if l.focused != o.focused || l.described != o.described {
		return false
	}
	switch {
	case l.described:
		return sameDescription(l.desc, o.desc)
	case l.value != nil || o.value != nil:
		if l.value == nil || o.value == nil || reflect.TypeOf(l.value) != reflect.TypeOf(o.value) {
			return false
		}
		return l.value == o.value
	}
	return l.drawn == o.drawn
}

func sameDescription(a, b tea.Description) bool {
	if a.Label != b.Label || a.Role != b.Role || len(a.State) != len(b.State) {
		return false
	}
	for k, av := range a.State {
		bv, ok := b.State[k]
		if !ok || !sameValue(av, bv) {
			return false
		}
	}
	return true
}

// sameValue compares two values of a description's state, the common
// kinds without reflection.
func sameValue(a, b any) bool {
	switch a := a.(type) {
	case string:
		b, ok := b.(string)
		return ok && a == b
	case int:
		b, ok := b.(int)
		return ok && a == b
	case bool:
		b, ok := b.(bool)
		return ok && a == b
	case float64:
		b, ok := b.(float64)
		return ok && a == b
	case []string:
		b, ok := b.([]string)
		return ok && slices.Equal(a, b)
	case []int:
		b, ok := b.([]int)
		return ok && slices.Equal(a, b)
	case nil:
		return b == nil
	}
	return reflect.DeepEqual(a, b)
}

// changed lists, in view order, the ids of widgets that look different to
// an agent between two snapshots (what they describe, their focus),
// including widgets that appeared or left. A session's last drawing is
// kept, so consecutive writes (whose before is the previous write's after)
// look at each snapshot once.
func (d *drawings) changed(session string, before, after tea.Snapshot) []string {
	width := after.Size.Width
	if width <= 0 {
		width = DefaultWidth
	}
	d.mu.Lock()
	b := d.bySession[session]
	d.mu.Unlock()
	if b == nil || b.version != before.Version || b.width != width {
		b = draw(before, width)
	}
	a := draw(after, width)
	d.mu.Lock()
	d.bySession[session] = a
	d.mu.Unlock()
	changed := []string{}
	for _, id := range a.order {
		if !sameLooks(b, a, id) {
			changed = append(changed, id)
		}
	}
	var gone []string
	for id := range b.byID {
		if _, ok := a.byID[id]; !ok {
			gone = append(gone, id)
		}
	}
	sort.Strings(gone)
	return append(changed, gone...)
}

// sameLooks reports whether the widgets with id look the same in b and a.
func sameLooks(b, a *drawing, id string) bool {
	bi, ai := b.byID[id], a.byID[id]
	if len(bi) != len(ai) {
		return false
	}
	for k := range ai {
		if !b.looks[bi[k]].same(a.looks[ai[k]]) {
			return false
		}
	}
	return true
}

func safeRender(w tea.Widget, width int, focused bool) (s string) {
	defer func() {
		if recover() != nil {
			s = "\x00panic"
		}
	}()
	return agentWidget(w).Render(tea.RenderContext{Width: width, Focused: focused})
}
