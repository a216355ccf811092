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
	// outlines are the outlines answered of each session, by revision.
	outlines outlineHistory
}

// forget drops a stopped session's drawing and outlines.
func (d *drawings) forget(session string) {
	d.outlines.forget(session)
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
	// first indexes looks by widget id, the first look of each; next
	// chains the looks of one id in view order (-1 ends a chain).
	first map[string]int
	next  []int
	// order is the ids in view order, each once.
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
	// src is the widget looked at, when it can be compared: a later
	// drawing takes this look as it is for a widget equal to it.
	src tea.Widget
}

// draw looks at snap's widgets. A widget that is the first of its id and
// equal (==, see tea.Comparable) to the first widget of that id in prev,
// with the same focus, looks as it did then: its look is taken from prev,
// not described again. prev may be nil.
func draw(snap tea.Snapshot, width int, prev *drawing) *drawing {
	ws := tea.Widgets(snap.View)
	d := &drawing{version: snap.Version, width: width, looks: make([]look, 0, len(ws)),
		first: make(map[string]int, len(ws)), next: make([]int, 0, len(ws)), order: make([]string, 0, len(ws))}
	for _, w := range ws {
		id := w.WidgetID()
		i := len(d.looks)
		focused := id == snap.Focus
		d.next = append(d.next, -1)
		head, seen := d.first[id]
		if seen {
			last := head
			for d.next[last] != -1 {
				last = d.next[last]
			}
			d.next[last] = i
			d.looks = append(d.looks, lookAt(w, width, focused))
			continue
		}
		d.first[id] = i
		d.order = append(d.order, id)
		if l, ok := prev.reuse(id, w, focused); ok {
			d.looks = append(d.looks, l)
			continue
		}
		d.looks = append(d.looks, lookAt(w, width, focused))
	}
	return d
}

// reuse returns the look of the first widget of id in d when w is equal to
// it and has the same focus.
func (d *drawing) reuse(id string, w tea.Widget, focused bool) (look, bool) {
	if d == nil {
		return look{}, false
	}
	i, ok := d.first[id]
	if !ok {
		return look{}, false
	}
	l := d.looks[i]
	if l.src == nil || l.focused != focused || !tea.Comparable(w) || l.src != w {
		return look{}, false
	}
	return l, true
}

// lookAt looks at w as an agent sees it (agentWidget): a masked widget is
// described, compared or drawn in its redacted form, so whether its value
// changed is never told, whatever its own Describe carries.
func lookAt(w tea.Widget, width int, focused bool) look {
	l := look{focused: focused}
	if tea.Comparable(w) {
		l.src = w
	}
	a := agentWidget(w)
	switch {
	case isDescriber(a):
		l.described, l.desc = true, safeDescribe(a.(tea.Describer))
	case tea.Comparable(a):
		l.value = a
	default:
		l.drawn = safeRender(a, width, focused)
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
	if a.Label != b.Label || a.Role != b.Role || a.Value != b.Value || a.Detail != b.Detail || len(a.State) != len(b.State) {
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
// including widgets that appeared or left, and returns how after looked,
// for the write's answer to take its widgets' descriptions from (see
// describe). A session's last drawing is kept, so consecutive writes
// (whose before is the previous write's after) look at each snapshot
// once.
func (d *drawings) changed(session string, before, after tea.Snapshot) ([]string, *drawing) {
	width := after.Size.Width
	if width <= 0 {
		width = DefaultWidth
	}
	d.mu.Lock()
	b := d.bySession[session]
	d.mu.Unlock()
	if b == nil || b.version != before.Version || b.width != width {
		b = draw(before, width, nil)
	}
	a := draw(after, width, b)
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
	for id := range b.first {
		if _, ok := a.first[id]; !ok {
			gone = append(gone, id)
		}
	}
	sort.Strings(gone)
	return append(changed, gone...), a
}

// describe is describeWidget(w), with the description d took of w when w
// is the only widget of its id in d's snapshot: a write's answer does not
// describe again the widgets the comparison described (a table's
// description builds its headers and state each time). A nil d, or an id
// that several widgets share, describes w.
func (d *drawing) describe(w tea.Widget) describedWidget {
	if d != nil {
		if i, ok := d.first[w.WidgetID()]; ok && d.next[i] == -1 {
			l := d.looks[i]
			return describedWidget{w: w, a: agentWidget(w), described: l.described, desc: l.desc}
		}
	}
	return describeWidget(w)
}

// sameLooks reports whether the widgets with id look the same in b and a.
func sameLooks(b, a *drawing, id string) bool {
	bi, bok := b.first[id]
	ai, aok := a.first[id]
	if !bok || !aok {
		return bok == aok
	}
	for ; ai != -1 && bi != -1; ai, bi = a.next[ai], b.next[bi] {
		if !b.looks[bi].same(a.looks[ai]) {
			return false
		}
	}
	return ai == -1 && bi == -1
}

// safeRender draws w's agent form (agentWidget; lookAt passes it already,
// and it is the same form again).
func safeRender(w tea.Widget, width int, focused bool) (s string) {
	defer func() {
		if recover() != nil {
			s = "\x00panic"
		}
	}()
	return agentWidget(w).Render(tea.RenderContext{Width: width, Focused: focused})
}
