package schemadiff_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/internal/publishedpages"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/schemadiff"
)

// publishedDir holds the published pages, beside the checkout.
const publishedDir = "../../shared/spec/published"

// TestSharedPagesBreakGoCodeOnlyWherePagesChanged regenerates the Go
// model at each shared page in release order and compares each step
// (issue 42): every Go identifier the step removes or changes is
// classified as "the page changed" (the wire comparison reports a change
// of its element) or "representation" (apigen's way of writing it in Go
// changed while the page did not). User code must survive a regeneration
// but for what the page itself changed: the representation count is 0.
// The figure per step is logged (docs/diff.md, "Go code that breaks").
func TestSharedPagesBreakGoCodeOnlyWherePagesChanged(t *testing.T) {
	pages := []string{"bot-api-6.3.html.gz", "bot-api-7.10.html.gz", "bot-api-9.0.html.gz"}
	var models []*gomodel.Model
	var schemas []*schema.Schema
	for _, p := range pages {
		s, err := loader.FromSpec(publishedpages.Read(t, publishedDir, p), strings.TrimSuffix(p, ".gz"), nil)
		if err != nil {
			t.Fatal(err)
		}
		m, err := pipeline.Model(s, "botapi")
		if err != nil {
			t.Fatal(err)
		}
		schemas, models = append(schemas, s), append(models, m)
	}
	for i := 1; i < len(pages); i++ {
		wire := schemadiff.Compare(schemas[i-1], schemas[i], pages[i-1], pages[i])
		changes := schemadiff.CompareGo(models[i-1], models[i], wire)
		page, repr := schemadiff.GoCounts(changes)
		t.Logf("%s -> %s: %d incompatible Go changes: %d the page changed, %d representation", schemas[i-1].Version, schemas[i].Version, len(changes), page, repr)
		var lines []string
		for _, c := range changes {
			if c.Cause == schemadiff.Representation {
				lines = append(lines, fmt.Sprintf("%s %s: %q -> %q (%s)", c.Op.Sign(), c.Name, c.Old, c.New, c.Origin))
			}
		}
		for _, c := range changes {
			if testing.Verbose() && c.Cause == schemadiff.PageChanged {
				t.Logf("  page: %s %s: %q -> %q (%s)", c.Op.Sign(), c.Name, c.Old, c.New, c.Origin)
			}
		}
		if repr > 0 {
			t.Errorf("%s -> %s: %d Go changes the page did not make:\n%s", schemas[i-1].Version, schemas[i].Version, repr, strings.Join(lines, "\n"))
		}
	}
}
