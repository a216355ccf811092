package tea

// Node is one element of a component tree. Containers (Column, Row, Box)
// return their children; leaves (Text, Spacer and most widgets) return nil.
type Node interface {
	// Children returns the node's children in view order.
	Children() []Node
}

// Column stacks its items top to bottom, Gap blank lines apart.
type Column struct {
	Items []Node
	Gap   int
}

// Children implements Node.
func (c Column) Children() []Node { return c.Items }

// Row places its items left to right, Gap columns apart. Items with a fixed
// width (see Sized) get it; the rest share what is left equally.
type Row struct {
	Items []Node
	Gap   int
}

// Children implements Node.
func (r Row) Children() []Node { return r.Items }

// Box draws a rounded border around its child, with an optional title in the
// top edge. Width and Height, when positive, fix the box's outer size.
type Box struct {
	Title   string
	Child   Node
	Padding int
	Width   int
	Height  int
	// NoBorder draws the box without its border (a padded group).
	NoBorder bool
}

// Children implements Node.
func (b Box) Children() []Node {
	if b.Child == nil {
		return nil
	}
	return []Node{b.Child}
}

// Text is a run of plain text. Lines longer than the space they get are cut
// with an ellipsis by the renderer. Muted draws it dimmer, for hints and
// status lines: the same word as widgets.Text's Muted and the widgets'
// Theme.Muted.
type Text struct {
	Content string
	Bold    bool
	Muted   bool
}

// Children implements Node.
func (Text) Children() []Node { return nil }

// Spacer is empty space: Lines blank lines in a Column, Cols blank columns in
// a Row.
type Spacer struct {
	Lines int
	Cols  int
}

// Children implements Node.
func (Spacer) Children() []Node { return nil }

// Sized is implemented by nodes that want a fixed width inside a Row.
type Sized interface {
	// FixedWidth returns the width the node wants, or 0 to share the rest.
	FixedWidth() int
}

// Vertical is shorthand for Column{Items: items}.
func Vertical(items ...Node) Column { return Column{Items: items} }

// Horizontal is shorthand for Row{Items: items, Gap: 1}.
func Horizontal(items ...Node) Row { return Row{Items: items, Gap: 1} }

// Label is shorthand for Text{Content: s}.
func Label(s string) Text { return Text{Content: s} }

// Walk visits n and its descendants depth-first in view order. fn returns
// false to skip a node's children. A nil node is skipped.
func Walk(n Node, fn func(n Node, depth int) bool) {
	walk(n, 0, fn)
}

func walk(n Node, depth int, fn func(Node, int) bool) {
	if n == nil {
		return
	}
	if !fn(n, depth) {
		return
	}
	for _, c := range n.Children() {
		walk(c, depth+1, fn)
	}
}

// Widgets returns every widget in the tree in view order.
func Widgets(root Node) []Widget {
	var out []Widget // nil without widgets
	Walk(root, func(n Node, _ int) bool {
		if w, ok := n.(Widget); ok {
			if out == nil {
				// Room for a small view's widgets at once: this runs on
				// every change.
				out = make([]Widget, 0, 8)
			}
			out = append(out, w)
		}
		return true
	})
	return out
}

// FindWidget returns the first widget in view order whose id is id.
func FindWidget(root Node, id string) (Widget, bool) {
	var found Widget
	Walk(root, func(n Node, _ int) bool {
		if found != nil {
			return false
		}
		if w, ok := n.(Widget); ok && w.WidgetID() == id {
			found = w
			return false
		}
		return true
	})
	return found, found != nil
}
