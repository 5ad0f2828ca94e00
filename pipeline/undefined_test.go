package pipeline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// undefinedTypePage is a page of our own in the published page's layout
// whose Pal names a type, PalAccent, that no entry defines, as a field and
// as a method's parameter.
const undefinedTypePage = `<!DOCTYPE html>
<html><head><title>Demo Bot API</title></head><body>
<div id="dev_page_content">
<h3>Recent changes</h3>
<h4>May 2, 2030</h4>
<p><strong>Bot API 2.1</strong></p>
<ul><li>Added the field <em>accent</em> to the class <a href="#pal">Pal</a>.</li></ul>
<h3>Available types</h3>
<h4>Pal</h4>
<p>This object represents a pal.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>id</td><td>Integer</td><td>Identifier of the pal</td></tr>
<tr><td>accent</td><td><a href="#palaccent">PalAccent</a></td><td><em>Optional</em>. The colours the pal's profile is shown in</td></tr>
</tbody></table>
<h3>Available methods</h3>
<h4>getPal</h4>
<p>Use this method to get a pal. Returns a <a href="#pal">Pal</a> object.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>pal_id</td><td>Integer</td><td>Yes</td><td>Identifier of the pal</td></tr>
<tr><td>accents</td><td>Array of <a href="#palaccent">PalAccent</a></td><td>Optional</td><td>The accents to offer</td></tr>
</tbody></table>
</div>
</body></html>`

// undefinedTypeRoundTripTest runs inside the package generated from that
// page: the field of the undefined type keeps its bytes through a decode
// and an encode, and travels from the client to the server and back.
const undefinedTypeRoundTripTest = `package botapi_test

import (
	"context"
	"net/http/httptest"
	"testing"

	"demo/botapi"
	"demo/botapi/botapiserver"
)

type accentService struct {
	botapiserver.Unimplemented
	seen []string
}

func (s *accentService) GetPal(_ context.Context, p *botapi.GetPalParams) (*botapi.Pal, error) {
	for _, a := range p.Accents {
		s.seen = append(s.seen, string(a.Raw))
	}
	return &botapi.Pal{ID: p.PalID, Accent: &p.Accents[0]}, nil
}

func TestUndefinedTypeRoundTrip(t *testing.T) {
	const in = ` + "`" + `{"id":1,"accent":{"top": "#ffaa00","stops":[0.5, 1e3],"name":"dusk \u00e9"}}` + "`" + `
	var pal botapi.Pal
	if err := pal.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	if got := string(pal.Accent.Raw); got != ` + "`" + `{"top": "#ffaa00","stops":[0.5, 1e3],"name":"dusk \u00e9"}` + "`" + ` {
		t.Errorf("accent kept as %s", got)
	}
	out, err := pal.MarshalJSON()
	if err != nil || string(out) != in {
		t.Errorf("round trip: %v\n got %s\nwant %s", err, out, in)
	}

	svc := &accentService{}
	ts := httptest.NewServer(botapiserver.NewServer(svc))
	defer ts.Close()
	c := botapi.NewClient("123:abc", botapi.WithBaseURL(ts.URL))
	accents := []botapi.PalAccent{{Raw: []byte(` + "`" + `[1,"two",{"3":null}]` + "`" + `)}, {Raw: []byte(` + "`" + `"plain"` + "`" + `)}}
	got, err := c.GetPal(context.Background(), &botapi.GetPalParams{PalID: 7, Accents: accents})
	if err != nil {
		t.Fatal(err)
	}
	if len(svc.seen) != 2 || svc.seen[0] != ` + "`" + `[1,"two",{"3":null}]` + "`" + ` || svc.seen[1] != ` + "`" + `"plain"` + "`" + ` {
		t.Errorf("the server read the accents as %q", svc.seen)
	}
	if got.ID != 7 || string(got.Accent.Raw) != ` + "`" + `[1,"two",{"3":null}]` + "`" + ` {
		t.Errorf("the client read the answer as %+v", got)
	}
}
`

// TestUndefinedTypeDegradesRoundTrip: a page that names a type it never
// defines generates a package that builds and vets, and the field of that
// type keeps the JSON it was given byte for byte, from a decode to an
// encode and from the client to the server and back (the parser's side:
// parser's TestUndefinedTypeDegrades).
func TestUndefinedTypeDegradesRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated package: skipped in -short")
	}
	root := generatePage(t, []byte(undefinedTypePage), "demo.html", "demo")
	if err := os.WriteFile(filepath.Join(root, "botapi", "undefined_test.go"), []byte(undefinedTypeRoundTripTest), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"vet", "./botapi"}, {"test", "-count=1", "-run", "TestUndefinedTypeRoundTrip", "-v", "./botapi"}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		if args[0] == "test" && !strings.Contains(string(out), "--- PASS: TestUndefinedTypeRoundTrip") {
			t.Errorf("the round trip did not run:\n%s", out)
		}
	}
}
