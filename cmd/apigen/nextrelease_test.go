package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/internal/nextrelease"
	"github.com/apigen/apigen/internal/publishedpages"
)

// TestNextReleaseDegradesWithOneWarningAndStrictRefuses: the shared page
// changed as a release might (internal/nextrelease, every change at once)
// holds four constructs the reader cannot place, an inline union of objects
// JSON cannot tell apart, a result stated without "returns", an object
// entry with neither a field table nor a list and a type named but never
// defined. `apigen
// parse` prints one warning line naming each and writes the schema; with
// --strict it fails naming them.
func TestNextReleaseDegradesWithOneWarningAndStrictRefuses(t *testing.T) {
	shared, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "spec", "published"))
	if err != nil {
		t.Fatal(err)
	}
	page := nextrelease.All(t, string(publishedpages.Read(t, shared, nextrelease.Page)))
	t.Chdir(t.TempDir())
	if err := os.WriteFile("next.html", []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI("parse", "--spec", "next.html", "-o", "next.yaml")
	var warnings []string
	for _, line := range strings.Split(errs, "\n") {
		if strings.HasPrefix(line, "apigen: warning: ") {
			warnings = append(warnings, line)
		}
	}
	if code != 0 || len(warnings) != 4 || !strings.Contains(strings.Join(warnings, "\n"), "union InputMediaVideoOrInputPaidMediaVideo") || !strings.Contains(strings.Join(warnings, "\n"), "method sendPhoto") || !strings.Contains(strings.Join(warnings, "\n"), "object StickerDoodle") || !strings.Contains(strings.Join(warnings, "\n"), "type ProfileAccent") || !strings.Contains(warnings[0], "next.html:") {
		t.Fatalf("parse: exit %d, want 0 and four warnings, each naming its construct and line; stderr:\n%s", code, errs)
	}
	if _, err := os.Stat("next.yaml"); err != nil {
		t.Errorf("parse wrote no schema: %v", err)
	}
	code, _, errs = runCLI("parse", "--strict", "--spec", "next.html", "-o", "strict.yaml")
	if code == 0 || !strings.Contains(errs, "union InputMediaVideoOrInputPaidMediaVideo") || !strings.Contains(errs, "method sendPhoto") || !strings.Contains(errs, "refused under --strict") {
		t.Errorf("parse --strict: exit %d, want a failure naming the union and --strict; stderr:\n%s", code, errs)
	}
	if _, err := os.Stat("strict.yaml"); err == nil {
		t.Error("parse --strict wrote the schema of a refused page")
	}
}
