package schemadiff

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/apigen/apigen/gomodel"
)

// Cause says why a Go identifier of the generated package changed.
type Cause int

const (
	// PageChanged: the document changed the element the identifier stands
	// for (removed it, changed its type, its required-ness, …): the wire
	// comparison reports that change.
	PageChanged Cause = iota
	// Representation: the document did not change the element; how apigen
	// represents it in Go did (a type derived from wording, a helper
	// derived from a fact that did not survive the release).
	Representation
)

// String is "the page changed" or "representation".
func (c Cause) String() string { return [...]string{"the page changed", "representation"}[c] }

// GoChange is a Go identifier of the generated package that code written
// against the old package can no longer use as it did: it is gone, or its
// type or signature changed.
type GoChange struct {
	// Name is the identifier ("EditMessageTextParams.Text").
	Name string
	// Op is Removed or Changed.
	Op Op
	// Old and New are its types ("string", "Opt[string]"); New is "" when
	// it is gone.
	Old, New string
	// Origin is the schema element it stands for, on the old side.
	Origin gomodel.Origin
	Cause  Cause
}

// CompareGo lists the Go identifiers of old's package that new's package
// removes or changes (gomodel.Model.API of both sides), in name order, and
// classifies each by wire: PageChanged when wire (the comparison of the
// two schemas) reports a change of the element it stands for, else
// Representation. An identifier new adds breaks no code and is not
// listed; neither is a method Service gains (implementations embed
// Unimplemented).
func CompareGo(old, new *gomodel.Model, wire *Report) []GoChange {
	changed := wire.changedElements()
	newAPI := map[string]gomodel.Decl{}
	for _, d := range new.API() {
		newAPI[d.Name] = d
	}
	var out []GoChange
	for _, d := range old.API() {
		n, ok := newAPI[d.Name]
		if ok && n.Type == d.Type {
			continue
		}
		c := GoChange{Name: d.Name, Op: Removed, Old: d.Type, Origin: d.Origin, Cause: Representation}
		if ok {
			c.Op, c.New = Changed, n.Type
		}
		for _, o := range append([]gomodel.Origin{d.Origin}, d.Deps...) {
			if changed.has(o) {
				c.Cause = PageChanged
			}
		}
		out = append(out, c)
	}
	return out
}

// elements are the schema elements a report says changed, by origin key:
// "kind name" for an element added, removed or changed as a whole, "kind
// name part" for one of its parts.
type elements map[string]bool

func originKey(kind, name, part string) string { return kind + "\x00" + name + "\x00" + part }

// has reports whether the element o stands for, or the element holding
// it, changed: a part's own change, its element's removal, or, for the
// element itself (a struct, a method's signature), any change inside it.
func (e elements) has(o gomodel.Origin) bool {
	if e[originKey(o.Kind, o.Name, "")] {
		return true
	}
	if o.Part == "" {
		return e[originKey(o.Kind, o.Name, "\x00any")]
	}
	return e[originKey(o.Kind, o.Name, o.Part)]
}

// changedElements indexes the report's entries of methods, objects,
// unions and enums by origin key. Changes of the level Note (a since, the
// same values written otherwise) change no Go type and are left out.
func (r *Report) changedElements() elements {
	kinds := map[Section]string{SecMethods: "method", SecObjects: "object", SecUnions: "union", SecEnums: "enum"}
	out := elements{}
	for _, e := range r.Entries {
		kind := kinds[e.Section]
		if kind == "" || e.key == "" {
			continue
		}
		if e.Op != Changed {
			out[originKey(kind, e.key, "")] = true
			continue
		}
		// A field that stays required under a condition: neither its
		// change of required-ness nor the rule stating the condition
		// is a reason for its Go type to change.
		cond := map[string]bool{}
		for _, c := range e.Changes {
			if c.conditional {
				cond[changePart(c.What)] = true
			}
		}
		for _, c := range e.Changes {
			if c.Level == Note || c.conditional {
				continue
			}
			if len(c.parts) > 0 && !slices.ContainsFunc(c.parts, func(p string) bool { return !cond[p] }) {
				continue
			}
			if c.Level == Breaking {
				// The element itself (a struct, a signature) changes
				// only with a change that breaks: a new optional field
				// breaks no code.
				out[originKey(kind, e.key, "\x00any")] = true
			}
			if part := changePart(c.What); part != "" {
				out[originKey(kind, e.key, part)] = true
			}
			for _, part := range c.parts {
				if !cond[part] {
					out[originKey(kind, e.key, part)] = true
				}
			}
		}
	}
	return out
}

// changePart is the part a change's What names: the field, parameter or
// variant, or the value (unquoted), or "" for the element itself.
func changePart(what string) string {
	for _, p := range []string{"field ", "parameter ", "variant "} {
		if rest, ok := strings.CutPrefix(what, p); ok {
			return rest
		}
	}
	if rest, ok := strings.CutPrefix(what, "value "); ok {
		// `value "x"` or `value Name ("x")`, maybe followed by words.
		if i := strings.LastIndex(rest, `("`); i >= 0 {
			rest = rest[i+1:]
		}
		if v, err := strconv.QuotedPrefix(rest); err == nil {
			s, _ := strconv.Unquote(v)
			return s
		}
	}
	return ""
}

// GoCounts counts changes by cause.
func GoCounts(changes []GoChange) (page, representation int) {
	for _, c := range changes {
		if c.Cause == PageChanged {
			page++
		} else {
			representation++
		}
	}
	return page, representation
}

// WriteGoText writes the Go changes as a section of the text report: one
// line per identifier, with its types and cause.
func WriteGoText(w io.Writer, changes []GoChange) error {
	var b strings.Builder
	page, repr := GoCounts(changes)
	fmt.Fprintf(&b, "\nGo code that breaks (%d identifier%s of the generated package: %d the page changed, %d representation)\n", len(changes), plural(len(changes)), page, repr)
	for _, c := range changes {
		b.WriteString("  " + goLine(c) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteGoMarkdown writes the Go changes as a section of the release notes.
func WriteGoMarkdown(w io.Writer, changes []GoChange) error {
	var b strings.Builder
	b.WriteString("\n## Go code that breaks\n\nIdentifiers of the generated package that code written against the previous package can no longer use as it did.\n\n")
	for _, c := range changes {
		what := "removed"
		if c.Op == Changed {
			what = "changed `" + c.Old + "` -> `" + c.New + "`"
		} else if c.Old != "" {
			what = "removed (`" + c.Old + "`)"
		}
		fmt.Fprintf(&b, "- **%s**: %s (%s: %s)\n", c.Name, what, c.Cause, mdText(c.Origin.String()))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func goLine(c GoChange) string {
	s := c.Op.Sign() + " " + c.Name
	switch {
	case c.Op == Removed && c.Old != "":
		s += " (" + c.Old + "): gone"
	case c.Op == Removed:
		s += ": gone"
	default:
		s += ": " + orNone(c.Old) + " -> " + orNone(c.New)
	}
	return s + "  [" + c.Cause.String() + ": " + c.Origin.String() + "]"
}
