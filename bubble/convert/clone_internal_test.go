package convert

import "testing"

type cloneProbe struct {
	runes []rune
	tags  map[string][]int
	inner struct{ lines []string }
	any   any
	ptr   *int
	alias *int
}

func TestCloneSharesNoSliceOrMap(t *testing.T) {
	orig := cloneProbe{runes: []rune("abc"), tags: map[string][]int{"a": {1}}, any: []byte("x")}
	orig.inner.lines = []string{"l"}
	n := 1
	orig.ptr, orig.alias = &n, &n
	c := Clone(orig)
	*c.ptr = 2
	if n != 1 || c.ptr != c.alias {
		t.Fatalf("the copy wrote through the original's pointer (%d), or lost its aliasing", n)
	}
	c.runes[0] = 'z'
	c.tags["a"][0] = 9
	c.tags["b"] = nil
	c.inner.lines[0] = "changed"
	c.any.([]byte)[0] = 'y'
	if string(orig.runes) != "abc" || orig.tags["a"][0] != 1 || len(orig.tags) != 1 ||
		orig.inner.lines[0] != "l" || string(orig.any.([]byte)) != "x" {
		t.Fatalf("the original changed through its copy: %+v", orig)
	}
	var nilProbe cloneProbe
	if got := Clone(nilProbe); got.runes != nil || got.tags != nil {
		t.Fatalf("nil slices and maps must stay nil: %+v", got)
	}
}

func TestCloneOfAnInterfaceCopiesTheModelItHolds(t *testing.T) {
	n := 1
	var m any = &cloneProbe{ptr: &n}
	c := Clone(m).(*cloneProbe)
	*c.ptr = 2
	if c == m.(*cloneProbe) || n != 1 {
		t.Fatalf("the model behind the interface was shared: n = %d", n)
	}
}
