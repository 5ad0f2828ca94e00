package pipeline_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
)

// ownNames are the identifiers the seed's package declares itself (the
// runtime's, the backends' and the model's): its exported package-level
// names, and the methods the backends add to the API's types (those
// types_gen.go declares), each list sorted.
func ownNames(t *testing.T, files []output.File) (pkg, members []string) {
	t.Helper()
	fset := token.NewFileSet()
	seenPkg, seenMember := map[string]bool{}, map[string]bool{}
	apiTypes := map[string]bool{}
	var parsed []*ast.File
	add := func(seen map[string]bool, list *[]string, n string) {
		if n != "_" && ast.IsExported(n) && !seen[n] {
			seen[n] = true
			*list = append(*list, n)
		}
	}
	for _, f := range files {
		if filepath.Ext(f.Path) != ".go" {
			continue
		}
		file, err := parser.ParseFile(fset, f.Path, f.Data, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, file)
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					add(seenPkg, &pkg, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						add(seenPkg, &pkg, sp.Name.Name)
						if f.Path == "types_gen.go" {
							apiTypes[sp.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, id := range sp.Names {
							add(seenPkg, &pkg, id.Name)
						}
					}
				}
			}
		}
	}
	for _, file := range parsed {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && apiTypes[receiver(fd.Recv.List[0].Type)] {
				add(seenMember, &members, fd.Name.Name)
			}
		}
	}
	slices.Sort(pkg)
	slices.Sort(members)
	return pkg, members
}

// receiver is the name of a method's receiver type.
func receiver(e ast.Expr) string {
	if st, ok := e.(*ast.StarExpr); ok {
		e = st.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// TestOwnNamesAsAPINames: every identifier the generated package declares
// itself, used by the document as an object's name, an enum's constant, a
// parameter's or a field's name (on every object: the update, its kinds,
// a union's variants, the markups the builders read), never stops
// generation: each is disambiguated by naming's rule, and the package
// builds and vets.
func TestOwnNamesAsAPINames(t *testing.T) {
	_, outs := generateDefault(t)
	pkg, members := ownNames(t, outs.Go)
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	// Types are told apart without case: the docs write a page per type,
	// and two names differing only in case would share a file on a
	// case-insensitive file system (a limit of the docs backend).
	types := map[string]bool{}
	for _, o := range s.Objects {
		types[strings.ToLower(o.Name)] = true
	}
	for _, u := range s.Unions {
		types[strings.ToLower(u.Name)] = true
	}
	for _, e := range s.Enums {
		types[strings.ToLower(e.Name)] = true
	}
	// Objects named like a package-level name, each held by a parameter
	// of a new method so that it is sent, validated and served.
	var params []*schema.Field
	for _, n := range pkg {
		if types[strings.ToLower(n)] || schema.IsPrimitive(n) {
			continue
		}
		types[strings.ToLower(n)] = true
		s.Objects = append(s.Objects, &schema.Object{Name: n, Fields: []*schema.Field{{Name: "note", Type: schema.Type{Name: schema.String}, Required: true}}})
		params = append(params, &schema.Field{Name: strings.ToLower(n[:1]) + n[1:], Type: schema.Type{Name: n}})
	}
	s.Methods = append(s.Methods, &schema.Method{Name: "useOwnNames", Group: "g", Returns: schema.Type{Name: schema.True}, Params: params})
	// Enum constants spelling a package-level name: the enum is named
	// after the name's first word, its value the rest ("Text" + "Equal").
	enums := map[string]*schema.Enum{}
	var order []string
	for _, n := range pkg {
		words := naming.Words(n)
		if len(words) < 2 {
			continue
		}
		e, rest := words[0], strings.Join(words[1:], "")
		if (types[strings.ToLower(e)] || schema.IsPrimitive(e)) && enums[e] == nil {
			continue // an enum may not take the name of a type of the schema
		}
		if enums[e] == nil {
			types[strings.ToLower(e)] = true
			enums[e] = &schema.Enum{Name: e}
			order = append(order, e)
		}
		enums[e].Values = append(enums[e].Values, &schema.EnumValue{Value: rest})
	}
	for _, e := range order {
		s.Enums = append(s.Enums, enums[e])
	}
	// Fields and parameters named like the members of the package's
	// types, on every object and every method's parameters.
	for _, o := range s.Objects {
		if o.Opaque {
			continue
		}
		for _, n := range members {
			o.Fields = append(o.Fields, &schema.Field{Name: n, Type: schema.Type{Name: schema.String}})
		}
	}
	for _, me := range s.Methods {
		if len(me.Params) == 0 {
			continue
		}
		for _, n := range members {
			me.Params = append(me.Params, &schema.Field{Name: n, Type: schema.Type{Name: schema.String}})
		}
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	// The Go package's backends: the docs and the OpenAPI export name
	// files and components without case, which is theirs to settle.
	goOnly, err := pipeline.Select("types,validate,client,server,dispatch,builders")
	if err != nil {
		t.Fatal(err)
	}
	got, err := pipeline.Generate(s, goOnly, generators.Options{Package: "botapi", Source: "bot-api-5.0.md", ImportPath: "named/botapi"})
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	if len(got.Warnings) == 0 {
		t.Error("no name was disambiguated")
	}
	if !testing.Short() {
		buildFiles(t, got.Go, got.Server)
	}
}
