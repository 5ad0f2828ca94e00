package docs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apigen/apigen/schema"
)

// constraintRow is one checkable fact about a value.
type constraintRow struct {
	kind  string
	value Text
}

// constraintRows lists c's facts in a fixed order; facts about array
// elements are prefixed with "each ".
func (l *linker) constraintRows(c *schema.Constraints, prefix string) []constraintRow {
	if c == nil {
		return nil
	}
	var rows []constraintRow
	add := func(kind string, value Text) {
		rows = append(rows, constraintRow{prefix + kind, value})
	}
	if c.Length != nil {
		v := c.Length.Bounds().Text() + " " + c.Length.Unit
		if c.Length.AfterEntityParsing {
			v += " (after entity parsing)"
		}
		add("length", plain(v))
	}
	if c.Items != nil {
		add("items", plain(c.Items.Text()))
	}
	if l := c.TotalLength; l != nil {
		add("total length", plain(l.Bounds().Text()+" "+l.Unit))
	}
	if c.Range != nil {
		v := c.Range.Text()
		if c.Unit != "" {
			v += " " + c.Unit
		}
		add("range", plain(v))
	}
	if len(c.Values) > 0 {
		var words []string
		for _, v := range c.Values {
			words = append(words, strconv.FormatInt(v, 10))
		}
		add("values", plain(strings.Join(words, ", ")))
	}
	if c.Ahead != nil {
		add("ahead of now", plain(c.Ahead.Text()+" seconds"))
	}
	if c.Unit != "" && c.Range == nil {
		add("unit", plain(c.Unit))
	}
	if c.Enum != "" {
		add("values", Text{l.typeLink(c.Enum)})
	}
	if c.Default != nil {
		add("default", plain(fmt.Sprint(c.Default)))
	}
	if c.Fixed != "" {
		add("fixed value", plain(strconv.Quote(c.Fixed)))
	}
	if c.Pattern != "" || c.PatternText != "" {
		v := c.PatternText
		if c.Pattern != "" {
			v = strings.TrimSpace(v + " (" + c.Pattern + ")")
		}
		add("pattern", plain(v))
	}
	if c.NoEmoji {
		add("emoji", plain("not allowed"))
	}
	if c.MaxLineFeeds != nil {
		v := "at most " + strconv.Itoa(*c.MaxLineFeeds)
		if c.Length != nil && c.Length.AfterEntityParsing {
			v += " (after entity parsing)"
		}
		add("line feeds", plain(v))
	}
	if c.Position != "" {
		add("position", plain(strings.ReplaceAll(c.Position, "_", " ")))
	}
	if c.UploadOnly {
		add("upload", plain("must be uploaded; a file_id or URL is not accepted"))
	}
	if c.Attach {
		add("upload", plain("a file_id, an HTTP URL, or attach://<part> naming a file uploaded in the same multipart/form-data request (the Go field is an InputFile: an Upload is sent as that part)"))
	}
	if len(c.Variants) > 0 {
		var v Text
		for i, name := range c.Variants {
			if i > 0 {
				v = append(v, Link{Text: ", "})
			}
			v = append(v, l.typeLink(name))
		}
		add("variants", v)
	}
	return append(rows, l.constraintRows(c.Each, prefix+"each ")...)
}

// ruleKinds are the readable names of rule kinds.
var ruleKinds = map[string]string{
	schema.RuleMutuallyExclusive: "mutually exclusive",
	schema.RuleAtMostOne:         "at most one present",
	schema.RuleExactlyOne:        "exactly one set",
	schema.RuleOneOf:             "one of the groups",
	schema.RuleRequiredIf:        "required if",
	schema.RuleSameKindItems:     "same-kind items",
}

// ruleRow renders a cross-field rule; member links a field or parameter
// name of the page the rule is on.
func (l *linker) ruleRow(r *schema.Rule, self string, member func(string) Link) *Row {
	kind := ruleKinds[r.Kind]
	if kind == "" {
		kind = r.Kind
	}
	names := func(list []string, sep string) Text {
		var t Text
		for i, n := range list {
			if i > 0 {
				t = append(t, Link{Text: sep})
			}
			t = append(t, member(n))
		}
		return t
	}
	what := names(r.Fields, ", ")
	for i, g := range r.Groups {
		if i > 0 {
			what = append(what, Link{Text: " | "})
		}
		what = append(what, names(g, " + ")...)
	}
	if r.When != nil && r.When.Set != nil {
		what = append(what, Link{Text: " when "}, member(r.When.Field), Link{Text: " " + r.When.Words()})
	} else if r.When != nil {
		what = append(what, Link{Text: " when "}, member(r.When.Field), Link{Text: " = " + strconv.Quote(r.When.Equals)})
	}
	if len(r.Kinds) > 0 {
		what = append(what, Link{Text: " (kinds: "})
		for i, k := range r.Kinds {
			if i > 0 {
				what = append(what, Link{Text: ", "})
			}
			what = append(what, l.typeLink(k))
		}
		what = append(what, Link{Text: ")"})
	}
	return &Row{Cells: []Cell{{Text: plain(kind)}, {Text: what}, {Text: l.linkify(r.Text, self)}}}
}
