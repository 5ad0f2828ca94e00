package runtime

import (
	"bytes"
	"embed"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/apigen/apigen/output"
)

// sources holds the runtime copied into generated packages. Only rt_*.go
// files are runtime; tests and this file stay behind. The server's runtime
// is in serverrt/, a package of its own that imports this one as botapi,
// as the generated server package imports the generated types package.
//
//go:embed rt_*.go serverrt/rt_*.go
var sources embed.FS

// Part is a share of the runtime owned by one backend. A backend emits its
// parts as one file, support_<file>_gen.go, and only the parts the schema
// needs (the formatting parser only when a limit applies after entity
// parsing).
type Part struct {
	Name  string
	Files []string
}

// The runtime's parts. Each lists its rt_*.go sources in order.
var (
	// TypesPart: Opt, the JSON reader and writer, InputFile, True, the
	// response envelope and the API's Error (shared by client and server).
	TypesPart = Part{"types", []string{"rt_opt.go", "rt_json_read.go", "rt_json_lax.go", "rt_json_write.go", "rt_types_extra.go", "rt_errors.go"}}
	// ValidatePart: ValidationError, the clock and the checking helpers.
	ValidatePart = Part{"validate", []string{"rt_validate.go"}}
	// FormatPart: the text-formatting parser (MarkdownV2, HTML, Markdown),
	// renderers and escapers, and the "after entity parsing" check.
	FormatPart = Part{"format", []string{"rt_format.go", "rt_format_html.go", "rt_format_md.go", "rt_format_mdv2.go", "rt_format_render.go", "rt_validate_formatted.go"}}
	// ClientPart: the HTTP client, retries, multipart, polling and webhooks,
	// one concern per source file, in this order.
	ClientPart = Part{"client", []string{"rt_client.go", "rt_client_upload.go", "rt_client_call.go", "rt_client_download.go", "rt_client_poll.go", "rt_client_webhook.go", "rt_client_result.go", "rt_client_receive.go", "rt_client_log.go"}}
	// WirePart: the face of the types package that its server package
	// uses (the JSON reader and writer, the codecs, the server's
	// validation); emitted into the types package with the server only.
	WirePart = Part{"wire", []string{"rt_wire.go"}}
	// ServerPart: the HTTP handler's options, routing, request decoding,
	// uploads and files, one concern per source file, in this order. It
	// goes to the server package and reaches the types package through
	// the qualifier botapi (see Import).
	ServerPart = Part{"server", []string{"serverrt/rt_server.go", "serverrt/rt_server_handler.go", "serverrt/rt_server_call.go", "serverrt/rt_server_download.go", "serverrt/rt_server_args.go", "serverrt/rt_server_multipart.go", "serverrt/rt_server_values.go", "serverrt/rt_server_json.go", "serverrt/rt_server_methods.go"}}
	// DispatchPart: the dispatcher's routing, middleware, worker pool,
	// long-polling shutdown and webhook serving (generic over the update
	// type; uses the client part).
	DispatchPart = Part{"dispatch", []string{"rt_dispatch.go", "rt_dispatch_bot.go"}}
)

// Parts lists every part, so that tests can prove each rt_*.go file
// belongs to exactly one.
var Parts = []Part{TypesPart, ValidatePart, FormatPart, ClientPart, WirePart, ServerPart, DispatchPart}

// source is one runtime file split for merging.
type source struct {
	imports []string            // import specs as written: `"io"` or `name "path"`
	body    string              // everything after the import declarations
	names   []string            // package-level identifiers
	members map[string][]string // type -> its fields and methods
}

var (
	loadOnce sync.Once
	loaded   map[string]*source
	loadErr  error
)

func load() (map[string]*source, error) {
	loadOnce.Do(func() {
		loaded = map[string]*source{}
		for _, p := range Parts {
			for _, name := range p.Files {
				src, err := split(name)
				if err != nil {
					loadErr = err
					return
				}
				loaded[name] = src
			}
		}
	})
	return loaded, loadErr
}

