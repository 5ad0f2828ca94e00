package schema

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"gopkg.in/yaml.v3"
)

// Overlay holds facts the document does not state. Each entry names a target
// ("Object.field" or "method.param"), adds exactly one fact, and says why.
// An overlay can only add: it may not change what the document states, and
// an entry whose target is gone is an error, so overlays cannot rot silently
// when a new version of the document is published.
type Overlay struct {
	// Document is the title of the specification the overlay was written
	// for. When set, applying the overlay to a document with another title
	// is an error, and apigen applies its embedded overlay to any document
	// with this title, whatever the file is called.
	Document string         `yaml:"document,omitempty"`
	Entries  []*OverlayFact `yaml:"entries"`
}

// OverlayFact is one entry of an overlay file.
type OverlayFact struct {
	Target string `yaml:"target"`
	// Enum gives a String field the values of an enum the document lists
	// elsewhere.
	Enum string `yaml:"enum,omitempty"`
	// EachEnum does the same for the elements of an Array of String.
	EachEnum string `yaml:"each_enum,omitempty"`
	// Reason says why the fact holds although the document does not state it.
	Reason string `yaml:"reason"`
	line   int
}

// UnmarshalYAML records the entry's line for error messages.
func (f *OverlayFact) UnmarshalYAML(n *yaml.Node) error {
	type plain OverlayFact
	var p plain
	if err := n.Decode(&p); err != nil {
		return err
	}
	*f = OverlayFact(p)
	f.line = n.Line
	return nil
}

// ParseOverlay reads an overlay file's contents.
func ParseOverlay(data []byte) (*Overlay, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var ov Overlay
	if err := dec.Decode(&ov); err != nil {
		if errors.Is(err, io.EOF) {
			return &ov, nil // an empty overlay adds nothing
		}
		return nil, fmt.Errorf("overlay: %w", err)
	}
	return &ov, nil
}

// LoadOverlay reads an overlay file.
func LoadOverlay(path string) (*Overlay, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ov, err := ParseOverlay(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
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
		return fmt.Errorf("overlay is for %q, not for %q: give the overlay written for this document, or --overlay none", ov.Document, s.Title)
	}
	var errs []error
	for _, e := range ov.Entries {
		fail := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("overlay line %d: %s: %s", e.line, e.Target, fmt.Sprintf(format, args...)))
		}
		if strings.TrimSpace(e.Reason) == "" {
			fail("every entry needs a reason")
			continue
		}
		f := s.fieldByPath(e.Target)
		if f == nil {
			fail("no such field or parameter in the parsed document (remove the entry, or fix its target)")
			continue
		}
		switch {
		case e.Enum != "" && e.EachEnum == "":
			if s.Enum(e.Enum) == nil {
				fail("enum %s is not in the schema", e.Enum)
				continue
			}
			if f.Type.Name != String {
				fail("enum on a %s (want String)", f.Type)
				continue
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
			if f.Constraints.Each.Enum != "" {
				fail("the document already gives its elements enum %s", f.Constraints.Each.Enum)
				continue
			}
			f.Constraints.Each.Enum = e.EachEnum
			s.Overlay = append(s.Overlay, &OverlayEntry{Target: e.Target, Fact: "each_enum: " + e.EachEnum, Reason: e.Reason})
		default:
			fail("an entry adds exactly one fact: enum or each_enum")
		}
	}
	return errors.Join(errs...)
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
