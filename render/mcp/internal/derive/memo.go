package derive

import (
	"sync"

	"github.com/facetui/facet/tea"
)

// deriveMemo is a synchronizer's memory of its session's last derivation:
// for each widget id, the widget value the view showed and the tools
// derived from it. A render then derives again only the widgets that
// changed: a widget equal (==, see tea.Comparable) to the value its id had
// last time offers the same actions, so its Actions are not asked for,
// checked and named again. A widget that changed, or cannot be compared,
// is asked for its actions, and keeps the tools derived last time when it
// offers the same (see memoEntry.offers); the later widgets of an id shown
// more than once are derived every time. What a
// render needs only while it runs (its scratch maps and slices) it takes
// from scratch, shared by every session of a registry, and gives back when
// the sync ends (done): an idle session holds none, and a render of an
// unchanged view still allocates next to nothing whatever its size.
//
// It derives what Tools derives, in the same order, with the same
// warnings; it is not safe for concurrent use.
type deriveMemo struct {
	byID map[string]*memoEntry
	gen  uint64

	scratch *sync.Pool // of *memoScratch
	cur     *memoScratch
}

// memoScratch is what one render's derivation works in.
type memoScratch struct {
	seen  map[string]bool
	ids   map[string]int
	out   []Derived
	warns []Warning
	// shown is the first widget of each id in the view.
	shown map[string]tea.Widget
}

func newMemoScratch() any {
	return &memoScratch{seen: map[string]bool{}, ids: map[string]int{}, shown: map[string]tea.Widget{}}
}

// memoEntry is one widget as the last derivation saw it: w is nil for a
// widget that cannot be compared.
type memoEntry struct {
	w       tea.Widget
	gen     uint64
	derived []Derived
	warns   []Warning
}

// offers reports whether a widget of kind offering acts derives the tools
// e holds: every action as e's, in the same order (e derived one tool of
// each, with no warning).
func (e *memoEntry) offers(kind string, acts []tea.Action) bool {
	if len(e.warns) > 0 || len(acts) != len(e.derived) {
		return false
	}
	for i, d := range e.derived {
		if d.Kind != kind || !sameAction(d.Action, acts[i]) {
			return false
		}
	}
	return true
}

// sameAction reports whether a and b are one spec; maps made once and
// shared (a kind's argument schema) compare without a walk.
func sameAction(a, b tea.Action) bool {
	return a.Name == b.Name && a.Description == b.Description &&
		equalMaps(a.InputSchema, b.InputSchema) &&
		equalMaps(a.Annotations, b.Annotations) &&
		equalMaps(a.OutputSchema, b.OutputSchema)
}

// newDeriveMemo returns a memo taking its scratch from pool, whose New is
// newMemoScratch (nil: a pool of its own).
func newDeriveMemo(pool *sync.Pool) *deriveMemo {
	if pool == nil {
		pool = &sync.Pool{New: newMemoScratch}
	}
	return &deriveMemo{byID: map[string]*memoEntry{}, scratch: pool}
}

// done gives the last render's scratch back: what tools returned, and
// widget, are no longer valid.
func (m *deriveMemo) done() {
	if m.cur == nil {
		return
	}
	sc := m.cur
	m.cur = nil
	clear(sc.seen)
	clear(sc.ids)
	clear(sc.shown)
	clear(sc.out) // no Derived kept alive from the pool
	clear(sc.warns)
	sc.out, sc.warns = sc.out[:0], sc.warns[:0]
	m.scratch.Put(sc)
}

// widget is the widget with id in the last view derived, if there was one.
func (m *deriveMemo) widget(id string) (tea.Widget, bool) {
	if m.cur == nil {
		return nil, false
	}
	w, ok := m.cur.shown[id]
	return w, ok
}

// tools is Tools(session, view), from memory where it can be. The slices
// it returns are valid until its next call or done.
func (m *deriveMemo) tools(session string, view tea.Node) ([]Derived, []Warning) {
	if !tea.ValidID(session) {
		return Tools(session, view)
	}
	m.gen++
	if m.cur == nil {
		m.cur = m.scratch.Get().(*memoScratch)
	}
	sc := m.cur
	clear(sc.seen)
	clear(sc.ids)
	clear(sc.shown)
	out, warns := sc.out[:0], sc.warns[:0]
	tea.Walk(view, func(n tea.Node, _ int) bool {
		w, ok := n.(tea.Widget)
		if !ok {
			return true
		}
		id := w.WidgetID()
		sc.ids[id]++
		first := sc.ids[id] == 1
		if first {
			sc.shown[id] = w
		}
		if !first && sc.ids[id] == 2 {
			warns = append(warns, Warning{Widget: id, Reason: duplicateIDReason})
		}
		p, ok := n.(tea.ToolProvider)
		if !ok {
			return true
		}
		if ex, ok := n.(tea.Excludable); ok && ex.Excluded() {
			return true
		}
		if !tea.ValidID(id) {
			warns = append(warns, Warning{Widget: id, Reason: invalidIDReason})
			return true
		}
		var ds []Derived
		var ws []Warning
		e := m.byID[id]
		comparable := tea.Comparable(w)
		switch {
		case first && e != nil && comparable && e.w == w:
			e.gen = m.gen
			ds, ws = e.derived, e.warns
		case first:
			// Changed, or not comparable (a table's rows): asked for its
			// actions, which are most often the ones it offered last time
			// (a field whose value changed); those keep their tools as
			// derived then, unnamed and unchecked again.
			kind, acts := w.WidgetKind(), p.Actions()
			if e == nil || !e.offers(kind, acts) {
				ds, ws = toolsOf(session, id, kind, acts)
				e = &memoEntry{derived: ds, warns: ws}
				m.byID[id] = e
			}
			ds, ws = e.derived, e.warns
			e.gen, e.w = m.gen, nil
			if comparable {
				e.w = w // a widget that cannot be compared is not kept
			}
		default:
			ds, ws = widgetTools(session, id, w.WidgetKind(), p)
		}
		warns = append(warns, ws...)
		for _, d := range ds {
			if sc.seen[d.Name] {
				continue
			}
			sc.seen[d.Name] = true
			out = append(out, d)
		}
		return true
	})
	for id, e := range m.byID {
		if e.gen != m.gen {
			delete(m.byID, id)
		}
	}
	if tabs := TabsOf(view); tabs != nil {
		for i := range out {
			out[i].SeenOn = tabs
		}
	}
	sc.out, sc.warns = out, warns
	return out, warns
}
