// Package godoc words doc comments for generated Go: one wrapper that every
// backend uses, so that comments look alike whichever backend wrote them.
package godoc

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// Width is the text width of a comment line, after "// ".
const Width = 74

// Wrap splits text into lines of at most width columns. A "\n" ends a
// paragraph; an empty paragraph is an empty line. A first line may start
// with lead ("  - "); the lines that continue it are indented as much.
func Wrap(text string, width int, lead string) []string {
	var lines []string
	indent := strings.Repeat(" ", len(lead))
	for i, para := range strings.Split(text, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		line := indent
		if i == 0 {
			line = lead
		}
		start := len(line)
		for _, w := range words {
			if len(line) > start && len(line)+1+len(w) > width {
				lines = append(lines, line)
				line = indent
				start = len(line)
			}
			if len(line) > start {
				line += " "
			}
			line += w
		}
		lines = append(lines, line)
	}
	return lines
}

// Lines turns paragraphs into comment statements ("" is a blank comment
// line), each wrapped at Width.
func Lines(paras ...string) []jen.Code {
	var out []jen.Code
	for _, p := range paras {
		for _, l := range Wrap(p, Width, "") {
			out = append(out, jen.Comment(l))
		}
	}
	return out
}

// Add writes text as a wrapped doc comment before f's next declaration;
// "\n" separates paragraphs.
func Add(f *jen.File, text string) {
	for _, l := range Wrap(text, Width, "") {
		f.Comment(l)
	}
}
