// Package goindex reads the Go API another backend generated. The
// validate, client and server backends build their code against the types
// backend's actual output (field names, Opt/pointer/slice shapes, union
// accessors) instead of re-deriving it, and fail with an error when
// something they rely on is missing rather than emitting code that does not
// compile.
package goindex

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/output"
)

// Index is what a set of generated Go files declares.
type Index struct {
	Names   map[string]bool                // package-level identifiers
	Fields  map[string]map[string]ast.Expr // struct -> field -> type
	Methods map[string]map[string]bool     // type -> methods
	Iface   map[string]bool                // interface types
	Structs map[string]bool                // struct types
}

// Read indexes the .go files among files.
func Read(files []output.File) (*Index, error) {
	idx := &Index{
		Names:   map[string]bool{},
		Fields:  map[string]map[string]ast.Expr{},
		Methods: map[string]map[string]bool{},
		Iface:   map[string]bool{},
		Structs: map[string]bool{},
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
				idx.addFunc(d)
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					idx.addSpec(sp)
				}
			}
		}
	}
	return idx, nil
}

func (idx *Index) addFunc(d *ast.FuncDecl) {
	if d.Recv == nil {
		idx.Names[d.Name.Name] = true
		return
	}
	if recv := RecvName(d.Recv.List[0].Type); recv != "" {
		if idx.Methods[recv] == nil {
			idx.Methods[recv] = map[string]bool{}
		}
		idx.Methods[recv][d.Name.Name] = true
	}
}

func (idx *Index) addSpec(sp ast.Spec) {
	switch sp := sp.(type) {
	case *ast.TypeSpec:
		idx.Names[sp.Name.Name] = true
		switch t := sp.Type.(type) {
		case *ast.StructType:
			idx.Structs[sp.Name.Name] = true
			m := map[string]ast.Expr{}
			for _, fl := range t.Fields.List {
				for _, n := range fl.Names {
					m[n.Name] = fl.Type
				}
			}
			idx.Fields[sp.Name.Name] = m
		case *ast.InterfaceType:
			idx.Iface[sp.Name.Name] = true
		}
	case *ast.ValueSpec:
		for _, n := range sp.Names {
			if n.Name != "_" {
				idx.Names[n.Name] = true
			}
		}
	}
}

// HasMethod reports whether typ (or *typ) has method m.
func (idx *Index) HasMethod(typ, m string) bool { return idx.Methods[typ][m] }

// RecvName is the type name of a method receiver expression.
func RecvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return RecvName(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return RecvName(t.X)
	case *ast.IndexListExpr:
		return RecvName(t.X)
	}
	return ""
}

// Jen renders a type expression of indexed code as jennifer code
// (identifiers, pointers, slices and generic instances such as Opt[int]).
func Jen(e ast.Expr) (jen.Code, error) {
	switch t := e.(type) {
	case *ast.Ident:
		return jen.Id(t.Name), nil
	case *ast.StarExpr:
		x, err := Jen(t.X)
		if err != nil {
			return nil, err
		}
		return jen.Op("*").Add(x), nil
	case *ast.ArrayType:
		if t.Len != nil {
			break
		}
		x, err := Jen(t.Elt)
		if err != nil {
			return nil, err
		}
		return jen.Index().Add(x), nil
	case *ast.IndexExpr:
		x, err := Jen(t.X)
		if err != nil {
			return nil, err
		}
		a, err := Jen(t.Index)
		if err != nil {
			return nil, err
		}
		return jen.Add(x).Types(a), nil
	}
	return nil, fmt.Errorf("unsupported Go type expression %T", e)
}
