package schemadiff_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/schemadiff"
	"github.com/apigen/apigen/spec"
)

// changeIn finds the change whose What is what, in the entry named entry
// ("" for any).
func changeIn(t *testing.T, r *schemadiff.Report, entry, what string) (*schemadiff.Entry, *schemadiff.Change) {
	t.Helper()
	for _, e := range r.Entries {
		for i := range e.Changes {
			if e.Changes[i].What == what && (entry == "" || e.Name == entry) {
				return e, &e.Changes[i]
			}
		}
	}
	var buf bytes.Buffer
	r.WriteText(&buf)
	t.Fatalf("no change %q in %q:\n%s", what, entry, buf.String())
	return nil, nil
}

// edit applies one replacement to the embedded specification and compares.
func edit(t *testing.T, pairs ...string) *schemadiff.Report {
	t.Helper()
	md := string(spec.Document())
	for i := 0; i < len(pairs); i += 2 {
		if !strings.Contains(md, pairs[i]) {
			t.Fatalf("spec no longer contains %q", pairs[i])
		}
		md = strings.Replace(md, pairs[i], pairs[i+1], 1)
	}
	return schemadiff.Compare(loadSpec(t, spec.Document(), "old.md"), loadSpec(t, []byte(md), "new.md"), "old.md", "new.md")
}

// TestChangeLevels: each kind of change has its level (see
// schemadiff.Level), from an edit of the real specification.
func TestChangeLevels(t *testing.T) {
	for _, tc := range []struct {
		name, from, to string
		what           string // the change's What
		want           schemadiff.Level
	}{
		{"removed result field", "| language_code | String | Optional. IETF language tag |\n", "", "field language_code", schemadiff.Breaking},
		{"new required parameter", "file_id (String, Required) | File.", "file_id (String, Required), depth (Integer, Required) | File.", "parameter depth", schemadiff.Breaking},
		{"new optional parameter", "file_id (String, Required) | File.", "file_id (String, Required), depth (Integer, Optional) | File.", "parameter depth", schemadiff.Addition},
		{"new optional result field", "| language_code | String | Optional. IETF language tag |", "| language_code | String | Optional. IETF language tag |\n| pronouns | String | Optional |", "field pronouns", schemadiff.Addition},
		{"tightened parameter", "title (String, Required, 1-255 characters)", "title (String, Required, 1-128 characters)", "parameter title", schemadiff.Breaking},
		{"loosened parameter", "title (String, Required, 1-255 characters)", "title (String, Required, 1-512 characters)", "parameter title", schemadiff.Addition},
		{"result field made optional", "| has_custom_certificate | Boolean | Required |", "| has_custom_certificate | Boolean | Optional |", "field has_custom_certificate", schemadiff.Breaking},
		{"changed type", "| is_bot | Boolean | Required |", "| is_bot | String | Required |", "field is_bot", schemadiff.Breaking},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := edit(t, tc.from, tc.to)
			_, c := changeIn(t, r, "", tc.what)
			if c.Level != tc.want {
				t.Errorf("%s: level %s, want %s", tc.what, c.Level, tc.want)
			}
			if r.Breaking() != (tc.want == schemadiff.Breaking) {
				t.Errorf("Breaking() = %v", r.Breaking())
			}
		})
	}
}

// Issue 24, defect 3: a new value of an enum in an object the bot receives
// (MessageEntity.type) was marked "breaks clients", against the model's
// own definition: it is widening (clients tolerate values they do not
// know). It is named by the field that takes it, not by apigen's
// invented MessageEntityType.
func TestNewValueInAReceivedObjectIsWidening(t *testing.T) {
	r := edit(t, "One of mention, hashtag,", "One of mention, spoiler, hashtag,")
	e, c := changeIn(t, r, "", `value "spoiler"`)
	if c.Level != schemadiff.Widening || c.Op != schemadiff.Added {
		t.Errorf("new MessageEntity.type value: %s %s, want an added value, widening", c.Op.Sign(), c.Level)
	}
	if !strings.Contains(e.Name, "MessageEntity.type") || strings.Contains(e.Name, "MessageEntityType") {
		t.Errorf("the change is named %q, want the field MessageEntity.type", e.Name)
	}
	if r.Breaking() {
		t.Error("a new value in a response is breaking")
	}
	var md bytes.Buffer
	r.WriteMarkdown(&md)
	if strings.Contains(md.String(), "MessageEntityType") || !strings.Contains(md.String(), "### Widening") {
		t.Errorf("release notes:\n%s", md.String())
	}
}