// split reads one runtime file and separates its imports from the rest.
func split(name string) (*source, error) {
	data, err := sources.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("runtime: %s is listed in a part but not embedded: %w", name, err)
	}
	fset := token.NewFileSet()
	// Comments are not needed: the body is cut from the bytes by offsets.
	f, err := parser.ParseFile(fset, name, data, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("runtime: %w", err)
	}
	if f.Name.Name != "runtime" && f.Name.Name != "serverrt" {
		return nil, fmt.Errorf("runtime: %s is not in package runtime or serverrt", name)
	}
	src := &source{members: map[string][]string{}}
	// The body starts after the package clause, or after the last import
	// declaration; comments between the clause and the imports (the file's
	// description) are kept in front of the body. A comment above the
	// package clause describes the source file only (a part split into
	// several files, whose description is in its first) and is dropped.
	var lead string
	bodyStart := fset.Position(f.Name.End()).Offset
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			break
		}
		if lead == "" {
			lead = string(data[bodyStart:fset.Position(g.Pos()).Offset])
		}
		bodyStart = fset.Position(g.End()).Offset
		for _, sp := range g.Specs {
			is := sp.(*ast.ImportSpec)
			spec := is.Path.Value
			if is.Name != nil {
				spec = is.Name.Name + " " + spec
			}
			src.imports = append(src.imports, spec)
		}
	}
	src.body = strings.TrimSpace(string(data[bodyStart:])) + "\n"
	if lead = strings.TrimSpace(lead); lead != "" {
		src.body = lead + "\n\n" + src.body
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				src.names = append(src.names, d.Name.Name)
			} else if recv := receiverName(d.Recv.List[0].Type); recv != "" {
				src.members[recv] = append(src.members[recv], d.Name.Name)
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					src.names = append(src.names, sp.Name.Name)
					if st, ok := sp.Type.(*ast.StructType); ok {
						for _, fl := range st.Fields.List {
							for _, n := range fl.Names {
								src.members[sp.Name.Name] = append(src.members[sp.Name.Name], n.Name)
							}
						}
					}
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						if n.Name != "_" {
							src.names = append(src.names, n.Name)
						}
					}
				}
			}
		}
	}
	return src, nil
}

// FileName is the generated file a backend's runtime goes to.
func FileName(backend string) string { return "support_" + backend + "_gen.go" }

// File merges parts into the generated file of backend: one header, one
// sorted import block, then each source's description and declarations in
// order. The result depends only on the arguments. The merged, formatted
// text of a set of parts is computed once per process and reused: only the
// header and the package clause differ between calls.
func File(backend, pkg, source string, parts ...Part) (output.File, error) {
	return FileImporting(backend, pkg, source, Import{}, parts...)
}

// Import is the types package as a package of its own imports it (the
// server package): its import path and package name.
type Import struct {
	Path, Name string
}

// typesQualifier is how the server's runtime sources (serverrt) name the
// types package: they import this package as botapi.
const (
	typesQualifier  = "botapi"
	typesImportSpec = typesQualifier + ` "github.com/apigen/apigen/generators/runtime"`
)

// FileImporting is File for a package that imports the types package
// (the server's): the runtime's import of the types package becomes one of
// types.Path, and its qualifier botapi becomes types.Name.
func FileImporting(backend, pkg, source string, types Import, parts ...Part) (output.File, error) {
	var names []string
	for _, p := range parts {
		names = append(names, p.Name)
	}
	key := strings.Join(names, ", ")
	v, _ := merged.LoadOrStore(key+"\x00"+types.Path+"\x00"+types.Name, &mergedParts{})
	m := v.(*mergedParts)
	m.once.Do(func() { m.body, m.err = merge(parts, types) })
	if m.err != nil {
		return output.File{}, m.err
	}
	var buf bytes.Buffer
	buf.Grow(len(m.body) + 256)
	fmt.Fprintf(&buf, "// Code generated by apigen. DO NOT EDIT.\n// source: %s (runtime support: %s)\n\npackage %s\n", source, key, pkg)
	buf.Write(m.body)
	return output.File{Path: FileName(backend), Data: buf.Bytes()}, nil
}

