package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
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
		perConn := o.rssPerConn()
		cores := func(d time.Duration) float64 {
			if o.wall <= 0 {
				return 0
			}
			return d.Seconds() / o.wall.Seconds()
		}
		perKey := o.cpuPerKey()
		fmt.Fprintf(w, "| %s | %d of %d | %d / %d | %s | %s | %s | %s | %s / %s | %s | %.2f | %.0f µs | %.2f |\n",
			o.label(), o.connected, o.conns, o.sent, o.applied, exact,
			ms(o.latency.p50), ms(o.latency.p99), ms(o.latency.max),
			mb(o.rssBase), mb(o.rssPeak), mb(int64(perConn)), cores(o.cpu), float64(perKey)/float64(time.Microsecond), cores(o.clientCPU))
	}
}

// rssPerConn is the server's RSS growth per connection.
func (o outcome) rssPerConn() float64 {
	return float64(o.rssPeak-o.rssBase) / float64(max(o.connected, 1))
}

// cpuPerKey is the server's CPU time per key applied, 0 for none.
func (o outcome) cpuPerKey() time.Duration {
	if o.applied == 0 {
		return 0
	}
	return o.cpu / time.Duration(o.applied)
}

// writeMedians writes, for each server of a run of several rounds, the
// median of its rounds' figures, and the ratio of Facet's median p99 to
// the plain counter's: the figures a shared machine's other work moves
// least.
func writeMedians(w io.Writer, outcomes []outcome) {
	servers, runsOf := byServer(outcomes, func(o outcome) string { return o.server })
	fmt.Fprintln(w, "| server | rounds | median p50 | median p99 | median RSS per connection | median server CPU per key |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	p99 := map[string]time.Duration{}
	for _, s := range servers {
		runs := runsOf[s]
		med := func(f func(outcome) time.Duration) time.Duration {
			v := make([]time.Duration, len(runs))
			for i, o := range runs {
				v[i] = f(o)
			}
			slices.Sort(v)
			return percentile(v, 50)
		}
		p99[s] = med(func(o outcome) time.Duration { return o.latency.p99 })
		rss := med(func(o outcome) time.Duration { return time.Duration(o.rssPerConn()) })
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %.0f µs |\n", s, len(runs),
			ms(med(func(o outcome) time.Duration { return o.latency.p50 })), ms(p99[s]), mb(int64(rss)),
			float64(med(outcome.cpuPerKey))/float64(time.Microsecond))
	}
	if f, p := p99[kindFacet], p99[kindPlain]; f > 0 && p > 0 {
		fmt.Fprintf(w, "\nFacet's median p99 is %.2fx the plain counter's.\n", float64(f)/float64(p))
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }
