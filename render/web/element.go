package web

import (
	"html"
	"strings"
)

// element is one element of a page: its DOM id, its opening and closing
// tags, and either its children or, for a leaf, its inner HTML. Diff
// compares pages element by element, so a change replaces the smallest
// element that holds it.
type element struct {
	id    string
	open  string
	inner string
	kids  []*element
	close string
	outer string // memo of HTML
}

// HTML returns the element's outer HTML.
func (e *element) HTML() string {
	if e.outer == "" {
		var b strings.Builder
		e.write(&b)
		e.outer = b.String()
	}
	return e.outer
}

func (e *element) write(b *strings.Builder) {
	if e.outer != "" {
		b.WriteString(e.outer)
		return
	}
	b.WriteString(e.open)
	b.WriteString(e.inner)
	for _, k := range e.kids {
		b.WriteString(k.HTML())
	}
	b.WriteString(e.close)
}

// attr is one attribute of a tag; an empty value writes a bare attribute
// (disabled, checked) when bare is set, and nothing otherwise.
type attr struct {
	name, value string
	bare        bool
}

// a is an attribute with a value.
func a(name, value string) attr { return attr{name: name, value: value} }

// flag is a boolean attribute, written bare when on.
func flag(name string, on bool) attr {
	if !on {
		return attr{}
	}
	return attr{name: name, bare: true}
}

// tag builds an element named name with id and attributes; its children or
// inner HTML are set by the caller.
func tag(name, id string, attrs ...attr) *element {
	var b strings.Builder
	b.WriteString("<" + name)
	if id != "" {
		b.WriteString(` id="` + html.EscapeString(id) + `"`)
	}
	for i, at := range attrs {
		if at.name == "style" {
			// Several styles (a widget's theme, its height) are one attribute.
			at.value = joinStyles(attrs[i:])
			if at.value == "" || seenStyle(attrs[:i]) {
				continue
			}
		}
		switch {
		case at.name == "", at.name == "class" && at.value == "" && !at.bare:
		case at.bare:
			b.WriteString(" " + at.name)
		default:
			b.WriteString(" " + at.name + `="` + html.EscapeString(at.value) + `"`)
		}
	}
	b.WriteString(">")
	e := &element{id: id, open: b.String()}
	if !voidTags[name] {
		e.close = "</" + name + ">"
	}
	return e
}

// joinStyles joins the values of the style attributes of attrs.
func joinStyles(attrs []attr) string {
	var parts []string
	for _, at := range attrs {
		if at.name == "style" && at.value != "" {
			parts = append(parts, at.value)
		}
	}
	return strings.Join(parts, "; ")
}

// seenStyle reports whether attrs has a style attribute with a value.
func seenStyle(attrs []attr) bool {
	for _, at := range attrs {
		if at.name == "style" && at.value != "" {
			return true
		}
	}
	return false
}

// voidTags have no closing tag.
var voidTags = map[string]bool{"input": true, "br": true, "hr": true}

// withText sets e's inner HTML to text, escaped, and returns e.
func (e *element) withText(text string) *element {
	e.inner = html.EscapeString(text)
	return e
}

// with appends children to e and returns e.
func (e *element) with(kids ...*element) *element {
	for _, k := range kids {
		if k != nil {
			e.kids = append(e.kids, k)
		}
	}
	return e
}

// classes joins the class names that are not empty.
func classes(names ...string) string {
	var out []string
	for _, n := range names {
		if n != "" {
			out = append(out, n)
		}
	}
	return strings.Join(out, " ")
}

// when returns s if on, else "".
func when(on bool, s string) string {
	if on {
		return s
	}
	return ""
}
