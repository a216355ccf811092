package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// machineCPU reads the whole machine's busy CPU time from /proc/stat: on
// a shared machine, what the server and the clients did not use was not
// necessarily free.
type machineCPU struct{ path string }

// busy is the CPU time all cores spent on anything but idling and waiting
// for I/O, since boot.
func (m machineCPU) busy() (time.Duration, error) {
	path := m.path
	if path == "" {
		path = "/proc/stat"
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, fmt.Errorf("machine cpu: %w", err)
	}
	line, _, _ := strings.Cut(string(b), "\n")
	fields := strings.Fields(line)
	if len(fields) < 6 || fields[0] != "cpu" {
		return 0, fmt.Errorf("machine cpu: %s: first line %q is not the cpu totals", path, line)
	}
	var ticks int64
	for i, f := range fields[1:] {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("machine cpu: %s: field %d: %w", path, i+1, err)
		}
		switch i {
		case 3, 4: // idle, iowait
		case 8, 9: // guest, guest_nice: already counted in user and nice
		default:
			ticks += n
		}
	}
	return time.Duration(ticks) * time.Second / clockTicks, nil
}
