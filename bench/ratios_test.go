package bench

import (
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

var (
	ratios      = flag.Bool("ratios", false, "run TestRatios: the side-by-side table with ratios")
	ratioRounds = flag.Int("rounds", 5, "TestRatios: interleaved rounds per case (the median is reported)")
	ratioCases  = flag.String("cases", "", "TestRatios: only the cases whose name contains this")
	ratioTime   = flag.Duration("ratiotime", 200*time.Millisecond, "TestRatios: CPU time per measurement")
)

// ratioLibs are the columns of the table, in order; "map" (encoding/json
// into map[string]any) stays in the plain benchmarks only. "jx" is the
// hand-written ceiling (slim structs), the target; "jxapi" is the same
// hand-written jx decoding into the generated botapi types, a second
// reference that holds the representation equal: apigen / jxapi is decoder
// quality, jxapi / jx what the types' size costs.
var ratioLibs = []string{"apigen", "telego", "tgbotapi", "jx", "jxapi"}

// TestRatios prints the comparison table: every library on every case, run
// in interleaved rounds (round 1: case A lib 1, lib 2, ...; round 2: ...),
// and the median of the rounds. The machine is shared and noisy, so the
// time per operation is the process's CPU time (user+sys from getrusage,
// which includes the GC's background workers) rather than wall time, which
// on a loaded machine mostly measures the scheduler; wall time is printed
// too. Only ratios measured in the same run mean anything. It asserts
// nothing about time: figures come from measurements, never from pass/fail.
//
//	go test -run TestRatios -ratios -rounds 5 -v
func TestRatios(t *testing.T) {
	if !*ratios {
		t.Skip("run with -ratios")
	}
	type ratioCase struct {
		name string
		libs map[string]func() error
	}
	var cases []ratioCase
	for _, c := range decodeCases {
		data := payloads[c.payload]
		rc := ratioCase{name: "decode " + c.name, libs: map[string]func() error{}}
		for _, l := range c.libs() {
			rc.libs[l.name] = func() error { return l.decode(data) }
		}
		cases = append(cases, rc)
	}
	for _, c := range encodeCases {
		rc := ratioCase{name: "encode " + c.name, libs: map[string]func() error{}}
		for _, e := range c.encs() {
			rc.libs[e.name] = func() error { _, err := e.encode(); return err }
		}
		cases = append(cases, rc)
	}
	rc := ratioCase{name: "client sendMessage (in-memory transport)", libs: map[string]func() error{}}
	for _, c := range clientCalls(t) {
		rc.libs[c.name] = c.call
	}
	cases = append(cases, rc)

	type key struct{ c, lib string }
	ns := map[key][]float64{} // process CPU time per op
	wall := map[key][]float64{}
	bytes := map[key]int64{}
	allocs := map[key]int64{}
	for round := 0; round < *ratioRounds; round++ {
		for _, c := range cases {
			if !strings.Contains(c.name, *ratioCases) {
				continue
			}
			for _, lib := range ratioLibs {
				f := c.libs[lib]
				if f == nil {
					continue
				}
				if err := f(); err != nil {
					t.Fatalf("%s/%s: %v", c.name, lib, err)
				}
				m := measure(f, *ratioTime)
				k := key{c.name, lib}
				ns[k] = append(ns[k], m.cpuNs)
				wall[k] = append(wall[k], m.wallNs)
				bytes[k], allocs[k] = m.bytes, m.allocs
			}
		}
	}
	cell := func(c, lib string) string {
		k := key{c, lib}
		if ns[k] == nil {
			return "—"
		}
		return fmt.Sprintf("%s, %d B, %d allocs", fmtNs(median(ns[k])), bytes[k], allocs[k])
	}
	ratio := func(c, a, b string) string {
		x, y := ns[key{c, a}], ns[key{c, b}]
		if x == nil || y == nil {
			return "—"
		}
		return fmt.Sprintf("%.2f", median(x)/median(y))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "process CPU time per op, medians of %d interleaved rounds; allocations per op\n\n", *ratioRounds)
	sb.WriteString("| operation | apigen | telego | go-telegram-bot-api | hand-written jx | jx into botapi types | apigen / telego | apigen / jx | apigen / jx into botapi | jx into botapi / jx |\n")
	sb.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, c := range cases {
		if !strings.Contains(c.name, *ratioCases) {
			continue
		}
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", c.name,
			cell(c.name, "apigen"), cell(c.name, "telego"), cell(c.name, "tgbotapi"), cell(c.name, "jx"), cell(c.name, "jxapi"),
			ratio(c.name, "apigen", "telego"), ratio(c.name, "apigen", "jx"),
			ratio(c.name, "apigen", "jxapi"), ratio(c.name, "jxapi", "jx"))
	}
	sb.WriteString("\nwall time per op (medians), for reference:\n\n")
	for _, c := range cases {
		if !strings.Contains(c.name, *ratioCases) {
			continue
		}
		fmt.Fprintf(&sb, "* %s:", c.name)
		for _, lib := range ratioLibs {
			if w := wall[key{c.name, lib}]; w != nil {
				fmt.Fprintf(&sb, " %s %s", lib, fmtNs(median(w)))
			}
		}
		sb.WriteString("\n")
	}
	fmt.Print(sb.String())
}

type measurement struct {
	cpuNs, wallNs float64
	bytes, allocs int64
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measure runs f n times, n calibrated so that the run takes about d of
// process CPU time, and returns the per-op figures of the final run.
func measure(f func() error, d time.Duration) measurement {
	n := 1
	for {
		start := cpuTime()
		for i := 0; i < n; i++ {
			_ = f()
		}
		used := cpuTime() - start
		if used >= d/10 || n >= 1<<30 {
			if used <= 0 {
				used = time.Microsecond
			}
			n = max(1, int(float64(n)*float64(d)/float64(used)))
			break
		}
		n *= 8
	}
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	c0, w0 := cpuTime(), time.Now()
	for i := 0; i < n; i++ {
		_ = f()
	}
	cpu, wall := cpuTime()-c0, time.Since(w0)
	runtime.ReadMemStats(&m1)
	return measurement{
		cpuNs:  float64(cpu.Nanoseconds()) / float64(n),
		wallNs: float64(wall.Nanoseconds()) / float64(n),
		bytes:  int64(m1.TotalAlloc-m0.TotalAlloc) / int64(n),
		allocs: int64(m1.Mallocs-m0.Mallocs) / int64(n),
	}
}

func fmtNs(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

// median is the middle of v (the mean of the two middle values for an even
// count); v is not modified.
func median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}
