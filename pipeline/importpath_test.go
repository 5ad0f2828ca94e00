package pipeline

import (
	"os"
	"path/filepath"
	"testing"
)

// Issue 24, item 9: the docs link Go names to the generated package's
// documentation, which needs the package's import path: the module path
// of the go.mod above the output directory, and the directory below it.
func TestImportPathOfTheOutputDirectory(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("// a comment\nmodule example.com/bot\n\ngo 1.24.0\n"), 0o644)
	for dir, want := range map[string]string{
		root:                                 "example.com/bot",
		filepath.Join(root, "botapi"):        "example.com/bot/botapi",
		filepath.Join(root, "gen", "botapi"): "example.com/bot/gen/botapi",
	} {
		if got := ImportPath(dir); got != want {
			t.Errorf("ImportPath(%s) = %q, want %q", dir, got, want)
		}
	}
	if got := ImportPath(filepath.Join("..", "generated", "botapi")); got != "github.com/apigen/apigen/generated/botapi" {
		t.Errorf("this repository's generated/botapi: %q", got)
	}
}
