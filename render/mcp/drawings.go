package mcp

import (
	"sort"
	"sync"

	"github.com/facetui/facet/tea"
)

// drawings keeps each session's last snapshot drawn widget by widget, to
// tell which widgets a write changed.
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

// drawing is one snapshot's widgets drawn one by one, by id, in view order.
type drawing struct {
	version uint64
	width   int
	byID    map[string]string
	order   []string
}

func draw(snap tea.Snapshot, width int) *drawing {
	d := &drawing{version: snap.Version, width: width, byID: map[string]string{}}
	for _, w := range tea.Widgets(snap.View) {
		id := w.WidgetID()
		if prev, dup := d.byID[id]; dup {
			d.byID[id] = prev + "\x00" + safeRender(w, width, id == snap.Focus)
			continue
		}
		d.byID[id] = safeRender(w, width, id == snap.Focus)
		d.order = append(d.order, id)
	}
	return d
}

// changed lists, in view order, the ids of widgets whose drawing
// differs between two snapshots, including widgets that appeared or left.
// A session's last drawing is kept, so consecutive writes (whose before is
// the previous write's after) draw each snapshot once.
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
		if b.byID[id] != a.byID[id] {
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

func safeRender(w tea.Widget, width int, focused bool) (s string) {
	defer func() {
		if recover() != nil {
			s = "\x00panic"
		}
	}()
	return agentWidget(w).Render(tea.RenderContext{Width: width, Focused: focused})
}
