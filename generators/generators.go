// Package generators defines what a backend is. Each backend lives in its
// own package below this one, takes the Go model of a checked schema
// (gomodel) plus Options and returns files in memory; none of them parses
// the specification, runs another backend or touches disk. The list of
// backends is a plain value in package pipeline.
package generators

import (
	"cmp"
	"slices"

	"github.com/apigen/apigen/generators/runtime"
	"github.com/apigen/apigen/gomodel"
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
	// ImportPath is the generated Go package's import path, when known (the
	// command reads it from the go.mod above the output directory): the
	// docs link Go names to the package's documentation on pkg.go.dev.
	ImportPath string
	// ServerPackage is the name of the server's package, which imports the
	// types package by ImportPath (default: the package name followed by
	// "server", server.DefaultPackage).
	ServerPackage string
	// ServerImportPath is the server package's import path, when known
	// (its README names it); default: ImportPath/ServerPackage.
	ServerImportPath string
	// Backends are the names of the backends of this run (pipeline.Generate
	// sets them). A backend declares a method another backend implements
	// only when that backend runs: an interface union offering the
	// dispatcher's replies (gomodel.Union.Offers) names them only with the
	// dispatcher.
	Backends []string
}

// Runs reports whether the backend named name is part of this run.
func (o Options) Runs(name string) bool { return slices.Contains(o.Backends, name) }

// Kind says where a backend's files go.
type Kind int

const (
	// GoPackage files belong to the generated Go package (--out).
	GoPackage Kind = iota
	// Docs files belong to the docs directory (--docs).
	Docs
	// OpenAPI files belong to the OpenAPI and JSON Schema export
	// (--openapi).
	OpenAPI
	// ServerPackage files belong to the server's Go package, beside the
	// types package (--server-out), which it imports.
	ServerPackage
)

// Backend turns the model into files.
type Backend struct {
	// Name is what --only selects ("types", "validate", ...).
	Name string
	// Kind says which output directory the files belong to.
	Kind Kind
	// Requires names the backends whose declarations this backend's code
	// uses; selecting a backend selects them too, so that the package
	// always compiles.
	Requires []string
	// Reserves are the package-level names the backend declares whatever
	// the document says ("Router", "NewServer"): the model reserves those
	// of every backend, whichever run, before it names the document's
	// declarations, so that an API name never takes one (naming's rule 1)
	// and names do not depend on the selection. The backend still
	// declares each (gomodel.Model.Declare), once.
	Reserves []string
	// Members are the methods the backend adds to structs whatever the
	// document says ("Validate"): kept in every struct's scope, so that a
	// field never takes one; the backend declares each in the scope of
	// the structs it adds it to.
	Members []string
	// KindMembers are the methods the backend adds to the objects of an
	// update's kinds ("Command", "Reply"): kept in those objects' scopes
	// only, so that a field there never takes one and a field of another
	// object keeps its name.
	KindMembers []string
	// ClientMembers are the methods the backend adds to the client
	// whatever the document says (its iterator "Updates"): kept, with the
	// runtime's Client fields and methods, in the API methods' scope, so
	// that an API method never takes one.
	ClientMembers []string
	// Exports are the names an export declares whatever the document
	// says (the OpenAPI error envelope's component, the file download's
	// operation) and the forms of the names it makes from the methods'
	// (the GET form's suffix, the webhook delivery's prefix): the model
	// settles them with the document's, where names are told apart
	// without case (gomodel.Model.ExportName, Operation, Delivery).
	Exports gomodel.Exports
	// Generate returns the backend's files, with paths relative to the
	// backend's output directory. A Go backend emits its own share of the
	// runtime (support_<name>_gen.go).
	Generate func(m *gomodel.Model, opts Options) ([]output.File, error)
}

// ClientType is the runtime's client: the API methods are its methods.
const ClientType = "Client"

// importedPackages are the standard packages generated files may import;
// their names are reserved in the package scope.
var importedPackages = []string{"errors", "fmt", "io", "strconv", "strings", "bytes", "json", "sync", "unicode", "utf8", "math", "bits", "binary", "utf16", "sort", "url", "context", "http", "iter", "time", "os", "path", "filepath", "mime", "multipart", "textproto", "fs", "net", "atomic", "rand", "hex", "sha256", "subtle", "slices", "bufio", "log", "regexp"}

// Model builds the Go model of s for a package named pkg (default
// "botapi"). Every runtime name, imported package name and backend name
// (the Reserves of backends: pass every backend's, whichever run) is
// reserved, so that the model's names do not depend on the selection.
func Model(s *schema.Schema, pkg string, backends []Backend) (*gomodel.Model, error) {
	rt, err := runtime.Names()
	if err != nil {
		return nil, err
	}
	client, err := runtime.Members(ClientType)
	if err != nil {
		return nil, err
	}
	var own, members, kindMembers []string
	var exports gomodel.Exports
	for _, b := range backends {
		own = append(own, b.Reserves...)
		members = append(members, b.Members...)
		kindMembers = append(kindMembers, b.KindMembers...)
		client = append(client, b.ClientMembers...)
		exports.Components = append(exports.Components, b.Exports.Components...)
		exports.Operations = append(exports.Operations, b.Exports.Operations...)
		exports.Forms = append(exports.Forms, b.Exports.Forms...)
		exports.Delivery = cmp.Or(exports.Delivery, b.Exports.Delivery)
	}
	return gomodel.Build(s, gomodel.Options{Package: pkg, Reserved: append(rt, importedPackages...), Own: own, Members: members, KindMembers: kindMembers, ClientMembers: client, Exports: exports})
}
