package parser_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/schema"
)

// The fragments below are written for these tests in the layout of the
// platform's published reference page (h3 sections, h4 entries, the page's
// table headers and phrasing); they are not taken from the page.

// page wraps entries in the page's frame: a title, the content element and
// a site footer that is not part of the document.
func page(body string) []byte {
	return []byte(`<!DOCTYPE html>
<html><head><title>Demo Bot API</title></head><body>
<div class="nav"><ul><li>Home</li></ul></div>
<h1 id="dev_page_title">Demo Bot API</h1>
<div id="dev_page_content">
` + body + `
</div>
<div class="footer"><h5>About</h5><p>Site footer text.</p></div>
</body></html>`)
}

const recent = `<h3>Recent changes</h3>
<h4>May 2, 2030</h4>
<p><strong>Bot API 2.1</strong></p>
<ul>
<li>Added the field <em>nickname</em> to the class <a href="#pal">Pal</a>.</li>
<li>Added the method <a href="#pokepal">pokePal</a>, allowing bots to poke.</li>
<li>Made the service faster.</li>
<li>Renamed the field <em>nick</em> to <em>nickname</em> in the class <a href="#pal">Pal</a>.</li>
<li>Added the Pal kind “neighbour”.</li>
</ul>
<h4>March 1, 2030</h4>
<p><strong>Bot API 2.0</strong></p>
<ul><li>Added the classes <a href="#shape">Shape</a> and <a href="#square">Square</a>.</li></ul>
<p><strong><a href="/changelog">See earlier changes »</a></strong></p>
`

const palObject = `<h4>Pal</h4>
<p>This object represents a pal.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>id</td><td>Integer</td><td>Identifier of the pal. This number may have more than 32 significant bits and some languages may find that hard. But it has at most 52 significant bits, so a signed 64-bit integer is safe.</td></tr>
<tr><td>kind</td><td>String</td><td>Kind of the pal, can be either “friend”, “colleague” or “neighbour”</td></tr>
<tr><td>name</td><td>String</td><td>Name of the pal, 1-64 characters</td></tr>
<tr><td>nickname</td><td>String</td><td><em>Optional</em>. Nickname of the pal</td></tr>
<tr><td>is_close</td><td>True</td><td><em>Optional</em>. <em>True</em>, if the pal is close</td></tr>
<tr><td>height</td><td>Float number</td><td><em>Optional</em>. Height in meters</td></tr>
<tr><td>photos</td><td>Array of Array of <a href="#picture">Picture</a></td><td><em>Optional</em>. Photos, each in several sizes</td></tr>
</tbody></table>
<h4>Picture</h4>
<p>This object represents a picture.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody><tr><td>file_id</td><td>String</td><td>Identifier of the file</td></tr></tbody></table>
`

const shapes = `<h4>Shape</h4>
<p>This object describes a shape. Currently, it can be one of</p>
<ul><li><a href="#square">Square</a></li><li><a href="#circle">Circle</a></li></ul>
<h4>Square</h4>
<p>A square.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Type of the shape, always “square”</td></tr>
<tr><td>side</td><td>Float</td><td>Side length</td></tr>
</tbody></table>
<h4>Circle</h4>
<p>A circle.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Type of the shape, must be <em>circle</em></td></tr>
<tr><td>radius</td><td>Float</td><td>Radius</td></tr>
</tbody></table>
<h4>Ping</h4>
<p>This object represents a service message about a ping. Currently holds no information.</p>
<h4>InputFile</h4>
<p>This object represents the contents of a file to be uploaded.</p>
`

const methods = `<h3>Available methods</h3>
<p>All methods are listed below.</p>
<h4>pokePal</h4>
<p>Use this method to poke a pal. On success, the sent <a href="#pal">Pal</a> is returned.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>chat_id</td><td>Integer or String</td><td>Yes</td><td>Unique identifier for the target chat or username</td></tr>
<tr><td>text</td><td>String</td><td>Yes</td><td>Text of the poke, 1-4096 characters after entities parsing</td></tr>
<tr><td>picture</td><td><a href="#inputfile">InputFile</a> or String</td><td>Optional</td><td>Picture to send</td></tr>
<tr><td>shapes</td><td>Array of <a href="#square">Square</a> and <a href="#circle">Circle</a></td><td>Optional</td><td>A JSON-serialized array of shapes, must include 2-10 items</td></tr>
<tr><td>limit</td><td>Integer</td><td>Optional</td><td>Limits the number of pals. Values between 1-100 are accepted. Defaults to 100.</td></tr>
</tbody></table>
<h4>getPals</h4>
<p>Use this method to list pals. Requires no parameters. Returns an Array of <a href="#pal">Pal</a> objects.</p>
<h4>editPal</h4>
<p>Use this method to edit a pal. On success, if the edited message is not an inline message, the edited <a href="#pal">Pal</a> is returned, otherwise <em>True</em> is returned.</p>
<h4>countPals</h4>
<p>Use this method to count pals. Returns <em>Int</em> on success.</p>
`

