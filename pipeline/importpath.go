package pipeline

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ImportPath is the import path of the Go package in dir: the module path
// of the nearest go.mod at or above dir, joined with dir's path below it.
// It is "" when dir is in no module (or a go.mod cannot be read); the docs
// then leave Go names unlinked.
func ImportPath(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	var below []string
	for d := abs; ; d = filepath.Dir(d) {
		if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			mod := modulePath(data)
			if mod == "" {
				return ""
			}
			for i, j := 0, len(below)-1; i < j; i, j = i+1, j-1 {
				below[i], below[j] = below[j], below[i]
			}
			return path.Join(append([]string{mod}, below...)...)
		}
		if filepath.Dir(d) == d {
			return ""
		}
		below = append(below, filepath.Base(d))
	}
}

// modulePath reads the module line of a go.mod.
func modulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`)
		}
	}
	return ""
}
