package main

import (
	"fmt"
	"io"
	"runtime"
	"time"
)

func numCPU() int { return runtime.NumCPU() }

// writeTable writes the outcomes as a Markdown table. The server's CPU
// time per key applied is the figure a busy shared machine disturbs least:
// latency there measures the machine's other work as much as the server.
func writeTable(w io.Writer, outcomes []outcome) {
	fmt.Fprintln(w, "| server | connections | keys sent / applied | exact | p50 | p99 | max | RSS before / peak | RSS per connection | server CPU (cores) | server CPU per key | clients' CPU (cores) |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, o := range outcomes {
		exact := "yes"
		if !o.exact() {
			exact = fmt.Sprintf("NO (%d short, %d over)", o.short, o.over)
		}
		perConn := float64(o.rssPeak-o.rssBase) / float64(max(o.connected, 1))
		cores := func(d time.Duration) float64 {
			if o.wall <= 0 {
				return 0
			}
			return d.Seconds() / o.wall.Seconds()
		}
		perKey := time.Duration(0)
		if o.applied > 0 {
			perKey = o.cpu / time.Duration(o.applied)
		}
		fmt.Fprintf(w, "| %s | %d of %d | %d / %d | %s | %s | %s | %s | %s / %s | %s | %.2f | %.0f µs | %.2f |\n",
			o.server, o.connected, o.conns, o.sent, o.applied, exact,
			ms(o.latency.p50), ms(o.latency.p99), ms(o.latency.max),
			mb(o.rssBase), mb(o.rssPeak), mb(int64(perConn)), cores(o.cpu), float64(perKey)/float64(time.Microsecond), cores(o.clientCPU))
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }
