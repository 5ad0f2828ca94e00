// Package gofile turns a jennifer file into gofmt-formatted Go source, the
// one way every Go backend renders its files.
//
// It does what jen.File.Render does (render, then go/format.Source) with
// fewer copies of the file: Render formats into a bytes.Buffer that grows
// by doubling and then copies the result into the caller's writer; here the
// formatted file is printed once into a buffer sized from the unformatted
// source. On the newest published page the Go files are 3.5 MB, and the
// copies and doublings cost about four times that in allocation, paid in
// page faults (docs/input-limits.md, the generator's cost).
package gofile

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"

	"github.com/dave/jennifer/jen"
)

// Render returns f as gofmt-formatted source, byte for byte what
// f.Render would write. Invalid code is an error that quotes the
// unformatted source, as jennifer's is.
func Render(f *jen.File) ([]byte, error) {
	f.NoFormat = true
	var src bytes.Buffer
	if err := f.Render(&src); err != nil {
		return nil, err
	}
	out, err := Format(src.Bytes())
	if err != nil {
		return nil, fmt.Errorf("Error %s while formatting source:\n%s", err, src.String())
	}
	return out, nil
}

// Format is go/format.Source for a complete file: the same parser and
// printer settings, so the same bytes (TestFormatIsFormatSource), printed
// into a buffer sized once.
func Format(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	ast.SortImports(fset, file)
	// gofmt indents with tabs where jennifer's source has none, and drops
	// little: the formatted file is at most about a tenth longer.
	out := bytes.NewBuffer(make([]byte, 0, len(src)+len(src)/8+64))
	if err := config.Fprint(out, fset, file); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// config is go/format's printer configuration. normalizeNumbers is the
// printer mode bit go/format sets to canonicalise number literal prefixes
// and exponents (0X1F -> 0x1F, 1E5 -> 1e5); go/printer reads it but does
// not export it.
var config = printer.Config{Mode: printer.UseSpaces | printer.TabIndent | normalizeNumbers, Tabwidth: 8}

const normalizeNumbers printer.Mode = 1 << 30
