package parser_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// A fragment of my own in the page's layout: an update object with the
// at-most-one sentence, a method that returns an Array of it, and lists
// of its kinds in the page's words.
const happenings = `<h3>Getting updates</h3>
<h4>Happening</h4>
<p>This object represents an incoming happening. At most one of the optional parameters can be present in any given happening.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>happening_id</td><td>Integer</td><td>The happening's identifier</td></tr>
<tr><td>note</td><td><a href="#picture">Picture</a></td><td><em>Optional</em>. A new note</td></tr>
<tr><td>edited_note</td><td><a href="#picture">Picture</a></td><td><em>Optional</em>. An edited note</td></tr>
<tr><td>poke</td><td><a href="#pal">Pal</a></td><td><em>Optional</em>. A poke by a pal</td></tr>
</tbody></table>
<h4>getHappenings</h4>
<p>Use this method to receive happenings. Returns an Array of <a href="#happening">Happening</a> objects.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>kinds</td><td>Array of String</td><td>Optional</td><td>A JSON-serialized list of the happening types you want, for example ["note"]</td></tr>
<tr><td>tags</td><td>Array of String</td><td>Optional</td><td>Tags to filter by</td></tr>
</tbody></table>
<h4>HookInfo</h4>
<p>Describes the hook.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody><tr><td>kinds</td><td>Array of String</td><td><em>Optional</em>. A list of happening types the hook receives</td></tr></tbody></table>
`

// TestPageUpdateKindsFromPage: page packages had untyped update kinds
// (allowed_updates []string, no UpdateType) because only the seed's overlay
// named them; the page states them in the update object's optional fields
// and its at-most-one sentence.
func TestPageUpdateKindsFromPage(t *testing.T) {
	s := parsePage(t, "<h3>Available types</h3>"+palObject+happenings, nil)
	e := s.Enum("HappeningType")
	if e == nil {
		t.Fatal("no enum HappeningType")
	}
	var vals []string
	for _, v := range e.Values {
		vals = append(vals, v.Value)
	}
	if got := strings.Join(vals, " "); got != "note edited_note poke" {
		t.Errorf("HappeningType values %q", got)
	}
	for what, c := range map[string]string{
		"getHappenings.kinds": each(s.Method("getHappenings").Param("kinds").Constraints),
		"HookInfo.kinds":      each(s.Object("HookInfo").Field("kinds").Constraints),
	} {
		if c != "HappeningType" {
			t.Errorf("%s: elements take enum %q, want HappeningType", what, c)
		}
	}
	if c := s.Method("getHappenings").Param("tags").Constraints; each(c) != "" {
		t.Errorf("tags, not a list of kinds, took enum %q", each(c))
	}
	// Without a method returning an Array of it, the rule alone names no
	// update kinds.
	alone := strings.Replace(happenings, "Returns an Array of", "Returns the first", 1)
	alone = strings.Replace(alone, `<a href="#happening">Happening</a> objects`, `<a href="#happening">Happening</a>`, 1)
	if s := parsePage(t, "<h3>Available types</h3>"+palObject+alone, nil); s.Enum("HappeningType") != nil {
		t.Error("an object no method returns an Array of got an update-kind enum")
	}
	if _, err := parser.Parse(page(recent+"<h3>Available types</h3>"+palObject+happenings), parser.Options{Name: "d.html"}); err != nil {
		t.Fatal(err)
	}
}

// each is the enum of an Array's elements, or "".
func each(c *schema.Constraints) string {
	if c == nil || c.Each == nil {
		return ""
	}
	return c.Each.Enum
}

// TestSeedUpdateKindListsFromDocument: the seed's overlay linked
// allowed_updates to the Events table's kinds; the document says "update
// types" in each list's description, so the link is read, overlay or not.
func TestSeedUpdateKindListsFromDocument(t *testing.T) {
	s, err := parser.Parse(spec.Document(), parser.Options{Name: spec.DefaultName})
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range [][2]string{{"getUpdates", "allowed_updates"}, {"setWebhook", "allowed_updates"}} {
		if got := each(s.Method(at[0]).Param(at[1]).Constraints); got != "UpdateType" {
			t.Errorf("%s.%s: elements take %q, want UpdateType", at[0], at[1], got)
		}
	}
	if got := each(s.Object("WebhookInfo").Field("allowed_updates").Constraints); got != "UpdateType" {
		t.Errorf("WebhookInfo.allowed_updates: elements take %q, want UpdateType", got)
	}
}
