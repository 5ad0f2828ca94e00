package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/apigen/apigen/schema/yamlerr"
)

// Overlay holds facts the document does not state. Each entry names a target
// ("Object.field" or "method.param"), adds exactly one fact, and says why.
// An overlay can only add: it may not change what the document states, and
// an entry whose target is gone is an error, so overlays cannot rot silently
// when a new version of the document is published.
type Overlay struct {
	// Document is the title of the specification the overlay was written
	// for. When set, applying the overlay to a document with another title
	// is an error.
	Document string `yaml:"document,omitempty"`
	// Versions are the versions of that document (its newest listed
	// version) the overlay was checked against. When set, applying the
	// overlay to another version is an error: a fact the document did not
	// state in 5.0 may be stated, changed or wrong in 5.1, so each new
	// version is added here only after its entries were reviewed.
	Versions []string       `yaml:"versions,omitempty,flow"`
	Entries  []*OverlayFact `yaml:"entries"`
	// File names the overlay in errors ("overlay.yaml:33: ..."); set by
	// LoadOverlay, or by the caller of ParseOverlay.
	File string `yaml:"-"`
}

// For says which document and versions the overlay is written for, as
// messages quote it: "Bot Messaging HTTP API Specification" 5.0.
func (ov *Overlay) For() string {
	doc := "any document"
	if ov.Document != "" {
		doc = strconv.Quote(ov.Document)
	}
	if len(ov.Versions) == 0 {
		return doc + " (any version)"
	}
	return doc + " " + strings.Join(ov.Versions, ", ")
}

// Fits reports whether the overlay is written for a document with this
// title and version.
func (ov *Overlay) Fits(title, version string) bool {
	return (ov.Document == "" || ov.Document == title) &&
		(len(ov.Versions) == 0 || slices.Contains(ov.Versions, version))
}

// at is "overlay.yaml:33", or "overlay line 33" when the file is unnamed.
func (ov *Overlay) at(line int) string {
	if ov.File != "" {
		return fmt.Sprintf("%s:%d", ov.File, line)
	}
	return fmt.Sprintf("overlay line %d", line)
}

func (ov *Overlay) name() string {
	if ov.File != "" {
		return ov.File
	}
	return "overlay"
}

// OverlayFact is one entry of an overlay file.
type OverlayFact struct {
	Target string `yaml:"target"`
	// Enum gives a String field the values of an enum the document lists
	// elsewhere.
	Enum string `yaml:"enum,omitempty"`
	// EachEnum does the same for the elements of an Array of String.
	EachEnum string `yaml:"each_enum,omitempty"`
	// Always is the value, as JSON text ("0", "\"one\""), a required
	// field of an object always holds: in every union that has the object
	// as a variant it tells that variant apart (Variant.Const), which
	// settles a union the reader kept degraded because JSON could not tell
	// its variants apart.
	Always string `yaml:"always,omitempty"`
	// Returns is the result type of a method whose result the document
	// states in words the reader does not read (target: the method's
	// name): the reader kept the result as raw JSON with a warning, which
	// this settles. A result the document states is not changed.
	Returns string `yaml:"returns,omitempty"`
	// Reason says why the fact holds although the document does not state it.
	Reason string `yaml:"reason"`
	line   int
}

// UnmarshalYAML records the entry's line for error messages.
func (f *OverlayFact) UnmarshalYAML(n *yaml.Node) error {
	type plain OverlayFact
	var p plain
	// Node.Decode does not inherit the decoder's KnownFields: check the
	// keys here, or a misspelt "enumm:" would be dropped in silence.
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; !slices.Contains(overlayFactKeys, k.Value) {
				return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: field %s not found in type schema.OverlayFact", k.Line, k.Value)}}
			}
		}
	}
	if err := n.Decode(&p); err != nil {
		return err
	}
	*f = OverlayFact(p)
	f.line = n.Line
	return nil
}

// OverlayKeys are the keys of an overlay file, and overlayFactKeys those
// of one entry, for messages.
var (
	OverlayKeys     = []string{"document", "versions", "entries"}
	overlayFactKeys = []string{"target", "enum", "each_enum", "always", "returns", "reason"}
)

// ParseOverlay reads an overlay file's contents.
func ParseOverlay(data []byte) (*Overlay, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var ov Overlay
	if err := dec.Decode(&ov); err != nil {
		if errors.Is(err, io.EOF) {
			return &ov, nil // an empty overlay adds nothing
		}
		return nil, yamlerr.Clean("overlay", err, append(OverlayKeys, "and in an entry: "+strings.Join(overlayFactKeys, ", ")))
	}
	for _, v := range ov.Versions {
		if strings.TrimSpace(v) == "" {
			return nil, fmt.Errorf("overlay: versions: an empty version (write the document's version as its Versioning section lists it, e.g. \"5.0\")")
		}
	}
	return &ov, nil
}

