package server

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/output"
)

// goIndex is what the types and validate backends declared: the server
// code is built against their Go API, read from their output, so that it
// follows whatever Go types they chose (CONVENTIONS.md) instead of
// re-deriving them.
type goIndex struct {
	names   map[string]bool                // package-level identifiers
	fields  map[string]map[string]ast.Expr // struct -> field -> type
	methods map[string]map[string]bool     // type -> methods
	iface   map[string]bool                // interface types
	structs map[string]bool                // struct types
}

func indexGo(files []output.File) (*goIndex, error) {
	idx := &goIndex{
		names:   map[string]bool{},
		fields:  map[string]map[string]ast.Expr{},
		methods: map[string]map[string]bool{},
		iface:   map[string]bool{},
		structs: map[string]bool{},
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if !strings.HasSuffix(f.Path, ".go") {
			continue
		}
		af, err := parser.ParseFile(fset, f.Path, f.Data, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("generated %s: %w", f.Path, err)
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					idx.names[d.Name.Name] = true
					continue
				}
				if recv := recvName(d.Recv.List[0].Type); recv != "" {
					if idx.methods[recv] == nil {
						idx.methods[recv] = map[string]bool{}
					}
					idx.methods[recv][d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						idx.names[sp.Name.Name] = true
						switch t := sp.Type.(type) {
						case *ast.StructType:
							idx.structs[sp.Name.Name] = true
							m := map[string]ast.Expr{}
							for _, fl := range t.Fields.List {
								for _, n := range fl.Names {
									m[n.Name] = fl.Type
								}
							}
							idx.fields[sp.Name.Name] = m
						case *ast.InterfaceType:
							idx.iface[sp.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.Name != "_" {
								idx.names[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	return idx, nil
}

func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	}
	return ""
}

func (x *goIndex) hasMethod(typ, m string) bool { return x.methods[typ][m] }

// jenType renders a Go type expression read from the index.
func jenType(e ast.Expr) (jen.Code, error) {
	switch t := e.(type) {
	case *ast.Ident:
		return jen.Id(t.Name), nil
	case *ast.StarExpr:
		x, err := jenType(t.X)
		if err != nil {
			return nil, err
		}
		return jen.Op("*").Add(x), nil
	case *ast.ArrayType:
		if t.Len != nil {
			break
		}
		x, err := jenType(t.Elt)
		if err != nil {
			return nil, err
		}
		return jen.Index().Add(x), nil
	case *ast.IndexExpr:
		x, err := jenType(t.X)
		if err != nil {
			return nil, err
		}
		i, err := jenType(t.Index)
		if err != nil {
			return nil, err
		}
		return jen.Add(x).Types(i), nil
	}
	return nil, fmt.Errorf("unsupported Go type expression %T", e)
}

// identOf returns the name of a plain identifier type ("" otherwise).
func identOf(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// optOf returns T of Opt[T] (nil otherwise).
func optOf(e ast.Expr) ast.Expr {
	if ix, ok := e.(*ast.IndexExpr); ok && identOf(ix.X) == "Opt" {
		return ix.Index
	}
	return nil
}