func parsePage(t *testing.T, body string, rep *parser.Report) *schema.Schema {
	t.Helper()
	s, err := parser.Parse(page(recent+body), parser.Options{Name: "demo.html", Report: rep})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPageObjectFieldTable(t *testing.T) {
	s := parsePage(t, "<h3>Available types</h3>"+palObject, nil)
	pal := s.Object("Pal")
	if pal == nil {
		t.Fatal("no object Pal")
	}
	want := map[string]struct {
		typ string
		req bool
	}{
		"id": {"Integer64", true}, "kind": {"String", true}, "name": {"String", true},
		"nickname": {"String", false}, "is_close": {"True", false}, "height": {"Float", false},
		"photos": {"Array of Array of Picture", false},
	}
	for name, w := range want {
		f := pal.Field(name)
		if f == nil {
			t.Errorf("no field %s", name)
			continue
		}
		if f.Type.String() != w.typ || f.Required != w.req {
			t.Errorf("%s: %s required=%v, want %s required=%v", name, f.Type, f.Required, w.typ, w.req)
		}
	}
	if c := pal.Field("name").Constraints; c == nil || c.Length == nil || *c.Length.Max != 64 {
		t.Errorf("name: want length 1-64, got %+v", c)
	}
	if c := pal.Field("kind").Constraints; c == nil || c.Enum == "" {
		t.Fatalf("kind: want an enum, got %+v", c)
	}
	e := s.Enum(pal.Field("kind").Constraints.Enum)
	var vals []string
	for _, v := range e.Values {
		vals = append(vals, v.Value)
	}
	if strings.Join(vals, ",") != "friend,colleague,neighbour" {
		t.Errorf("kind enum: %v", vals)
	}
	if pal.Source.Section != "Pal" {
		t.Errorf("source section %q", pal.Source.Section)
	}
}

func TestPageUnionFromListWithDiscriminator(t *testing.T) {
	s := parsePage(t, "<h3>Available types</h3>"+shapes, nil)
	u := s.Union("Shape")
	if u == nil {
		t.Fatal("no union Shape")
	}
	if u.Discriminator != "type" {
		t.Errorf("discriminator %q, want type (from “always” and “must be”)", u.Discriminator)
	}
	tags := map[string]string{}
	for _, v := range u.Variants {
		tags[v.Type.Name] = v.Tag
	}
	if tags["Square"] != "square" || tags["Circle"] != "circle" {
		t.Errorf("tags %v", tags)
	}
	if c := s.Object("Circle").Field("type").Constraints; c == nil || c.Fixed != "circle" {
		t.Errorf("Circle.type not fixed: %+v", c)
	}
	if o := s.Object("Ping"); o == nil || !o.Opaque {
		t.Errorf("Ping (holds no information) should be an object without fields: %+v", o)
	}
	if s.Object("InputFile") != nil {
		t.Error("InputFile is the grammar's primitive, not an object")
	}
}

// TestPageUnionPhrasings: the sentence before the list may end in any of
// the page's phrasings.
func TestPageUnionPhrasings(t *testing.T) {
	for _, intro := range []string{
		"It should be one of",
		"It should be one of:",
		"This object describes a shape. It can be one of",
		"Telegram clients currently support results of the following 2 types:",
		"Currently, the following 2 scopes are supported:",
	} {
		body := strings.Replace(shapes, "This object describes a shape. Currently, it can be one of", intro, 1)
		s := parsePage(t, "<h3>Available types</h3>"+body, nil)
		if u := s.Union("Shape"); u == nil || len(u.Variants) != 2 {
			t.Errorf("%q: no union of two variants", intro)
		}
	}
}

func TestPageMethodParamsAndResults(t *testing.T) {
	s := parsePage(t, "<h3>Available types</h3>"+palObject+shapes+methods, nil)
	m := s.Method("pokePal")
	if m == nil {
		t.Fatal("no method pokePal")
	}
	if m.Returns.String() != "Pal" || m.Group != "Available methods" {
		t.Errorf("pokePal returns %s, group %q", m.Returns, m.Group)
	}
	chat := m.Param("chat_id")
	if u := s.Union(chat.Type.Name); u == nil || len(u.Variants) != 2 || !chat.Required {
		t.Errorf("chat_id: %s required=%v", chat.Type, chat.Required)
	}
	if p := m.Param("picture"); p.Required || s.Union(p.Type.Name) == nil || !m.Multipart {
		t.Errorf("picture: %s, multipart=%v", p.Type, m.Multipart)
	}
	text := m.Param("text").Constraints
	if text == nil || text.Length == nil || *text.Length.Max != 4096 || !text.Length.AfterEntityParsing {
		t.Errorf("text: %+v", text)
	}
	shp := m.Param("shapes")
	if shp.Type.String() != "Array of Shape" || !shp.JSONSerialized || shp.Constraints == nil || shp.Constraints.Items == nil || *shp.Constraints.Items.Max != 10 {
		t.Errorf("shapes: %s json=%v %+v", shp.Type, shp.JSONSerialized, shp.Constraints)
	}
	lim := m.Param("limit").Constraints
	if lim == nil || lim.Range == nil || *lim.Range.Max != 100 || lim.Default != 100 {
		t.Errorf("limit: %+v", lim)
	}
	for name, want := range map[string]string{"getPals": "Array of Pal", "countPals": "Integer"} {
		if got := s.Method(name).Returns.String(); got != want {
			t.Errorf("%s returns %s, want %s", name, got, want)
		}
	}
	edit := s.Union(s.Method("editPal").Returns.Name)
	if edit == nil || len(edit.Variants) != 2 || edit.Variants[1].Type.Name != "True" {
		t.Errorf("editPal returns %s, want Pal or True", s.Method("editPal").Returns)
	}
}

// TestPageReturnPhrasings: every way the page states a result.
func TestPageReturnPhrasings(t *testing.T) {
	for sentence, want := range map[string]string{
		"Returns <em>True</em> on success.":                                                                             "True",
		"On success, <em>True</em> is returned.":                                                                        "True",
		"On success, an array of Pals that were sent is returned.":                                                      "Array of Pal",
		"Returns basic information about the bot in form of a <a>Pal</a> object.":                                       "Pal",
		"Returns the new invite link as <em>String</em> on success.":                                                    "String",
		"Returns the list of pals. Returns Array of <a>Pal</a> on success.":                                             "Array of Pal",
		"Returns an error if anything fails. On success, a <a>Pal</a> is returned.":                                     "Pal",
		"Will return the pals of the user. On success, returns a <a>Pal</a> object.":                                    "Pal",
		"Returns the <a>Picture</a> of the pal on success.":                                                             "Picture",
		"On success, an array of <a>Picture</a> of the sent pictures is returned.":                                      "Array of Picture",
		"Use this to list pals, which aren't bots. Returns Int on success.":                                             "Integer",
		"Returns the uploaded <a>Picture</a> on success. Requires no parameters.":                                       "Picture",
		"On success, if the pal is not an inline pal, the <a>Pal</a> is returned, otherwise <em>True</em> is returned.": "Pal or True",
	} {
		body := "<h3>Available types</h3>" + palObject + "<h3>Available methods</h3><h4>doIt</h4><p>Use this method. " + sentence + "</p>"
		s := parsePage(t, body, nil)
		got := s.Method("doIt").Returns
		str := got.String()
		if u := s.Union(got.Name); u != nil {
			var alts []string
			for _, v := range u.Variants {
				alts = append(alts, v.Type.String())
			}
			str = strings.Join(alts, " or ")
		}
		if str != want {
			t.Errorf("%q: returns %s, want %s", sentence, str, want)
		}
	}
}

func TestPageRecentChangesGiveSince(t *testing.T) {
	rep := &parser.Report{}
	s := parsePage(t, "<h3>Available types</h3>"+palObject+shapes+methods, rep)
	if s.Version != "2.1" || len(s.Versions) != 2 || s.Versions[0].Version != "2.0" {
		t.Fatalf("version %q, versions %+v", s.Version, s.Versions)
	}
	if got := s.Object("Pal").Field("nickname").Since; got != "2.1" {
		t.Errorf("Pal.nickname since %q, want 2.1", got)
	}
	if v := s.Enum("PalKind").Values[2]; v.Value != "neighbour" || v.Since != "2.1" {
		t.Errorf("PalKind value %s since %q, want neighbour since 2.1", v.Value, v.Since)
	}
	if got := s.Method("pokePal").Since; got != "2.1" {
		t.Errorf("pokePal since %q, want 2.1", got)
	}
	if got := s.Object("Square").Since; got != "2.0" {
		t.Errorf("Square since %q, want 2.0", got)
	}
	if got := s.Union("Shape").Since; got != "2.0" {
		t.Errorf("Shape since %q, want 2.0", got)
	}
	if s.Object("Pal").Since != "" {
		t.Error("Pal is only the owner of an added field; it has no since")
	}
	found := false
	for _, e := range rep.Entries {
		if e.Kind == "change" && strings.Contains(e.Text, "faster") {
			found = true
		}
	}
	if !found {
		t.Errorf("the change naming nothing is not in the report: %+v", rep.Entries)
	}
}

func TestPageReportCountsProse(t *testing.T) {
	rep := &parser.Report{}
	parsePage(t, "<h3>Getting updates</h3><p>There are two ways.</p><h4>Sending files</h4><p>Three ways.</p><ol><li>one</li><li>two</li></ol><h3>Available types</h3>"+palObject, rep)
	var b strings.Builder
	if err := rep.Write(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "prose") || len(rep.Entries) < 3 {
		t.Errorf("report:\n%s", b.String())
	}
}

func TestPageErrorsNameHeadingAndRow(t *testing.T) {
	for name, tc := range map[string]struct{ body, want string }{
		"bad type": {
			"<h3>Available types</h3><h4>Pal</h4><table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody><tr><td>id</td><td>integer number</td><td>Id</td></tr></tbody></table>",
			`Available types / Pal: field id: "integer number" is not a type`,
		},
		// An object without a table is no longer an error: it is kept as
		// raw JSON with a warning (TestPageObjectWithoutTableOrListDegrades).
		"unknown table shape": {
			"<h3>Available types</h3><h4>Pal</h4><table><thead><tr><th>Name</th><th>Kind</th><th>Description</th></tr></thead><tbody><tr><td>a</td><td>b</td><td>c</td></tr></tbody></table>" + palObject[len("<h4>Pal</h4>"):],
			`table with columns "Name | Kind | Description"`,
		},
		"bad required": {
			"<h3>Available methods</h3><h4>doIt</h4><p>Returns True on success.</p><table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody><tr><td>a</td><td>String</td><td>Maybe</td><td>x</td></tr></tbody></table>",
			`parameter a: Required column says "Maybe"`,
		},
		// A type named but not defined is no longer an error: it is
		// kept as raw JSON with a warning (TestUndefinedTypeDegrades).
	} {
		_, err := parser.Parse(page(tc.body), parser.Options{Name: "demo.html"})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to contain %q", name, err, tc.want)
		}
	}
}

// TestNotAReferencePageIsOneLine: an HTML page of neither layout gets one
// clear line, not an error per block.
func TestNotAReferencePageIsOneLine(t *testing.T) {
	_, err := parser.Parse([]byte("<!DOCTYPE html><html><body><p>Hello, world.</p><table><tr><th>A</th></tr><tr><td>1</td></tr></table></body></html>"), parser.Options{Name: "hello.html"})
	if err == nil {
		t.Fatal("no error")
	}
	if msg := err.Error(); strings.Count(msg, "\n") != 0 || !strings.Contains(msg, "not an API reference") {
		t.Errorf("error %q: want one line saying it is not an API reference", msg)
	}
}

// TestPageLayoutNeedsNoOption: an HTML page is recognised by its content,
// whatever the file is called and whatever Options.HTML says.
func TestPageLayoutNeedsNoOption(t *testing.T) {
	s, err := parser.Parse(page(recent+"<h3>Available types</h3>"+palObject), parser.Options{Name: "spec.txt"})
	if err != nil || s.Object("Pal") == nil {
		t.Fatalf("err %v", err)
	}
}

// TestPageUnionMembersNamedInSentence: a sentence may name some or all of
// the variants itself, with or without a list after it.
func TestPageUnionMembersNamedInSentence(t *testing.T) {
	for intro, list := range map[string]string{
		`This object describes a shape. It can be one of <a href="#square">Square</a> or <a href="#circle">Circle</a>.`:   "",
		`This object describes a shape: either a <a href="#square">Square</a> or one of the following:`:                   `<ul><li><a href="#circle">Circle</a></li></ul>`,
		`This object describes a shape. Currently, the following 2 types are supported: <a href="#square">Square</a> and`: `<ul><li><a href="#circle">Circle</a></li></ul>`,
	} {
		body := strings.Replace(shapes, `<p>This object describes a shape. Currently, it can be one of</p>
<ul><li><a href="#square">Square</a></li><li><a href="#circle">Circle</a></li></ul>`, "<p>"+intro+"</p>"+list, 1)
		s := parsePage(t, "<h3>Available types</h3>"+body, nil)
		u := s.Union("Shape")
		if u == nil || len(u.Variants) != 2 {
			t.Errorf("%q: want a union of Square and Circle, got %+v", intro, u)
			continue
		}
		if u.Variants[0].Type.Name != "Square" || u.Variants[1].Type.Name != "Circle" || u.Discriminator != "type" {
			t.Errorf("%q: variants %s, %s, discriminator %q", intro, u.Variants[0].Type, u.Variants[1].Type, u.Discriminator)
		}
	}
}

