package schemadiff_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/schemadiff"
	"github.com/apigen/apigen/spec"
)

// TestBreakingChanges: each kind of change is marked for the side it
// breaks, from an edit of the real specification.
func TestBreakingChanges(t *testing.T) {
	md := string(spec.Document())
	old := loadSpec(t, spec.Document(), "old.md")
	for _, tc := range []struct {
		name, from, to string
		what           string // the change's What
		clients, srv   bool
	}{
		{"removed result field", "| language_code | String | Optional. IETF language tag |\n", "", "field language_code", true, false},
		{"new required parameter", "file_id (String, Required) | File.", "file_id (String, Required), depth (Integer, Required) | File.", "parameter depth", true, false},
		{"new optional parameter", "file_id (String, Required) | File.", "file_id (String, Required), depth (Integer, Optional) | File.", "parameter depth", false, false},
		{"tightened parameter", "title (String, Required, 1-255 characters)", "title (String, Required, 1-128 characters)", "parameter title", true, false},
		{"loosened parameter", "title (String, Required, 1-255 characters)", "title (String, Required, 1-512 characters)", "parameter title", false, true},
		{"result field made optional", "| has_custom_certificate | Boolean | Required |", "| has_custom_certificate | Boolean | Optional |", "field has_custom_certificate", true, false},
		{"result field made required", "| ip_address | String | Optional. Currently used webhook IP address |", "| ip_address | String | Required. Currently used webhook IP address |", "field ip_address", false, true},
		{"changed type", "| is_bot | Boolean | Required |", "| is_bot | String | Required |", "field is_bot", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(md, tc.from) {
				t.Fatalf("spec no longer contains %q", tc.from)
			}
			r := schemadiff.Compare(old, loadSpec(t, []byte(strings.Replace(md, tc.from, tc.to, 1)), "new.md"), "old.md", "new.md")
			var found *schemadiff.Change
			for _, e := range r.Entries {
				for i := range e.Changes {
					if e.Changes[i].What == tc.what {
						found = &e.Changes[i]
					}
				}
			}
			if found == nil {
				var buf bytes.Buffer
				r.WriteText(&buf)
				t.Fatalf("no change %q in\n%s", tc.what, buf.String())
			}
			if found.Breaks.Clients != tc.clients || found.Breaks.Servers != tc.srv {
				t.Errorf("%s: breaks %+v, want clients=%v servers=%v", tc.what, found.Breaks, tc.clients, tc.srv)
			}
			if r.Breaking() != (tc.clients || tc.srv) {
				t.Errorf("Breaking() = %v", r.Breaking())
			}
		})
	}
}

// TestMarkdownReleaseNotes pins the Markdown changelog of the modified spec
// (testdata/spec-vs-modified.md), which is meant to be pasted into release
// notes as it is.
func TestMarkdownReleaseNotes(t *testing.T) {
	old := loadSpec(t, spec.Document(), spec.DefaultName)
	r := schemadiff.Compare(old, modified(t), "spec/"+spec.DefaultName, "schemadiff/testdata/modified.md")
	var buf bytes.Buffer
	if err := r.WriteMarkdown(&buf); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "spec-vs-modified.md")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, buf.Bytes()) {
		t.Errorf("Markdown changed (run 'go test ./schemadiff -update' if intended)\n--- got\n%s", buf.Bytes())
	}
	for _, must := range []string{"## API changes: 5.0 → 5.1", "### Breaking changes", "| Changed sendMessage: parameter text: constraint length", "| clients |"} {
		if !strings.Contains(buf.String(), must) {
			t.Errorf("release notes do not contain %q", must)
		}
	}
}
