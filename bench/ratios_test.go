package bench

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"
)

var (
	ratios      = flag.Bool("ratios", false, "run TestRatios: the side-by-side table with ratios")
	ratioRounds = flag.Int("rounds", 5, "TestRatios: interleaved rounds per case (the median is reported)")
)

// ratioLibs are the columns of the table, in order; "map" (encoding/json
// into map[string]any) stays in the plain benchmarks only.
var ratioLibs = []string{"apigen", "telego", "tgbotapi", "jx"}

// TestRatios prints the comparison table: every library on every case, run
// in interleaved rounds (round 1: case A lib 1, lib 2, ...; round 2: ...),
// and the median ns/op of the rounds. The machine is shared and noisy, so
// only ratios measured in the same run mean anything. It asserts nothing
// about time: figures come from benchmarks, never from pass/fail.
//
//	go test -run TestRatios -ratios -rounds 5 -benchtime 300ms -v
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
	ns := map[key][]float64{}
	bytes := map[key]int64{}
	allocs := map[key]int64{}
	for round := 0; round < *ratioRounds; round++ {
		for _, c := range cases {
			for _, lib := range ratioLibs {
				f := c.libs[lib]
				if f == nil {
					continue
				}
				if err := f(); err != nil {
					t.Fatalf("%s/%s: %v", c.name, lib, err)
				}
				r := testing.Benchmark(func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						_ = f()
					}
				})
				k := key{c.name, lib}
				ns[k] = append(ns[k], float64(r.T.Nanoseconds())/float64(r.N))
				bytes[k], allocs[k] = r.AllocedBytesPerOp(), r.AllocsPerOp()
			}
		}
	}
	median := func(v []float64) float64 {
		v = slices.Clone(v)
		slices.Sort(v)
		if len(v)%2 == 1 {
			return v[len(v)/2]
		}
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
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
	fmt.Fprintf(&sb, "medians of %d interleaved rounds\n\n", *ratioRounds)
	sb.WriteString("| operation | apigen | telego | go-telegram-bot-api | hand-written jx | apigen / telego | apigen / jx |\n")
	sb.WriteString("|---|---|---|---|---|---|---|\n")
	for _, c := range cases {
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s | %s | %s |\n", c.name,
			cell(c.name, "apigen"), cell(c.name, "telego"), cell(c.name, "tgbotapi"), cell(c.name, "jx"),
			ratio(c.name, "apigen", "telego"), ratio(c.name, "apigen", "jx"))
	}
	fmt.Print(sb.String())
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