// TestPageEnumSameNameOtherValues: two entries whose same-named fields
// list different values get two enums, the second named after its owner,
// not an error.
func TestPageEnumSameNameOtherValues(t *testing.T) {
	body := "<h3>Available types</h3>" + palObject + `<h3>Available methods</h3><h4>sendPal</h4><p>Returns True on success.</p>
<table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody><tr><td>kind</td><td>String</td><td>Yes</td><td>Kind, “stranger” or “rival”</td></tr></tbody></table>`
	s := parsePage(t, body, nil)
	a, b := s.Object("Pal").Field("kind").Constraints, s.Method("sendPal").Param("kind").Constraints
	if a == nil || b == nil || a.Enum == "" || b.Enum == "" || a.Enum == b.Enum {
		t.Fatalf("want two enums, got %+v and %+v", a, b)
	}
	if b.Enum != "SendPalKind" {
		t.Errorf("second enum %q, want SendPalKind", b.Enum)
	}
}

// TestPagePassInFieldIsEnum: "To use this mode, pass X in the parse_mode
// field" in a prose entry lists the values every parse_mode String takes.
func TestPagePassInFieldIsEnum(t *testing.T) {
	body := `<h3>Available methods</h3><h4>Formatting options</h4>
<p><strong>Loud style</strong></p><p>To use this mode, pass <em>Loud</em> in the <em>parse_mode</em> field. Write in capitals.</p>
<p><strong>Quiet style</strong></p><p>To use this mode, pass <em>Quiet</em> in the <em>parse_mode</em> field.</p>
<h4>sayIt</h4><p>Returns True on success.</p>
<table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody><tr><td>parse_mode</td><td>String</td><td>Optional</td><td>Mode for parsing entities. See formatting options.</td></tr></tbody></table>`
	s := parsePage(t, body, nil)
	c := s.Method("sayIt").Param("parse_mode").Constraints
	if c == nil || c.Enum != "ParseMode" {
		t.Fatalf("parse_mode: %+v", c)
	}
	var vals []string
	for _, v := range s.Enum("ParseMode").Values {
		vals = append(vals, v.Value)
	}
	if strings.Join(vals, ",") != "Loud,Quiet" {
		t.Errorf("values %v", vals)
	}
}

