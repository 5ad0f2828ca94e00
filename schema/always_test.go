package schema_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/schema"
)

// alike is a schema whose union U the reader kept degraded: P and Q have
// the same required fields.
const alike = `title: T
version: "1.0"
source: t.html
objects:
  - name: P
    fields:
      - {name: value, type: String, required: true}
      - {name: extra, type: String, required: false}
    source: {line: 1}
  - name: Q
    fields:
      - {name: value, type: String, required: true}
    source: {line: 2}
unions:
  - name: U
    variants: [{type: P, requires: [value]}, {type: Q, requires: [value]}]
    degraded: variants P and Q require the same fields
    source: {line: 3}
enums: []
methods: []
`

// TestOverlayAlwaysSettlesADegradedUnion: the overlay fact "always" gives a
// variant the constant that tells it apart, which settles a union the
// reader degraded; a wrong entry is an error saying what is wrong.
func TestOverlayAlwaysSettlesADegradedUnion(t *testing.T) {
	load := func() *schema.Schema {
		s, err := schema.Unmarshal([]byte(alike))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := load()
	if err := s.Check(); err != nil {
		t.Fatalf("a degraded union checks: %v", err)
	}
	ov, err := schema.ParseOverlay([]byte("entries:\n  - {target: P.value, always: '\"p\"', reason: the platform says so}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.ApplyOverlay(s, ov); err != nil {
		t.Fatal(err)
	}
	u := s.Union("U")
	if u.Degraded != "" || u.Variants[0].Const == nil || u.Variants[0].Const.JSON != `"p"` {
		t.Errorf("not settled: degraded %q, const %+v", u.Degraded, u.Variants[0].Const)
	}
	if err := s.Check(); err != nil {
		t.Errorf("settled schema: %v", err)
	}
	for _, b := range []struct{ yaml, want string }{
		{"entries:\n  - {target: P.extra, always: '\"x\"', reason: r}\n", "needs a required field"},
		{"entries:\n  - {target: P.value, always: 'p', reason: r}\n", "not a JSON value"},
		{"entries:\n  - {target: P.value, always: '\"p\"', enum: E, reason: r}\n", "exactly one fact"},
	} {
		ov, err := schema.ParseOverlay([]byte(b.yaml))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.ApplyOverlay(load(), ov); err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("ApplyOverlay(%q) = %v, want %q", b.yaml, err, b.want)
		}
	}
	s = load()
	_ = schema.ApplyOverlay(s, ov)
	if err := schema.ApplyOverlay(s, ov); err == nil || !strings.Contains(err.Error(), "may not change") {
		t.Errorf("a second constant: %v", err)
	}
}