// mergedParts caches the formatted text of a set of parts after the
// package clause.
type mergedParts struct {
	once sync.Once
	body []byte
	err  error
}

var merged sync.Map // parts key -> *mergedParts

// merge formats the parts' sources as one file and returns what follows
// its package clause.
func merge(parts []Part, types Import) ([]byte, error) {
	srcs, err := load()
	if err != nil {
		return nil, err
	}
	imports := map[string]bool{}
	var body strings.Builder
	for _, p := range parts {
		for _, name := range p.Files {
			s := srcs[name]
			text := s.body
			for _, i := range s.imports {
				if i != typesImportSpec {
					imports[i] = true
					continue
				}
				if types.Path == "" {
					return nil, fmt.Errorf("runtime: %s imports the types package, and no import path is given for it", name)
				}
				spec := strconv.Quote(types.Path)
				if path.Base(types.Path) != types.Name {
					spec = types.Name + " " + spec
				}
				imports[spec] = true
				if types.Name != typesQualifier {
					text = typesQualified.ReplaceAllString(text, types.Name+".$1")
				}
			}
			body.WriteString("\n")
			body.WriteString(text)
		}
	}
	var specs []string
	for i := range imports {
		specs = append(specs, i)
	}
	sort.Slice(specs, func(a, b int) bool { return importPath(specs[a]) < importPath(specs[b]) })
	var buf bytes.Buffer
	buf.WriteString("package runtime\n\n")
	if len(specs) > 0 {
		// The standard library first, then the types package, as gofmt
		// and goimports group them.
		buf.WriteString("import (\n")
		for _, s := range specs {
			if types.Path != "" && importPath(s) == types.Path {
				continue
			}
			buf.WriteString("\t" + s + "\n")
		}
		for _, s := range specs {
			if types.Path != "" && importPath(s) == types.Path {
				buf.WriteString("\n\t" + s + "\n")
			}
		}
		buf.WriteString(")\n")
	}
	buf.WriteString(body.String())
	// The sources are gofmt-clean and joined with one blank line between
	// them, so the result is too, and valid: each source parsed in split,
	// and a file's declarations after its imports can follow another's.
	// TestMergedRuntimeIsFormatted formats every set of parts the backends
	// emit; parsing the merged text again on every run cost about 14 ms of
	// `apigen generate`'s CPU.
	return bytes.TrimPrefix(buf.Bytes(), []byte("package runtime\n")), nil
}

// typesQualified matches a use of the types package in the server's
// runtime sources.
var typesQualified = regexp.MustCompile(`\b` + typesQualifier + `\.([A-Z])`)

func importPath(spec string) string {
	if i := strings.LastIndexByte(spec, ' '); i >= 0 {
		spec = spec[i+1:]
	}
	p, _ := strconv.Unquote(spec)
	return p
}

// Names lists every package-level identifier of the whole runtime, sorted,
// so that generated names never collide with it whichever parts a run
// emits.
func Names() ([]string, error) {
	return collect(func(s *source) []string { return s.names })
}

// receiverName is the type name of a method receiver expression.
func receiverName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return receiverName(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return receiverName(t.X)
	case *ast.IndexListExpr:
		return receiverName(t.X)
	}
	return ""
}

// Members lists the fields and methods the runtime declares on the type
// named typ, sorted (none when the runtime has no such type), so that a
// backend adding methods to a runtime type can declare them in its scope.
func Members(typ string) ([]string, error) {
	return collect(func(s *source) []string { return s.members[typ] })
}

// collect gathers names from every runtime source, once each, sorted.
func collect(names func(*source) []string) ([]string, error) {
	srcs, err := load()
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, s := range srcs {
		for _, n := range names(s) {
			seen[n] = true
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out, nil
}
