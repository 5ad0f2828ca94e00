package nextrelease

import (
	"slices"
	"testing"

	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/schema"
)

// The releases of a type the page names but does not define, kept apart
// from the shape mutations of nextrelease.go.
func init() { Releases = append(Releases, undefinedTypeReleases...) }

var undefinedTypeReleases = []Release{
	{
		Name: "a type used before and never defined",
		Apply: func(t testing.TB, page string) string {
			page = recentChange(t, page, "Added the field <em>profile_accent</em> to the class "+link("User")+".")
			return inEntry(t, page, "user", "</tbody>", "<tr>\n<td>profile_accent</td>\n<td>"+link("ProfileAccent")+"</td>\n<td><em>Optional</em>. The colours the user's profile is shown in</td>\n</tr>\n</tbody>")
		},
		Degrades: "type",
		Check: func(t testing.TB, s *schema.Schema, w []parser.Warning, _ *parser.Report) {
			if o := s.Object("ProfileAccent"); o == nil || !o.Opaque || len(o.Fields) != 0 {
				t.Fatalf("ProfileAccent read as %+v, want a type kept as raw JSON", o)
			}
			if f := fieldOf(t, s, "User", "profile_accent"); f.Type.String() != "ProfileAccent" || f.Required {
				t.Errorf("User.profile_accent read as %s (required %v), want an optional ProfileAccent", f.Type, f.Required)
			}
			if !slices.ContainsFunc(w, func(x parser.Warning) bool { return x.Construct == "type ProfileAccent" && x.Line > 0 }) {
				t.Errorf("warnings %v, want one naming type ProfileAccent and its line", w)
			}
		},
	},
}
