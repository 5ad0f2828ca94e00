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
	if _, err := loader.Load(loader.Input{SpecPath: other, OverlayPath: ov}); err == nil || !strings.Contains(err.Error(), ov+`: overlay is for "Bot Messaging HTTP API Specification", not for "Another API"`) {
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

// seedAs is the seed document with its newest version replaced by 5.1 and
// each of the edits (old, new) applied.
func seedAs(t *testing.T, edits ...string) string {
	t.Helper()
	doc := strings.Replace(string(spec.Document()), "5.0 (November 4, 2020).", "5.0 (November 4, 2020), 5.1 (December 1, 2020).", 1)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(doc, edits[i]) {
			t.Fatalf("seed has no %q", edits[i])
		}
		doc = strings.Replace(doc, edits[i], edits[i+1], 1)
	}
	return doc
}

// Issue 21: a newer version of the seed document (same title) failed with
// "overlay line 33: Dice.emoji: enum DiceEmoji is not in the schema": the
// embedded overlay, written for 5.0, was applied to 5.1.
func TestEmbeddedOverlayDoesNotBreakANewerVersionOfTheSeed(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bot-api-5.1.md")
	// 5.1 no longer lists the dice emoji: no DiceEmoji enum.
	doc := seedAs(t, "base emoji of the animation: dice, darts, basketball, football, slot machine, shown as \ndice U+1F3B2, darts U+1F3AF, basketball U+1F3C0, football U+26BD, slot machine U+1F3B0)", "base emoji of the animation)")
	os.WriteFile(path, []byte(doc), 0o644)
	s, use, err := loader.LoadReport(loader.Input{SpecPath: path})
	if err != nil {
		t.Fatalf("the embedded overlay broke version 5.1: %v", err)
	}
	if len(s.Overlay) != 0 || use.Name != "" {
		t.Errorf("the overlay for 5.0 was applied to 5.1: %d facts, %v", len(s.Overlay), use)
	}
	for _, want := range []string{"overlay: none", `written for "Bot Messaging HTTP API Specification" 5.0`, `this document is "Bot Messaging HTTP API Specification" 5.1`} {
		if !strings.Contains(use.String(), want) {
			t.Errorf("report %q does not say %q", use, want)
		}
	}
	// An overlay given by name, written for 5.0, is refused for 5.1 with
	// what to do; once the user adds 5.1 to its versions it applies.
	ov := filepath.Join(dir, "overlay.yaml")
	os.WriteFile(ov, spec.Overlay(), 0o644)
	_, err = loader.Load(loader.Input{SpecPath: path, OverlayPath: ov})
	if err == nil || !strings.Contains(err.Error(), ov+`: overlay is for "Bot Messaging HTTP API Specification" 5.0, the document is version "5.1": check each entry`) {
		t.Errorf("an overlay for 5.0 given for 5.1: %v", err)
	}
	os.WriteFile(path, []byte(seedAs(t)), 0o644)
	os.WriteFile(ov, []byte(strings.Replace(string(spec.Overlay()), `versions: ["5.0"]`, `versions: ["5.0", "5.1"]`, 1)), 0o644)
	s, use, err = loader.LoadReport(loader.Input{SpecPath: path, OverlayPath: ov})
	if err != nil || len(s.Overlay) == 0 || use.Facts != len(s.Overlay) || use.Name != ov {
		t.Errorf("a reviewed overlay for 5.0 and 5.1: %v, %v", use, err)
	}
}

// Issue 21: renaming the seed's title silently changed the generated types
// ([]UpdateType became []string): the embedded overlay stopped applying
// and nothing said so. It still does not apply (the overlay is not written
// for that document), and the load now says so.
func TestRenamedTitleSaysTheOverlayDidNotApply(t *testing.T) {
	path := filepath.Join(t.TempDir(), "renamed-title.md")
	os.WriteFile(path, []byte(strings.Replace(string(spec.Document()), "# Bot Messaging HTTP API Specification", "# My Bot API", 1)), 0o644)
	s, use, err := loader.LoadReport(loader.Input{SpecPath: path})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Overlay) != 0 {
		t.Errorf("the overlay applied to another title")
	}
	if got := use.String(); !strings.HasPrefix(got, "overlay: none (the embedded overlay.yaml is written for \"Bot Messaging HTTP API Specification\" 5.0; this document is \"My Bot API\" 5.0") {
		t.Errorf("report: %s", got)
	}
	_, use, _ = loader.LoadReport(loader.Input{})
	if got := use.String(); got != `overlay: embedded overlay.yaml, written for "Bot Messaging HTTP API Specification" 5.0: 2 facts` {
		t.Errorf("seed report: %s", got)
	}
}

// TestOverlayEntryTheDocumentNowStatesIsSkipped: an overlay written when
// apigen did not read a fact from the document (allowed_updates' update
// types, before the lists were linked to the update kinds) still applies:
// the entry that states what the document states is skipped, not an error,
// and not counted as the overlay's.
func TestOverlayEntryTheDocumentNowStatesIsSkipped(t *testing.T) {
	ov := filepath.Join(t.TempDir(), "overlay.yaml")
	old := string(spec.Overlay()) + `
  - target: getUpdates.allowed_updates
    each_enum: UpdateType
    reason: The elements are the update types of the Events section.
`
	os.WriteFile(ov, []byte(old), 0o644)
	s, use, err := loader.LoadReport(loader.Input{OverlayPath: ov})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := loader.Load(loader.Input{})
	if len(s.Overlay) != len(want.Overlay) || use.Facts != len(want.Overlay) {
		t.Errorf("%d facts listed, %v; want the embedded overlay's %d", len(s.Overlay), use, len(want.Overlay))
	}
	bad := strings.Replace(old, "each_enum: UpdateType", "each_enum: ChatType", 1)
	os.WriteFile(ov, []byte(bad), 0o644)
	if _, err := loader.Load(loader.Input{OverlayPath: ov}); err == nil || !strings.Contains(err.Error(), "already gives its elements enum UpdateType") {
		t.Errorf("an entry contradicting the document: %v", err)
	}
}
