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
//	      ~ parameter text: constraint length 1-4096 characters -> 1-2048 characters (tightened)  [breaks clients]
//
//	3 changes: 1 added, 0 removed, 1 changed. Breaking: 1 for clients, 0 for servers.
//
// "+" is added, "-" removed, "~" changed; "[breaks …]" marks a change that
// breaks clients and/or servers (see Impact). An empty report prints the
// two headers and "No changes."
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
		b.WriteString(breaksMark(e.Breaks) + "\n")
		for _, c := range e.Changes {
			b.WriteString("      " + c.Op.Sign() + " " + c.What)
			if c.Detail != "" {
				b.WriteString(": " + c.Detail)
			}
			b.WriteString(breaksMark(c.Breaks) + "\n")
		}
	}
	if r.Empty() {
		b.WriteString("\nNo changes.\n")
	} else {
		a, rm, ch, total := r.Counts()
		cl, sv := r.BreakingCounts()
		fmt.Fprintf(&b, "\n%d change%s: %d added, %d removed, %d changed. Breaking: %d for clients, %d for servers.\n", total, plural(total), a, rm, ch, cl, sv)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func breaksMark(i Impact) string {
	if !i.Any() {
		return ""
	}
	return "  [breaks " + i.String() + "]"
}

// WriteMarkdown renders the report as release notes: a summary, the
// breaking changes first (each saying whom it breaks), then every change by
// section.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	title := "API changes"
	switch {
	case r.Old.Version != "" && r.New.Version != "" && r.Old.Version != r.New.Version:
		title += ": " + r.Old.Version + " → " + r.New.Version
	case r.New.Version != "":
		title += ": " + r.New.Version
	}
	b.WriteString("## " + title + "\n\n")
	if r.Empty() {
		fmt.Fprintf(&b, "No changes between `%s` and `%s`.\n", r.Old.Name, r.New.Name)
		_, err := io.WriteString(w, b.String())
		return err
	}
	a, rm, chg, total := r.Counts()
	cl, sv := r.BreakingCounts()
	fmt.Fprintf(&b, "%d change%s (%d added, %d removed, %d changed) from `%s` to `%s`. ", total, plural(total), a, rm, chg, r.Old.Name, r.New.Name)
	if cl+sv == 0 {
		b.WriteString("**Nothing breaks** existing clients or servers.\n")
	} else {
		fmt.Fprintf(&b, "**Breaking: %d for clients, %d for servers.**\n", cl, sv)
	}
	line := func(e *Entry, c *Change) string {
		if c == nil {
			s := "**" + e.Name + "**"
			if e.Summary != "" {
				if strings.HasPrefix(e.Summary, "(") {
					s = "**" + e.Name + "**`" + e.Summary + "`"
				} else {
					s += ": " + e.Summary
				}
			}
			return opWord(e.Op) + " " + s
		}
		s := e.Name + ": " + c.What
		if c.Detail != "" {
			s += ": " + c.Detail
		}
		return opWord(c.Op) + " " + s
	}
	if cl+sv > 0 {
		b.WriteString("\n### Breaking changes\n\n| Change | Breaks |\n|---|---|\n")
		for _, e := range r.Entries {
			if e.Breaks.Any() {
				fmt.Fprintf(&b, "| %s | %s |\n", mdCell(line(e, nil)), e.Breaks)
			}
			for i := range e.Changes {
				if c := &e.Changes[i]; c.Breaks.Any() {
					fmt.Fprintf(&b, "| %s | %s |\n", mdCell(line(e, c)), c.Breaks)
				}
			}
		}
	}
	var cur Section
	for _, e := range r.Entries {
		if e.Section != cur {
			cur = e.Section
			b.WriteString("\n### " + string(cur) + "\n\n")
		}
		if len(e.Changes) == 0 {
			b.WriteString("- " + line(e, nil) + mdBreaks(e.Breaks) + "\n")
			continue
		}
		b.WriteString("- **" + e.Name + "**\n")
		for i := range e.Changes {
			c := &e.Changes[i]
			s := opWord(c.Op) + " " + c.What
			if c.Detail != "" {
				s += ": " + c.Detail
			}
			b.WriteString("  - " + s + mdBreaks(c.Breaks) + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func opWord(o Op) string { return [...]string{"Added", "Removed", "Changed"}[o] }

func mdBreaks(i Impact) string {
	if !i.Any() {
		return ""
	}
	return " — **breaks " + i.String() + "**"
}

// mdCell escapes the characters that end a Markdown table cell.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
