package main

import (
	"strings"
	"testing"
)

func TestParseAndMedians(t *testing.T) {
	in := `goos: linux
BenchmarkTableRender/rows=40-2   	 9000	 130.0 ns/op	  65 B/op	 5 allocs/op
BenchmarkTableRender/rows=40-2   	 9000	 150.0 ns/op	  65 B/op	 5 allocs/op
BenchmarkTableRender/rows=40-2   	 9000	 110.0 ns/op	  65 B/op	 5 allocs/op
BenchmarkTableRender/rows=100000-2	 9000	 220.0 ns/op	  65 B/op	 5 allocs/op
BenchmarkDiffAfterSort/one-2     	   10	 2000 ns/op	  114.0 patch_bytes	 1 B/op	 1 allocs/op
PASS
`
	res := map[string]map[string][]float64{}
	order := parse(strings.NewReader(in), res, nil)
	if len(order) != 3 || order[0] != "BenchmarkTableRender/rows=40" {
		t.Fatalf("order %v", order)
	}
	if m := median(res["BenchmarkTableRender/rows=40"]["ns/op"]); m != 130 {
		t.Fatalf("median %v", m)
	}
	if m := median(res["BenchmarkDiffAfterSort/one"]["patch_bytes"]); m != 114 {
		t.Fatalf("custom metric %v", m)
	}
	var out strings.Builder
	printTable(&out, res, order)
	if !strings.Contains(out.String(), "Table draw, 100,000 rows vs 40 rows") || !strings.Contains(out.String(), "1.69x") {
		t.Fatalf("table:\n%s", out.String())
	}
	if median([]float64{1, 2, 3, 4}) != 2.5 || median(nil) != 0 {
		t.Fatal("median")
	}
}