// Issue 35: quote_parse_mode ("Mode for parsing entities in the quote.
// See formatting options") was a plain String while parse_mode took the
// enum. A String field whose name ends in _parse_mode takes the enum where
// its description points at the formatting section; one that does not
// stays a String.
func TestPagePrefixedParseModeTakesTheEnum(t *testing.T) {
	body := `<h3>Available methods</h3><h4>Formatting options</h4>
<p><strong>Loud style</strong></p><p>To use this mode, pass <em>Loud</em> in the <em>parse_mode</em> field.</p>
<h4>sayIt</h4><p>Returns True on success.</p>
<table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody><tr><td>parse_mode</td><td>String</td><td>Optional</td><td>Mode for parsing entities.</td></tr>
<tr><td>quote_parse_mode</td><td>String</td><td>Optional</td><td>Mode for parsing entities in the quote. See <a href="#formatting-options">formatting options</a> for more details.</td></tr>
<tr><td>legacy_parse_mode</td><td>String</td><td>Optional</td><td>Some old mode of our own.</td></tr></tbody></table>`
	s := parsePage(t, body, nil)
	m := s.Method("sayIt")
	for name, want := range map[string]string{"parse_mode": "ParseMode", "quote_parse_mode": "ParseMode", "legacy_parse_mode": ""} {
		got := ""
		if c := m.Param(name).Constraints; c != nil {
			got = c.Enum
		}
		if got != want {
			t.Errorf("%s: enum %q, want %q", name, got, want)
		}
	}
}

