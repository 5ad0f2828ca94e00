package parser

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// parseDir reads the non-test Go files of one package of the reader.
func parseDir(t *testing.T, dir string) []*ast.File {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var out []*ast.File
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

// TestLayoutsWriteNoSchema is the defect where the two layouts built
// schema values (objects, unions, variants, fields, enum values, versions,
// changes) and handed them to the core, which wrote them as they came:
// the layouts return facts with their place (package facts), and the core
// alone turns them into the schema. A layout never imports the core, and
// names of the schema only to read its vocabulary: the primitive type
// names, the test for one and how deep an array may be.
func TestLayoutsWriteNoSchema(t *testing.T) {
	vocabulary := map[string]bool{"IsPrimitive": true, "Integer": true, "Integer64": true, "Float": true, "String": true, "InputFile": true, "True": true, "MaxArrayDepth": true}
	for _, dir := range []string{"internal/page", "internal/seed"} {
		for _, f := range parseDir(t, dir) {
			for _, imp := range f.Imports {
				if path, _ := strconv.Unquote(imp.Path.Value); strings.HasSuffix(path, "/parser/internal/resolve") {
					t.Errorf("%s imports %s: a layout states facts and never reaches the core", dir, path)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "schema" && !vocabulary[sel.Sel.Name] {
					t.Errorf("%s uses schema.%s: a layout states facts; the core alone builds schema values", dir, sel.Sel.Name)
				}
				return true
			})
		}
	}
}

// TestResolveExportsOnlyWhatTheReaderUses is the defect where the core
// exported 179 names, its state and helpers among them, and ran a layout's
// callback (the page's tag search) inside its resolution: the core's face
// is the one function that turns facts into the schema, its policies, and
// the errors and report the parser hands on; no exported field holds a
// function.
func TestResolveExportsOnlyWhatTheReaderUses(t *testing.T) {
	want := []string{"CapErrors", "Error", "Error.Error", "MaxErrors", "PagePolicy", "Policy", "Report", "Report.Write", "ReportEntry", "Resolve", "SeedPolicy", "Warning"}
	var got []string
	for _, f := range parseDir(t, "internal/resolve") {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				name := d.Name.Name
				if d.Recv != nil {
					recv := d.Recv.List[0].Type
					if s, ok := recv.(*ast.StarExpr); ok {
						recv = s.X
					}
					id, _ := recv.(*ast.Ident)
					if id == nil || !id.IsExported() {
						continue
					}
					name = id.Name + "." + name
				}
				got = append(got, name)
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if !s.Name.IsExported() {
							continue
						}
						got = append(got, s.Name.Name)
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, fld := range st.Fields.List {
								if _, isFunc := fld.Type.(*ast.FuncType); isFunc && len(fld.Names) > 0 && fld.Names[0].IsExported() {
									t.Errorf("%s.%s holds a function: a layout states a fact, it does not run inside the core", s.Name.Name, fld.Names[0].Name)
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								got = append(got, n.Name)
							}
						}
					}
				}
			}
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("resolve exports %d names %v\nwant %d: %v", len(got), got, len(want), want)
	}
}
