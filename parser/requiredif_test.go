package parser_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/schema"
)

// The ways the page words that a parameter is required depending on
// another, each in a fragment of our own. Every wording becomes the same
// fact: a required_if rule naming the parameter and the condition (or,
// when two sides name each other, a one_of rule). A statement the reader
// cannot place is an "unread" line of the report, never silence.

// conditionOf returns the condition of the one required_if rule of m over
// field, or nil.
func conditionOf(t *testing.T, m *schema.Method, field string) *schema.Condition {
	t.Helper()
	var found *schema.Condition
	for _, r := range m.Rules {
		if r.Kind == schema.RuleRequiredIf && len(r.Fields) == 1 && r.Fields[0] == field {
			if found != nil {
				t.Errorf("%s: two required_if rules over %s: %+v", m.Name, field, m.Rules)
			}
			found = r.When
		}
	}
	return found
}

// requiredIfNotSet checks that m's field is optional and required exactly
// when other is not set, and that m has no other rule.
func requiredIfNotSet(t *testing.T, m *schema.Method, field, other string) {
	t.Helper()
	if m.Param(field).Required {
		t.Errorf("%s.%s is required; it is required only when %s is not given", m.Name, field, other)
	}
	c := conditionOf(t, m, field)
	if c == nil || c.Field != other || c.Set == nil || *c.Set || c.Equals != "" {
		t.Errorf("%s.%s: condition %+v, want required when %s is not set (rules %+v)", m.Name, field, c, other, m.Rules)
	}
	if len(m.Rules) != 1 {
		t.Errorf("%s: rules %+v, want the one required_if rule", m.Name, m.Rules)
	}
}

// unreadLines lists the report's unread entries about where.
func unreadLines(rep *parser.Report, where string) []string {
	var out []string
	for _, e := range rep.Entries {
		if e.Kind == "unread" && e.Where == where {
			out = append(out, e.Text)
		}
	}
	return out
}

// TestRequiredIfXIsNotSpecified: "Required if rich_text is not specified."
// opening the description.
func TestRequiredIfXIsNotSpecified(t *testing.T) {
	s := parsePage(t, methodPage("editPal", `<tr><td>text</td><td>String</td><td>Optional</td><td>Required if <em>rich_text</em> is not specified. New text of the pal</td></tr>
<tr><td>rich_text</td><td>String</td><td>Optional</td><td>New rich text of the pal</td></tr>`), nil)
	requiredIfNotSet(t, s.Method("editPal"), "text", "rich_text")
}

// TestRequiredIfXIsntSpecifiedAfterASemicolon is the defect where "New
// text of the message, 1-4096 characters after entities parsing; required
// if rich_text isn't specified" (the contraction, lower case, after a
// semicolon) was no rule: the parameter was plainly optional, and the
// generated Validate accepted a request with neither it nor its
// alternative.
func TestRequiredIfXIsntSpecifiedAfterASemicolon(t *testing.T) {
	rep := &parser.Report{}
	s := parsePage(t, methodPage("editPal", `<tr><td>text</td><td>String</td><td>Optional</td><td>New text of the pal, 1-4096 characters after entities parsing; required if <em>rich_text</em> isn't specified</td></tr>
<tr><td>rich_text</td><td>String</td><td>Optional</td><td>New rich text of the pal</td></tr>`), rep)
	m := s.Method("editPal")
	requiredIfNotSet(t, m, "text", "rich_text")
	if c := m.Param("text").Constraints; c == nil || c.Length == nil || c.Length.Max == nil || *c.Length.Max != 4096 {
		t.Errorf("text constraints %+v, want the length read beside the condition", c)
	}
	if u := unreadLines(rep, "editPal.text"); len(u) != 0 {
		t.Errorf("unread %q: the condition was read", u)
	}
}

// TestRequiredUnlessXIsSpecified: "Required unless rich_text is specified"
// is "required if rich_text is not specified".
func TestRequiredUnlessXIsSpecified(t *testing.T) {
	s := parsePage(t, methodPage("editPal", `<tr><td>text</td><td>String</td><td>Optional</td><td>New text of the pal. Required unless <em>rich_text</em> is specified.</td></tr>
<tr><td>rich_text</td><td>String</td><td>Optional</td><td>New rich text of the pal</td></tr>`), nil)
	requiredIfNotSet(t, s.Method("editPal"), "text", "rich_text")
}

