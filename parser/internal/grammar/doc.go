// Package grammar is the one grammar every layout of the document shares:
// type expressions ("Array of X", "A or B", "Integer or String", see
// types.go), the small grammar of free text (name lists with parenthesised
// notes, sentences, see grammar.go) and the reader of prose facts (lengths,
// ranges, enums, defaults, rules, "Returns …", see facts.go). A phrase is
// understood the same way wherever it stands; what a fact means for the
// schema is decided by the resolution in package parser.
package grammar
