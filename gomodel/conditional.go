package gomodel

import (
	"slices"
	"strings"

	"github.com/apigen/apigen/schema"
)

// Conditionally required fields keep the required type. A field the
// document calls optional but requires under a condition ("Required if
// rich_message is not specified": a required_if rule, or a group of a
// one_of rule) is sent in nearly every request, and the next version
// may word its condition differently or drop it: were its Go type to
// follow the Required column, it would flip between T and Opt[T] with
// the wording. So when its zero value is no value anyone sends (an
// identifier, a string of at least one character, a number of at least
// 1, a listed value), it gets the plain type of a required field; zero
// then means unset: encoding omits it, and Validate enforces the
// condition (Field.Conditional).

// conditional reports whether the optional field f of a struct with the
// rules rules is required under a condition and has a zero no one sends:
// the model gives it the required field's type.
func conditional(f *schema.Field, rules []*schema.Rule) bool {
	if f.Required || f.Type.IsArray() || !isScalarName(f.Type.Name) || !zeroUnsent(f) {
		return false
	}
	for _, r := range rules {
		switch r.Kind {
		case schema.RuleRequiredIf:
			if len(r.Fields) > 0 && r.Fields[0] == f.Name {
				return true
			}
		case schema.RuleOneOf:
			for _, g := range r.Groups {
				if slices.Contains(g, f.Name) {
					return true
				}
			}
		}
	}
	return false
}

// zeroUnsent reports whether the zero value of the scalar field f is a
// value no request carries: an identifier (integer or string: named id or
// *_id, or the id of something), a string of at least one character, a
// listed value (an enum: none is empty), a number of at least 1. A field
// whose zero is meaningful (an index, a flag, a default of 0) is excluded.
func zeroUnsent(f *schema.Field) bool {
	if f.ZeroMeaningful {
		return false
	}
	c := f.Constraints
	switch f.Type.Name {
	case schema.Integer, schema.Integer64:
		return isIdentifier(f) || (c != nil && c.Range != nil && c.Range.Min != nil && *c.Range.Min >= 1)
	case schema.Float:
		return c != nil && c.Range != nil && c.Range.Min != nil && *c.Range.Min > 0
	case schema.String:
		if c != nil && c.Length != nil && c.Length.Min != nil && *c.Length.Min >= 1 {
			return true
		}
		if c != nil && c.Enum != "" {
			return true
		}
		return (f.Name == "id" || strings.HasSuffix(f.Name, "_id")) && !zeroBased.MatchString(f.Description)
	}
	return false
}
