package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestMachineCPUCountsEverythingButIdleAndIOWait(t *testing.T) {
	cases := []struct {
		name, stat string
		want       time.Duration
		err        string
	}{
		{"user nice system irq softirq steal, not idle iowait guest guest_nice", "cpu  100 20 30 5000 400 1 2 3 7 9\ncpu0 1 2 3\n", 156 * time.Second / clockTicks, ""},
		{"a kernel with fewer columns", "cpu  100 20 30 5000 400\n", 150 * time.Second / clockTicks, ""},
		{"not the totals line", "intr 1 2 3 4 5 6\n", 0, "is not the cpu totals"},
		{"a column that is not a number", "cpu  100 x 30 5000 400\n", 0, "field 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "stat")
			if err := os.WriteFile(path, []byte(c.stat), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := machineCPU{path: path}.busy()
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("busy() = %v, %v; want an error containing %q", got, err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("busy() = %v, %v; want %v", got, err, c.want)
			}
		})
	}
}