// LoadOverlay reads an overlay file.
func LoadOverlay(path string) (*Overlay, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if err := ValidUTF8(path, data); err != nil {
		return nil, err
	}
	ov, err := ParseOverlay(data)
	if err != nil {
		// "overlay:3: ..." -> "path:3: ..."
		return nil, errors.New(strings.ReplaceAll("\n"+err.Error(), "\noverlay", "\n"+path)[1:])
	}
	ov.File = path
	return ov, nil
}

// ApplyOverlay adds the overlay's facts to s and records each in s.Overlay.
// It returns every problem: an entry without a reason, a target that does
// not exist, an enum that does not exist, or a fact the document already
// states.
func ApplyOverlay(s *Schema, ov *Overlay) error {
	if ov == nil {
		return nil
	}
	if ov.Document != "" && ov.Document != s.Title {
		return fmt.Errorf("%s: overlay is for %q, not for %q: give the overlay written for this document, or --overlay none", ov.name(), ov.Document, s.Title)
	}
	if !ov.Fits(s.Title, s.Version) {
		return fmt.Errorf("%s: overlay is for %s, the document is version %q: check each entry against this version, then add %q to the overlay's versions (or give --overlay none)", ov.name(), ov.For(), s.Version, s.Version)
	}
	var errs []error
	for _, e := range ov.Entries {
		fail := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("%s: %s: %s", ov.at(e.line), e.Target, fmt.Sprintf(format, args...)))
		}
		if strings.TrimSpace(e.Reason) == "" {
			fail("every entry needs a reason")
			continue
		}
		if e.Returns != "" {
			if e.Enum != "" || e.EachEnum != "" || e.Always != "" {
				fail("an entry adds exactly one fact: enum, each_enum, always or returns")
				continue
			}
			if msg := s.applyReturns(e.Target, e.Returns); msg != "" {
				fail("%s", msg)
				continue
			}
			s.Overlay = append(s.Overlay, &OverlayEntry{Target: e.Target, Fact: "returns: " + e.Returns, Reason: e.Reason})
			continue
		}
		f := s.fieldByPath(e.Target)
		if f == nil {
			fail("no such field or parameter in the parsed document (remove the entry, or fix its target)")
			continue
		}
		facts := 0
		for _, x := range []string{e.Enum, e.EachEnum, e.Always} {
			if x != "" {
				facts++
			}
		}
		switch {
		case facts != 1:
			fail("an entry adds exactly one fact: enum, each_enum, always or returns")
		case e.Always != "":
			if msg := s.applyAlways(e.Target, f, e.Always); msg != "" {
				fail("%s", msg)
				continue
			}
			s.Overlay = append(s.Overlay, &OverlayEntry{Target: e.Target, Fact: "always: " + e.Always, Reason: e.Reason})
		case e.Enum != "" && e.EachEnum == "":
			if s.Enum(e.Enum) == nil {
				fail("enum %s is not in the schema", e.Enum)
				continue
			}
			if f.Type.Name != String {
				fail("enum on a %s (want String)", f.Type)
				continue
			}
			if f.Constraints != nil && f.Constraints.Enum == e.Enum {
				continue // redundant: the document states it (see each_enum)
			}
			if f.Constraints != nil && f.Constraints.Enum != "" {
				fail("the document already gives it enum %s; the overlay may not change what the document states", f.Constraints.Enum)
				continue
			}
			if f.Constraints == nil {
				f.Constraints = &Constraints{}
			}
			f.Constraints.Enum = e.Enum
			s.Overlay = append(s.Overlay, &OverlayEntry{Target: e.Target, Fact: "enum: " + e.Enum, Reason: e.Reason})
		case e.EachEnum != "" && e.Enum == "":
			if s.Enum(e.EachEnum) == nil {
				fail("enum %s is not in the schema", e.EachEnum)
				continue
			}
			if !f.Type.IsArray() || f.Type.Elem.Name != String {
				fail("each_enum on a %s (want Array of String)", f.Type)
				continue
			}
			if f.Constraints == nil {
				f.Constraints = &Constraints{}
			}
			if f.Constraints.Each == nil {
				f.Constraints.Each = &Constraints{}
			}
			if f.Constraints.Each.Enum == e.EachEnum {
				// Redundant: the document states it. An overlay written
				// when it did not (apigen read less of it then) keeps
				// working; the fact is the document's, not listed as the
				// overlay's, and the run's overlay line counts it no more.
				continue
			}
			if f.Constraints.Each.Enum != "" {
				fail("the document already gives its elements enum %s", f.Constraints.Each.Enum)
				continue
			}
			f.Constraints.Each.Enum = e.EachEnum
			s.Overlay = append(s.Overlay, &OverlayEntry{Target: e.Target, Fact: "each_enum: " + e.EachEnum, Reason: e.Reason})
		default:
			fail("an entry adds exactly one fact: enum, each_enum, always or returns")
		}
	}
	return errors.Join(errs...)
}

