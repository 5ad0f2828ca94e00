package document

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"golang.org/x/net/html"
)

// RenderHTML turns a Markdown spec into HTML. Inline Markdown is left as
// literal text on purpose: the spec writes markup examples ("*bold*",
// "<token>", "__") that are data, not formatting, and a cell's text must
// come out exactly as written. Every block and table row carries a
// data-line attribute with its line in the Markdown source, so that errors
// found while walking the HTML can point at the document.
func RenderHTML(md []byte) ([]byte, error) {
	src, lineOf := joinBrokenRows(md)
	p := gmparser.NewParser(
		gmparser.WithBlockParsers(gmparser.DefaultBlockParsers()...),
		gmparser.WithParagraphTransformers(gmparser.DefaultParagraphTransformers()...),
	)
	gm := goldmark.New(
		goldmark.WithParser(p),
		goldmark.WithExtensions(extension.Table),
		goldmark.WithRendererOptions(gmhtml.WithWriter(literalWriter{})),
	)
	root := gm.Parser().Parse(text.NewReader(src))
	starts := lineStarts(src)
	err := ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.Heading, *ast.Paragraph, *ast.ListItem, *extast.Table, *extast.TableRow, *extast.TableHeader:
			if off, ok := firstOffset(n); ok {
				at := lineAt(starts, off)
				n.SetAttributeString("data-line", []byte(strconv.Itoa(lineOf(at))))
				if _, isRow := n.(*extast.TableRow); isRow {
					// GFM drops the cells past the header's count; record
					// how many the source row has so that the parser can
					// refuse to lose one.
					n.SetAttributeString("data-cells", []byte(strconv.Itoa(sourceCells(src, starts, at))))
				}
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := gm.Renderer().Render(&buf, src, root); err != nil {
		return nil, fmt.Errorf("render markdown: %w", err)
	}
	return buf.Bytes(), nil
}

// literalWriter writes text exactly as it stands in the source: no backslash
// escapes or character references are resolved, only HTML-special bytes are
// escaped so that the HTML's text is the source's text.
type literalWriter struct{}

func (literalWriter) Write(w util.BufWriter, source []byte)       { writeEscaped(w, source) }
func (literalWriter) RawWrite(w util.BufWriter, source []byte)    { writeEscaped(w, source) }
func (literalWriter) SecureWrite(w util.BufWriter, source []byte) { writeEscaped(w, source) }

func writeEscaped(w util.BufWriter, source []byte) {
	_, _ = w.WriteString(html.EscapeString(string(source)))
}

// joinBrokenRows joins a table row whose line does not end with "|" to the
// lines that follow it, up to the line that closes the row. A cell written
// across two lines (the sendDice row) is one row, not a row and a stray
// line. It returns the joined source and a map from its line numbers (1-based)
// back to the original ones.
func joinBrokenRows(md []byte) ([]byte, func(int) int) {
	lines := strings.Split(string(md), "\n")
	var out []string
	var orig []int
	inTable := false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		if !strings.HasPrefix(trimmed, "|") {
			inTable = false
		} else if !inTable && i+1 < len(lines) && IsDelimiterRow(lines[i+1]) {
			inTable = true
		}
		start := i
		if inTable && !strings.HasSuffix(strings.TrimSpace(line), "|") {
			// Joined once at the end: linear in the lines joined.
			parts := []string{strings.TrimRight(line, " \t")}
			for !strings.HasSuffix(strings.TrimSpace(line), "|") && i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
				i++
				line = strings.TrimSpace(lines[i])
				parts = append(parts, line)
			}
			line = strings.Join(parts, " ")
		}
		out = append(out, line)
		orig = append(orig, start+1)
	}
	return []byte(strings.Join(out, "\n")), func(n int) int {
		if n >= 1 && n <= len(orig) {
			return orig[n-1]
		}
		return n
	}
}

// IsDelimiterRow reports whether a Markdown line is a table's delimiter row
// ("|---|:---:|").
func IsDelimiterRow(line string) bool {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "|") {
		return false
	}
	return strings.Trim(t, "|-: \t") == "" && strings.Contains(t, "-")
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// sourceCells counts the cells of the Markdown table row on line (1-based):
// the unescaped pipes between the optional outer ones, plus one.
func sourceCells(src []byte, starts []int, line int) int {
	end := len(src)
	if line < len(starts) {
		end = starts[line]
	}
	return CountCells(string(src[starts[line-1]:end]))
}

// lineAt returns the 1-based line holding byte offset off.
func lineAt(starts []int, off int) int {
	lo, hi := 0, len(starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1
}

// firstOffset finds the first source byte a block node covers.
func firstOffset(n ast.Node) (int, bool) {
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return n.Lines().At(0).Start, true
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			return t.Segment.Start, true
		}
		if off, ok := firstOffset(c); ok {
			return off, true
		}
	}
	return 0, false
}

// FromMarkdown reads a Markdown document: RenderHTML, then FromHTML.
func FromMarkdown(md []byte) (*Document, error) {
	htmlDoc, err := RenderHTML(md)
	if err != nil {
		return nil, err
	}
	return FromHTML(htmlDoc), nil
}

// CountCells counts the cells of a Markdown table row: the unescaped pipes
// between the optional outer ones, plus one.
func CountCells(row string) int {
	row = strings.TrimPrefix(strings.TrimSpace(row), "|")
	if strings.HasSuffix(row, "|") && !strings.HasSuffix(row, `\|`) {
		row = row[:len(row)-1]
	}
	n := 1
	for i := 0; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '|':
			n++
		}
	}
	return n
}
