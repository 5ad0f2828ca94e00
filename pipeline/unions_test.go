package pipeline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
)

// styledPage is a small document written for this test in the layout of the
// platform's published page (not taken from it): a union whose sentence
// names a String and an Array of the union itself next to a list of tagged
// objects, an object holding it and a method sending it.
const styledPage = `<!DOCTYPE html>
<html><head><title>Styled Bot API</title></head><body>
<div id="dev_page_content">
<h3>Recent changes</h3>
<h4>June 1, 2031</h4>
<p><strong>Bot API 3.0</strong></p>
<ul><li>Added the class <a href="#styled">Styled</a>.</li></ul>
<h3>Available types</h3>
<h4>Styled</h4>
<p>This object is a piece of styled text. It can be either a String for unstyled text, an Array of <a href="#styled">Styled</a>, or any of the following types:</p>
<ul><li><a href="#styledloud">StyledLoud</a></li><li><a href="#styledlink">StyledLink</a></li></ul>
<h4>StyledLoud</h4>
<p>Loud text.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Style, always “loud”</td></tr>
<tr><td>text</td><td><a href="#styled">Styled</a></td><td>The loud text</td></tr>
</tbody></table>
<h4>StyledLink</h4>
<p>Linked text.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Style, always “link”</td></tr>
<tr><td>text</td><td><a href="#styled">Styled</a></td><td>The linked text</td></tr>
<tr><td>url</td><td>String</td><td>Where the link goes, 1-64 characters</td></tr>
</tbody></table>
<h4>Caption</h4>
<p>This object is a caption. It can be either a String, an Array of String, or one of the following:</p>
<ul><li><a href="#styledlink">StyledLink</a></li></ul>
<h4>Note</h4>
<p>A note.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>note_id</td><td>Integer</td><td>Identifier of the note</td></tr>
<tr><td>body</td><td><a href="#styled">Styled</a></td><td>The note's text</td></tr>
<tr><td>caption</td><td><a href="#caption">Caption</a></td><td><em>Optional</em>. The note's caption</td></tr>
</tbody></table>
<h3>Available methods</h3>
<h4>postNote</h4>
<p>Use this method to post a note. On success, the posted <a href="#note">Note</a> is returned.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>body</td><td><a href="#styled">Styled</a></td><td>Yes</td><td>The note's text</td></tr>
</tbody></table>
</div></body></html>`

// styledRoundTripTest runs inside the package generated from styledPage.
const styledRoundTripTest = `package botapi_test

import (
	"strings"
	"testing"

	"styled/botapi"
)

func TestStyledStringArrayAndObjectRoundTrip(t *testing.T) {
	for _, in := range []string{
		` + "`" + `{"note_id":1,"body":"plain words"}` + "`" + `,
		` + "`" + `{"note_id":2,"body":["plain ",{"type":"loud","text":"LOUD"},["nested"]]}` + "`" + `,
		` + "`" + `{"note_id":3,"body":{"type":"link","text":{"type":"loud","text":"go"},"url":"https://example.org"}}` + "`" + `,
		` + "`" + `{"note_id":4,"body":{"type":"newer","text":"kept"}}` + "`" + `,
		` + "`" + `{"note_id":5,"body":"b","caption":"one line"}` + "`" + `,
		` + "`" + `{"note_id":6,"body":"b","caption":["two","lines"]}` + "`" + `,
		` + "`" + `{"note_id":7,"body":"b","caption":{"type":"link","text":"t","url":"u"}}` + "`" + `,
	} {
		var n botapi.Note
		if err := n.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := n.MarshalJSON()
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if string(out) != in {
			t.Errorf("round trip:\n got %s\nwant %s", out, in)
		}
	}
	var n botapi.Note
	if err := n.UnmarshalJSON([]byte(` + "`" + `{"note_id":1,"body":["a",{"type":"loud","text":"b"}]}` + "`" + `)); err != nil {
		t.Fatal(err)
	}
	arr, ok := n.Body.(botapi.StyledArray)
	if !ok || len(arr) != 2 {
		t.Fatalf("body is %T %v, want a StyledArray of two", n.Body, n.Body)
	}
	if s, ok := arr[0].(botapi.StyledString); !ok || s != "a" {
		t.Errorf("first item %T %v, want StyledString a", arr[0], arr[0])
	}
	if l, ok := arr[1].(*botapi.StyledLoud); !ok || l.Text != botapi.StyledString("b") {
		t.Errorf("second item %T %v, want *StyledLoud", arr[1], arr[1])
	}
	built := botapi.Note{NoteID: 5, Body: botapi.StyledArray{botapi.StyledString("x"), &botapi.StyledLoud{Text: botapi.StyledString("y")}}}
	out, err := built.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := ` + "`" + `{"note_id":5,"body":["x",{"type":"loud","text":"y"}]}` + "`" + `; string(out) != want {
		t.Errorf("built note:\n got %s\nwant %s", out, want)
	}
	if lines, ok := botapi.CaptionFromArray([]string{"a", "b"}).AsArray(); !ok || len(lines) != 2 {
		t.Errorf("CaptionFromArray: AsArray gives %v %v", lines, ok)
	}
	if err := (&botapi.PostNoteParams{Body: botapi.StyledString("hi")}).Validate(); err != nil {
		t.Errorf("a plain string body must validate: %v", err)
	}
	bad := &botapi.PostNoteParams{Body: botapi.StyledArray{botapi.StyledString("ok"), &botapi.StyledLink{Text: botapi.StyledString("x")}}}
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "body[1].url") {
		t.Errorf("a link without its url inside an array body: %v, want a problem at body[1].url", err)
	}
}
`

// TestUnionOfStringArrayAndObjectsRoundTrips is the defect where a union
// whose members include a String and an Array kept only its objects, so
// decoding a plain string failed ("expected RichText object, found
// string"): the package generated from a page fragment decodes and
// re-encodes a string, an array, an object and an unknown object; and a
// union of a String, an Array of String and one object (a struct with
// constructors and accessors) does the same.
func TestUnionOfStringArrayAndObjectsRoundTrips(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a generated package")
	}
	s, err := loader.FromSpec([]byte(styledPage), "styled.html", nil)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "styled.html", ImportPath: "styled/botapi"})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if _, err := output.Write(filepath.Join(root, "botapi"), outs.Go); err != nil {
		t.Fatal(err)
	}
	if _, err := output.Write(filepath.Join(root, "botapi", "botapiserver"), outs.Server); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module styled\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "botapi", "styled_test.go"), []byte(styledRoundTripTest), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"vet", "./botapi"}, {"test", "-count=1", "-run", "TestStyled", "./botapi"}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %v: %v\n%s", args, err, out)
		}
	}
}
