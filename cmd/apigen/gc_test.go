package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent reads the collector's GOGC setting.
func gcPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}

// restoreGC puts back the collector's settings when the test ends.
func restoreGC(t *testing.T) {
	p, limit := gcPercent(), debug.SetMemoryLimit(-1)
	t.Cleanup(func() {
		debug.SetGCPercent(p)
		debug.SetMemoryLimit(limit)
	})
}

// TestCollectAboveFloorHandsOverToTuneGC: below the floor the collector
// stays off across collections; once three times the live heap passes the
// floor, tuneGC's settings apply.
func TestCollectAboveFloorHandsOverToTuneGC(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	restoreGC(t)
	collectAboveFloor()
	if p, limit := gcPercent(), debug.SetMemoryLimit(-1); p != -1 || limit != gcFloor {
		t.Fatalf("below the floor: GOGC %d, limit %d; want off and %d", p, limit, gcFloor)
	}
	runtime.GC()
	runtime.GC() // the cleanups of the first collection have run by the end of the second
	if p := gcPercent(); p != -1 {
		t.Fatalf("a collection of a small heap handed over: GOGC %d", p)
	}
	live := make([]*[1 << 20]byte, gcFloor/3>>20+1)
	for i := range live {
		live[i] = new([1 << 20]byte)
	}
	deadline := time.Now().Add(10 * time.Second)
	for gcPercent() != 200 {
		if time.Now().After(deadline) {
			t.Fatalf("live heap over a third of the floor: GOGC still %d", gcPercent())
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if limit := debug.SetMemoryLimit(-1); limit != gcMemoryLimit {
		t.Errorf("after the hand-over the memory limit is %d, want %d", limit, gcMemoryLimit)
	}
	runtime.KeepAlive(live)
}

// TestCollectAboveFloorLeavesTheUsersSettings: GOGC or GOMEMLIMIT in the
// environment turn it off.
func TestCollectAboveFloorLeavesTheUsersSettings(t *testing.T) {
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			t.Setenv(env, "100")
			restoreGC(t)
			debug.SetGCPercent(150)
			debug.SetMemoryLimit(math.MaxInt64)
			collectAboveFloor()
			if p, limit := gcPercent(), debug.SetMemoryLimit(-1); p != 150 || limit != math.MaxInt64 {
				t.Errorf("GOGC %d, limit %d: changed although %s is set", p, limit, env)
			}
		})
	}
}
