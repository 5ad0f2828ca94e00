package schemadiff

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apigen/apigen/schema"
)

// fact is one constraint kind with its value, and for bounds the interval
// (so that a change can be called tightened or loosened).
type fact struct {
	kind, value string
	bounded     bool
	lo, hi      *float64
	unit        string
}

// facts lists c's constraints in a fixed order; element constraints are
// prefixed with "each ".
func facts(c *schema.Constraints, prefix string) []fact {
	if c == nil {
		return nil
	}
	var out []fact
	add := func(f fact) { f.kind = prefix + f.kind; out = append(out, f) }
	if c.Length != nil {
		unit := c.Length.Unit
		if c.Length.AfterEntityParsing {
			unit += " after entity parsing"
		}
		lb := c.Length.Bounds()
		lo, hi := lb.Min, lb.Max
		add(fact{kind: "length", value: lb.Text() + " " + unit, bounded: true, lo: lo, hi: hi, unit: unit})
	}
	if c.Items != nil {
		add(fact{kind: "items", value: c.Items.Text(), bounded: true, lo: c.Items.Min, hi: c.Items.Max})
	}
	if l := c.TotalLength; l != nil {
		lb := l.Bounds()
		add(fact{kind: "total length", value: lb.Text() + " " + l.Unit, bounded: true, lo: lb.Min, hi: lb.Max, unit: l.Unit})
	}
	if len(c.Values) > 0 {
		vals := make([]string, len(c.Values))
		for i, v := range c.Values {
			vals[i] = strconv.FormatInt(v, 10)
		}
		add(fact{kind: "values", value: strings.Join(vals, ", ")})
	}
	if c.Range != nil {
		add(fact{kind: "range", value: strings.TrimSpace(c.Range.Text() + " " + c.Unit), bounded: true, lo: c.Range.Min, hi: c.Range.Max, unit: c.Unit})
	}
	if c.Ahead != nil {
		add(fact{kind: "ahead", value: c.Ahead.Text() + " seconds", bounded: true, lo: c.Ahead.Min, hi: c.Ahead.Max})
	}
	if c.Unit != "" && c.Range == nil {
		add(fact{kind: "unit", value: c.Unit})
	}
	if c.Enum != "" {
		add(fact{kind: "enum", value: c.Enum})
	}
	if c.Default != nil {
		add(fact{kind: "default", value: fmt.Sprint(c.Default)})
	}
	if c.Fixed != "" {
		add(fact{kind: "fixed", value: strconv.Quote(c.Fixed)})
	}
	if c.Pattern != "" {
		add(fact{kind: "pattern", value: c.Pattern})
	}
	if c.NoEmoji {
		add(fact{kind: "no emoji", value: "yes"})
	}
	if c.MaxLineFeeds != nil {
		v := float64(*c.MaxLineFeeds)
		add(fact{kind: "line feeds", value: "at most " + num(v), bounded: true, hi: &v})
	}
	if c.Position != "" {
		add(fact{kind: "position", value: c.Position})
	}
	if c.UploadOnly {
		add(fact{kind: "upload only", value: "yes"})
	}
	if len(c.Variants) > 0 {
		add(fact{kind: "variants", value: strings.Join(c.Variants, ", ")})
	}
	return append(out, facts(c.Each, prefix+"each ")...)
}

// constraintChange is one changed constraint: its description, and whether
// it accepts fewer values (tightened), more (loosened) or others.
type constraintChange struct {
	text string
	dir  direction
}

// direction says which way a set of accepted values moved.
type direction int

const (
	other     direction = iota // neither a subset nor a superset
	tightened                  // fewer values are accepted
	loosened                   // more values are accepted
)

// constraintsDiff describes how the constraints changed, one line per kind.
func constraintsDiff(old, new *schema.Constraints) []constraintChange {
	of, nf := facts(old, ""), facts(new, "")
	var out []constraintChange
	matchByName(of, nf, func(f fact) string { return f.kind },
		func(f fact) {
			// A default or a unit says nothing about the values accepted.
			dir := loosened
			if f.kind == "default" || f.kind == "unit" {
				dir = other
			}
			out = append(out, constraintChange{"constraint " + f.kind + " " + f.value + " removed (loosened)", dir})
		},
		func(f fact) {
			dir := tightened
			if f.kind == "default" || f.kind == "unit" {
				dir = other
			}
			out = append(out, constraintChange{"constraint " + f.kind + " " + f.value + " added (tightened)", dir})
		},
		func(o, n fact) {
			if o.value == n.value {
				return
			}
			c := constraintChange{text: "constraint " + n.kind + " " + o.value + " -> " + n.value}
			if o.bounded && n.bounded && o.unit == n.unit {
				switch {
				case within(n, o):
					c.text += " (tightened)"
					c.dir = tightened
				case within(o, n):
					c.text += " (loosened)"
					c.dir = loosened
				}
			}
			out = append(out, c)
		})
	return out
}

// within reports whether interval a lies inside interval b.
func within(a, b fact) bool {
	loOK := b.lo == nil || (a.lo != nil && *a.lo >= *b.lo)
	hiOK := b.hi == nil || (a.hi != nil && *a.hi <= *b.hi)
	return loOK && hiOK
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