// TestPageEmojiImagesKeepTheirText: the page draws emoji as <img> with the
// character as alt text; the text must keep it ("one of “🎲”, “🎯”"), not
// lose it ("one of “”, “”").
func TestPageEmojiImagesKeepTheirText(t *testing.T) {
	body := `<h3>Available methods</h3><h4>rollIt</h4><p>Returns True on success.</p>
<table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody><tr><td>emoji</td><td>String</td><td>Optional</td><td>Emoji to roll, one of “<img class="emoji" src="x.png" alt="🎲" />” or “<img class="emoji" alt="🎯" />”</td></tr></tbody></table>`
	s := parsePage(t, body, nil)
	if d := s.Method("rollIt").Param("emoji").Description; !strings.Contains(d, "“🎲”") || !strings.Contains(d, "“🎯”") {
		t.Errorf("description %q lost the emoji", d)
	}
}

// TestPageFactNotFittingTypeIsReported: a phrase read as a fact that does
// not fit the field's type stays text and is reported, not an error that
// makes the whole page unreadable.
func TestPageFactNotFittingTypeIsReported(t *testing.T) {
	rep := &parser.Report{}
	body := `<h3>Available types</h3><h4>Pal</h4><p>A pal.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody><tr><td>age</td><td>Integer</td><td>Age of the pal, 1-64 characters</td></tr>
<tr><td>tags</td><td>Array of String</td><td><em>Optional</em>. Tags, up to 10 items</td></tr></tbody></table>`
	s := parsePage(t, body, rep)
	if c := s.Object("Pal").Field("age").Constraints; c != nil && c.Length != nil {
		t.Errorf("a length on an Integer: %+v", c)
	}
	if c := s.Object("Pal").Field("tags").Constraints; c == nil || c.Items == nil || *c.Items.Max != 10 {
		t.Errorf("tags: want at most 10 items, got %+v", c)
	}
	found := false
	for _, e := range rep.Entries {
		found = found || (e.Kind == "fact does not apply" && e.Where == "Pal.age")
	}
	if !found {
		t.Errorf("not reported: %+v", rep.Entries)
	}
}

// TestPageObjectRulesInPageWords: the page's words for "at most one
// optional field is present" and "exactly one optional field must be used"
// give the same rules as the seed's.
func TestPageObjectRulesInPageWords(t *testing.T) {
	body := `<h3>Available types</h3><h4>Event</h4>
<p>This object represents an event.<br>At most <strong>one</strong> of the optional parameters can be present in any given event.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>
<tr><td>event_id</td><td>Integer</td><td>Identifier</td></tr>
<tr><td>ping</td><td>String</td><td><em>Optional</em>. A ping</td></tr>
<tr><td>pong</td><td>String</td><td><em>Optional</em>. A pong</td></tr></tbody></table>
<h4>Button</h4><p>A button. Exactly one of the optional fields must be used to specify type of the button.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>
<tr><td>text</td><td>String</td><td>Label</td></tr>
<tr><td>url</td><td>String</td><td><em>Optional</em>. A link</td></tr>
<tr><td>data</td><td>String</td><td><em>Optional</em>. Data</td></tr></tbody></table>`
	s := parsePage(t, body, nil)
	for name, kind := range map[string]string{"Event": schema.RuleAtMostOne, "Button": schema.RuleExactlyOne} {
		o := s.Object(name)
		if len(o.Rules) != 1 || o.Rules[0].Kind != kind || len(o.Rules[0].Fields) != 2 {
			t.Errorf("%s rules %+v, want one %s over the two optional fields", name, o.Rules, kind)
		}
	}
}

// TestPageRequiredIfNotIsOneOf: parameters that are each "Required if" the
// others are "not specified" form a one_of rule.
func TestPageRequiredIfNotIsOneOf(t *testing.T) {
	body := `<h3>Available methods</h3><h4>editNote</h4>
<p>Use this method to edit a note. On success, <em>True</em> is returned.</p>
<table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>
<tr><td>chat_id</td><td>Integer</td><td>Optional</td><td>Required if <em>inline_message_id</em> is not specified. Chat</td></tr>
<tr><td>message_id</td><td>Integer</td><td>Optional</td><td>Required if <em>inline_message_id</em> is not specified. Message</td></tr>
<tr><td>inline_message_id</td><td>String</td><td>Optional</td><td>Required if <em>chat_id</em> and <em>message_id</em> are not specified. Inline message</td></tr>
<tr><td>text</td><td>String</td><td>Yes</td><td>New text</td></tr></tbody></table>`
	s := parsePage(t, body, nil)
	rules := s.Method("editNote").Rules
	if len(rules) != 1 || rules[0].Kind != schema.RuleOneOf {
		t.Fatalf("rules %+v", rules)
	}
	if g := rules[0].Groups; len(g) != 2 || strings.Join(g[0], ",") != "chat_id,message_id" || strings.Join(g[1], ",") != "inline_message_id" {
		t.Errorf("groups %v", g)
	}
}

