package resolve

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/apigen/apigen/parser/internal/facts"
	"github.com/apigen/apigen/schema"
)

// Report counts what the reader kept as text without drawing a schema fact
// from it: prose sections, lists under an object or a method, change items
// that name nothing the schema models. Nothing the reader meets is dropped:
// it is either a fact, an error, or an entry here (apigen parse --report
// prints it).
type Report struct {
	Entries []ReportEntry
	// Warnings are the constructs the reader could not place as the
	// document shows them and kept in a degraded form (see Warning).
	Warnings []Warning
}

// Warning is one construct of the page kept in a degraded form: the
// schema's (schema.Warning), so that the parser's Strict and the
// commands' --strict read one list.
type Warning = schema.Warning

// ReportEntry is one block kept as text (its kinds are listed at
// facts.Kept).
type ReportEntry = facts.Kept

// add records an entry; a nil report records nothing.
func (r *Report) add(kind, where string, line int, text string) {
	if r == nil {
		return
	}
	r.Entries = append(r.Entries, ReportEntry{Kind: kind, Where: where, Line: line, Text: text})
}

// Write prints the counts by kind, then every entry that has text.
func (r *Report) Write(w io.Writer) error {
	counts := map[string]int{}
	for _, e := range r.Entries {
		counts[e.Kind]++
	}
	kinds := make([]string, 0, len(counts))
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	if _, err := fmt.Fprintf(w, "kept as text, no schema fact: %d blocks\n", len(r.Entries)); err != nil {
		return err
	}
	for _, k := range kinds {
		if _, err := fmt.Fprintf(w, "  %-20s %d\n", k, counts[k]); err != nil {
			return err
		}
	}
	if len(r.Warnings) > 0 {
		if _, err := fmt.Fprintf(w, "degraded with a warning: %d constructs\n", len(r.Warnings)); err != nil {
			return err
		}
		for _, x := range r.Warnings {
			if _, err := fmt.Fprintf(w, "  %s\n", x); err != nil {
				return err
			}
		}
	}
	for _, e := range r.Entries {
		if e.Text == "" {
			continue
		}
		if _, err := fmt.Fprintf(w, "line %d (%s) [%s]: %s\n", e.Line, e.Where, e.Kind, e.Text); err != nil {
			return err
		}
	}
	return nil
}

// Error is a parse error at a line of the document.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	msg := clipMsg(e.Msg)
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	}
	return fmt.Sprintf("%s: %s", e.File, msg)
}

// maxMsg bounds the text of one error: a message quotes the input it is
// about, and a table header of 100 000 columns made an 889 KB line.
const maxMsg = 400

// clipMsg cuts a message longer than maxMsg at a character boundary and
// says how long it was.
func clipMsg(s string) string {
	if len(s) <= maxMsg {
		return s
	}
	cut := maxMsg
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…(" + strconv.Itoa(len(s)) + " bytes)"
}
