package parser_test

import (
	"fmt"
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
<tr><td>note</td><td>String</td><td>Optional</td><td>A note; for example, “hello” or “bye”</td></tr>
<tr><td>format</td><td>String</td><td>Optional</td><td>Format of the archive. Currently, only “application/zip” and “application/x-tar” are supported</td></tr>`)
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
		{m.Param("format").Constraints, "application/zip application/x-tar"},
	} {
		if got := strings.Join(values(tc.c), " "); got != tc.want {
			t.Errorf("enum %q, want %q", got, tc.want)
		}
	}
	if c := m.Param("dice").Constraints; c == nil || c.Default != "🎲" {
		t.Errorf("dice default: %+v", c)
	}
}

// TestObjectRulesInOtherWords: the one-of and at-most-one rules of an
// object in the wordings the page has used: "Exactly one of the fields
// other than a, b, and c must be used" (all fields but those), "You must
// use exactly one of the optional fields", "At most one of the optional
// fields must be used" (a request may set at most one).
func TestObjectRulesInOtherWords(t *testing.T) {
	table := `<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>
<tr><td>text</td><td>String</td><td>Label</td></tr>
<tr><td>icon</td><td>String</td><td><em>Optional</em>. Icon</td></tr>
<tr><td>color</td><td>String</td><td><em>Optional</em>. Color</td></tr>
<tr><td>url</td><td>String</td><td><em>Optional</em>. A link</td></tr>
<tr><td>data</td><td>String</td><td><em>Optional</em>. Data</td></tr></tbody></table>`
	body := `<h3>Available types</h3>
<h4>NewButton</h4><p>A button. Exactly one of the fields other than <em>text</em>, <em>icon</em>, and <em>color</em> must be used to specify the kind of the button.</p>` + table + `
<h4>OldButton</h4><p>A button. You must use exactly one of the optional fields.</p>` + table + `
<h4>LooseButton</h4><p>A button. At most one of the optional fields must be used to specify the kind of the button.</p>` + table
	s := parsePage(t, body, nil)
	for _, tc := range []struct{ obj, kind, fields string }{
		{"NewButton", schema.RuleExactlyOne, "url data"},
		{"OldButton", schema.RuleExactlyOne, "icon color url data"},
		{"LooseButton", schema.RuleMutuallyExclusive, "icon color url data"},
	} {
		rules := s.Object(tc.obj).Rules
		if len(rules) != 1 || rules[0].Kind != tc.kind || strings.Join(rules[0].Fields, " ") != tc.fields {
			t.Errorf("%s: rules %+v, want one %s over %s", tc.obj, rules, tc.kind, tc.fields)
		}
	}
}

// TestNamedRulesInSentences: rules naming their fields in a sentence of an
// object's or a method's description: "Optional fields a, b, and c are
// mutually exclusive", "You must use exactly one of the fields x, y, or
// z". A sentence naming a field that is not there is reported, not a
// rule.
func TestNamedRulesInSentences(t *testing.T) {
	rep := &parser.Report{}
	body := `<h3>Available types</h3>
<h4>Knob</h4><p>A knob. Optional fields <em>url</em>, <em>data</em>, and <em>game</em> are mutually exclusive.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>
<tr><td>text</td><td>String</td><td>Label</td></tr>
<tr><td>url</td><td>String</td><td><em>Optional</em>. A link</td></tr>
<tr><td>data</td><td>String</td><td><em>Optional</em>. Data</td></tr>
<tr><td>game</td><td>String</td><td><em>Optional</em>. Game</td></tr></tbody></table>` +
		methodPage("makeSet", `<tr><td>png</td><td>String</td><td>Optional</td><td>A picture</td></tr>
<tr><td>tgs</td><td>String</td><td>Optional</td><td>An animation</td></tr>`) +
		`<h4>makeOther</h4><p>Use this method to make another. You must use exactly one of the fields <em>png</em> or <em>webm</em>. Returns <em>True</em> on success.</p>
<table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>
<tr><td>png</td><td>String</td><td>Optional</td><td>A picture</td></tr></tbody></table>`
	body = strings.Replace(body, "Use this method to do a thing.", "Use this method to make a set. You must use exactly one of the fields <em>png</em> or <em>tgs</em>.", 1)
	s := parsePage(t, body, rep)
	if r := s.Object("Knob").Rules; len(r) != 1 || r[0].Kind != schema.RuleMutuallyExclusive || strings.Join(r[0].Fields, " ") != "url data game" {
		t.Errorf("Knob rules %+v", r)
	}
	if r := s.Method("makeSet").Rules; len(r) != 1 || r[0].Kind != schema.RuleExactlyOne || strings.Join(r[0].Fields, " ") != "png tgs" {
		t.Errorf("makeSet rules %+v", r)
	}
	if r := s.Method("makeOther").Rules; len(r) != 0 {
		t.Errorf("makeOther rules %+v, want none (webm is no parameter)", r)
	}
	found := false
	for _, e := range rep.Entries {
		found = found || (e.Kind == "rule" && e.Where == "makeOther")
	}
	if !found {
		t.Errorf("the rule naming webm is not reported: %+v", rep.Entries)
	}
}

// TestRequiredIfSentences: a parameter "Required if ok is False" is
// required when ok is false; "Required if token is specified" when token
// is set; one "Optional if draft_id is present" (marked Yes) is optional,
// and required when draft_id is not set; "Required if note_id is not
// specified" alone (no answer from note_id) is required when note_id is
// not set.
func TestRequiredIfSentences(t *testing.T) {
	body := methodPage("answerCheck", `<tr><td>ok</td><td>Boolean</td><td>Yes</td><td>Pass True if all is well</td></tr>
<tr><td>error_message</td><td>String</td><td>Optional</td><td>Required if <em>ok</em> is <em>False</em>. Why it failed</td></tr>
<tr><td>token</td><td>String</td><td>Optional</td><td>A token</td></tr>
<tr><td>secret</td><td>String</td><td>Optional</td><td>Required if <em>token</em> is specified. The secret</td></tr>
<tr><td>draft_id</td><td>Integer</td><td>Optional</td><td>Identifier of the draft</td></tr>
<tr><td>message_id</td><td>Integer</td><td>Yes</td><td>Identifier of the message. Optional if <em>draft_id</em> is present</td></tr>
<tr><td>note_id</td><td>Integer</td><td>Optional</td><td>A note</td></tr>
<tr><td>page_id</td><td>Integer</td><td>Optional</td><td>Required if <em>note_id</em> is not specified. A page</td></tr>`)
	s := parsePage(t, body, nil)
	m := s.Method("answerCheck")
	if m.Param("message_id").Required {
		t.Errorf("message_id is required; the text says it is optional if draft_id is present")
	}
	yes, no := true, false
	want := map[string]schema.Condition{
		"error_message": {Field: "ok", Equals: "false"},
		"secret":        {Field: "token", Set: &yes},
		"message_id":    {Field: "draft_id", Set: &no},
		"page_id":       {Field: "note_id", Set: &no},
	}
	got := map[string]schema.Condition{}
	for _, r := range m.Rules {
		if r.Kind == schema.RuleRequiredIf && len(r.Fields) == 1 && r.When != nil {
			got[r.Fields[0]] = *r.When
		}
	}
	for f, w := range want {
		g, ok := got[f]
		if !ok || g.Field != w.Field || g.Equals != w.Equals || (g.Set == nil) != (w.Set == nil) || (g.Set != nil && *g.Set != *w.Set) {
			t.Errorf("%s: rule %+v, want required if %+v", f, g, w)
		}
	}
	if len(m.Rules) != len(want) {
		t.Errorf("%d rules, want %d: %+v", len(m.Rules), len(want), m.Rules)
	}
}

// TestBoundSentences: bounds the page states in sentences of their own.
func TestBoundSentences(t *testing.T) {
	body := methodPage("sendSpot", `<tr><td>heading</td><td>Integer</td><td>Optional</td><td>Direction of travel, in degrees. Must be between 1 and 360 if specified.</td></tr>
<tr><td>tips</td><td>Array of Integer</td><td>Optional</td><td>Suggested tips. At most 3 suggested tips can be specified.</td></tr>
<tr><td>when</td><td>Integer</td><td>Optional</td><td>When the spot closes, a Unix timestamp. Must be at least 5 and no more than 90 seconds in the future.</td></tr>
<tr><td>score</td><td>Integer</td><td>Yes</td><td>New score, must be non-negative</td></tr>
<tr><td>cursor</td><td>String</td><td>Optional</td><td>Where the next page starts. Cursor length can't exceed 32 bytes.</td></tr>`)
	s := parsePage(t, body, nil)
	m := s.Method("sendSpot")
	text := func(name string) string {
		c := m.Param(name).Constraints
		if c == nil {
			return ""
		}
		var out []string
		if c.Range != nil {
			out = append(out, "range "+c.Range.Text())
		}
		if c.Items != nil {
			out = append(out, "items "+c.Items.Text())
		}
		if c.Ahead != nil {
			out = append(out, "ahead "+c.Ahead.Text())
		}
		if c.Length != nil {
			out = append(out, "length "+c.Length.Unit)
		}
		return strings.Join(out, "; ")
	}
	for name, want := range map[string]string{
		"heading": "range 1-360", "tips": "items at most 3", "when": "ahead 5-90",
		"score": "range at least 0", "cursor": "length bytes",
	} {
		if got := text(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

// TestUnreadConstraintIsReported: a sentence with the marks of a
// constraint or a rule that no reader consumed is listed in the report;
// prose without such marks, and sentences that were read, are not.
func TestUnreadConstraintIsReported(t *testing.T) {
	rep := &parser.Report{}
	body := `<h3>Available types</h3><h4>Query</h4><p>A query. Exactly one of the fields data or game will be present.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>
<tr><td>data</td><td>String</td><td><em>Optional</em>. Data, 1-64 bytes. The photo must be at most 5 MB in size</td></tr>
<tr><td>game</td><td>String</td><td><em>Optional</em>. Game, which the user must be able to play</td></tr></tbody></table>`
	parsePage(t, body, rep)
	var got []string
	for _, e := range rep.Entries {
		if e.Kind == "unread" {
			got = append(got, e.Where+": "+e.Text)
		}
	}
	want := []string{
		"Available types / Query: Exactly one of the fields data or game will be present",
		"Query.data: The photo must be at most 5 MB in size",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("unread:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestObjectFieldRequiredIf: an object's field may state the same
// conditions as a parameter: "Optional if draft_id is present" makes a
// field optional and required when draft_id is not set.
func TestObjectFieldRequiredIf(t *testing.T) {
	body := `<h3>Available types</h3><h4>Reply</h4><p>A reply.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>
<tr><td>message_id</td><td>Integer</td><td>Identifier of the message. Optional if <em>draft_id</em> is present</td></tr>
<tr><td>draft_id</td><td>Integer</td><td><em>Optional</em>. Identifier of the draft</td></tr></tbody></table>`
	s := parsePage(t, body, nil)
	o := s.Object("Reply")
	if o.Field("message_id").Required {
		t.Error("message_id is required; the text says it is optional if draft_id is present")
	}
	if len(o.Rules) != 1 || o.Rules[0].Kind != schema.RuleRequiredIf || o.Rules[0].When == nil ||
		o.Rules[0].When.Field != "draft_id" || o.Rules[0].When.Set == nil || *o.Rules[0].When.Set {
		t.Errorf("rules %+v, want message_id required when draft_id is not set", o.Rules)
	}
}

// TestAllowedCharactersInOtherWords is the defect where a statement of the
// allowed characters in words other than "only … are allowed" ("using
// only a-z and 0-9", "may contain letters, digits and underscores") was
// passed over in silence: no pattern and no report. The one charset
// grammar reads them as a pattern; a set it cannot read is reported as
// unread.
func TestAllowedCharactersInOtherWords(t *testing.T) {
	body := methodPage("nameThing", `<tr><td>a</td><td>String</td><td>Optional</td><td>Name of the thing; up to 30 characters, using only <code>a-z</code> and <code>0-9</code></td></tr>
<tr><td>b</td><td>String</td><td>Optional</td><td>Name of the thing, 2-20 characters. May contain letters, digits and underscores.</td></tr>
<tr><td>c</td><td>String</td><td>Optional</td><td>Short name, 1-8 characters; must consist of uppercase letters and digits</td></tr>
<tr><td>d</td><td>String</td><td>Optional</td><td>Tag of the thing. Allowed characters: <code>a-z</code>, <code>0-9</code> and <code>-</code>.</td></tr>
<tr><td>e</td><td>String</td><td>Optional</td><td>Title of the thing, 1-40 characters. May contain only letters and emoji.</td></tr>
<tr><td>f</td><td>String</td><td>Optional</td><td>Description of the thing. It may contain a link to the shop. It can only be set once.</td></tr>
<tr><td>g</td><td>String</td><td>Optional</td><td>Mood of the thing. Only emoji are allowed.</td></tr>`)
	rep := &parser.Report{}
	s := parsePage(t, body, rep)
	m := s.Method("nameThing")
	for _, tc := range []struct {
		param     string
		good, bad []string
	}{
		{"a", []string{"ab09"}, []string{"a_b", "Ab"}},
		{"b", []string{"My_name2"}, []string{"a-b", "a b"}},
		{"c", []string{"AB12"}, []string{"ab"}},
		{"d", []string{"my-tag-2"}, []string{"my_tag"}},
	} {
		c := m.Param(tc.param).Constraints
		if c == nil || c.Pattern == "" {
			t.Errorf("%s: no pattern: %+v", tc.param, c)
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
	if c := m.Param("a").Constraints; c == nil || c.Length == nil || c.Length.Max == nil || *c.Length.Max != 30 {
		t.Errorf("a: the length is lost: %+v", c)
	}
	if c := m.Param("e").Constraints; c != nil && c.Pattern != "" {
		t.Errorf("e: pattern %q from a set with emoji", c.Pattern)
	}
	if c := m.Param("f").Constraints; c != nil && c.Pattern != "" {
		t.Errorf("f: pattern %q from a sentence that allows no set", c.Pattern)
	}
	var unread []string
	for _, e := range rep.Entries {
		if e.Kind == "unread" {
			unread = append(unread, e.Where+": "+e.Text)
		}
	}
	if want := []string{"nameThing.e: May contain only letters and emoji", "nameThing.g: Only emoji are allowed"}; strings.Join(unread, "\n") != strings.Join(want, "\n") {
		t.Errorf("unread %q, want exactly %q", unread, want)
	}
}

// TestItemCountWithItemLengthInOtherWords is the defect where a list's
// count of items followed by a per-item length in words other than "N-M
// strings of X-Y characters" ("2-10 strings 1-100 characters each" after a
// comma) gave neither the count nor the length, and no report line. The
// one grammar reads a count, an item noun and a per-item length, with or
// without "of"/"each", in either layout.
func TestItemCountWithItemLengthInOtherWords(t *testing.T) {
	rep := &parser.Report{}
	body := methodPage("sendChoice", `<tr><td>a</td><td>Array of String</td><td>Yes</td><td>A list of choices, 3-7 strings 1-50 characters each</td></tr>
<tr><td>b</td><td>Array of String</td><td>Yes</td><td>Labels to show, 1-4 items of up to 20 characters</td></tr>
<tr><td>c</td><td>Array of String</td><td>Optional</td><td>Tags of the thing; up to 6 strings, each 2-12 characters</td></tr>
<tr><td>d</td><td>Array of String</td><td>Optional</td><td>A JSON-serialized list of 2-5 answer words, 1-30 characters each</td></tr>
<tr><td>e</td><td>Array of String</td><td>Optional</td><td>Names of the things, 2-9 strings of 1-16 bytes</td></tr>`)
	s := parsePage(t, body, rep)
	m := s.Method("sendChoice")
	for name, want := range map[string]string{
		"a": "items 3-7; each length 1-50 characters",
		"b": "items 1-4; each length at most 20 characters",
		"c": "items at most 6; each length 2-12 characters",
		"d": "items 2-5; each length 1-30 characters",
		"e": "items 2-9; each length 1-16 bytes",
	} {
		var got []string
		if c := m.Param(name).Constraints; c != nil {
			if c.Items != nil {
				got = append(got, "items "+c.Items.Text())
			}
			if c.Each != nil && c.Each.Length != nil {
				l, b := c.Each.Length, &schema.Bounds{}
				if l.Min != nil {
					v := float64(*l.Min)
					b.Min = &v
				}
				if l.Max != nil {
					v := float64(*l.Max)
					b.Max = &v
				}
				got = append(got, "each length "+b.Text()+" "+l.Unit)
			}
		}
		if g := strings.Join(got, "; "); g != want {
			t.Errorf("%s: %q, want %q", name, g, want)
		}
	}
	for _, e := range rep.Entries {
		if e.Kind == "unread" {
			t.Errorf("unread %s: %s", e.Where, e.Text)
		}
	}
}

// TestUnreadItemCountIsReported: a sentence with a digit range next to a
// noun of things counted that no reader consumed is reported as unread,
// even when another clause of the sentence gave a fact, so that a wording
// the grammar does not know yet is seen.
func TestUnreadItemCountIsReported(t *testing.T) {
	rep := &parser.Report{}
	body := methodPage("sendChoice", `<tr><td>a</td><td>Array of String</td><td>Yes</td><td>A JSON-serialized list of choices, between 3-7 strings with 1-50 letters apiece</td></tr>
<tr><td>b</td><td>Array of String</td><td>Yes</td><td>A JSON-serialized list of 1-4 labels for the buttons</td></tr>
<tr><td>c</td><td>Integer</td><td>Yes</td><td>Score of the thing, 1-6 for some kinds, 1-5 for others. Values between 1-100 are accepted</td></tr>`)
	parsePage(t, body, rep)
	var got []string
	for _, e := range rep.Entries {
		if e.Kind == "unread" {
			got = append(got, e.Where+": "+e.Text)
		}
	}
	want := "sendChoice.a: A JSON-serialized list of choices, between 3-7 strings with 1-50 letters apiece"
	if strings.Join(got, "\n") != want {
		t.Errorf("unread:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestListOfUpToNIsAnItemCount is the defect where "List of up to 100
// winners" (an object field's item count in the page's words) gave no
// fact: "list of" was read with a range of items only.
func TestListOfUpToNIsAnItemCount(t *testing.T) {
	rep := &parser.Report{}
	body := `<h3>Available types</h3><h4>Draw</h4><p>A draw.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>
<tr><td>winners</td><td>Array of Integer</td><td>List of up to 50 winners of the draw</td></tr>
<tr><td>rate</td><td>Boolean</td><td><em>Optional</em>. True, if up to 30 draws per minute may be held</td></tr></tbody></table>`
	s := parsePage(t, body, rep)
	c := s.Object("Draw").Field("winners").Constraints
	if c == nil || c.Items == nil || c.Items.Text() != "at most 50" {
		t.Errorf("winners: constraints %+v, want items at most 50", c)
	}
	for _, e := range rep.Entries {
		if e.Kind == "unread" {
			t.Errorf("unread %s: %s", e.Where, e.Text)
		}
	}
}

// TestTotalLengthOfAListIsRead is the defect where "a list of 0-20 tags
// with total length of up to 64 characters" kept the count of items and
// dropped the length of all the items together with no report line. A
// total length over a list's items, in the page's words and in others
// ("in total at most N characters", "N characters in total"), is the
// Array's total_length.
func TestTotalLengthOfAListIsRead(t *testing.T) {
	rep := &parser.Report{}
	body := methodPage("setTags", `<tr><td>a</td><td>Array of String</td><td>Yes</td><td>A JSON-serialized list of 0-10 tags for the item with total length of up to 40 characters</td></tr>
<tr><td>b</td><td>Array of String</td><td>Optional</td><td>Names of the item, 1-5 items; in total at most 30 characters</td></tr>
<tr><td>c</td><td>Array of String</td><td>Optional</td><td>Words of the reply, up to 8 items, 100 bytes in total</td></tr>
<tr><td>d</td><td>Array of String</td><td>Optional</td><td>Short names of the item, a total length of 2-50 characters</td></tr>`)
	s := parsePage(t, body, rep)
	m := s.Method("setTags")
	for name, want := range map[string]string{
		"a": "items 0-10; total length at most 40 characters",
		"b": "items 1-5; total length at most 30 characters",
		"c": "items at most 8; total length at most 100 bytes",
		"d": "total length 2-50 characters",
	} {
		var got []string
		if c := m.Param(name).Constraints; c != nil {
			if c.Items != nil {
				got = append(got, "items "+c.Items.Text())
			}
			if l := c.TotalLength; l != nil {
				got = append(got, "total length "+l.Bounds().Text()+" "+l.Unit)
			}
		}
		if g := strings.Join(got, "; "); g != want {
			t.Errorf("%s: %q, want %q", name, g, want)
		}
	}
	for _, e := range rep.Entries {
		if e.Kind == "unread" || e.Kind == "fact does not apply" {
			t.Errorf("%s %s: %s", e.Kind, e.Where, e.Text)
		}
	}
}

// TestIntegerValueListIsRead is the defect where "must be one of 3, 6, or
// 12" on an Integer was only reported unread: a list of whole numbers an
// Integer must be one of (with "or"/"and", after "Currently,", each
// number optionally followed by its hexadecimal form) is the Integer's
// `values`, checked on requests. A hexadecimal form that disagrees with
// its number is no list: the sentence stays reported.
func TestIntegerValueListIsRead(t *testing.T) {
	rep := &parser.Report{}
	body := methodPage("setShade", `<tr><td>a</td><td>Integer</td><td>Yes</td><td>Number of weeks to keep the shade; must be one of 2, 4, or 8</td></tr>
<tr><td>b</td><td>Integer</td><td>Optional</td><td>Colour of the shade. Currently, must be one of 255 (0xFF), 4096 (0x1000) and 65535 (0xFFFF)</td></tr>
<tr><td>c</td><td>Integer</td><td>Optional</td><td>Level of the shade, one of 1, 2 and 3</td></tr>
<tr><td>d</td><td>Integer</td><td>Optional</td><td>Tint of the shade. Currently, must be one of 255 (0xFE) or 256 (0x100)</td></tr>`)
	s := parsePage(t, body, rep)
	m := s.Method("setShade")
	for name, want := range map[string]string{"a": "[2 4 8]", "b": "[255 4096 65535]", "c": "[1 2 3]", "d": "[]"} {
		var got []int64
		if c := m.Param(name).Constraints; c != nil {
			got = c.Values
		}
		if g := fmt.Sprint(got); g != want {
			t.Errorf("%s: values %s, want %s", name, g, want)
		}
	}
	if d := m.Param("b").Description; !strings.Contains(d, "0xFFFF") {
		t.Errorf("b: description %q lost the sentence of values", d)
	}
	var unread []string
	for _, e := range rep.Entries {
		if e.Kind == "unread" || e.Kind == "fact does not apply" {
			unread = append(unread, e.Where+": "+e.Text)
		}
	}
	if want := "setShade.d: Currently, must be one of 255 (0xFE) or 256 (0x100)"; strings.Join(unread, "\n") != want {
		t.Errorf("report:\n%s\nwant:\n%s", strings.Join(unread, "\n"), want)
	}
}