// TestPageDeterministic: the same page gives the same schema bytes.
func TestPageDeterministic(t *testing.T) {
	body := "<h3>Available types</h3>" + palObject + shapes + methods
	a, err := schema.Marshal(parsePage(t, body, nil))
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		b, err := schema.Marshal(parsePage(t, body, nil))
		if err != nil {
			t.Fatal(err)
		}
		if string(a) != string(b) {
			t.Fatal("two parses of the same page differ")
		}
	}
}

// TestPageAttachPhraseMarksUploadableString: the page types a value that may
// name an upload "String" and says in prose that “attach://<name>” may be
// passed for a file sent as a multipart part. The defect was that the page
// kept such a field a plain String, so a package generated from the page
// could not upload inside an album. The phrase is read by its words (any
// field name, several phrasings); the type stays as the page writes it and
// the fact is constraints.attach.
func TestPageAttachPhraseMarksUploadableString(t *testing.T) {
	body := `<h3>Available types</h3><h4>InputSnapPhoto</h4><p>A snapshot to send.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>
<tr><td>type</td><td>String</td><td>Kind, must be <em>photo</em></td></tr>
<tr><td>picture</td><td>String</td><td>Picture to send. Give a file_id of a stored picture, an HTTP URL to fetch, or give “attach://&lt;part_name&gt;” to upload a fresh one using multipart/form-data under &lt;part_name&gt; name.</td></tr>
<tr><td>preview</td><td>String</td><td><em>Optional</em>. Small preview. Previews are never reused, so it may be passed as “attach://&lt;part_name&gt;” if the preview was uploaded using multipart/form-data under &lt;part_name&gt;.</td></tr>
<tr><td>backdrop</td><td>String</td><td><em>Optional</em>. Backdrop: a file_id, or attach://&lt;part_name&gt; to refer to a file uploaded in the same multipart/form-data request.</td></tr>
<tr><td>label</td><td>String</td><td><em>Optional</em>. Label shown under the picture; the picture itself may be uploaded using multipart/form-data</td></tr>
<tr><td>hint</td><td>String</td><td><em>Optional</em>. Text of the form “attach://&lt;part_name&gt;”, shown as is</td></tr>
</tbody></table>
<h3>Available methods</h3><h4>sendSnaps</h4><p>Use this method to send snapshots. Returns <em>True</em> on success.</p>
<table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>
<tr><td>snaps</td><td>Array of <a href="#inputsnapphoto">InputSnapPhoto</a></td><td>Yes</td><td>A JSON-serialized array of snapshots</td></tr>
</tbody></table>`
	s := parsePage(t, body, nil)
	// The method can carry an upload, as the seed's sendMediaGroup: its
	// schema says multipart (Check holds it to that).
	if m := s.Method("sendSnaps"); !m.Multipart {
		t.Error("sendSnaps: multipart false; its snapshots may name attach:// uploads")
	}
	o := s.Object("InputSnapPhoto")
	for name, want := range map[string]bool{"picture": true, "preview": true, "backdrop": true, "label": false, "hint": false} {
		f := o.Field(name)
		if f.Type.String() != schema.String {
			t.Errorf("%s: type %s, want String as the page writes it", name, f.Type)
		}
		got := f.Constraints != nil && f.Constraints.Attach
		if got != want {
			t.Errorf("%s: attach %v, want %v (%q)", name, got, want, f.Description)
		}
	}
}

