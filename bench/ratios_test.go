package bench

import (
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/bench/internal/cputime"
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
	var cases []cputime.Case
	for _, c := range decodeCases {
		data := payloads[c.payload]
		rc := cputime.Case{Name: "decode " + c.name, Libs: map[string]func() error{}}
		for _, l := range c.libs() {
			rc.Libs[l.name] = func() error { return l.decode(data) }
		}
		cases = append(cases, rc)
	}
	for _, c := range encodeCases {
		cases = append(cases, encodeRows("encode "+c.name, c.encs(), nil)...)
	}
	// One text as a JSON string value: the string writers alone (telego's
	// column is its go-json, go-telegram-bot-api's encoding/json).
	for _, tc := range scriptTexts {
		column := map[string]string{"apigen": "apigen", "gojson": "telego", "encjson": "tgbotapi"}
		cases = append(cases, encodeRows("string "+tc.Name, stringEncoders(tc.Text), column)...)
	}
	rc := cputime.Case{Name: "client sendMessage (in-memory transport)", Libs: map[string]func() error{}}
	for _, c := range clientCalls(t) {
		rc.Libs[c.name] = c.call
	}
	cases = append(cases, rc)

	res, err := cputime.Rounds(cases, ratioLibs, *ratioRounds, *ratioTime, *ratioCases)
	if err != nil {
		t.Fatal(err)
	}
	cell, ratio := res.Cell, res.Ratio
	var sb strings.Builder
	fmt.Fprintf(&sb, "process CPU time per op, medians of %d interleaved rounds; allocations per op\n\n", *ratioRounds)
	sb.WriteString("| operation | apigen | telego | go-telegram-bot-api | hand-written jx | jx into botapi types | apigen / telego | apigen / jx | apigen / jx into botapi | jx into botapi / jx |\n")
	sb.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, c := range cases {
		if !strings.Contains(c.Name, *ratioCases) {
			continue
		}
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", c.Name,
			cell(c.Name, "apigen"), cell(c.Name, "telego"), cell(c.Name, "tgbotapi"), cell(c.Name, "jx"), cell(c.Name, "jxapi"),
			ratio(c.Name, "apigen", "telego"), ratio(c.Name, "apigen", "jx"),
			ratio(c.Name, "apigen", "jxapi"), ratio(c.Name, "jxapi", "jx"))
	}
	sb.WriteString("\nwall time per op (medians), for reference:\n\n")
	for _, c := range cases {
		if !strings.Contains(c.Name, *ratioCases) {
			continue
		}
		fmt.Fprintf(&sb, "* %s:", c.Name)
		for _, lib := range ratioLibs {
			if w := res.Wall(c.Name, lib); w != "" {
				fmt.Fprintf(&sb, " %s %s", lib, w)
			}
		}
		sb.WriteString("\n")
	}
	fmt.Print(sb.String())
}

// The measurement machinery is shared with the api90 module's table.
var (
	median  = cputime.Median
	fmtNs   = cputime.Format
	cpuTime = cputime.Process
)

// encodeRows are one encode case's rows: every column's encoder returning
// a fresh result, then, where some column has one, the same on the path
// that reuses its output buffer (see fixtures.EncoderReused). column maps
// an encoder's name to its column ("" keeps the name).
func encodeRows(name string, encs []enc, column map[string]string) []cputime.Case {
	fresh := cputime.Case{Name: name, Libs: map[string]func() error{}}
	reused := cputime.Case{Name: name + " (into a reused buffer)", Libs: map[string]func() error{}}
	for _, e := range encs {
		col := e.name
		if c := column[e.name]; c != "" {
			col = c
		}
		fresh.Libs[col] = func() error { _, err := e.encode(); return err }
		if e.reused != nil {
			reused.Libs[col] = func() error { _, err := e.reused(); return err }
		}
	}
	if len(reused.Libs) == 0 {
		return []cputime.Case{fresh}
	}
	return []cputime.Case{fresh, reused}
}
