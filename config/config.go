// Package config is what apigen generate is asked to do: the input (spec or
// schema, overlay), the Go package name, the output places and the backends.
//
// It comes from three layers, each overriding the one before: the defaults
// (Default: this repository's layout), the config file apigen.yaml (written
// by `apigen init`; paths in it are relative to the file), and the command
// line flags. The command only collects flags; deciding what they mean
// (defaults, checks, paths) happens here.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/schema/yamlerr"
)

// FileName is the config file apigen looks for in the working directory.
const FileName = "apigen.yaml"

// None turns an output off (docs: none, schema_out: none) or applies no
// overlay (overlay: none).
const None = "none"

// Config is one generate run's settings.
type Config struct {
	// Spec is the specification file (Markdown, or HTML with the same
	// headings and tables); empty means the embedded one.
	Spec string `yaml:"spec,omitempty"`
	// Schema starts from a saved YAML schema instead of a specification.
	Schema string `yaml:"schema,omitempty"`
	// Overlay is the overlay file; "none" for no overlay; empty for the
	// embedded overlay when the document is the one it was written for.
	Overlay string `yaml:"overlay,omitempty"`
	// Package is the generated Go package's name.
	Package string `yaml:"package,omitempty"`
	// Out is the directory of the generated Go package.
	Out string `yaml:"out,omitempty"`
	// ServerPackage is the name of the server's Go package, which imports
	// the package above; empty means the package's name followed by
	// "server" (botapiserver).
	ServerPackage string `yaml:"server_package,omitempty"`
	// ServerOut is the server package's directory; empty means the
	// directory named ServerPackage inside Out.
	ServerOut string `yaml:"server_out,omitempty"`
	// Docs is the directory of the reference docs, or "none"; empty means
	// its place in the layout (see DocsDir).
	Docs string `yaml:"docs,omitempty"`
	// OpenAPI is the directory of the OpenAPI 3.1 document and the JSON
	// Schema bundle, or "none"; empty means its place in the layout (see
	// OpenAPIDir).
	OpenAPI string `yaml:"openapi,omitempty"`
	// SchemaOut is where the parsed schema is saved, or "none"; empty means
	// <spec name>.yaml in the layout's schema directory when parsing a
	// specification, nothing when starting from a schema (see SchemaFile).
	SchemaOut string `yaml:"schema_out,omitempty"`
	// Backends lists the backends to run; empty means all.
	Backends []string `yaml:"backends,omitempty"`

	// File is the config file the settings came from, if any.
	File string `yaml:"-"`
}

// Keys are the keys of a config file, for messages.
var Keys = []string{"spec", "schema", "overlay", "package", "out", "server_package", "server_out", "docs", "openapi", "schema_out", "backends"}

// Default is the configuration with no config file and no flags: the
// embedded specification, written into this repository's layout. The docs,
// the OpenAPI export and the schema are left to the layout (see placed), so
// that moving the package (--out) moves them too.
func Default() *Config {
	return &Config{Package: "botapi", Out: layoutOut}
}

// This repository's layout: the Go package in generated/botapi, the docs
// and the OpenAPI export beside it, the schema in schema/.
const (
	layoutOut     = "generated/botapi"
	layoutDocs    = "generated/docs"
	layoutOpenAPI = "generated/openapi"
	layoutSchema  = "schema"
)

// placed is the directory of an output that has no place of its own (no
// flag, no config file): its place in the layout while the package is at
// the layout's, else the directory sub inside Out. Moving the package moves
// every such output with it, as buf's output base does, and as Out holds
// the server package: a run that writes the package elsewhere writes
// nothing into this repository.
func (c *Config) placed(layout, sub string) string {
	if filepath.Clean(c.Out) == filepath.FromSlash(layoutOut) {
		return filepath.FromSlash(layout)
	}
	return filepath.Join(c.Out, sub)
}

// Standalone is the configuration with no config file outside apigen's own
// repository: the Go package only, in ./botapi. apigen's layout (schema/,
// generated/docs of some 12 MB, generated/openapi of 5 MB) is its own
// repository's; in a user's module it would be files nobody asked for.
// Docs, the OpenAPI export and the schema are written when asked
// (--docs, --openapi, --schema-out, or apigen.yaml).
func Standalone() *Config {
	return &Config{Package: "botapi", Out: "botapi", Docs: None, OpenAPI: None, SchemaOut: None}
}