// TestPageSinceOnlyForAdditions: in Recent changes, a clause that marks,
// changes or allows a field speaks of one that was there, so it gives no
// since (the field keeps its own); "Added the class X and the method Y" gives both their since.
func TestPageSinceOnlyForAdditions(t *testing.T) {
	history := `<h3>Recent changes</h3>
<h4>June 9, 2031</h4>
<p><strong>Bot API 3.1</strong></p>
<ul>
<li>Marked the field <em>nickname</em> in the class <a href="#pal">Pal</a> as optional when the pal is close.</li>
<li>Added the class <a href="#picture">Picture</a> and the method <a href="#getpals">getPals</a>, allowing bots to list pals.</li>
<li>Added the classes <a href="#circle">Circle</a> and <a href="#palpinned">PalPinned</a> and the field <em>photos</em> to the class <a href="#pal">Pal</a>.</li>
<li>Added close pals, represented by the class <a href="#circle">Circle</a> and the field <em>is_close</em> in the class <a href="#pal">Pal</a>.</li>
</ul>
<h4>April 2, 2031</h4>
<p><strong>Bot API 3.0</strong></p>
<ul><li>Added the field <em>height</em> to the class <a href="#pal">Pal</a>.</li></ul>
`
	pinned := `<h4>PalPinned</h4><p>This object represents a service message about a pinned pal. Currently holds no information.</p>`
	s, err := parser.Parse(page(history+"<h3>Available types</h3>"+palObject+shapes+pinned+methods), parser.Options{Name: "demo.html"})
	if err != nil {
		t.Fatal(err)
	}
	// nickname was added before the history begins.
	if got := s.Object("Pal").Field("nickname").Since; got != "" {
		t.Errorf("Pal.nickname since %q, want none (marking it optional adds nothing)", got)
	}
	if got := s.Object("Pal").Field("height").Since; got != "3.0" {
		t.Errorf("Pal.height since %q, want 3.0", got)
	}
	if got := s.Object("Pal").Field("is_close").Since; got != "3.1" {
		t.Errorf("Pal.is_close since %q, want 3.1 (\", represented by … and the field\" is the addition's)", got)
	}
	if got := s.Object("Pal").Field("photos").Since; got != "3.1" {
		t.Errorf("Pal.photos since %q, want 3.1 (\"and PalPinned\" names a class, not a verb)", got)
	}
	if got := s.Object("Picture").Since; got != "3.1" {
		t.Errorf("Picture since %q, want 3.1", got)
	}
	if got := s.Method("getPals").Since; got != "3.1" {
		t.Errorf("getPals since %q, want 3.1 (the method after \"and the\")", got)
	}
}

// TestPageResultInOtherWordsDegradesToRawJSON is the defect where a
// method whose prose states its result without "returns"/"is returned"
// ("The bot gets back the new Pal.") refused the whole page. The method
// is kept, its result read as raw JSON (an object kept as received), with
// one warning naming the method and the overlay line that states its
// result type; Strict refuses; that overlay line settles it.
func TestPageResultInOtherWordsDegradesToRawJSON(t *testing.T) {
	body := "<h3>Available types</h3>" + palObject + `<h3>Available methods</h3><h4>wavePal</h4>
<p>Use this method to wave at a pal. The bot gets back the <a href="#pal">Pal</a> it waved at.</p>`
	rep := &parser.Report{}
	s := parsePage(t, body, rep)
	m := s.Method("wavePal")
	if m == nil {
		t.Fatal("no method wavePal")
	}
	o := s.Object(m.Returns.Name)
	if m.Returns.IsArray() || o == nil || !o.Opaque {
		t.Fatalf("wavePal returns %s (%+v), want an object kept as raw JSON", m.Returns, o)
	}
	if len(rep.Warnings) != 1 || rep.Warnings[0].Construct != "method wavePal" || !strings.Contains(rep.Warnings[0].Settle, "{target: wavePal, returns: <its type>") {
		t.Fatalf("warnings %v, want one naming method wavePal and the overlay line that states its result", rep.Warnings)
	}
	_, err := parser.Parse(page(recent+body), parser.Options{Name: "demo.html", Strict: true})
	if err == nil || !strings.Contains(err.Error(), "method wavePal") || !strings.Contains(err.Error(), "--strict") {
		t.Errorf("under Strict: %v, want the page refused for method wavePal", err)
	}
	ov, err := schema.ParseOverlay([]byte("document: Demo Bot API\nentries:\n  - {target: wavePal, returns: Pal, reason: the sentence names the Pal waved at}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.ApplyOverlay(s, ov); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	if got := s.Method("wavePal").Returns.String(); got != "Pal" || len(s.Warnings) != 0 || s.Object(o.Name) != nil {
		t.Errorf("with the overlay: returns %s, warnings %v, raw result object kept %v; want Pal, none, gone", got, s.Warnings, s.Object(o.Name) != nil)
	}
	// A method whose result the page states takes no such fact.
	ov, _ = schema.ParseOverlay([]byte("document: Demo Bot API\nentries:\n  - {target: wavePal, returns: Picture, reason: no}\n"))
	if err := schema.ApplyOverlay(s, ov); err == nil || !strings.Contains(err.Error(), "states") {
		t.Errorf("an overlay changing a stated result: %v, want it refused", err)
	}
}
