package loader_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/spec"
)

// Issue 13, defect 1: the embedded overlay applies to its document
// whatever the file is called, and to no other document.
func TestEmbeddedOverlayFollowsTheDocument(t *testing.T) {
	embedded, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	if len(embedded.Overlay) == 0 {
		t.Fatal("the embedded spec was loaded without its overlay")
	}
	dir := t.TempDir()
	cp := filepath.Join(dir, "renamed.md")
	os.WriteFile(cp, spec.Document(), 0o644)
	copied, err := loader.Load(loader.Input{SpecPath: cp})
	if err != nil {
		t.Fatal(err)
	}
	if len(copied.Overlay) != len(embedded.Overlay) {
		t.Errorf("a copy named renamed.md got %d overlay facts, the embedded spec %d", len(copied.Overlay), len(embedded.Overlay))
	}
	if none, err := loader.Load(loader.Input{SpecPath: cp, OverlayPath: loader.NoOverlay}); err != nil || len(none.Overlay) != 0 {
		t.Errorf("--overlay none: %d facts, %v", len(none.Overlay), err)
	}
	other := filepath.Join(dir, "other.md")
	os.WriteFile(other, []byte(strings.Replace(string(spec.Document()), "# Bot Messaging HTTP API Specification", "# Another API", 1)), 0o644)
	s, err := loader.Load(loader.Input{SpecPath: other})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Overlay) != 0 {
		t.Errorf("another document got the embedded overlay (%d facts)", len(s.Overlay))
	}
	ov := filepath.Join(dir, "overlay.yaml")
	os.WriteFile(ov, spec.Overlay(), 0o644)
	if _, err := loader.Load(loader.Input{SpecPath: other, OverlayPath: ov}); err == nil || !strings.Contains(err.Error(), `overlay is for "Bot Messaging HTTP API Specification", not for "Another API"`) {
		t.Errorf("an overlay for another document: %v", err)
	}
}

func TestKindOf(t *testing.T) {
	for path, want := range map[string]loader.Kind{"a.md": loader.KindMarkdown, "A.HTML": loader.KindHTML, "s.yml": loader.KindSchema, "notes.txt": loader.KindUnknown} {
		if got := loader.KindOf(path); got != want {
			t.Errorf("KindOf(%q) = %v, want %v", path, got, want)
		}
	}
}
