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
	var src source
	if err := f.Render(&src); err != nil {
		return nil, err
	}
	out, err := Format(src)
	if err != nil {
		return nil, fmt.Errorf("Error %s while formatting source:\n%s", err, src)
	}
	return out, nil
}

// source is the unformatted file jen.File.Render writes. Render writes it
// in one call, from a buffer of its own that it drops on return, so source
// keeps that slice instead of copying it into a buffer that grows by
// doubling (on the newest published page that copy and its doublings
// were 5.5 of the 147 MB a run allocates). A later write appends, so the
// result is right whatever Render does (TestRenderIsJenniferRender).
type source []byte

func (s *source) Write(p []byte) (int, error) {
	if *s == nil {
		*s = p[:len(p):len(p)] // an append never writes into Render's buffer
	} else {
		*s = append(*s, p...)
	}
	return len(p), nil
}

// Format is go/format.Source for a complete file: the same parser and
// printer settings, so the same bytes (TestFormatIsFormatSource), printed
// into a buffer sized once.
//
// A large file is formatted in pieces: it is cut at the blank lines
// between its top-level declarations (see pieces), each piece is parsed and
// printed on its own, and the pieces are joined by one blank line, which is
// what gofmt leaves between two declarations with a blank line between
// them; no alignment, comment or spacing decision of gofmt spans a blank
// line between top-level declarations. Only the syntax tree of one piece
// is alive at a time, and the printer's position lookups search a piece's
// lines, not the file's: less CPU and a lower peak on large documents
// (docs/input-limits.md). Should a piece not parse on its own, the whole
// file is formatted at once, with the error it gives.
func Format(src []byte) ([]byte, error) {
	cuts := pieces(src, pieceSize)
	if len(cuts) == 0 {
		return formatFile(src, nil)
	}
	out := make([]byte, 0, len(src)+len(src)/8+64)
	out, err := formatFile(src[:cuts[0]], out)
	if err != nil {
		return formatFile(src, nil)
	}
	var scratch []byte
	for i, start := range cuts {
		end := len(src)
		if i+1 < len(cuts) {
			end = cuts[i+1]
		}
		scratch = append(append(scratch[:0], piecePrefix...), src[start:end]...)
		at := len(out)
		out = append(out, '\n')
		if out, err = formatFile(scratch, out); err != nil || !bytes.HasPrefix(out[at+1:], []byte(piecePrefix)) {
			return formatFile(src, nil)
		}
		out = append(out[:at+1], out[at+1+len(piecePrefix):]...)
	}
	return out, nil
}

// piecePrefix makes a piece of a file a file of its own; gofmt prints it
// back as it is, before the piece's first declaration or comment.
const piecePrefix = "package p\n\n"

// pieceSize is the least length of a piece Format formats on its own.
var pieceSize = 16 << 10

// formatFile appends the formatted src, a whole Go file, to out (a buffer
// sized from src when out is nil).
func formatFile(src, out []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	ast.SortImports(fset, file)
	if out == nil {
		// gofmt indents with tabs where jennifer's source has none, and
		// drops little: the formatted file is at most about a tenth longer.
		out = make([]byte, 0, len(src)+len(src)/8+64)
	}
	buf := bytes.NewBuffer(out)
	if err := config.Fprint(buf, fset, file); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// pieces returns where src may be cut into pieces of at least size bytes
// that are sequences of whole top-level declarations and comments: the
// starts of the lines that follow one or more blank lines outside any
// bracket, string, character or comment, after the package clause. The
// first piece, before the first cut, holds the package clause and the
// imports; each cut skips the blank lines before it.
func pieces(src []byte, size int) []int {
	var cuts []int
	depth, last := 0, 0
	pkg := false // past the package clause
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '"', '\'':
			for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '`':
			for i++; i < len(src) && src[i] != '`'; i++ {
			}
		case '/':
			switch {
			case i+1 < len(src) && src[i+1] == '/':
				for i < len(src) && src[i] != '\n' {
					i++
				}
				i-- // the line feed ends the comment and may start a cut
			case i+1 < len(src) && src[i+1] == '*':
				end := bytes.Index(src[i+2:], []byte("*/"))
				if end < 0 {
					return nil
				}
				i += 2 + end + 1
			}
		case 'p':
			if !pkg && depth == 0 && (i == 0 || src[i-1] == '\n') && bytes.HasPrefix(src[i:], []byte("package ")) {
				pkg = true
			}
		case '\n':
			if depth != 0 || !pkg || i+1 >= len(src) || src[i+1] != '\n' {
				continue
			}
			j := i + 1
			for j < len(src) && src[j] == '\n' {
				j++
			}
			if j-last >= size && j < len(src) && !bytes.HasPrefix(src[j:], []byte("import")) {
				cuts = append(cuts, j)
				last = j
			}
			i = j - 1
		}
		if depth < 0 {
			return nil
		}
	}
	if depth != 0 {
		return nil
	}
	return cuts
}

// config is go/format's printer configuration. normalizeNumbers is the
// printer mode bit go/format sets to canonicalise number literal prefixes
// and exponents (0X1F -> 0x1F, 1E5 -> 1e5); go/printer reads it but does
// not export it.
var config = printer.Config{Mode: printer.UseSpaces | printer.TabIndent | normalizeNumbers, Tabwidth: 8}

const normalizeNumbers printer.Mode = 1 << 30
