package schemadiff_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/schemadiff"
)

// sinceSchema is a small schema of my own: one object whose fields carry
// the given since versions, and a changelog listing history.
func sinceSchema(t *testing.T, version string, history []string, since map[string]string) *schema.Schema {
	t.Helper()
	var b strings.Builder
	b.WriteString("title: Fragment API\nversion: \"" + version + "\"\nobjects:\n  - name: Parcel\n    fields:\n")
	for _, f := range []string{"weight", "label", "colour"} {
		b.WriteString("      - name: " + f + "\n        type: String\n        required: false\n")
		if v := since[f]; v != "" {
			b.WriteString("        since: \"" + v + "\"\n")
		}
	}
	b.WriteString("versions:\n")
	for _, v := range history {
		b.WriteString("  - version: \"" + v + "\"\n")
	}
	s, err := schema.Unmarshal([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDiffSinceCutFromHistory: a document keeps only its recent changes,
// so between two releases a field's since falls off when the version that
// added it leaves the history. That is no change of the API and is not
// reported; a since lost while the new history still lists its version,
// or moved from one listed version to another, still is.
func TestDiffSinceCutFromHistory(t *testing.T) {
	old := sinceSchema(t, "2.3", []string{"1.8", "2.0", "2.3"}, map[string]string{"weight": "1.8", "label": "2.0", "colour": "2.3"})
	new := sinceSchema(t, "3.1", []string{"2.0", "2.3", "3.0", "3.1"}, map[string]string{"colour": "3.0"})
	r := schemadiff.Compare(old, new, "old", "new")
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	if strings.Contains(text, "since 1.8") {
		t.Errorf("a since cut from the history is reported:\n%s", text)
	}
	for _, want := range []string{"field label: since 2.0 -> (none)", "field colour: since 2.3 -> 3.0"} {
		if !strings.Contains(text, want) {
			t.Errorf("diff lacks %q:\n%s", want, text)
		}
	}
	// Backwards, the old side's history never reached 3.0's predecessors
	// it does not list: (none) -> 1.8 is not reported either.
	buf.Reset()
	schemadiff.Compare(new, old, "new", "old").WriteText(&buf)
	if strings.Contains(buf.String(), "(none) -> 1.8") {
		t.Errorf("a since the other side's history does not reach is reported:\n%s", buf.String())
	}
}

// TestDiffServiceAddress: the address a page states is the generated
// client's default, so a new one is shown (and breaks: every client made
// with a token alone moves).
func TestDiffServiceAddress(t *testing.T) {
	old := sinceSchema(t, "2.3", nil, nil)
	new := sinceSchema(t, "2.3", nil, nil)
	old.Service = &schema.Service{BaseURL: "https://api.one.test", FileURL: "https://api.one.test/file"}
	new.Service = &schema.Service{BaseURL: "https://api.two.test", FileURL: "https://api.one.test/file"}
	r := schemadiff.Compare(old, new, "old", "new")
	var buf bytes.Buffer
	r.WriteText(&buf)
	if !strings.Contains(buf.String(), "base URL: https://api.one.test -> https://api.two.test") || strings.Contains(buf.String(), "file URL") || r.Level() != schemadiff.Breaking {
		t.Errorf("diff:\n%s", buf.String())
	}
}
