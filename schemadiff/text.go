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
//	  + sendGreeting(chat_id ChatRef, text String) -> Message (since 5.1)  [addition]
//	  ~ sendMessage
//	      ~ parameter text: constraint length 1-4096 characters -> 1-2048 characters (tightened)  [breaking]
//
//	2 changes: 1 breaking, 0 widening, 1 addition, 0 other.
//
// "+" is added, "-" removed, "~" changed; "[level]" is the change's level
// (see Level; notes are not marked). An empty report prints the two
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
		if len(e.Changes) == 0 {
			b.WriteString(levelMark(e.Level))
		}
		b.WriteString("\n")
		for _, c := range e.Changes {
			b.WriteString("      " + c.Op.Sign() + " " + c.What)
			if c.Detail != "" {
				b.WriteString(": " + c.Detail)
			}
			b.WriteString(levelMark(c.Level) + "\n")
		}
	}
	if r.Empty() {
		b.WriteString("\nNo changes.\n")
	} else {
		b.WriteString("\n" + r.summary() + ".\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// summary is "N changes: a breaking, b widening, c additions, d other".
func (r *Report) summary() string {
	n := r.LevelCounts()
	total := n[Breaking] + n[Widening] + n[Addition] + n[Note]
	adds := "additions"
	if n[Addition] == 1 {
		adds = "addition"
	}
	return fmt.Sprintf("%d change%s: %d breaking, %d widening, %d %s, %d other", total, plural(total), n[Breaking], n[Widening], n[Addition], adds, n[Note])
}

func levelMark(l Level) string {
	if l == Note {
		return ""
	}
	return "  [" + l.String() + "]"
}

// levelAbout is the sentence under a level's heading in the release notes.
var levelAbout = map[Level]string{
	Breaking: "A client's code or request stops working: update it before moving to this version.",
	Widening: "Responses may carry values an old client never saw. The API's convention is that clients tolerate them (ignore what they do not know); check that yours do.",
	Addition: "New things nobody has to use.",
	Note:     "No effect on code or on the wire.",
}

// singular names one element of a section, for an added or removed element.
var singular = map[Section]string{
	SecDocument: "document", SecMethods: "method", SecObjects: "object", SecUnions: "type",
	SecEnums: "values of", SecLimits: "limit", SecVersions: "version",
}

// WriteMarkdown renders the report as release notes, to be pasted as they
// are: a summary line, then the changes grouped by level (breaking,
// widening, additions, other), each level with one sentence saying what it
// means, each change one bullet naming the API's method, object or field.
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
	fmt.Fprintf(&b, "%s, from `%s` to `%s`.", r.summary(), r.Old.Name, r.New.Name)
	if r.Level() < Breaking {
		b.WriteString(" **Nothing breaks** existing clients.")
	}
	b.WriteString("\n")
	for _, l := range Levels {
		var items []string
		for _, e := range r.Entries {
			if len(e.Changes) == 0 {
				if e.Level == l {
					items = append(items, mdEntry(e))
				}
				continue
			}
			for i := range e.Changes {
				if c := &e.Changes[i]; c.Level == l {
					items = append(items, mdChange(e, c))
				}
			}
		}
		if len(items) == 0 {
			continue
		}
		b.WriteString("\n### " + l.Title() + "\n\n" + levelAbout[l] + "\n\n")
		for _, it := range items {
			b.WriteString("- " + it + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdEntry is the bullet of an added, removed or changed element without
// parts: "Added method **sendGreeting**`(…) -> Message`".
func mdEntry(e *Entry) string {
	s := opWord(e.Op) + " " + singular[e.Section] + " **" + mdText(e.Name) + "**"
	switch {
	case strings.HasPrefix(e.Summary, "("):
		s += "`" + e.Summary + "`"
	case e.Summary != "":
		s += ": " + mdText(e.Summary)
	}
	return s
}

// mdChange is the bullet of one change inside an element:
// "**sendMessage**: changed parameter text: …".
func mdChange(e *Entry, c *Change) string {
	s := "**" + mdText(e.Name) + "**: " + strings.ToLower(opWord(c.Op)) + " " + mdText(c.What)
	if c.Detail != "" {
		s += ": " + mdText(c.Detail)
	}
	return s
}

func opWord(o Op) string { return [...]string{"Added", "Removed", "Changed"}[o] }

// mdText escapes the characters Markdown would read as emphasis or markup
// (an intraword _ is plain text in CommonMark: chat_id stays chat_id).
func mdText(s string) string {
	return strings.NewReplacer("*", `\*`, "|", `\|`, "<", "&lt;").Replace(s)
}
