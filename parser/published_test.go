package parser_test

import (
	"encoding/json"
	"fmt"
	"github.com/apigen/apigen/internal/publishedpages"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/schema"
)

// The platform's published pages and a community scraper's reading of each
// (the oracle) live beside the checkout in ../shared/spec/published; they
// are not committed. This test reads each page, checks the schema, and
// compares it with the oracle category by category, the way
// ../shared/tools/score_published.py does: at least 99.5% overall and 99%
// in every category.

const publishedDir = "../../shared/spec/published"

func readGzip(t *testing.T, path string) []byte {
	t.Helper()
	return publishedpages.Read(t, filepath.Dir(path), filepath.Base(path))
}

type oracleField struct {
	Name     string   `json:"name"`
	Types    []string `json:"types"`
	Required bool     `json:"required"`
}

type oracle struct {
	Types map[string]struct {
		Fields   []oracleField `json:"fields"`
		Subtypes []string      `json:"subtypes"`
	} `json:"types"`
	Methods map[string]struct {
		Fields  []oracleField `json:"fields"`
		Returns []string      `json:"returns"`
	} `json:"methods"`
}

// canon normalises a type the way the scorer does: alternatives as a sorted
// set, Integer64 and Int as Integer, True as Boolean (the oracle writes the
// page's True as Boolean), "Float number" as Float, and a schema union the
// oracle does not name (ChatRef-like representation unions) expanded.
type canon struct{ aliases map[string][]string }

func (c canon) alts(t string, seen []string) []string {
	var out []string
	for _, part := range strings.Split(t, " or ") {
		part = strings.TrimSpace(part)
		if rest, ok := strings.CutPrefix(part, "Array of "); ok {
			for _, a := range c.alts(rest, seen) {
				out = append(out, "Array of "+a)
			}
			continue
		}
		switch strings.ToLower(part) {
		case "integer", "int", "integer64":
			out = append(out, "Integer")
			continue
		case "true", "boolean", "false":
			out = append(out, "Boolean")
			continue
		case "float", "float number":
			out = append(out, "Float")
			continue
		case "string":
			out = append(out, "String")
			continue
		case "inputfile":
			out = append(out, "InputFile")
			continue
		case "messages":
			out = append(out, "Message")
			continue
		}
		if vs, ok := c.aliases[part]; ok && !slices.Contains(seen, part) {
			for _, v := range vs {
				out = append(out, c.alts(v, append(seen, part))...)
			}
			continue
		}
		out = append(out, part)
	}
	return out
}

func (c canon) of(types ...string) string {
	var all []string
	for _, t := range types {
		all = append(all, c.alts(t, nil)...)
	}
	slices.Sort(all)
	return strings.Join(slices.Compact(all), " or ")
}

var categories = []string{"objects", "fields", "field_types", "field_required", "union_members",
	"methods", "params", "param_types", "param_required", "returns"}

// score compares s with the oracle; it returns agreeing and total counts
// per category and the differences.
func score(s *schema.Schema, o *oracle) (ok, tot map[string]int, diffs []string) {
	ok, tot = map[string]int{}, map[string]int{}
	c := canon{aliases: map[string][]string{}}
	for _, u := range s.Unions {
		if _, named := o.Types[u.Name]; !named {
			for _, v := range u.Variants {
				c.aliases[u.Name] = append(c.aliases[u.Name], v.Type.String())
			}
		}
	}
	diff := func(cat, format string, args ...any) {
		diffs = append(diffs, "["+cat+"] "+fmt.Sprintf(format, args...))
	}
	fields := func(cat string, owner string, have []*schema.Field, want []oracleField) {
		for _, w := range want {
			tot[cat+"s"]++
			tot[cat+"_types"]++
			tot[cat+"_required"]++
			i := slices.IndexFunc(have, func(f *schema.Field) bool { return f.Name == w.Name })
			if i < 0 {
				diff(cat+"s", "missing %s.%s", owner, w.Name)
				continue
			}
			f := have[i]
			ok[cat+"s"]++
			if got, want := c.of(f.Type.String()), c.of(w.Types...); got == want {
				ok[cat+"_types"]++
			} else {
				diff(cat+"_types", "%s.%s: %s != %s", owner, w.Name, got, want)
			}
			if f.Required == w.Required {
				ok[cat+"_required"]++
			} else {
				diff(cat+"_required", "%s.%s: required %v != %v", owner, w.Name, f.Required, w.Required)
			}
		}
	}
	for _, name := range sortedNames(o.Types) {
		t := o.Types[name]
		if name == "InputFile" { // the type grammar's primitive
			continue
		}
		tot["objects"]++
		obj, u := s.Object(name), s.Union(name)
		if obj == nil && u == nil {
			diff("objects", "missing %s", name)
			continue
		}
		ok["objects"]++
		if obj != nil {
			fields("field", name, obj.Fields, t.Fields)
		} else {
			fields("field", name, nil, t.Fields)
		}
		if len(t.Subtypes) > 0 && len(t.Fields) == 0 {
			tot["union_members"]++
			var got []string
			if u != nil {
				for _, v := range u.Variants {
					got = append(got, v.Type.String())
				}
			}
			if c.of(got...) == c.of(t.Subtypes...) {
				ok["union_members"]++
			} else {
				diff("union_members", "%s: %v != %v", name, got, t.Subtypes)
			}
		}
	}
	for _, name := range sortedNames(o.Methods) {
		m := o.Methods[name]
		tot["methods"]++
		tot["returns"]++
		sm := s.Method(name)
		if sm == nil {
			diff("methods", "missing %s", name)
			fields("param", name, nil, m.Fields)
			continue
		}
		ok["methods"]++
		fields("param", name, sm.Params, m.Fields)
		if got, want := c.of(sm.Returns.String()), c.of(m.Returns...); got == want {
			ok["returns"]++
		} else {
			diff("returns", "%s: %s != %s", name, got, want)
		}
	}
	return ok, tot, diffs
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// pct rounds down to 0.1, as the scorer does.
func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return math.Floor(1000*float64(a)/float64(b)) / 10
}

func TestPublishedPagesScore(t *testing.T) {
	for _, v := range []string{"6.3", "7.10", "9.0"} {
		t.Run(v, func(t *testing.T) {
			page := readGzip(t, filepath.Join(publishedDir, "bot-api-"+v+".html.gz"))
			var o oracle
			if err := json.Unmarshal(readGzip(t, filepath.Join(publishedDir, "oracle-api-"+v+".json.gz")), &o); err != nil {
				t.Fatal(err)
			}
			s, err := parser.Parse(page, parser.Options{Name: "bot-api-" + v + ".html"})
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Check(); err != nil {
				t.Fatal(err)
			}
			if s.Version != v {
				t.Errorf("version %q, want %q", s.Version, v)
			}
			ok, tot, diffs := score(s, &o)
			allOK, allTot := 0, 0
			var line []string
			for _, c := range categories {
				allOK += ok[c]
				allTot += tot[c]
				p := pct(ok[c], tot[c])
				line = append(line, fmt.Sprintf("%s=%.1f", c, p))
				if p < 99 {
					t.Errorf("%s: %.1f%% (%d/%d), want at least 99%%", c, p, ok[c], tot[c])
				}
			}
			overall := pct(allOK, allTot)
			t.Logf("OVERALL %.1f%% (%d/%d); %s", overall, allOK, allTot, strings.Join(line, " "))
			for _, d := range diffs {
				t.Log(d)
			}
			if overall < 99.5 {
				t.Errorf("overall %.1f%%, want at least 99.5%%", overall)
			}
		})
	}
}
