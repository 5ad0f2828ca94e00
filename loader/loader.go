// Package loader runs the front half of the pipeline: read a specification
// (or a saved schema), parse it, apply the overlay and check the result.
package loader

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// NoOverlay is the OverlayPath that applies no overlay.
const NoOverlay = "none"

// Input says where the schema comes from. The zero value is the embedded
// default specification with its embedded overlay.
type Input struct {
	// SpecPath is a Markdown or HTML specification file, or an http(s)
	// URL to fetch it from (bounded: see FetchTimeout).
	SpecPath string
	// SchemaPath is a saved YAML schema (instead of a specification).
	SchemaPath string
	// OverlayPath is an overlay file; NoOverlay applies none. Empty means
	// the embedded overlay when the document is the one it was written for
	// (same title and version, whatever the file is called), else none.
	OverlayPath string
	// Report, when set, receives what the reader kept as text without a
	// schema fact (apigen parse --report).
	Report *parser.Report
}

// OverlayUse says which overlay a load applied, or why none: the commands
// print it, so that a document that lost its overlay (another title,
// another version) is never a silent change of the generated types.
type OverlayUse struct {
	// Name is the overlay's file ("embedded overlay.yaml" for the
	// embedded one), or "" when none applied.
	Name string
	// For is the document and versions the overlay is written for.
	For string
	// Facts is the number of facts it added.
	Facts int
	// Why says why none applied.
	Why string
}

func (u OverlayUse) String() string {
	if u.Name != "" && u.Why != "" {
		return fmt.Sprintf("overlay: %s, written for %s: not applied (%s)", u.Name, u.For, u.Why)
	}
	if u.Name == "" {
		return "overlay: none (" + u.Why + ")"
	}
	return fmt.Sprintf("overlay: %s, written for %s: %d facts", u.Name, u.For, u.Facts)
}

// Name is the input's file name as the outputs name it ("source:" lines,
// the default schema file name).
func (in Input) Name() string {
	switch {
	case in.SchemaPath != "":
		return in.SchemaPath
	case in.SpecPath != "":
		return in.SpecPath
	}
	return spec.DefaultName
}

// Load returns the checked schema for in.
func Load(in Input) (*schema.Schema, error) {
	s, _, err := LoadReport(in)
	return s, err
}

// LoadReport is Load that also says which overlay applied (nothing when
// the input is a saved schema, whose overlay facts are already in it).
func LoadReport(in Input) (*schema.Schema, OverlayUse, error) {
	if in.SchemaPath != "" {
		if in.SpecPath != "" {
			return nil, OverlayUse{}, fmt.Errorf("give a specification or a schema, not both")
		}
		s, err := schema.Load(in.SchemaPath)
		return s, OverlayUse{}, err
	}
	src, name, html := spec.Document(), spec.DefaultName, false
	if in.SpecPath != "" {
		data, isHTML, err := readSpec(in.SpecPath)
		if err != nil {
			return nil, notLoaded(in), err
		}
		src, name, html = data, in.SpecPath, isHTML
	}
	var use OverlayUse
	var pick func(*schema.Schema) *schema.Overlay
	switch in.OverlayPath {
	case NoOverlay:
		use.Why = "--overlay none"
		pick = func(*schema.Schema) *schema.Overlay { return nil }
	case "":
		emb, err := EmbeddedOverlay()
		if err != nil {
			return nil, use, err
		}
		// The embedded overlay applies to its own document only; for any
		// other title or version it is left out, and the report says so.
		pick = func(s *schema.Schema) *schema.Overlay {
			if emb.Document == s.Title && emb.Fits(s.Title, s.Version) {
				return emb
			}
			use.Why = fmt.Sprintf("the embedded %s is written for %s; this document is %q %s: give an overlay written for it with --overlay, see docs/overlays.md", spec.OverlayName, emb.For(), s.Title, s.Version)
			return nil
		}
	default:
		ov, err := schema.LoadOverlay(in.OverlayPath)
		if err != nil {
			return nil, use, err
		}
		pick = func(*schema.Schema) *schema.Overlay { return ov }
	}
	s, err := fromSpec(src, name, html, in.Report, func(s *schema.Schema) *schema.Overlay {
		ov := pick(s)
		if ov != nil {
			use.Name, use.For = ov.File, ov.For()
		}
		return ov
	})
	if err != nil {
		switch {
		case use.Name != "":
			use.Why = "the run stopped at the error below"
		case use.Why == "":
			use = notLoaded(in)
		}
		return nil, use, err
	}
	use.Facts = len(s.Overlay)
	return s, use, nil
}

