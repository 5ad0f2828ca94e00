// Package output is the one place apigen touches disk for generated files.
//
// Backends produce []File in memory; Write runs only after every backend has
// succeeded, writes each file atomically (temporary file, then rename) and
// skips files whose bytes did not change, so a failed run leaves the old
// output intact and an unchanged run touches nothing.
package output

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// File is one generated file. Path is slash-separated and relative to the
// output root.
type File struct {
	Path string
	Data []byte
}

// Result says what Write did.
type Result struct {
	Written, Unchanged []string
}

// Write writes files under root.
func Write(root string, files []File) (Result, error) {
	var res Result
	sorted := append([]File(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	for i, f := range sorted {
		if i > 0 && sorted[i-1].Path == f.Path {
			return res, fmt.Errorf("output: two files named %s", f.Path)
		}
		if filepath.IsAbs(f.Path) || !filepath.IsLocal(filepath.FromSlash(f.Path)) {
			return res, fmt.Errorf("output: %s is not a relative path inside the output directory", f.Path)
		}
	}
	for _, f := range sorted {
		path := filepath.Join(root, filepath.FromSlash(f.Path))
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.Data) {
			res.Unchanged = append(res.Unchanged, f.Path)
			continue
		}
		if err := writeAtomic(path, f.Data); err != nil {
			return res, err
		}
		res.Written = append(res.Written, f.Path)
	}
	return res, nil
}

func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".apigen-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