// Issue 24, defect 3: adding one kind of update showed as a removed rule
// plus an added rule, both breaking, each repeating the 11-12 Update field
// names. It is one change of the rule, shown as its delta, and widening (a
// bot may now receive an update of a kind it never saw); the new field is
// an addition; the new allowed_updates value is an addition (a request may
// carry more), named by the parameters that take it, not by UpdateType.
func TestNewUpdateKindIsOneRuleDelta(t *testing.T) {
	r := edit(t,
		"| poll_answer | PollAnswer | Optional. A user changed an answer in a non-anonymous poll. Only for polls sent by the bot itself |",
		"| poll_answer | PollAnswer | Optional. A user changed an answer in a non-anonymous poll. Only for polls sent by the bot itself |\n| my_chat_member | Chat | Optional. The bot's chat member status was updated in a chat |",
		"| poll_answer | a user changes their answer in a non-anonymous poll sent by the bot |",
		"| poll_answer | a user changes their answer in a non-anonymous poll sent by the bot |\n| my_chat_member | the bot's chat member status changes |")
	var rules []*schemadiff.Change
	for _, e := range r.Entries {
		for i, c := range e.Changes {
			if strings.HasPrefix(c.What, "rule") {
				rules = append(rules, &e.Changes[i])
			}
		}
	}
	var text bytes.Buffer
	r.WriteText(&text)
	if len(rules) != 1 {
		t.Fatalf("%d rule changes, want one:\n%s", len(rules), text.String())
	}
	c := rules[0]
	if c.Op != schemadiff.Changed || c.Level != schemadiff.Widening || !strings.Contains(c.Detail, "added my_chat_member") || strings.Contains(c.Detail, "edited_message") {
		t.Errorf("rule change %s %q: %q (%s), want a changed rule 'added my_chat_member', widening", c.Op.Sign(), c.What, c.Detail, c.Level)
	}
	if _, f := changeIn(t, r, "Update", "field my_chat_member"); f.Level != schemadiff.Addition {
		t.Errorf("new Update field: %s, want addition", f.Level)
	}
	if r.Breaking() || strings.Contains(text.String(), "UpdateType") {
		t.Errorf("adding an update kind:\n%s", text.String())
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
	if err := schemadiff.WriteGoMarkdown(&buf, schemadiff.CompareGo(goModel(t, old), goModel(t, modified(t)), r)); err != nil {
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
	for _, must := range []string{"## API changes: 5.0 → 5.1", "### Breaking changes", "- **sendMessage**: changed parameter text: constraint length", "### Additions"} {
		if !strings.Contains(buf.String(), must) {
			t.Errorf("release notes do not contain %q", must)
		}
	}
}

// TestAttachStringIsNotATypeChange: the published page wrote InputMedia's
// thumbnail "InputFile or String" up to 7.x and "String" with “pass
// attach://<file_attach_name> … uploaded using multipart/form-data” since;
// the schema reads the latter as a String with constraints.attach, which
// accepts the same values and has the same Go type. The diff of those
// releases called it a breaking type change.
func TestAttachStringIsNotATypeChange(t *testing.T) {
	doc := func(media string) *schema.Schema {
		s, err := schema.Unmarshal([]byte(`title: T
version: "1"
source: t.html
objects:
  - name: InputSnap
    fields:
      - {name: media, ` + media + `, required: true}
methods:
  - name: sendSnap
    group: g
    returns: "True"
    multipart: true
    params:
      - {name: snap, type: InputSnap, required: true, json_serialized: true}
      - {name: photo, type: InputFileOrString, required: true}
unions:
  - name: InputFileOrString
    variants: [{type: InputFile}, {type: String}]
`))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		return s
	}
	r := schemadiff.Compare(doc("type: InputFileOrString"), doc("type: String, constraints: {attach: true}"), "old", "new")
	_, c := changeIn(t, r, "InputSnap", "field media")
	if c.Level != schemadiff.Note || r.Breaking() {
		t.Errorf("InputFile or String -> String with attach: %s %q, breaking %v; want a note", c.Level, c.Detail, r.Breaking())
	}
	r = schemadiff.Compare(doc("type: String"), doc("type: String, constraints: {attach: true}"), "old", "new")
	if _, c := changeIn(t, r, "InputSnap", "field media"); c.Level == schemadiff.Note || !strings.Contains(c.Detail, "attach") {
		t.Errorf("String -> String with attach: %s %q; want a change of what is accepted", c.Level, c.Detail)
	}
}
