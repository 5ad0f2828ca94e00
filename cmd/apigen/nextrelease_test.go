package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/apigen/apigen/internal/nextrelease"
	"github.com/apigen/apigen/internal/publishedpages"
)

// reWarningLine is a warning line of apigen, and what it says after the
// file and line.
var reWarningLine = regexp.MustCompile(`^apigen: warning: [^:]+:\d+: (.*)$`)

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
	original := string(publishedpages.Read(t, shared, nextrelease.Page))
	page := nextrelease.All(t, original)
	t.Chdir(t.TempDir())
	for name, text := range map[string]string{"next.html": page, "page.html": original} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The warnings the page itself gives (of the Go model's helpers, say)
	// are not the changes': only the others are counted.
	_, _, baseErrs := runCLI("parse", "--spec", "page.html", "-o", "page.yaml")
	given := map[string]bool{}
	for _, line := range strings.Split(baseErrs, "\n") {
		if m := reWarningLine.FindStringSubmatch(line); m != nil {
			given[m[1]] = true
		}
	}
	code, _, errs := runCLI("parse", "--spec", "next.html", "-o", "next.yaml")
	var warnings []string
	for _, line := range strings.Split(errs, "\n") {
		if m := reWarningLine.FindStringSubmatch(line); m != nil && !given[m[1]] {
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
