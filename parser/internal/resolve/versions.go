package resolve

import (
	"regexp"
	"slices"
	"strings"

	"github.com/apigen/apigen/parser/internal/grammar"
	"github.com/apigen/apigen/schema"
)

var (
	reDotted    = regexp.MustCompile(`^([A-Z]\w*)\.(\w+)$`)
	reInOwner   = regexp.MustCompile(`^(.+?) in (\w+)$`)
	reOnOwners  = regexp.MustCompile(`^(.+?) on (.+)$`)
	rePhrase    = regexp.MustCompile(`^(.*?)\s*\((.+)\)$`)
	reAnimation = regexp.MustCompile(`^(?:the )?(.+?) animations?$`)
)

// applyVersions resolves each "<version> added ..." item to the schema
// elements it names and sets their since. Versions are listed oldest first,
// so an element keeps the first version that names it. Items about things
// the schema does not model ("the local server") resolve to nothing and are
// kept as text.
func (p *core) applyVersions() {
	for _, v := range p.out.Versions {
		for _, c := range v.Changes {
			c.Targets = p.changeTargets(c.Text)
			for _, t := range c.Targets {
				p.setSince(t, v.Version)
			}
		}
	}
}

// changeTargets reads one change item.
func (p *core) changeTargets(text string) []string {
	text = strings.TrimSpace(text)
	if m := reDotted.FindStringSubmatch(text); m != nil {
		return p.fieldsOf(m[1], []string{m[2]})
	}
	if grammar.IsIdent(text) {
		return p.everywhere(text)
	}
	if m := rePhrase.FindStringSubmatch(text); m != nil {
		phrase, inner := m[1], m[2]
		var out []string
		if p.allOwners(grammar.SplitNameList(inner)) && grammar.IsIdent(phrase) {
			for _, owner := range grammar.SplitNameList(inner) {
				out = append(out, p.fieldsOf(owner, []string{phrase})...)
			}
			return out
		}
		owner := p.ownerIn(phrase)
		for _, part := range grammar.SplitTop(inner, ';') {
			if mm := reInOwner.FindStringSubmatch(part); mm != nil {
				out = append(out, p.fieldsOf(mm[2], grammar.SplitNameList(mm[1]))...)
				continue
			}
			for _, name := range grammar.SplitNameList(part) {
				if !grammar.IsIdent(name) {
					continue
				}
				if owner != "" {
					out = append(out, p.fieldsOf(owner, []string{name})...)
				} else {
					out = append(out, p.everywhere(name)...)
				}
			}
		}
		return out
	}
	if m := reInOwner.FindStringSubmatch(text); m != nil {
		return p.fieldsOf(m[2], grammar.SplitNameList(m[1]))
	}
	if m := reOnOwners.FindStringSubmatch(text); m != nil {
		var out []string
		for _, owner := range grammar.SplitNameList(m[2]) {
			out = append(out, p.fieldsOf(owner, grammar.SplitNameList(m[1]))...)
		}
		return out
	}
	if m := reAnimation.FindStringSubmatch(text); m != nil {
		var out []string
		for _, name := range grammar.SplitNameList(m[1]) {
			out = append(out, p.enumValues(name)...)
		}
		return out
	}
	// "the darts animation and Dice.emoji": two items joined by "and".
	if parts := grammar.SplitTopWord(text, " and "); len(parts) > 1 {
		var out []string
		for _, part := range parts {
			// Only parts that name something exactly count here: a bare
			// word such as "audio" in "audio and document albums" is prose.
			if grammar.IsIdent(part) && p.out.Method(part) == nil && p.out.Object(part) == nil {
				continue
			}
			out = append(out, p.changeTargets(part)...)
		}
		return out
	}
	return nil
}

func (p *core) allOwners(names []string) bool {
	for _, n := range names {
		if p.out.Method(n) == nil && p.out.Object(n) == nil {
			return false
		}
	}
	return len(names) > 0
}

// ownerIn finds a method or object named in a phrase ("getChat additions");
// a method stands for the object it returns.
func (p *core) ownerIn(phrase string) string {
	for _, w := range strings.Fields(phrase) {
		if m := p.out.Method(w); m != nil {
			if p.out.Object(m.Returns.Name) != nil {
				return m.Returns.Name
			}
			return m.Name
		}
		if p.out.Object(w) != nil {
			return w
		}
	}
	return ""
}

// fieldsOf names fields of an object or parameters of a method.
func (p *core) fieldsOf(owner string, names []string) []string {
	var out []string
	for _, n := range names {
		if o := p.out.Object(owner); o != nil && o.Field(n) != nil {
			out = append(out, owner+"."+n)
		}
		if m := p.out.Method(owner); m != nil && m.Param(n) != nil {
			out = append(out, owner+"."+n)
		}
	}
	return out
}

// everywhere resolves a bare name: a method, an object, or every field and
// parameter of that name.
func (p *core) everywhere(name string) []string {
	if p.out.Method(name) != nil || p.out.Object(name) != nil {
		return []string{name}
	}
	var out []string
	for _, o := range p.out.Objects {
		if o.Field(name) != nil {
			out = append(out, o.Name+"."+name)
		}
	}
	for _, m := range p.out.Methods {
		if m.Param(name) != nil {
			out = append(out, m.Name+"."+name)
		}
	}
	return out
}

// enumValues finds enum values known by a name ("darts", "slot machine").
func (p *core) enumValues(name string) []string {
	var out []string
	for _, e := range p.out.Enums {
		for _, v := range e.Values {
			if v.Name == name || v.Value == name {
				out = append(out, e.Name+"."+v.Label())
			}
		}
	}
	return out
}

