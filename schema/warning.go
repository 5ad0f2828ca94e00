package schema

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Warning is one construct of a document nobody here controls (the
// published page) that the reader could not place as written: it is kept
// in the most faithful form that still reads every JSON the document
// allows, and named here. Every warning the reader gives is one of the
// schema's Warnings: the one list that --strict (the parser's Strict
// option and the commands' flag) reads, so no kind of warning can pass it.
// The names the Go model had to disambiguate are warnings of this type too
// (gomodel.Model.Warnings), which the commands print and refuse alike.
type Warning struct {
	// Construct names what degraded ("union Either", "method sendPoke").
	Construct string `yaml:"construct"`
	// Target is the schema element the warning is about (a union's,
	// object's or method's name): an overlay fact that settles it removes
	// the warning (see ApplyOverlay).
	Target string `yaml:"target,omitempty"`
	// Where is the heading path, Line the line of the document.
	Where string `yaml:"where,omitempty"`
	Line  int    `yaml:"line,omitempty"`
	// Text says what could not be placed and what was kept instead; it may
	// quote the document, so messages clip it.
	Text string `yaml:"text"`
	// Settle is the overlay line that settles it, or why none does.
	Settle string `yaml:"settle,omitempty"`
}

// maxQuoted bounds the part of a warning that may quote the document (its
// Text) in one message line; what says why and how to settle it is never
// clipped.
const maxQuoted = 300

func (w Warning) String() string {
	return fmt.Sprintf("line %d (%s): %s: %s", w.Line, w.Where, w.Construct, w.full(clipText(w.Text)))
}

// full is the text with its advice.
func (w Warning) full(text string) string {
	if w.Settle != "" {
		return text + "; " + w.Settle
	}
	return text
}

// Message is the warning line a command prints: "file:line: construct
// (where): text; settle".
func (w Warning) Message(file string) string {
	return fmt.Sprintf("%s:%d: %s (%s): %s", file, w.Line, w.Construct, w.Where, w.full(clipText(w.Text)))
}

// StrictError is the error that refuses a document under --strict for one
// warning: it names the construct and its line, says that --strict refused
// it, and gives the overlay line that settles it. Only the quoted text is
// clipped.
type StrictError struct {
	File    string
	Warning Warning
}

func (e *StrictError) Error() string {
	w := e.Warning
	msg := fmt.Sprintf("%s:%d: %s (%s) refused under --strict, which turns warnings into errors: %s", e.File, w.Line, w.Construct, w.Where, clipText(w.Text))
	if w.Settle != "" {
		msg += "; " + w.Settle
	}
	return msg
}

// clipText cuts s at maxQuoted bytes on a character boundary and says how
// long it was.
func clipText(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…(" + strconv.Itoa(len(s)) + " bytes)"
}
