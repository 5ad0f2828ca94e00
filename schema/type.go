package schema

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// Primitive type names. They are the vocabulary of the document's type
// grammar, not facts about the API, so they live here.
const (
	Integer = "Integer"
	// Integer64 is an Integer the document says may exceed 32 bits.
	Integer64 = "Integer64"
	Float     = "Float"
	String    = "String"
	Boolean   = "Boolean"
	// True is a Boolean that can only be true.
	True = "True"
	// InputFile is the contents of an uploaded file.
	InputFile = "InputFile"
)

// Primitives lists the primitive type names in a fixed order.
var Primitives = []string{Integer, Integer64, Float, String, Boolean, True, InputFile}

// IsPrimitive reports whether name is a primitive type name.
func IsPrimitive(name string) bool {
	for _, p := range Primitives {
		if p == name {
			return true
		}
	}
	return false
}

// Type is a type reference: a primitive, a named object or union, or an
// array. In YAML it is written the way the document writes it:
// "Integer", "Message", "Array of Array of PhotoSize".
type Type struct {
	// Name is the primitive, object or union name; empty for arrays.
	Name string
	// Elem is the element type of an array.
	Elem *Type
}

// Named returns a reference to a primitive or named type.
func Named(name string) Type { return Type{Name: name} }

// ArrayOf returns an array of elem.
func ArrayOf(elem Type) Type { return Type{Elem: &elem} }

// IsArray reports whether t is an array.
func (t Type) IsArray() bool { return t.Elem != nil }

// IsZero reports whether t is unset.
func (t Type) IsZero() bool { return t.Name == "" && t.Elem == nil }

// Base returns the innermost element type's name ("PhotoSize" for
// "Array of Array of PhotoSize").
func (t Type) Base() string {
	for t.Elem != nil {
		t = *t.Elem
	}
	return t.Name
}

// Depth is the number of array levels.
func (t Type) Depth() int {
	n := 0
	for t.Elem != nil {
		t = *t.Elem
		n++
	}
	return n
}

func (t Type) String() string {
	if t.Elem != nil {
		return "Array of " + t.Elem.String()
	}
	return t.Name
}

// MaxArrayDepth bounds the nesting of "Array of" in a type. Real documents
// nest two levels ("Array of Array of PhotoSize"); each level is a slice
// type, a loop in every encoder and validator, and a scope in the Go
// compiler, whose cost grows much faster than the level count (issue 26:
// 400 levels took 38 s to generate, a field of them made `go vet` fail and
// `go build` run for minutes). The parser and Check refuse deeper types.
const MaxArrayDepth = 8

// MaxDefinitions bounds the objects, and separately the methods, of a
// schema: 3 000 is 12 times the objects of the published 9.0 page (240)
// and 20 times its methods (153). Every one becomes Go types and
// functions, docs pages and OpenAPI schemas, all held in memory until the
// run writes them, so the bound keeps a hostile document from asking for
// more than apigen generates in time and memory that grow with the
// document: the seed multiplied 50 times (2 750 objects, 2 800 methods)
// takes 15 s of CPU and 536 MB; 100 times (accepted under the former bound
// of 10 000) took 82 s and 811 MB, as its outputs outgrew the soft memory
// limit of cmd/apigen (docs/input-limits.md).
const MaxDefinitions = 3000

// ErrArrayDepth is the message for a type nested deeper than MaxArrayDepth.
func ErrArrayDepth(depth int) error {
	return fmt.Errorf("the type nests %d levels of \"Array of\"; at most %d are allowed", depth, MaxArrayDepth)
}

// ParseType reads the YAML form of a type.
func ParseType(s string) (Type, error) {
	s = strings.TrimSpace(s)
	depth := 0
	for {
		rest, ok := strings.CutPrefix(s, "Array of ")
		if !ok {
			break
		}
		depth++
		s = strings.TrimSpace(rest)
	}
	if depth > MaxArrayDepth {
		return Type{}, ErrArrayDepth(depth)
	}
	if s == "" || strings.ContainsAny(s, " \t,") {
		return Type{}, fmt.Errorf("malformed type %q: want a name or \"Array of <type>\"", s)
	}
	t := Named(s)
	for range depth {
		t = ArrayOf(t)
	}
	return t, nil
}

// MarshalYAML writes the type as a string.
func (t Type) MarshalYAML() (any, error) { return t.String(), nil }

// UnmarshalYAML reads the string form.
func (t *Type) UnmarshalYAML(n *yaml.Node) error {
	var s string
	if err := n.Decode(&s); err != nil {
		return err
	}
	parsed, err := ParseType(s)
	if err != nil {
		return fmt.Errorf("line %d: %w", n.Line, err)
	}
	*t = parsed
	return nil
}
