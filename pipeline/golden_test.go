package pipeline_test

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
)

var update = flag.Bool("update", false, "rewrite golden files from the current generators")

// goldenRoot holds one folder per case: spec.md (a small fixture spec, with
// an optional overlay.yaml), and the expected outputs: schema.yaml,
// botapi/*.go and docs/**, or stderr.txt when the case must fail. The
// folders form their own Go module, which TestGoldenModuleBuilds compiles and
// vets, so golden Go code is checked as code, not only as bytes.
const goldenRoot = "../golden"

func TestGolden(t *testing.T) {
	entries, err := os.ReadDir(goldenRoot)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		dir := filepath.Join(goldenRoot, e.Name())
		if !e.IsDir() || !exists(filepath.Join(dir, "spec.md")) || isOpenAPICase(e.Name()) {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) { runGoldenCase(t, dir) })
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func runGoldenCase(t *testing.T, dir string) {
	src, err := os.ReadFile(filepath.Join(dir, "spec.md"))
	if err != nil {
		t.Fatal(err)
	}
	var ov *schema.Overlay
	if exists(filepath.Join(dir, "overlay.yaml")) {
		if ov, err = schema.LoadOverlay(filepath.Join(dir, "overlay.yaml")); err != nil {
			t.Fatal(err)
		}
	}
	got := map[string][]byte{}
	s, err := loader.FromSpec(src, "spec.md", ov)
	if err == nil {
		var outs *pipeline.Outputs
		outs, err = pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "spec.md"})
		if err == nil {
			y, yerr := schema.Marshal(s)
			if yerr != nil {
				t.Fatal(yerr)
			}
			got["schema.yaml"] = y
			for _, f := range outs.Go {
				got["botapi/"+f.Path] = f.Data
			}
			for _, f := range outs.Docs {
				got["docs/"+f.Path] = f.Data
			}
		}
	}
	if err != nil {
		got = map[string][]byte{"stderr.txt": []byte(err.Error() + "\n")}
	}
	if *update {
		for _, sub := range []string{"schema.yaml", "stderr.txt", "botapi", "docs"} {
			os.RemoveAll(filepath.Join(dir, sub))
		}
		var files []output.File
		for p, data := range got {
			files = append(files, output.File{Path: p, Data: data})
		}
		if _, err := output.Write(dir, files); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := map[string][]byte{}
	for _, sub := range []string{"schema.yaml", "stderr.txt"} {
		if data, err := os.ReadFile(filepath.Join(dir, sub)); err == nil {
			want[sub] = data
		}
	}
	for _, sub := range []string{"botapi", "docs"} {
		root := filepath.Join(dir, sub)
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			rel, _ := filepath.Rel(dir, p)
			data, _ := os.ReadFile(p)
			want[filepath.ToSlash(rel)] = data
			return nil
		})
	}
	var names []string
	for n := range want {
		names = append(names, n)
	}
	for n := range got {
		if _, ok := want[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		w, inWant := want[n]
		g, inGot := got[n]
		switch {
		case !inGot:
			t.Errorf("%s: expected file not produced (run 'make golden' if the change is intended)", n)
		case !inWant:
			t.Errorf("%s: produced but not in golden files (run 'make golden' if the change is intended)", n)
		case !bytes.Equal(w, g):
			t.Errorf("%s differs from golden file (run 'make golden' if the change is intended):\n%s", n, firstDiff(w, g))
		}
	}
}

// firstDiff shows the first differing line with a little context.
func firstDiff(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(same lines, different bytes)"
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for n >= 10 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	i--
	b[i] = byte('0' + n)
	return string(b[i:])
}

// TestGoldenModuleBuilds compiles and vets the golden outputs: they must be
// valid Go, not only the expected bytes.
func TestGoldenModuleBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	if !exists(filepath.Join(goldenRoot, "go.mod")) {
		t.Skip("no golden module yet")
	}
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = goldenRoot
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s in golden/: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}
