//go:build unix

package bench

// TestProcBench is the whole-process figure (make procbench): it builds
// ./procbench once, then runs it for each library in interleaved rounds
// (decode -procbench.n getUpdates responses of 100 updates, encode one
// sendMessage body per update) and prints each run's wall time, user and
// system CPU and maximum RSS, read from the child's rusage (what
// /usr/bin/time -v reports, without needing it installed), then the
// medians.
//
//	go test -run '^TestProcBench$' -procbench -rounds 3 -v .        (make procbench)
//	go test -run '^TestProcBench$' -procbench -procbench.n 200 -v .

import (
	"flag"
	"fmt"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

var (
	procBench     = flag.Bool("procbench", false, "run TestProcBench: whole-process wall time, CPU and max RSS of ./procbench per library")
	procBenchN    = flag.Int("procbench.n", 1000, "TestProcBench: getUpdates responses each process decodes")
	procBenchLibs = []string{"apigen", "telego"}
)

// procRun is one process's figures.
type procRun struct {
	wall, user, sys time.Duration
	maxRSS          int64 // bytes
}

func TestProcBench(t *testing.T) {
	if !*procBench {
		t.Skip("whole-process benchmark: run with -procbench (make procbench)")
	}
	bin := filepath.Join(t.TempDir(), "procbench")
	if out, err := exec.Command("go", "build", "-o", bin, "./procbench").CombinedOutput(); err != nil {
		t.Fatalf("go build ./procbench: %v\n%s", err, out)
	}
	runs := map[string][]procRun{}
	for round := 1; round <= *ratioRounds; round++ {
		for _, lib := range procBenchLibs {
			r := procBenchRun(t, bin, lib)
			runs[lib] = append(runs[lib], r)
			fmt.Printf("%-7s round %d: wall %.2fs, user %.2fs, sys %.2fs, max RSS %d KB\n",
				lib, round, r.wall.Seconds(), r.user.Seconds(), r.sys.Seconds(), r.maxRSS/1024)
		}
	}
	for _, lib := range procBenchLibs {
		var wall, cpu, rss []float64
		for _, r := range runs[lib] {
			wall = append(wall, r.wall.Seconds())
			cpu = append(cpu, (r.user + r.sys).Seconds())
			rss = append(rss, float64(r.maxRSS)/1e6)
		}
		fmt.Printf("%-7s median of %d: wall %.2f s, user + sys %.2f s, max RSS %.1f MB\n",
			lib, len(wall), median(wall), median(cpu), median(rss))
	}
}

// procBenchRun runs the procbench binary once for lib and reads its rusage.
func procBenchRun(t *testing.T, bin, lib string) procRun {
	t.Helper()
	cmd := exec.Command(bin, "-lib", lib, "-n", fmt.Sprint(*procBenchN))
	start := time.Now()
	out, err := cmd.CombinedOutput()
	wall := time.Since(start)
	if err != nil {
		t.Fatalf("procbench -lib %s: %v\n%s", lib, err, out)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage on this system")
	}
	return procRun{
		wall:   wall,
		user:   time.Duration(ru.Utime.Nano()),
		sys:    time.Duration(ru.Stime.Nano()),
		maxRSS: int64(ru.Maxrss) * 1024, // Linux reports KB
	}
}
