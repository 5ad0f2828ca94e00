package parser_test

import (
	"regexp"
	"testing"

	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/schema"
)

// The fragments below are written for these tests in the page's layout;
// they are not taken from the page.

// methodPage wraps parameter rows in one method entry of the page layout.
func methodPage(name, rows string) string {
	return `<h3>Available methods</h3><h4>` + name + `</h4>
<p>Use this method to do a thing. Returns <em>True</em> on success.</p>
<table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>
` + rows + `</tbody></table>`
}

// TestCharsetDigitsAreNoLength: "1-128 characters. Only characters A-Z,
// a-z, 0-9, _ and - are allowed" is a length of 1..128 and a pattern; the
// digits 0-9 of the character class are not a range.
func TestCharsetDigitsAreNoLength(t *testing.T) {
	body := methodPage("setHook", `<tr><td>token</td><td>String</td><td>Optional</td><td>A token sent back with every call, 1-128 characters. Only characters <code>A-Z</code>, <code>a-z</code>, <code>0-9</code>, <code>_</code> and <code>-</code> are allowed. Keep it private.</td></tr>
<tr><td>start</td><td>String</td><td>Optional</td><td>Parameter for the start link, 1-32 characters, only <code>A-Z</code>, <code>a-z</code>, <code>0-9</code>, <code>_</code> and <code>-</code> are allowed.</td></tr>
<tr><td>label</td><td>String</td><td>Yes</td><td>Label of the hook; 1-16 characters. Can contain only lowercase English letters, digits and underscores.</td></tr>`)
	s := parsePage(t, body, nil)
	m := s.Method("setHook")
	for _, tc := range []struct {
		param    string
		min, max int
		good     []string
		bad      []string
	}{
		{"token", 1, 128, []string{"Abc_12-x", "Z9"}, []string{"a b", "a.b", "é"}},
		{"start", 1, 32, []string{"ref-42_X"}, []string{"a+b"}},
		{"label", 1, 16, []string{"my_cmd2"}, []string{"MyCmd", "a-b"}},
	} {
		c := m.Param(tc.param).Constraints
		if c == nil || c.Length == nil || c.Length.Min == nil || c.Length.Max == nil {
			t.Errorf("%s: no length: %+v", tc.param, c)
			continue
		}
		if *c.Length.Min != tc.min || *c.Length.Max != tc.max || c.Length.Unit != schema.UnitCharacters {
			t.Errorf("%s: length %d-%d %s, want %d-%d characters", tc.param, *c.Length.Min, *c.Length.Max, c.Length.Unit, tc.min, tc.max)
		}
		if c.Pattern == "" {
			t.Errorf("%s: no pattern", tc.param)
			continue
		}
		re := regexp.MustCompile(c.Pattern)
		for _, v := range tc.good {
			if !re.MatchString(v) {
				t.Errorf("%s: pattern %s refuses %q", tc.param, c.Pattern, v)
			}
		}
		for _, v := range tc.bad {
			if re.MatchString(v) {
				t.Errorf("%s: pattern %s accepts %q", tc.param, c.Pattern, v)
			}
		}
	}
}

// TestSecondBareRangeKeepsUnitLength: a text with a length bound to its
// unit word and a second, bare digit range keeps the length and reports
// the other.
func TestSecondBareRangeKeepsUnitLength(t *testing.T) {
	rep := &parser.Report{}
	body := methodPage("setCode", `<tr><td>code</td><td>String</td><td>Yes</td><td>The code, 4-8 characters. Hexadecimal letters a-f, 0-9</td></tr>`)
	s := parsePage(t, body, rep)
	c := s.Method("setCode").Param("code").Constraints
	if c == nil || c.Length == nil || *c.Length.Min != 4 || *c.Length.Max != 8 {
		t.Fatalf("length %+v, want 4-8 characters", c)
	}
	found := false
	for _, e := range rep.Entries {
		found = found || (e.Kind == "second range" && e.Where == "setCode.code")
	}
	if !found {
		t.Errorf("the bare range is not reported: %+v", rep.Entries)
	}
}
