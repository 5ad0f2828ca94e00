//go:build unix

package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"syscall"
	"testing"
	"time"
)

var (
	gencpu       = flag.Bool("gencpu", false, "measure `apigen generate` as a process (make gencpu)")
	gencpuRounds = flag.Int("gencpu.rounds", 15, "interleaved rounds")
	gencpuBase   = flag.String("gencpu.base", "", "git revision whose apigen is measured too, interleaved, as the reference")
	gencpuSpec   = flag.String("gencpu.spec", "", "document to generate from (--spec; an absolute path), instead of the embedded specification")
)

// TestGenerateProcessCPU measures `apigen generate` on the embedded
// specification (or the document -gencpu.spec names) as a whole process: the CPU time (user + system, from the
// child's rusage, as /usr/bin/time reports it) and the peak resident
// memory, medians of interleaved rounds. Each binary runs in its own
// directory, a module (so the server package is generated too), that an
// untimed first run filled, so the timed runs are what a
// rerun of `go generate` costs: everything is parsed, generated and
// compared, and nothing has to be written. With -gencpu.base REV the apigen
// of that revision (from git archive) runs in the same rounds, and the
// ratio is printed: on a shared machine the ratio is the figure to quote.
// No time is asserted.
func TestGenerateProcessCPU(t *testing.T) {
	if !*gencpu {
		t.Skip("run with -gencpu (make gencpu)")
	}
	dir := t.TempDir()
	bins := []*measured{{name: "this", bin: build(t, ".", filepath.Join(dir, "this"))}}
	if *gencpuBase != "" {
		src := filepath.Join(dir, "base-src")
		if err := os.MkdirAll(src, 0o755); err != nil {
			t.Fatal(err)
		}
		runIn(t, repoRoot(t), "sh", "-c", fmt.Sprintf("git archive %q | tar -x -C %q", *gencpuBase, src))
		bins = append(bins, &measured{name: *gencpuBase, bin: build(t, filepath.Join(src, "cmd", "apigen"), filepath.Join(dir, "base"))})
	}
	for i, m := range bins {
		m.dir = filepath.Join(dir, fmt.Sprintf("work%d", i))
		if err := os.MkdirAll(m.dir, 0o755); err != nil {
			t.Fatal(err)
		}
		// In a module, as `go generate` runs it: the server package is
		// generated too.
		if err := os.WriteFile(filepath.Join(m.dir, "go.mod"), []byte("module example.com/gencpu\n\ngo 1.24\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		m.generate(t)
		*m = measured{name: m.name, bin: m.bin, dir: m.dir} // the run that filled the directory does not count
	}
	for r := 0; r < *gencpuRounds; r++ {
		for _, m := range bins {
			m.generate(t)
		}
	}
	for _, m := range bins {
		t.Logf("%-12s user+sys %6.1f ms (user %5.1f, sys %5.1f; min %5.1f, max %5.1f), max RSS %5.1f MB, %d runs",
			m.name, ms(median(m.cpu)), ms(median(m.user)), ms(median(m.sys)), ms(m.cpu[0]), ms(m.cpu[len(m.cpu)-1]),
			float64(median(m.rss))/(1<<20), len(m.cpu))
	}
	if len(bins) == 2 {
		t.Logf("this / %s: %.2f (CPU), %.2f (max RSS)", bins[1].name,
			float64(median(bins[0].cpu))/float64(median(bins[1].cpu)), float64(median(bins[0].rss))/float64(median(bins[1].rss)))
	}
}

// measured is one apigen binary and its runs.
type measured struct {
	name, bin, dir string
	cpu, user, sys []time.Duration
	rss            []int64 // bytes
}

// generate runs `apigen generate` once in m.dir and records its rusage.
func (m *measured) generate(t *testing.T) {
	t.Helper()
	args := []string{"generate"}
	if *gencpuSpec != "" {
		args = append(args, "--spec", *gencpuSpec)
	}
	cmd := exec.Command(m.bin, args...)
	cmd.Dir = m.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s generate: %v\n%s", m.name, err, out)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage on this system")
	}
	user := time.Duration(ru.Utime.Nano())
	sys := time.Duration(ru.Stime.Nano())
	m.user = insertSorted(m.user, user)
	m.sys = insertSorted(m.sys, sys)
	m.cpu = insertSorted(m.cpu, user+sys)
	m.rss = insertSorted(m.rss, int64(ru.Maxrss)*1024) // Linux reports KB
}

func insertSorted[T int64 | time.Duration](s []T, v T) []T {
	i := sort.Search(len(s), func(i int) bool { return s[i] >= v })
	return append(s[:i], append([]T{v}, s[i:]...)...)
}

func median[T int64 | time.Duration](sorted []T) T { return sorted[len(sorted)/2] }

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// build compiles the apigen command in pkgDir to out.
func build(t *testing.T, pkgDir, out string) string {
	t.Helper()
	runIn(t, pkgDir, "go", "build", "-o", out, ".")
	return out
}

func runIn(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
}
