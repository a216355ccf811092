package web

// Op is one change to a page: replace the element whose DOM id is ID (its
// outer HTML) with HTML.
type Op struct {
	ID   string `json:"id"`
	HTML string `json:"html"`
}

// diff returns the operations that turn the page old into next: each
// outermost element whose own tag, text or list of children changed is
// replaced whole, and nothing else is sent. Both pages have the same root
// id.
func diff(old, next *element) []Op {
	var ops []Op
	diffInto(old, next, &ops)
	return ops
}

func diffInto(old, next *element, ops *[]Op) {
	if old.HTML() == next.HTML() {
		return
	}
	if old.id == next.id && old.open == next.open && old.inner == next.inner && old.close == next.close && sameKids(old.kids, next.kids) {
		for i := range old.kids {
			diffInto(old.kids[i], next.kids[i], ops)
		}
		return
	}
	*ops = append(*ops, Op{ID: old.id, HTML: next.HTML()})
}

// sameKids reports whether two lists of children hold the same elements by
// id, so each can be patched in place. A child without an id can only be
// changed by replacing its parent, so it must be unchanged.
func sameKids(old, next []*element) bool {
	if len(old) != len(next) {
		return false
	}
	for i := range old {
		if old[i].id != next[i].id || (old[i].id == "" && old[i].HTML() != next[i].HTML()) {
			return false
		}
	}
	return true
}
