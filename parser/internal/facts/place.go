package facts

import "strings"

// Place is where a fact stands in the document: the headings above it,
// outermost first, and its line. Each layout gives its facts the place it
// reads them at, in its own terms (the seed's h2 and h3 sections, the
// page's h3 sections and h4 entries); the core makes the schema's sources (the innermost heading and the line),
// the warnings' headings and the scopes a bare name is looked up in from
// it, and never asks which layout it came from.
type Place struct {
	Headings []string
	Line     int
}

// At is the same place at another line.
func (pl Place) At(line int) Place {
	pl.Line = line
	return pl
}

// Where is the heading path: "Available types / Message".
func (pl Place) Where() string { return strings.Join(pl.Headings, " / ") }

// Heading is the innermost heading, or "" at the document's start.
func (pl Place) Heading() string {
	if len(pl.Headings) == 0 {
		return ""
	}
	return pl.Headings[len(pl.Headings)-1]
}

// Parent is the heading the innermost one is under, or "".
func (pl Place) Parent() string {
	if len(pl.Headings) < 2 {
		return ""
	}
	return pl.Headings[len(pl.Headings)-2]
}

// Scopes lists the lookup scopes of a name written at the place: each
// heading path from the innermost out, then the document ("").
func (pl Place) Scopes() []string {
	out := make([]string, 0, len(pl.Headings)+1)
	for i := len(pl.Headings); i > 0; i-- {
		out = append(out, strings.Join(pl.Headings[:i], " / "))
	}
	return append(out, "")
}
