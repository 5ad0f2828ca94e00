package doccheck

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// layoutPaths returns the folders named in the first column of the table
// under "## Layout" in docs/development.md ("`cmd/apigen/`", several per
// cell allowed), without their trailing slash.
func layoutPaths(t *testing.T, page string) []string {
	t.Helper()
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Layout\n")
	if !ok {
		t.Fatalf("%s has no \"## Layout\" section", page)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	code := regexp.MustCompile("`([^`]+)/`")
	var out []string
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "|") || len(cells) < 3 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") {
			continue
		}
		for _, m := range code.FindAllStringSubmatch(cells[1], -1) {
			out = append(out, m[1])
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: the Layout table names no folder", page)
	}
	return out
}

// trackedDirs returns every folder that holds a file git tracks, relative
// to the repository root, with slashes.
func trackedDirs(t *testing.T) map[string]bool {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("skipped: git is not installed (the repository's folders are the ones git tracks)")
	}
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("skipped: git ls-files: %v (not a git checkout?)", err)
	}
	dirs := map[string]bool{}
	for _, f := range strings.Split(string(out), "\x00") {
		for d := path.Dir(f); f != "" && d != "."; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	return dirs
}

// Issue 34: the Layout table of docs/development.md had fallen behind the
// repository (folders missing, the separate modules in one row). It names
// every top-level folder of the repository and nothing that does not
// exist; a folder it opens (by naming one of its subfolders, as cmd/apigen/)
// has every subfolder named, and is not named itself.
func TestLayoutTableMatchesTheRepository(t *testing.T) {
	page := filepath.Join(root, "docs", "development.md")
	listed := layoutPaths(t, page)
	dirs := trackedDirs(t)

	named := map[string]bool{}
	opened := map[string]bool{} // parents of the listed subfolders
	for _, p := range listed {
		if named[p] {
			t.Errorf("the Layout table names %s/ twice", p)
		}
		named[p] = true
		if !dirs[p] {
			t.Errorf("the Layout table names %s/, which is not a folder of the repository: remove its row", p)
		}
		if parent := path.Dir(p); parent != "." {
			opened[parent] = true
		}
	}
	var want []string // every folder the table must name
	for d := range dirs {
		if parent := path.Dir(d); parent == "." && !opened[d] || opened[parent] {
			want = append(want, d)
		}
	}
	sort.Strings(want)
	for _, d := range want {
		if !named[d] {
			t.Errorf("%s/ is a folder of the repository that the Layout table of docs/development.md does not name: add a row", d)
		}
	}
	for p := range opened {
		if named[p] {
			t.Errorf("the Layout table names %s/ and its subfolders: name one or the other", p)
		}
	}
}
