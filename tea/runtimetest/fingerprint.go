package runtimetest

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"reflect"
	"slices"
	"time"

	"github.com/facetui/facet/tea"
)

// fingerprint hashes what s holds, deeply, by part: each field of a struct
// model ("Model.Counts"), the whole model otherwise ("Model"), and the
// view, presence, secrets and notifications. A changed part names where to
// look.
func fingerprint(seed maphash.Seed, s tea.Snapshot) map[string]uint64 {
	parts := map[string]uint64{}
	part := func(name string, v reflect.Value) {
		h := hasher{seed: seed}
		h.h.SetSeed(seed)
		h.value(v)
		parts[name] = h.h.Sum64()
	}
	m := reflect.ValueOf(s.Model)
	for m.Kind() == reflect.Pointer && !m.IsNil() {
		m = m.Elem()
	}
	if m.Kind() == reflect.Struct {
		for i := range m.NumField() {
			part("Model."+m.Type().Field(i).Name, m.Field(i))
		}
	} else {
		part("Model", m)
	}
	part("View", reflect.ValueOf(&s.View).Elem())
	part("Presence", reflect.ValueOf(s.Presence))
	part("Notifications", reflect.ValueOf(s.Notifications))
	part("Recent", reflect.ValueOf(s.Recent))
	return parts
}

// partNames returns the part names in order.
func partNames(parts map[string]uint64) []string {
	names := make([]string, 0, len(parts))
	for k := range parts {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// hasher writes a value's content, deeply, into h. It follows pointers
// (stopping at a pointer already on the path, so cycles end) and reads
// unexported fields. It leaves out what a model may hold without owning:
// functions and channels count only as nil or not, and sync and
// sync/atomic values and time zones not at all.
type hasher struct {
	seed maphash.Seed
	h    maphash.Hash
	path []uintptr
	buf  [8]byte
}

var locationType = reflect.TypeFor[time.Location]()

func (h *hasher) uint(u uint64) {
	binary.LittleEndian.PutUint64(h.buf[:], u)
	_, _ = h.h.Write(h.buf[:])
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
		if v.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			_, _ = h.h.Write(v.Bytes())
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
		var sum uint64
		iter := v.MapRange()
		for iter.Next() {
			e := hasher{seed: h.seed, path: h.path}
			e.h.SetSeed(h.seed)
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
