package schemadiff

import (
	"fmt"
	"io"
	"strings"
)

// WriteText renders the report as a changelog:
//
//	--- old.md (version 5.0)
//	+++ new.md (version 5.1)
//
//	Methods
//	  + sendGreeting(chat_id ChatRef, text String) -> Message (since 5.1)
//	  ~ sendMessage
//	      ~ parameter text: constraint length 1-4096 characters -> 1-2048 characters (tightened)
//
//	3 changes: 1 added, 0 removed, 1 changed.
//
// "+" is added, "-" removed, "~" changed. An empty report prints the two
// headers and "No changes."
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	side := func(prefix string, s Side) {
		b.WriteString(prefix + " " + s.Name)
		if s.Version != "" {
			b.WriteString(" (version " + s.Version + ")")
		}
		b.WriteString("\n")
	}
	side("---", r.Old)
	side("+++", r.New)
	var cur Section
	for _, e := range r.Entries {
		if e.Section != cur {
			cur = e.Section
			b.WriteString("\n" + string(cur) + "\n")
		}
		b.WriteString("  " + e.Op.Sign() + " " + e.Name)
		switch {
		case strings.HasPrefix(e.Summary, "("):
			b.WriteString(e.Summary)
		case e.Summary != "":
			b.WriteString(": " + e.Summary)
		}
		b.WriteString("\n")
		for _, c := range e.Changes {
			b.WriteString("      " + c.Op.Sign() + " " + c.What)
			if c.Detail != "" {
				b.WriteString(": " + c.Detail)
			}
			b.WriteString("\n")
		}
	}
	if r.Empty() {
		b.WriteString("\nNo changes.\n")
	} else {
		a, rm, ch, total := r.Counts()
		fmt.Fprintf(&b, "\n%d change%s: %d added, %d removed, %d changed.\n", total, plural(total), a, rm, ch)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
