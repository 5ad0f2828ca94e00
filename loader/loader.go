// Package loader runs the front half of the pipeline: read a specification
// (or a saved schema), parse it, apply the overlay and check the result.
package loader

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// Input says where the schema comes from. The zero value is the embedded
// default specification with its embedded overlay.
type Input struct {
	// SpecPath is a Markdown or HTML specification file.
	SpecPath string
	// SchemaPath is a saved YAML schema (instead of a specification).
	SchemaPath string
	// OverlayPath replaces the embedded overlay; "none" applies no overlay.
	OverlayPath string
}

// Load returns the checked schema for in.
func Load(in Input) (*schema.Schema, error) {
	if in.SchemaPath != "" {
		if in.SpecPath != "" {
			return nil, fmt.Errorf("give a specification or a schema, not both")
		}
		return schema.Load(in.SchemaPath)
	}
	src, name := spec.Document(), spec.DefaultName
	if in.SpecPath != "" {
		data, err := os.ReadFile(in.SpecPath)
		if err != nil {
			return nil, err
		}
		src, name = data, in.SpecPath
	}
	var ov *schema.Overlay
	switch {
	case in.OverlayPath == "none":
	case in.OverlayPath != "":
		var err error
		if ov, err = schema.LoadOverlay(in.OverlayPath); err != nil {
			return nil, err
		}
	case in.SpecPath == "":
		var err error
		if ov, err = schema.ParseOverlay(spec.Overlay()); err != nil {
			return nil, fmt.Errorf("embedded %s: %w", spec.OverlayName, err)
		}
	}
	return FromSpec(src, name, ov)
}

// FromSpec parses a specification, applies ov (which may be nil) and checks
// the result.
func FromSpec(src []byte, name string, ov *schema.Overlay) (*schema.Schema, error) {
	isHTML := strings.EqualFold(filepath.Ext(name), ".html") || strings.EqualFold(filepath.Ext(name), ".htm")
	s, err := parser.Parse(src, parser.Options{Name: name, HTML: isHTML})
	if err != nil {
		return nil, err
	}
	if err := schema.ApplyOverlay(s, ov); err != nil {
		return nil, err
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("%s: schema check: %w", name, err)
	}
	return s, nil
}

// SchemaFileName is the file a schema parsed from specName is saved as:
// "bot-api-5.0.md" -> "bot-api-5.0.yaml".
func SchemaFileName(specName string) string {
	base := filepath.Base(specName)
	return strings.TrimSuffix(base, filepath.Ext(base)) + ".yaml"
}
