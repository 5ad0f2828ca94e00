package schema

import (
	"strings"
	"testing"
)

// TestStrictErrorClipsQuotedTextNotWhy is the defect where the error that
// refuses a page under --strict was clipped to the message limit before
// its end, so a long warning said neither that --strict refused it nor the
// overlay line that settles it. Only the quoted text is clipped now.
func TestStrictErrorClipsQuotedTextNotWhy(t *testing.T) {
	w := Warning{Construct: "union Long", Where: "Types / Long", Line: 7,
		Text:   "variants A and B require the same fields (" + strings.Repeat("field_name, ", 100) + "x)",
		Settle: "to settle it, add to an overlay for this page: - {target: A.x, always: <its JSON value>, reason: <why>}"}
	msg := (&StrictError{File: "page.html", Warning: w}).Error()
	for _, want := range []string{"page.html:7: union Long (Types / Long)", "refused under --strict", "{target: A.x, always:", "bytes)"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not say %q", msg, want)
		}
	}
	if len(msg) > 700 {
		t.Errorf("%d bytes: the quoted text is not clipped", len(msg))
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("not one line: %q", msg)
	}
}