// notLoaded is the OverlayUse of a run that stopped before an overlay
// could be chosen: the document did not load.
func notLoaded(in Input) OverlayUse {
	switch in.OverlayPath {
	case "":
		return OverlayUse{Why: "the document did not load, so no overlay was chosen"}
	case NoOverlay:
		return OverlayUse{Why: "--overlay none"}
	}
	return OverlayUse{Why: in.OverlayPath + " not applied: the document did not load"}
}

// EmbeddedOverlay is the overlay shipped with apigen (spec/overlay.yaml).
func EmbeddedOverlay() (*schema.Overlay, error) {
	ov, err := schema.ParseOverlay(spec.Overlay())
	if err != nil {
		return nil, fmt.Errorf("embedded %s: %w", spec.OverlayName, err)
	}
	ov.File = "embedded " + spec.OverlayName
	return ov, nil
}

// FromSpec parses a specification, applies ov (which may be nil) and checks
// the result.
func FromSpec(src []byte, name string, ov *schema.Overlay) (*schema.Schema, error) {
	return fromSpec(src, name, KindOf(name) == KindHTML, nil, func(*schema.Schema) *schema.Overlay { return ov })
}

func fromSpec(src []byte, name string, html bool, report *parser.Report, overlayFor func(*schema.Schema) *schema.Overlay) (*schema.Schema, error) {
	s, err := parser.Parse(src, parser.Options{Name: name, HTML: html, Report: report})
	if err != nil {
		return nil, err
	}
	if err := schema.ApplyOverlay(s, overlayFor(s)); err != nil {
		return nil, err
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("%s: schema check: %w", name, err)
	}
	return s, nil
}

// Kind is what a file holds, told by its extension.
type Kind int

// The kinds of input file.
const (
	KindUnknown  Kind = iota
	KindMarkdown      // a specification in Markdown (.md, .markdown)
	KindHTML          // a specification in HTML (.html, .htm)
	KindSchema        // a saved YAML schema (.yaml, .yml)
)

// KindOf tells a file's kind from its extension (of a URL's path, for a
// URL).
func KindOf(path string) Kind {
	if IsURL(path) {
		if u, err := url.Parse(path); err == nil {
			path = u.Path
		}
	}
	// A compressed copy (bot-api-9.0.html.gz) is what its name says
	// under the compression: readSpec decompresses it.
	path = strings.TrimSuffix(strings.TrimSuffix(path, ".gz"), ".GZ")
	switch strings.ToLower(filepath.Ext(path)) {
	case ".md", ".markdown":
		return KindMarkdown
	case ".html", ".htm":
		return KindHTML
	case ".yaml", ".yml":
		return KindSchema
	}
	return KindUnknown
}

// File loads path as whatever it holds: a saved schema, or a specification
// with the overlay at overlayPath (see Input.OverlayPath).
func File(path, overlayPath string) (*schema.Schema, error) {
	s, _, err := FileReport(path, overlayPath)
	return s, err
}

// FileReport is File that also says which overlay applied (nothing for a
// saved schema).
func FileReport(path, overlayPath string) (*schema.Schema, OverlayUse, error) {
	switch {
	case KindOf(path) == KindSchema:
		s, err := schema.Load(path)
		return s, OverlayUse{}, err
	case KindOf(path) == KindMarkdown || KindOf(path) == KindHTML || IsURL(path):
		return LoadReport(Input{SpecPath: path, OverlayPath: overlayPath})
	}
	return nil, OverlayUse{}, fmt.Errorf("%s: not a specification (.md, .html) or a schema (.yaml)", path)
}

// SchemaFileName is the file a schema parsed from specName is saved as:
// "bot-api-5.0.md" -> "bot-api-5.0.yaml".
func SchemaFileName(specName string) string {
	if u, err := url.Parse(specName); err == nil && IsURL(specName) {
		specName = u.Path
	}
	base := strings.TrimSuffix(filepath.Base(specName), ".gz")
	return strings.TrimSuffix(base, filepath.Ext(base)) + ".yaml"
}
