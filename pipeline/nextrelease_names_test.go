package pipeline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/internal/nextrelease"
	"github.com/apigen/apigen/internal/publishedpages"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/pipeline"
)

// The next-release suite's attacks on names: the shared page with a new
// section of our own whose names meet every naming hazard (values
// differing only in case, digits, punctuation, emoji, keywords, fields
// differing only in case or colliding after camel-casing, types named like
// the package's own or the exports' own). Each must generate with the names naming's rule
// gives and one warning per disambiguated name; the page with all of them
// builds and vets. Kept apart from TestNextRelease's shape mutations.
//
//	go test ./pipeline/ -run TestNextReleaseNames -count=1 -v

// nameRelease is one naming hazard added to the page.
type nameRelease struct {
	name string
	html string   // the entries of the new section
	want []string // Go names the package declares
	// renamed are the constructs warned of.
	renamed []string
}

var nameReleases = []nameRelease{
	{
		name: "enum values differing only in case, digits, punctuation and keywords",
		html: entry("ListMarker", "An item marker of an ordered list.",
			[3]string{"marker", "String", "Marker of the item, must be one of “a” for lowercase letters, “A” for uppercase letters, “i” for lowercase Roman numerals, “I” for uppercase Roman numerals, or “1” for decimal numbers"},
			[3]string{"vote", "String", "<em>Optional</em>. The vote, one of “+1”, “-1”, “type”, “default”"}),
		want:    []string{"ListMarker", "ListMarkerMarkerALower", "ListMarkerMarkerAUpper", "ListMarkerMarkerILower", "ListMarkerMarkerIUpper", "ListMarkerMarker1", "ListMarkerVote1Plus", "ListMarkerVote1Minus", "ListMarkerVoteType", "ListMarkerVoteDefault"},
		renamed: []string{"enum value ListMarkerMarker.a", "enum value ListMarkerMarker.A", "enum value ListMarkerMarker.i", "enum value ListMarkerMarker.I", "enum value ListMarkerVote.+1", "enum value ListMarkerVote.-1"},
	},
	{
		name: "fields differing only in case or after camel-casing",
		html: entry("Tally", "A tally of votes.",
			[3]string{"id", "Integer", "Identifier of the tally"},
			[3]string{"ID", "String", "Another identifier of the tally"},
			[3]string{"vote_count", "Integer", "Number of votes"},
			[3]string{"voteCount", "Integer", "<em>Optional</em>. Number of votes, again"}),
		want:    []string{"Tally"},
		renamed: []string{"field Tally.id", "field Tally.ID", "field Tally.vote_count", "field Tally.voteCount"},
	},
	{
		name:    "types named like the package's own",
		html:    entry("Client", "A client of the bot.", [3]string{"name", "String", "Name of the client"}) + entry("Router", "A router of the bot.", [3]string{"name", "String", "Name of the router"}) + entry("Opt", "An option.", [3]string{"name", "String", "Name of the option"}),
		want:    []string{"ClientType", "RouterType", "OptType"},
		renamed: []string{"object Client", "object Router", "object Opt"},
	},
	{
		name:    "types named like the exports' own",
		html:    entry("ErrorResponse", "An error shown to the user.", [3]string{"text", "String", "Text of the error"}),
		want:    []string{"ErrorResponse"},
		renamed: []string{"object ErrorResponse"},
	},
}

// entry is an object entry of the new section, with a field table.
func entry(name, text string, rows ...[3]string) string {
	var b strings.Builder
	b.WriteString(`<h4><a class="anchor" name="` + strings.ToLower(name) + `" href="#` + strings.ToLower(name) + `"><i class="anchor-icon"></i></a>` + name + "</h4>\n<p>" + text + "</p>\n")
	b.WriteString("<table class=\"table\">\n<thead>\n<tr>\n<th>Field</th>\n<th>Type</th>\n<th>Description</th>\n</tr>\n</thead>\n<tbody>\n")
	for _, r := range rows {
		b.WriteString("<tr>\n<td>" + r[0] + "</td>\n<td>" + r[1] + "</td>\n<td>" + r[2] + "</td>\n</tr>\n")
	}
	return b.String() + "</tbody>\n</table>\n"
}

// withNames adds the entries as a new section before Inline mode.
func withNames(t *testing.T, page, html string) string {
	t.Helper()
	const anchor = `<h3><a class="anchor" name="inline-mode"`
	i := strings.Index(page, anchor)
	if i < 0 {
		t.Fatal("the page has no section inline-mode")
	}
	return page[:i] + `<h3><a class="anchor" name="names" href="#names"><i class="anchor-icon"></i></a>Names</h3>` + "\n<p>Objects whose names meet every hazard.</p>\n" + html + page[i:]
}

// modelNames are the names the model gives: types, enum constants and
// struct fields ("Tally.IDLower").
func modelNames(m *gomodel.Model) map[string]bool {
	out := map[string]bool{}
	for _, st := range m.Objects {
		out[st.GoName] = true
		for _, f := range st.Fields {
			out[st.GoName+"."+f.GoName] = true
		}
	}
	for _, e := range m.Enums {
		out[e.GoName] = true
		for _, c := range e.Consts {
			out[c] = true
		}
	}
	return out
}

func TestNextReleaseNames(t *testing.T) {
	original := string(publishedpages.Read(t, publishedDir, nextrelease.Page))
	source := strings.TrimSuffix(nextrelease.Page, ".gz")
	var all strings.Builder
	for _, r := range nameReleases {
		all.WriteString(r.html)
		t.Run(r.name, func(t *testing.T) {
			s, err := loader.FromSpec([]byte(withNames(t, original, r.html)), source, nil)
			if err != nil {
				t.Fatal(err)
			}
			m, err := pipeline.Model(s, "botapi")
			if err != nil {
				t.Fatal(err)
			}
			got := modelNames(m)
			for _, n := range r.want {
				if !got[n] {
					t.Errorf("%s is not a name of the package", n)
				}
			}
			var warned []string
			for _, w := range m.Warnings {
				warned = append(warned, w.Construct)
				if w.Line == 0 || !strings.Contains(w.Text, "its Go name is") && !strings.Contains(w.Text, "its docs page and OpenAPI component are named") {
					t.Errorf("warning %s: want its line and the name given", w.Message(source))
				}
			}
			want := slices.Clone(r.renamed)
			slices.Sort(warned)
			slices.Sort(want)
			if !slices.Equal(warned, want) {
				t.Errorf("warnings for %q, want for %q", warned, want)
			}
		})
	}
	t.Run("all applied generates, builds and vets", func(t *testing.T) {
		if testing.Short() {
			t.Skip("builds the package of a whole page: skipped in -short")
		}
		buildPage(t, []byte(withNames(t, original, all.String())), source)
	})
}
