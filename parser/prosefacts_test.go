package parser_test

import (
	"regexp"
	"strings"
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

// TestProseEnums: values listed in prose become enums: "Choose one, …: a
// for …, b or c for …", quoted values that are not words (MIME types,
// emoji, in typographic or plain quotation marks), with a default among
// them; an enum named like an object takes the field's name too.
func TestProseEnums(t *testing.T) {
	body := `<h3>Available types</h3><h4>MoodEmoji</h4><p>A mood shown as an emoji.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>
<tr><td>emoji</td><td>String</td><td>The mood. Currently, it can be one of "👍", "🔥", "❤"</td></tr></tbody></table>` +
		methodPage("sendSignal", `<tr><td>signal</td><td>String</td><td>Yes</td><td>Kind of signal. Choose one, depending on what is coming next: <em>typing</em> for text, <em>upload_photo</em> or <em>record_photo</em> for photos, <em>find_place</em> for places.</td></tr>
<tr><td>mime_type</td><td>String</td><td>Yes</td><td>MIME type of the file, either “application/pdf” or “text/plain”</td></tr>
<tr><td>dice</td><td>String</td><td>Optional</td><td>Animation of the throw. Currently, must be one of “🎲”, “🎯”, or “🎰”. Defaults to “🎲”</td></tr>
<tr><td>note</td><td>String</td><td>Optional</td><td>A note; for example, “hello” or “bye”</td></tr>`)
	s := parsePage(t, body, nil)
	values := func(c *schema.Constraints) []string {
		if c == nil || c.Enum == "" {
			return nil
		}
		var out []string
		for _, v := range s.Enum(c.Enum).Values {
			out = append(out, v.Value)
		}
		return out
	}
	m := s.Method("sendSignal")
	for _, tc := range []struct {
		c    *schema.Constraints
		want string
	}{
		{m.Param("signal").Constraints, "typing upload_photo record_photo find_place"},
		{m.Param("mime_type").Constraints, "application/pdf text/plain"},
		{m.Param("dice").Constraints, "🎲 🎯 🎰"},
		{s.Object("MoodEmoji").Field("emoji").Constraints, "👍 🔥 ❤"},
		{m.Param("note").Constraints, ""},
	} {
		if got := strings.Join(values(tc.c), " "); got != tc.want {
			t.Errorf("enum %q, want %q", got, tc.want)
		}
	}
	if c := m.Param("dice").Constraints; c == nil || c.Default != "🎲" {
		t.Errorf("dice default: %+v", c)
	}
}
