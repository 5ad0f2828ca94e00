// Package goldencase reads the golden cases of golden/*.txtar for tests
// outside package pipeline (which owns and rewrites them): a case archive
// holds its input spec.md, an optional overlay.yaml, and the expected files
// of the backend it is named after.
package goldencase

import (
	"fmt"

	"golang.org/x/tools/txtar"
)

// File returns the member name of the archive at path.
func File(path, name string) ([]byte, error) {
	a, err := txtar.ParseFile(path)
	if err != nil {
		return nil, err
	}
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, nil
		}
	}
	return nil, fmt.Errorf("%s has no %s", path, name)
}
