package parser_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/spec"
)

// Issue 13, defect 2: a field row that says neither Required nor Optional
// (or misspells the marker) used to become a required field silently, and a
// row with an extra cell was trimmed silently. Both are parse errors with
// file:line now.
func TestFieldRowWithoutRequiredOrOptionalIsAnError(t *testing.T) {
	md := string(spec.Document())
	for _, c := range []struct{ name, old, new, want string }{
		{"no marker", "| last_name | String | Optional |", "| last_name | String | Private chats |", `spec.md:67: User.last_name: the row says neither Required nor Optional`},
		{"misspelt marker", "| last_name | String | Optional |", "| last_name | String | Optinal |", `spec.md:67: User.last_name: "Optinal" is not a marker`},
		{"empty notes", "| last_name | String | Optional |", "| last_name | String | |", `spec.md:67: User.last_name: the row says neither Required nor Optional`},
		{"misspelt in a table of objects", "| | correct_option_id | Integer | Optional. 0-based", "| | correct_option_id | Integer | Optinal. 0-based", `Poll.correct_option_id: "Optinal" is not a marker: write Required or Optional`},
		{"unmarked where the object marks", "| | custom_title | String | Optional. Owner and administrators |", "| | custom_title | String | Owner and administrators |", `ChatMember.custom_title: the row says neither Required nor Optional, and ChatMember marks its required fields`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(md, c.old) {
				t.Fatalf("spec no longer contains %q", c.old)
			}
			_, err := loader.FromSpec([]byte(strings.Replace(md, c.old, c.new, 1)), "spec.md", nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error = %v, want it to contain %q", err, c.want)
			}
		})
	}
}

func TestTableRowWithAnExtraCellIsAnError(t *testing.T) {
	md := string(spec.Document())
	for _, c := range []struct{ name, old, new, want string }{
		{"object table", "| last_name | String | Optional |", "| last_name | String | Optional | surname |", `spec.md:67: table row has 4 cells, the table has 3 columns ("Field | Type | Notes"): remove the extra cell`},
		{"method table", "| getMe | none | User |", "| getMe | none | User | x |", `table row has 4 cells, the table has 3 columns`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(md, c.old) {
				t.Fatalf("spec no longer contains %q", c.old)
			}
			_, err := loader.FromSpec([]byte(strings.Replace(md, c.old, c.new, 1)), "spec.md", nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error = %v, want it to contain %q", err, c.want)
			}
			if !strings.HasPrefix(err.Error(), "spec.md:") {
				t.Errorf("error does not start with file:line: %v", err)
			}
		})
	}
}