// Load reads a config file over the defaults. Relative paths in it are
// taken relative to the file's directory, so that `go generate` and a
// command run elsewhere mean the same files.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f Config
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := schema.ValidUTF8(path, data); err != nil {
		return nil, err
	}
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlerr.Clean(path, err, Keys)
	}
	dir := filepath.Dir(path)
	rel := func(p string) string {
		if p == "" || p == None || filepath.IsAbs(p) || loader.IsURL(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	c := Default()
	c.File = path
	// A config file describes a package of its own: its outputs default to
	// nothing but the Go package beside the file.
	c.Docs, c.OpenAPI, c.SchemaOut = None, None, None
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&c.Spec, rel(f.Spec))
	set(&c.Schema, rel(f.Schema))
	set(&c.Overlay, rel(f.Overlay))
	set(&c.Package, f.Package)
	set(&c.Out, rel(f.Out))
	set(&c.ServerPackage, f.ServerPackage)
	set(&c.ServerOut, rel(f.ServerOut))
	set(&c.Docs, rel(f.Docs))
	set(&c.OpenAPI, rel(f.OpenAPI))
	set(&c.SchemaOut, rel(f.SchemaOut))
	if f.Out == "" {
		c.Out = filepath.Join(dir, c.Package)
	}
	c.Backends = f.Backends
	return c, nil
}

// Find loads FileName from dir when it exists; otherwise it returns the
// defaults.
func Find(dir string) (*Config, error) {
	path := filepath.Join(dir, FileName)
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return Default(), nil
		}
		return nil, err
	}
	return Load(path)
}

// Check reports a setting that cannot work, as a message that says what to
// do.
func (c *Config) Check() error {
	where := ""
	if c.File != "" {
		where = " (" + c.File + " or flags)"
	}
	if c.Spec != "" && c.Schema != "" {
		return fmt.Errorf("give a specification or a schema, not both%s", where)
	}
	if !IsPackageName(c.Package) {
		return fmt.Errorf("package %q is not a Go package name%s: use a lower-case identifier such as botapi", c.Package, where)
	}
	if c.Out == "" {
		return fmt.Errorf("no output directory for the Go package%s", where)
	}
	if sp := c.ServerPackageName(); !IsPackageName(sp) || sp == c.Package {
		return fmt.Errorf("server package %q is not a Go package name other than %q%s: use a lower-case identifier such as %sserver", sp, c.Package, where, c.Package)
	}
	return nil
}

// ServerPackageName is the name of the server's package.
func (c *Config) ServerPackageName() string {
	if c.ServerPackage != "" {
		return c.ServerPackage
	}
	return c.Package + "server"
}

// ServerDir is the server package's directory: ServerOut, else the
// directory named after the server package inside Out.
func (c *Config) ServerDir() string {
	if c.ServerOut != "" {
		return c.ServerOut
	}
	return filepath.Join(c.Out, c.ServerPackageName())
}

// IsPackageName reports whether name can be a Go package name.
func IsPackageName(name string) bool {
	return token.IsIdentifier(name) && name != "_" && !strings.ContainsFunc(name, func(r rune) bool { return r > 0x7f })
}

// Input is the loader input the config names.
func (c *Config) Input() loader.Input {
	return loader.Input{SpecPath: c.Spec, SchemaPath: c.Schema, OverlayPath: c.Overlay}
}

// SchemaFile is where the schema YAML goes, or "" for nowhere: by default
// schema/<spec name>.yaml in the layout, Out/schema/<spec name>.yaml once
// Out moved.
func (c *Config) SchemaFile() string {
	switch {
	case c.SchemaOut == None:
		return ""
	case c.SchemaOut != "":
		return c.SchemaOut
	case c.Schema != "":
		return "" // the input is already a schema
	}
	return filepath.Join(c.placed(layoutSchema, "schema"), loader.SchemaFileName(c.Input().Name()))
}

// DocsDir is the docs directory, or "" for no docs: generated/docs in the
// layout, Out/docs once Out moved.
func (c *Config) DocsDir() string {
	switch c.Docs {
	case None:
		return ""
	case "":
		return c.placed(layoutDocs, "docs")
	}
	return c.Docs
}

// OpenAPIDir is the OpenAPI export's directory, or "" for no export:
// generated/openapi in the layout, Out/openapi once Out moved.
func (c *Config) OpenAPIDir() string {
	switch c.OpenAPI {
	case None:
		return ""
	case "":
		return c.placed(layoutOpenAPI, "openapi")
	}
	return c.OpenAPI
}

// Only is the backend list as --only takes it.
func (c *Config) Only() string { return strings.Join(c.Backends, ",") }
