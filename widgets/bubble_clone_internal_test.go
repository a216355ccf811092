package widgets

import "testing"

type cloneProbe struct {
	runes []rune
	tags  map[string][]int
	inner struct{ lines []string }
	any   any
}

func TestCloneStorageSharesNoSliceOrMap(t *testing.T) {
	orig := cloneProbe{runes: []rune("abc"), tags: map[string][]int{"a": {1}}, any: []byte("x")}
	orig.inner.lines = []string{"l"}
	c := cloneStorage(orig)
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
	if got := cloneStorage(nilProbe); got.runes != nil || got.tags != nil {
		t.Fatalf("nil slices and maps must stay nil: %+v", got)
	}
}