// TestRequiredWhenXIsNotSpecified: "when" in place of "if", of a presence
// and of a value.
func TestRequiredWhenXIsNotSpecified(t *testing.T) {
	s := parsePage(t, methodPage("editPal", `<tr><td>text</td><td>String</td><td>Optional</td><td>New text of the pal; required when <em>rich_text</em> is not specified</td></tr>
<tr><td>rich_text</td><td>String</td><td>Optional</td><td>New rich text of the pal</td></tr>`), nil)
	requiredIfNotSet(t, s.Method("editPal"), "text", "rich_text")

	s = parsePage(t, methodPage("sendPoll", `<tr><td>type</td><td>String</td><td>Optional</td><td>Poll type, “quiz” or “regular”</td></tr>
<tr><td>correct_option_id</td><td>Integer</td><td>Optional</td><td>Identifier of the correct answer option, required when <em>type</em> is “quiz”</td></tr>`), nil)
	if c := conditionOf(t, s.Method("sendPoll"), "correct_option_id"); c == nil || c.Field != "type" || c.Equals != "quiz" {
		t.Errorf("correct_option_id: condition %+v, want required when type is quiz", c)
	}
}

// TestRequiredIfEitherNamesTheOther: text and rich_text each required if
// the other isn't specified are one_of the two, whatever the wording.
func TestRequiredIfEitherNamesTheOther(t *testing.T) {
	s := parsePage(t, methodPage("editPal", `<tr><td>text</td><td>String</td><td>Optional</td><td>New text of the pal; required if <em>rich_text</em> isn't specified</td></tr>
<tr><td>rich_text</td><td>String</td><td>Optional</td><td>Required unless <em>text</em> is specified. New rich text of the pal</td></tr>`), nil)
	rules := s.Method("editPal").Rules
	if len(rules) != 1 || rules[0].Kind != schema.RuleOneOf || len(rules[0].Groups) != 2 ||
		strings.Join(rules[0].Groups[0], ",") != "text" || strings.Join(rules[0].Groups[1], ",") != "rich_text" {
		t.Errorf("rules %+v, want one_of text, rich_text", rules)
	}
}

// TestRequiredIfSeveralAreNotSpecified: "Required if chat_id and
// message_id are not specified", with no answer from those two, is
// required when either of them is not set: one rule per name.
func TestRequiredIfSeveralAreNotSpecified(t *testing.T) {
	s := parsePage(t, methodPage("editPal", `<tr><td>chat_id</td><td>Integer</td><td>Optional</td><td>Chat</td></tr>
<tr><td>message_id</td><td>Integer</td><td>Optional</td><td>Message</td></tr>
<tr><td>inline_message_id</td><td>String</td><td>Optional</td><td>Required if <em>chat_id</em> and <em>message_id</em> aren't specified. Inline message</td></tr>`), nil)
	m := s.Method("editPal")
	var others []string
	for _, r := range m.Rules {
		if r.Kind != schema.RuleRequiredIf || r.Fields[0] != "inline_message_id" || r.When == nil || r.When.Set == nil || *r.When.Set {
			t.Errorf("rule %+v, want inline_message_id required when another is not set", r)
			continue
		}
		others = append(others, r.When.Field)
	}
	if strings.Join(others, ",") != "chat_id,message_id" {
		t.Errorf("inline_message_id required when %v is not set, want chat_id and message_id", others)
	}
}

// TestRequiredIfNotPlacedIsUnread: a condition the reader cannot place (on
// something that is no parameter, on a state of the world, on a value the
// other cannot hold) is an "unread" line of the report naming the
// parameter, and no rule.
func TestRequiredIfNotPlacedIsUnread(t *testing.T) {
	rep := &parser.Report{}
	s := parsePage(t, methodPage("editPal", `<tr><td>text</td><td>String</td><td>Optional</td><td>New text; required if <em>rich_body</em> isn't specified</td></tr>
<tr><td>topic_id</td><td>Integer</td><td>Optional</td><td>Topic. Required if the chat is a forum</td></tr>
<tr><td>count</td><td>Integer</td><td>Optional</td><td>Count. Required when <em>topic_id</em> is “long”</td></tr>
<tr><td>mode</td><td>String</td><td>Optional</td><td>Mode, required unless <em>topic_id</em> is “7”</td></tr>`), rep)
	if r := s.Method("editPal").Rules; len(r) != 0 {
		t.Errorf("rules %+v, want none", r)
	}
	for _, c := range []struct{ field, text string }{
		{"text", "rich_body"},
		{"topic_id", "Required if the chat is a forum"},
		{"count", "topic_id"},
		{"mode", "topic_id"},
	} {
		u := unreadLines(rep, "editPal."+c.field)
		if len(u) != 1 || !strings.Contains(u[0], c.text) {
			t.Errorf("editPal.%s: unread %q, want one line about %q", c.field, u, c.text)
		}
	}
}
