package runtimetest

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"reflect"
	"slices"
	"time"
	"unsafe"

	"github.com/facetui/facet/tea"
)

// part is the fingerprint of one part of a snapshot.
type part struct {
	name string
	sum  uint64
}

// fingerprint hashes what s holds, deeply, by part: each field of a struct
// model ("Model.Counts"), the whole model otherwise ("Model"), and the
// view, presence, secrets and notifications. A changed part names where to
// look.
func (h *hasher) fingerprint(s tea.Snapshot) []part {
	var parts []part
	add := func(name string, v reflect.Value) {
		h.h.Reset()
		h.value(v)
		parts = append(parts, part{name: name, sum: h.h.Sum64()})
	}
	m := reflect.ValueOf(s.Model)
	for m.Kind() == reflect.Pointer && !m.IsNil() {
		m = m.Elem()
	}
	if m.Kind() == reflect.Struct {
		for i := range m.NumField() {
			add("Model."+m.Type().Field(i).Name, m.Field(i))
		}
	} else {
		add("Model", m)
	}
	add("View", reflect.ValueOf(&s.View).Elem())
	add("Presence", reflect.ValueOf(s.Presence))
	add("Notifications", reflect.ValueOf(s.Notifications))
	add("Recent", reflect.ValueOf(s.Recent))
	return parts
}

// differ lists the parts whose fingerprints differ.
func differ(was, now []part) []string {
	var out []string
	for i, p := range was {
		if i >= len(now) || now[i] != p {
			out = append(out, p.name)
		}
	}
	return out
}

// hasher writes a value's content, deeply, into h. It follows pointers
// (stopping at a pointer already on the path, so cycles end) and reads
// unexported fields. It leaves out what a model may hold without owning:
// functions and channels count only as nil or not, and sync and
// sync/atomic values and time zones not at all.
type hasher struct {
	h    maphash.Hash
	path []uintptr
	buf  [8]byte
	// entry hashes a map's entries one at a time; made on the first map.
	entry *hasher
}

// newHasher returns a hasher seeded with seed.
func newHasher(seed maphash.Seed) *hasher {
	h := &hasher{}
	h.h.SetSeed(seed)
	return h
}

var locationType = reflect.TypeFor[time.Location]()

func (h *hasher) uint(u uint64) {
	binary.LittleEndian.PutUint64(h.buf[:], u)
	_, _ = h.h.Write(h.buf[:])
}

// flat hashes a slice of strings or of plain numbers straight from its
// memory, the common case that reflecting element by element makes slow.
// It reports false for any other slice.
func (h *hasher) flat(v reflect.Value) bool {
	n := v.Len()
	if n == 0 {
		return true
	}
	elem := v.Type().Elem()
	switch elem.Kind() {
	case reflect.String:
		for _, s := range unsafe.Slice((*string)(v.UnsafePointer()), n) {
			h.uint(uint64(len(s)))
			_, _ = h.h.WriteString(s)
		}
		return true
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		_, _ = h.h.Write(unsafe.Slice((*byte)(v.UnsafePointer()), n*int(elem.Size())))
		return true
	}
	return false
}

func (h *hasher) value(v reflect.Value) {
	if !v.IsValid() {
		h.uint(0)
		return
	}
	t := v.Type()
	if pkg := t.PkgPath(); pkg == "sync" || pkg == "sync/atomic" || t == locationType {
		return
	}
	h.uint(uint64(v.Kind()))
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			h.uint(1)
		} else {
			h.uint(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		h.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		h.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		h.uint(math.Float64bits(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		h.uint(math.Float64bits(real(c)))
		h.uint(math.Float64bits(imag(c)))
	case reflect.String:
		h.uint(uint64(v.Len()))
		_, _ = h.h.WriteString(v.String())
	case reflect.Slice, reflect.Array:
		h.uint(uint64(v.Len()))
		if v.Kind() == reflect.Slice && h.flat(v) {
			return
		}
		for i := range v.Len() {
			h.value(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			h.value(v.Field(i))
		}
	case reflect.Map:
		if v.IsNil() {
			h.uint(0)
			return
		}
		// Entries hash apart and add up, so the order a map iterates
		// in does not matter.
		if h.entry == nil {
			h.entry = newHasher(h.h.Seed())
		}
		e := h.entry
		var sum uint64
		iter := v.MapRange()
		for iter.Next() {
			e.h.Reset()
			e.path = h.path
			e.value(iter.Key())
			e.value(iter.Value())
			sum += e.h.Sum64()
		}
		h.uint(uint64(v.Len()))
		h.uint(sum)
	case reflect.Pointer:
		if v.IsNil() {
			h.uint(0)
			return
		}
		p := v.Pointer()
		if slices.Contains(h.path, p) {
			h.uint(1)
			return
		}
		h.path = append(h.path, p)
		h.value(v.Elem())
		h.path = h.path[:len(h.path)-1]
	case reflect.Interface:
		if v.IsNil() {
			h.uint(0)
			return
		}
		_, _ = h.h.WriteString(v.Elem().Type().String())
		h.value(v.Elem())
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		if v.IsNil() {
			h.uint(0)
		} else {
			h.uint(1)
		}
	}
}