// applyReturns gives the method named target the result type text, when
// the reader kept its result as raw JSON because the document states it in
// words the reader does not read (a warning on the method says so). The
// raw result object, used by nothing else, goes. It returns what is wrong,
// or "".
func (s *Schema) applyReturns(target, text string) string {
	m := s.Method(target)
	if m == nil {
		return "no such method in the parsed document (a returns entry's target is a method's name)"
	}
	i := slices.IndexFunc(s.Warnings, func(w Warning) bool { return w.Target == target && w.Construct == "method "+target })
	if i < 0 {
		return fmt.Sprintf("the document states the result of %s (%s); the overlay may not change what the document states", target, m.Returns)
	}
	t, err := ParseType(text)
	if err != nil {
		return fmt.Sprintf("returns: %v", err)
	}
	if b := t.Base(); !IsPrimitive(b) && s.Object(b) == nil && s.Union(b) == nil {
		return fmt.Sprintf("returns: %s is no type of the document", b)
	}
	raw := m.Returns
	m.Returns = t
	s.Warnings = slices.Delete(s.Warnings, i, i+1)
	if o := s.Object(raw.Base()); o != nil && o.Opaque && !s.refersTo(o.Name) {
		s.Objects = slices.DeleteFunc(s.Objects, func(x *Object) bool { return x == o })
	}
	return ""
}

// refersTo reports whether any field, parameter, result or variant names
// the type name.
func (s *Schema) refersTo(name string) bool {
	for _, o := range s.Objects {
		for _, f := range o.Fields {
			if f.Type.Base() == name {
				return true
			}
		}
	}
	for _, m := range s.Methods {
		if m.Returns.Base() == name {
			return true
		}
		for _, f := range m.Params {
			if f.Type.Base() == name {
				return true
			}
		}
	}
	for _, u := range s.Unions {
		for _, v := range u.Variants {
			if v.Type.Base() == name {
				return true
			}
		}
	}
	return false
}

// applyAlways records that the required field f of the object named by
// target always holds the JSON value val, as the constant of that object in
// every union it is a variant of, and clears the degradation of a union
// whose variants JSON now tells apart. It returns what is wrong, or "".
func (s *Schema) applyAlways(target string, f *Field, val string) string {
	owner, _, _ := strings.Cut(target, ".")
	if s.Object(owner) == nil {
		return "always applies to a field of an object"
	}
	if !f.Required || f.Type.IsArray() || !IsPrimitive(f.Type.Name) {
		return fmt.Sprintf("always needs a required field of a primitive type, this is %s", f.Type)
	}
	if !json.Valid([]byte(val)) {
		return fmt.Sprintf("always: %s is not a JSON value (write a string with its quotes: '\"one\"')", val)
	}
	found := false
	for _, u := range s.Unions {
		for _, v := range u.Variants {
			if v.Type.IsArray() || v.Type.Name != owner {
				continue
			}
			found = true
			if v.Const != nil {
				return fmt.Sprintf("the document already states that %s.%s is always %s; the overlay may not change what the document states", owner, v.Const.Field, v.Const.JSON)
			}
			v.Const = &Const{Field: f.Name, JSON: val}
		}
		if u.Degraded != "" && !s.anyIndistinct(u) {
			u.Degraded = ""
			s.Warnings = slices.DeleteFunc(s.Warnings, func(w Warning) bool { return w.Target == u.Name })
		}
	}
	if !found {
		return fmt.Sprintf("%s is a variant of no union", owner)
	}
	return ""
}

// anyIndistinct reports whether two variants of a group of u are
// Indistinct.
func (s *Schema) anyIndistinct(u *Union) bool {
	for _, g := range s.FieldGroups(u) {
		for i, a := range g {
			for _, b := range g[i+1:] {
				if Indistinct(a, b) {
					return true
				}
			}
		}
	}
	return false
}

// fieldByPath finds "Object.field", "method.param" or "SHORTHAND.param".
// Shorthand parameters are copied into methods when parsed, so a target
// inside a shorthand also updates every method that uses it.
func (s *Schema) fieldByPath(path string) *Field {
	owner, name, ok := strings.Cut(path, ".")
	if !ok {
		return nil
	}
	if o := s.Object(owner); o != nil {
		return o.Field(name)
	}
	if m := s.Method(owner); m != nil {
		return m.Param(name)
	}
	return nil
}
