// Package cputime measures operations by the process's CPU time in
// interleaved rounds, for the side-by-side tables of the bench modules
// (bench's TestRatios and bench/api90's). The machine the figures come from
// is shared and noisy: CPU time (user+sys from getrusage, which includes the
// GC's background workers) is steadier than wall time, which on a loaded
// machine mostly measures the scheduler, and only ratios measured in the
// same run mean anything. Nothing here asserts a time.
package cputime

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Process is the CPU time (user+sys) the process has used so far.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Measurement is one run's per-operation figures.
type Measurement struct {
	CPUNs, WallNs float64
	Bytes, Allocs int64
}

// Measure runs f n times, n calibrated so that the run takes about d of
// process CPU time, and returns the per-op figures of the final run.
func Measure(f func() error, d time.Duration) Measurement {
	n := 1
	for {
		start := Process()
		for i := 0; i < n; i++ {
			_ = f()
		}
		used := Process() - start
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
	c0, w0 := Process(), time.Now()
	for i := 0; i < n; i++ {
		_ = f()
	}
	cpu, wall := Process()-c0, time.Since(w0)
	runtime.ReadMemStats(&m1)
	return Measurement{
		CPUNs:  float64(cpu.Nanoseconds()) / float64(n),
		WallNs: float64(wall.Nanoseconds()) / float64(n),
		Bytes:  int64(m1.TotalAlloc-m0.TotalAlloc) / int64(n),
		Allocs: int64(m1.Mallocs-m0.Mallocs) / int64(n),
	}
}

// Case is one operation as each library performs it (library name -> one
// operation). A library without the operation is absent from the map.
type Case struct {
	Name string
	Libs map[string]func() error
}

// Results holds every measurement of a Rounds run.
type Results struct {
	cpu, wall map[key][]float64
	last      map[key]Measurement
}

type key struct{ c, lib string }

// Rounds runs every case's libraries, in the order of libs, in interleaved
// rounds (round 1: case A lib 1, lib 2, ...; case B ...; round 2: ...), each
// measurement about d of CPU time. Cases whose name does not contain filter
// are left out. Each operation runs once unmeasured first; its error stops
// the run.
func Rounds(cases []Case, libs []string, rounds int, d time.Duration, filter string) (*Results, error) {
	r := &Results{cpu: map[key][]float64{}, wall: map[key][]float64{}, last: map[key]Measurement{}}
	for round := 0; round < rounds; round++ {
		for _, c := range cases {
			if !strings.Contains(c.Name, filter) {
				continue
			}
			for _, lib := range libs {
				f := c.Libs[lib]
				if f == nil {
					continue
				}
				if err := f(); err != nil {
					return nil, fmt.Errorf("%s/%s: %w", c.Name, lib, err)
				}
				m := Measure(f, d)
				k := key{c.Name, lib}
				r.cpu[k] = append(r.cpu[k], m.CPUNs)
				r.wall[k] = append(r.wall[k], m.WallNs)
				r.last[k] = m
			}
		}
	}
	return r, nil
}

// Cell is the table cell of one library on one case: the median CPU time
// per op, bytes and allocations per op; "—" when it was not measured.
func (r *Results) Cell(c, lib string) string {
	k := key{c, lib}
	if r.cpu[k] == nil {
		return "—"
	}
	return fmt.Sprintf("%s, %d B, %d allocs", Format(Median(r.cpu[k])), r.last[k].Bytes, r.last[k].Allocs)
}

// Ratio is median CPU time of a over that of b on case c, or "—".
func (r *Results) Ratio(c, a, b string) string {
	x, y := r.cpu[key{c, a}], r.cpu[key{c, b}]
	if x == nil || y == nil {
		return "—"
	}
	return fmt.Sprintf("%.2f", Median(x)/Median(y))
}

// Wall is the median wall time per op of lib on case c, or "" when it was
// not measured.
func (r *Results) Wall(c, lib string) string {
	if w := r.wall[key{c, lib}]; w != nil {
		return Format(Median(w))
	}
	return ""
}

// Format writes a duration in nanoseconds with a unit that fits it.
func Format(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

// Median is the middle of v (the mean of the two middle values for an even
// count); v is not modified.
func Median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}