// setSince marks a target with the version that added it, unless an older
// version already did.
func (p *core) setSince(target, version string) {
	set := func(s *string) {
		if *s == "" {
			*s = version
		}
	}
	owner, member, dotted := strings.Cut(target, ".")
	if !dotted {
		if m := p.out.Method(target); m != nil {
			set(&m.Since)
		}
		if o := p.out.Object(target); o != nil {
			set(&o.Since)
		}
		return
	}
	if o := p.out.Object(owner); o != nil {
		if f := o.Field(member); f != nil {
			set(&f.Since)
		}
	}
	if m := p.out.Method(owner); m != nil {
		if f := m.Param(member); f != nil {
			set(&f.Since)
		}
	}
	if e := p.out.Enum(owner); e != nil {
		for _, v := range e.Values {
			if v.Label() == member {
				set(&v.Since)
			}
		}
	}
}

var (
	reChangeMembers = regexp.MustCompile(`\b(?:[Tt]he )?(fields?|parameters?) ((?:\w+)(?:(?:,? and |, )\w+)*)(?: of the type \w+)? (?:to|in|of) the (?:class|classes|methods?|objects?|types?) ((?:\w+)(?:(?:,? and |, )\w+)*)`)
	reChangeRenamed = regexp.MustCompile(`\b[Rr]enamed the (?:fields?|parameters?) ((?:\w+)(?:(?:,? and |, )\w+)*) to ((?:\w+)(?:(?:,? and |, )\w+)*) in the (?:class|method) (\w+)`)
	reChangeValue   = regexp.MustCompile(`\b[Aa]dded the (\w+) (\w+) “(\w+)”`)
	reChangeNamed   = regexp.MustCompile(`\b(?:[Aa]dded|and) the (?:class|classes|methods?|types?|objects?) ((?:\w+)(?:(?:,? and |, )\w+)*)`)
)

// reChangeVerb is a verb that opens a clause of a change item ("Added
// the field …", "…, and marked the parameter …"). A comma alone opens
// none: in "Added pokes, represented by the class X and the field y" the
// field is still the addition's. A verb is one word in lower case (but
// its first letter): "and ForumTopicReopened" names a class.
var reChangeVerb = regexp.MustCompile(`(?:^|; |\band )([A-Z]?[a-z]+ed)\b`)

// addsMembers reports whether the clause that ends with before (the text
// of a change item up to a mention of fields or parameters) adds them: its
// verb is "added", "introduced", or "replaced" (… with the field b). Other
// verbs (marked, changed, allowed) speak of members that were there.
func addsMembers(before string) bool {
	all := reChangeVerb.FindAllStringSubmatch(before, -1)
	if len(all) == 0 {
		return false
	}
	switch strings.ToLower(all[len(all)-1][1]) {
	case "added", "introduced", "replaced":
		return true
	}
	return false
}

// submatches returns the texts of one FindAllStringSubmatchIndex match.
func submatches(s string, ix []int) []string {
	out := make([]string, len(ix)/2)
	for i := range out {
		if ix[2*i] >= 0 {
			out[i] = s[ix[2*i]:ix[2*i+1]]
		}
	}
	return out
}

// applyChangeSentences resolves change items written as sentences (the
// published page's Recent changes) to the schema elements they name ("Added the field gift to the class Message",
// "Added the methods verifyUser and verifyChat") and sets their since.
// An item that names nothing the schema models is counted in the report.
func (p *core) applyChangeSentences() {
	for _, v := range p.out.Versions {
		for _, c := range v.Changes {
			var targets []string
			for _, ix := range reChangeMembers.FindAllStringSubmatchIndex(c.Text, -1) {
				// "Marked the field a in the class C as optional" changes
				// a field that was there before: only an addition gives
				// a since.
				if !addsMembers(c.Text[:ix[0]]) {
					continue
				}
				m := submatches(c.Text, ix)
				for _, owner := range grammar.SplitNameList(m[3]) {
					targets = append(targets, p.fieldsOf(owner, grammar.SplitNameList(m[2]))...)
				}
			}
			// "Renamed the field a to b in the class C": b is new.
			for _, m := range reChangeRenamed.FindAllStringSubmatch(c.Text, -1) {
				targets = append(targets, p.fieldsOf(m[3], grammar.SplitNameList(m[2]))...)
			}
			// "Added the MessageEntity type “custom_emoji”": a value of
			// the enum of that object's field.
			for _, m := range reChangeValue.FindAllStringSubmatch(c.Text, -1) {
				if o := p.out.Object(m[1]); o != nil {
					if f := o.Field(m[2]); f != nil && f.Constraints != nil && f.Constraints.Enum != "" {
						if e := p.out.Enum(f.Constraints.Enum); e != nil && slices.ContainsFunc(e.Values, func(v *schema.EnumValue) bool { return v.Value == m[3] }) {
							targets = append(targets, e.Name+"."+m[3])
						}
					}
				}
			}
			// "Added the class X and the method Y": each "the <kind>"
			// starts its own list, so "and the" never ends one.
			for _, m := range reChangeNamed.FindAllStringSubmatch(strings.ReplaceAll(c.Text, " and the ", "; and the "), -1) {
				for _, name := range grammar.SplitNameList(m[1]) {
					if p.out.Method(name) != nil || p.out.Object(name) != nil || p.out.Union(name) != nil {
						targets = append(targets, name)
					}
				}
			}
			c.Targets = targets
			for _, t := range targets {
				p.setSince(t, v.Version)
				if u := p.out.Union(t); u != nil && u.Since == "" {
					u.Since = v.Version
				}
			}
			if len(targets) == 0 {
				p.report.add("change", v.Version, v.Source.Line, c.Text)
			}
		}
	}
}
