package pipeline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// requiredIfPage is a page of our own in the published page's layout:
// editPalText's text is "required if rich_text isn't specified" (after a
// semicolon, the wording of the page's newest edit methods) and rich_text
// says nothing back; editPalCaption's caption and rich_caption each say it
// of the other, in two wordings.
const requiredIfPage = `<!DOCTYPE html>
<html><head><title>Demo Bot API</title></head><body>
<div id="dev_page_content">
<h3>Recent changes</h3>
<h4>May 2, 2030</h4>
<p><strong>Bot API 2.1</strong></p>
<ul><li>Added rich text.</li></ul>
<h3>Available methods</h3>
<h4>editPalText</h4>
<p>Use this method to edit the text of a pal. Returns <em>True</em> on success.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>pal_id</td><td>Integer</td><td>Yes</td><td>Identifier of the pal</td></tr>
<tr><td>text</td><td>String</td><td>Optional</td><td>New text of the pal, 1-4096 characters after entities parsing; required if <em>rich_text</em> isn't specified</td></tr>
<tr><td>rich_text</td><td>String</td><td>Optional</td><td>New rich text of the pal</td></tr>
</tbody></table>
<h4>editPalCaption</h4>
<p>Use this method to edit the caption of a pal. Returns <em>True</em> on success.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>pal_id</td><td>Integer</td><td>Yes</td><td>Identifier of the pal</td></tr>
<tr><td>caption</td><td>String</td><td>Optional</td><td>New caption. Required unless <em>rich_caption</em> is specified.</td></tr>
<tr><td>rich_caption</td><td>String</td><td>Optional</td><td>New rich caption; required if <em>caption</em> isn't specified</td></tr>
</tbody></table>
</div>
</body></html>`

// requiredIfValidateTest runs inside the package generated from that page.
// editPalText's text, required unless rich_text is given, is a plain string
// (its zero value, "", is no text the service takes: gomodel keeps the
// type of a required field), so a request with neither is one whose text
// is "".
const requiredIfValidateTest = `package botapi_test

import (
	"testing"

	"demo/botapi"
)

func TestRequiredIfValidates(t *testing.T) {
	for name, c := range map[string]struct {
		p  *botapi.EditPalTextParams
		ok bool
	}{
		"neither":   {&botapi.EditPalTextParams{PalID: 1}, false},
		"text":      {&botapi.EditPalTextParams{PalID: 1, Text: "hi"}, true},
		"rich_text": {&botapi.EditPalTextParams{PalID: 1, RichText: botapi.Some("<b>hi</b>")}, true},
		"both":      {&botapi.EditPalTextParams{PalID: 1, Text: "hi", RichText: botapi.Some("<b>hi</b>")}, true},
	} {
		if err := c.p.Validate(); (err == nil) != c.ok {
			t.Errorf("editPalText with %s: %v, want valid %v", name, err, c.ok)
		}
	}
	for name, c := range map[string]struct {
		p  *botapi.EditPalCaptionParams
		ok bool
	}{
		"neither":      {&botapi.EditPalCaptionParams{PalID: 1}, false},
		"caption":      {&botapi.EditPalCaptionParams{PalID: 1, Caption: botapi.Some("hi")}, true},
		"rich_caption": {&botapi.EditPalCaptionParams{PalID: 1, RichCaption: botapi.Some("<b>hi</b>")}, true},
	} {
		if err := c.p.Validate(); (err == nil) != c.ok {
			t.Errorf("editPalCaption with %s: %v, want valid %v", name, err, c.ok)
		}
	}
}
`

// TestValidateRefusesNeitherTextNorItsAlternative is the defect where a
// parameter "required if rich_text isn't specified" was read as plainly
// optional, so the generated Validate accepted a request with neither the
// text nor its alternative (a wrong package). Validate refuses neither and
// accepts either, for a one-sided statement and for two that name each
// other (parser's TestRequiredIf* read each wording).
func TestValidateRefusesNeitherTextNorItsAlternative(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated package: skipped in -short")
	}
	root := generatePage(t, []byte(requiredIfPage), "demo.html", "demo")
	if err := os.WriteFile(filepath.Join(root, "botapi", "requiredif_test.go"), []byte(requiredIfValidateTest), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestRequiredIfValidates", "-v", "./botapi")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestRequiredIfValidates") {
		t.Fatalf("go test: %v\n%s", err, out)
	}
}
