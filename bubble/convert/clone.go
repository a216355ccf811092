package convert

import (
	"reflect"
	"unsafe"
)

// Clone returns a deep copy of a Bubble Tea model: it shares no slice, map
// or pointee with m (pointers inside one model that point at the same
// value still do in the copy; what an interface holds behind a pointer,
// such as a context, is shared). Call it before a model's Update when the
// model before it may still be read (Facet's snapshots hold it). Bubble Tea models are values, but many Bubbles components
// keep slices they change in place on Update (a textinput appends to its
// runes); Facet publishes every model to renderers while the next Update
// runs, so the model a snapshot holds must not be written afterwards (see
// tea.Model); a textinput's cursor writes through a pointer too. Funcs and
// channels are shared as they are.
func Clone[M any](m M) M {
	v := reflect.ValueOf(&m).Elem()
	c := cloner{seen: map[uintptr]reflect.Value{}}
	if v.Kind() != reflect.Interface {
		c.into(v)
		return m
	}
	if v.IsNil() {
		return m
	}
	// M is an interface (a tea.Model): the model is what it holds.
	root := reflect.New(v.Elem().Type()).Elem()
	root.Set(v.Elem())
	c.into(root)
	v.Set(root)
	return m
}

// cloner copies what a model holds, once per pointee.
type cloner struct {
	seen map[uintptr]reflect.Value // pointee address -> its copy
	// inIface is set below an interface value: what an interface holds
	// behind a pointer (a context, a renderer, a Go type of another
	// library) is shared as it is, never copied.
	inIface bool
}

// into replaces, in the addressable value v, every slice, map and pointer
// it holds (in structs, arrays, slices, maps and interfaces) with a fresh
// copy.
func (c *cloner) into(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Field(i)
			if !f.CanSet() {
				f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
			}
			c.into(f)
		}
	case reflect.Array:
		for i := range v.Len() {
			c.into(v.Index(i))
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		cp := reflect.MakeSlice(v.Type(), v.Len(), v.Cap())
		reflect.Copy(cp, v)
		for i := range cp.Len() {
			c.into(cp.Index(i))
		}
		v.Set(cp)
	case reflect.Map:
		if v.IsNil() {
			return
		}
		cp := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(it.Value())
			c.into(e)
			cp.SetMapIndex(it.Key(), e)
		}
		v.Set(cp)
	case reflect.Pointer:
		if v.IsNil() || c.inIface {
			return
		}
		if done, ok := c.seen[v.Pointer()]; ok {
			v.Set(done)
			return
		}
		cp := reflect.New(v.Type().Elem())
		c.seen[v.Pointer()] = cp
		cp.Elem().Set(v.Elem())
		c.into(cp.Elem())
		v.Set(cp)
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		inner := reflect.New(v.Elem().Type()).Elem()
		inner.Set(v.Elem())
		was := c.inIface
		c.inIface = true
		c.into(inner)
		c.inIface = was
		v.Set(inner)
	}
}
