// Package generators lists apigen's backends. Each backend lives in its own
// package below this one, takes a checked schema plus Options and returns
// files in memory; none of them parses the specification or touches disk.
package generators

import (
	"fmt"
	"strings"

	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
)

// Options are shared by all backends.
type Options struct {
	// Package is the Go package name of the generated code.
	Package string
	// Source names the input (spec or schema file) for the "source:" line
	// of generated headers.
	Source string
}

// Backend turns a schema into files.
type Backend struct {
	// Name is what --only selects ("types", "validate", ...).
	Name string
	// Go reports whether the files belong to the Go package (written under
	// --out) rather than to the docs directory.
	Go bool
	// OpenAPI reports whether the files belong to the OpenAPI and JSON
	// Schema export (written under --openapi).
	OpenAPI bool
	// Generate returns the backend's files, with paths relative to the
	// backend's output directory.
	Generate func(s *schema.Schema, opts Options) ([]output.File, error)
}

// registry holds the backends in the order they run.
var registry []Backend

// Register adds a backend; backends register themselves from init in the
// all package so that this package does not import them.
func Register(b Backend) { registry = append(registry, b) }

// All returns the registered backends in order.
func All() []Backend { return append([]Backend(nil), registry...) }

// Select returns the backends named in a comma-separated list ("" = all).
func Select(only string) ([]Backend, error) {
	if strings.TrimSpace(only) == "" {
		return All(), nil
	}
	var out []Backend
	for _, name := range strings.Split(only, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, b := range registry {
			if b.Name == name {
				out = append(out, b)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown backend %q (known: %s)", name, strings.Join(Names(), ", "))
		}
	}
	return out, nil
}

// Names lists the registered backend names.
func Names() []string {
	var names []string
	for _, b := range registry {
		names = append(names, b.Name)
	}
	return names
}
