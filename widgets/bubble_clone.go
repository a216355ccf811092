package widgets

import (
	"reflect"
	"unsafe"
)

// cloneStorage returns a copy of a Bubble Tea model that shares no slice or
// map with m. Bubble Tea models are values, but many Bubbles components
// keep slices they change in place on Update (a textinput appends to its
// runes); Facet publishes every model to renderers while the next Update
// runs, so the model a snapshot holds must not be written afterwards (see
// tea.Model). Pointers, funcs and channels are shared as they are: a
// component that writes through a pointer it shares is beyond a copy.
func cloneStorage[M any](m M) M {
	v := reflect.ValueOf(&m).Elem()
	cloneInto(v)
	return m
}

// cloneInto replaces, in the addressable value v, every slice and map it
// holds by value (in structs, arrays, slices and maps) with a fresh copy.
func cloneInto(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Field(i)
			if !f.CanSet() {
				f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
			}
			cloneInto(f)
		}
	case reflect.Array:
		for i := range v.Len() {
			cloneInto(v.Index(i))
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Cap())
		reflect.Copy(c, v)
		for i := range c.Len() {
			cloneInto(c.Index(i))
		}
		v.Set(c)
	case reflect.Map:
		if v.IsNil() {
			return
		}
		c := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(it.Value())
			cloneInto(e)
			c.SetMapIndex(it.Key(), e)
		}
		v.Set(c)
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		inner := reflect.New(v.Elem().Type()).Elem()
		inner.Set(v.Elem())
		cloneInto(inner)
		v.Set(inner)
	}
}
