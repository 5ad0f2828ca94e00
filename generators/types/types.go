// Package types is the Go types backend: from the Go model it emits the
// generated package's objects, unions, enums and method parameter structs
// (types_gen.go) and their reflection-free JSON codecs (json_gen.go). The
// runtime they stand on (Opt, the JSON reader and writer, InputFile, the
// API's error) is the backend's support file (support_types_gen.go).
//
// Everything is derived from the model (union kinds, discriminators, string
// forms, kind accessors, enums); no API name is known here. See
// generators/CONVENTIONS.md for what the generated package looks like.
package types

import (
	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/runtime"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/output"
)

// Output file names (CONVENTIONS.md).
const (
	typesFile = "types_gen.go"
	jsonFile  = "json_gen.go"
)

// Backend is the types backend.
var Backend = generators.Backend{Name: "types", Kind: generators.GoPackage, Generate: Generate}

// Generate emits types_gen.go and json_gen.go.
func Generate(m *gomodel.Model, opts generators.Options) ([]output.File, error) {
	g := &gen{m: m, pkg: m.Package, source: opts.Source, helpers: opts.Runs("dispatch")}
	types, err := g.emitTypes()
	if err != nil {
		return nil, err
	}
	codecs, err := g.emitJSON()
	if err != nil {
		return nil, err
	}
	rt, err := runtime.File("types", m.Package, opts.Source, runtime.TypesPart)
	if err != nil {
		return nil, err
	}
	readme, err := generators.ReadmeSection("types", nil)
	if err != nil {
		return nil, err
	}
	files := []output.File{{Path: typesFile, Data: types}, {Path: jsonFile, Data: codecs}, rt, readme}
	if opts.Runs("server") {
		wire, err := g.emitWire()
		if err != nil {
			return nil, err
		}
		files = append(files, wire...)
	}
	return files, nil
}

type gen struct {
	m      *gomodel.Model
	pkg    string
	source string
	// helpers: the dispatcher runs, so a union offering its replies
	// declares them (gomodel.Union.Offers).
	helpers bool
}
