package seed

import (
	"regexp"
	"slices"
	"strings"

	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/parser/internal/facts"
	"github.com/apigen/apigen/parser/internal/grammar"
	"github.com/apigen/apigen/schema"
)

var (
	reNotDefined    = regexp.MustCompile(`(?i)^Object types referenced but whose fields are not (?:defined|shown)[^:]*: (.+?)\. Fields: not shown\.?$`)
	reDefaultResult = regexp.MustCompile(`^All return the sent (\w+) unless noted\.?$`)
	reAllOptional   = regexp.MustCompile(`^all fields Optional(?: (\w+))?$`)
	reStringForm    = regexp.MustCompile(`(?i)a plain String may replace the object`)
	reConvention    = regexp.MustCompile(`^([A-Z][A-Za-z0-9]*): (.+)$`)
	reHave          = regexp.MustCompile(`^(.+?) \((.+?)\) have (.+?)\.?$`)
	reCommonFields  = regexp.MustCompile(`^(?:.*\. )?Common fields: (.+?)\.?$`)
)

// notShownObjects recognises the statement listing objects that are named
// but whose fields are not shown.
func notShownObjects(text string) ([]string, bool) {
	m := reNotDefined.FindStringSubmatch(text)
	if m == nil {
		return nil, false
	}
	return grammar.SplitNameList(m[1]), true
}

// objectTable reads a "Field | Type | Notes" table under the object's own
// heading.
func (p *seedLayout) objectTable(s *document.Section, t *document.Table) {
	o := p.NewObject(s.Title, at(s, s.Line))
	if o == nil {
		markRows(t)
		return
	}
	rows := &objectRows{obj: o}
	for _, r := range t.Rows {
		r.Used = true
		p.fieldRow(rows, s, r, r.Cell(0), r.Cell(1), r.Cell(2), len(t.Header) > 2)
	}
	p.checkMarks(rows)
}

// objectRows is an object being read from its table rows, with what the
// rows say of their required-ness (see fieldRow).
type objectRows struct {
	obj *facts.Object
	// marksRequired: some row of the object says "Required"; unmarked
	// are the rows that say neither.
	marksRequired bool
	unmarked      []*facts.Field
}

// fieldRow reads one field row: name, type column, notes column.
//
// Required-ness: a row says "Required" or "Optional" at the start of its
// Notes cell. A table of one object (Field | Type | Notes) must say it on
// every row. In a table of several objects the document marks only the
// optional fields of an object that never says "Required" (Poll, ChatPhoto),
// so there an unmarked row is required; an object that does say "Required"
// on some row must say it on all of them (checked in multiObjectTable). A
// misspelt marker ("Optinal") is always an error.
func (p *seedLayout) fieldRow(rows *objectRows, s *document.Section, r *document.Row, name, typ, notes string, mustMark bool) {
	o := rows.obj
	f := grammar.ReadNotes(notes)
	if f.Marker == "" {
		if w := nearMarker(notes); w != "" {
			p.Errorf(r.Line, "%s.%s: %q is not a marker: write Required or Optional", o.Name, name, w)
			return
		}
		if mustMark && f.RequiredIf == "" && !o.AllOptional {
			p.Errorf(r.Line, "%s.%s: the row says neither Required nor Optional (start the Notes cell with one of them)", o.Name, name)
			return
		}
	}
	te, ok := grammar.ParseTypeExact(typ)
	if !ok {
		p.Errorf(r.Line, "%s.%s: %q is not a type (want a type name, \"Array of <type>\" or \"<type> or <type>\")", o.Name, name, typ)
		return
	}
	f.Typ, f.TypeText = te, typ
	if f.Marker == "" && o.AllOptional {
		f.Marker = "Optional"
	}
	o.Rules = append(o.Rules, f.Rules...)
	f.Rules = nil
	fld := p.AddField(o, name, f, at(s, r.Line))
	if f.Marker == "Required" {
		rows.marksRequired = true
	}
	if f.Marker == "" && f.RequiredIf == "" && fld != nil {
		rows.unmarked = append(rows.unmarked, fld)
	}
}

// checkMarks reports the unmarked rows of an object that marks its required
// rows: there the document did not follow its own convention for the row.
func (p *seedLayout) checkMarks(rows *objectRows) {
	if rows == nil || !rows.marksRequired || rows.obj.AllOptional {
		return
	}
	for _, f := range rows.unmarked {
		p.Errorf(f.Place.Line, "%s.%s: the row says neither Required nor Optional, and %s marks its required fields (start the Notes cell with one of them)", rows.obj.Name, f.Name, rows.obj.Name)
	}
}

// nearMarker returns the first word of notes when it stands where a marker
// stands (alone, or followed by '.', ';' or ',') and looks like a misspelt
// "Required" or "Optional" (same first letter, at most two edits away).
// "Requires can_send_messages" is prose, not a misspelt marker.
func nearMarker(notes string) string {
	w := grammar.FirstWord(notes)
	if w != notes && !strings.ContainsAny(w[len(w)-1:], ".;,") {
		return ""
	}
	w = strings.TrimRight(w, ".;,")
	if w == "" || w == "Required" || w == "Optional" {
		return ""
	}
	for _, m := range []string{"Required", "Optional"} {
		if strings.EqualFold(w, m) || (strings.EqualFold(w[:1], m[:1]) && editDistance(strings.ToLower(w), strings.ToLower(m)) <= 2) {
			return w
		}
	}
	return ""
}

// editDistance is the Levenshtein distance of two short words.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func markRows(t *document.Table) {
	for _, r := range t.Rows {
		r.Used = true
	}
}

// multiObjectTable reads an "Object | Field | Type | Notes" table: a row
// with an object cell starts an object, rows with an empty object cell
// continue it, and a row with only notes states a rule of the object.
func (p *seedLayout) multiObjectTable(s *document.Section, t *document.Table) {
	var rows *objectRows
	for _, r := range t.Rows {
		r.Used = true
		if head := r.Cell(0); head != "" {
			p.checkMarks(rows)
			rows = nil
			it, _ := grammar.ParseParenItem(head)
			o := p.NewObject(it.Name, at(s, r.Line))
			if o == nil {
				continue
			}
			rows = &objectRows{obj: o}
			p.objectNote(o, it.Paren)
		}
		if rows == nil {
			p.Errorf(r.Line, "row before any object")
			continue
		}
		if r.Cell(1) == "" && r.Cell(2) == "" {
			note := r.Cell(3)
			f := grammar.ReadNotes(note)
			rows.obj.Rules = append(rows.obj.Rules, f.Rules...)
			rows.obj.Notes = append(rows.obj.Notes, note)
			continue
		}
		p.fieldRow(rows, s, r, r.Cell(1), r.Cell(2), r.Cell(3), false)
	}
	p.checkMarks(rows)
}

// objectNote reads the parenthesised note after an object name.
func (p *seedLayout) objectNote(o *facts.Object, note string) {
	if note == "" {
		return
	}
	switch m := reAllOptional.FindStringSubmatch(note); {
	case m != nil:
		o.AllOptional = true
		o.Notes = append(o.Notes, note)
	case reStringForm.MatchString(note):
		o.StringForm = note
	default:
		rules := grammar.ObjectRules(note)
		o.Rules = append(o.Rules, rules...)
		if len(rules) > 0 {
			o.Notes = append(o.Notes, note)
		} else {
			o.Description = grammar.JoinText(o.Description, note)
		}
	}
}

// fieldListTable reads an "Object | Fields (Optional marked)" table, whose
// fields are free text: "width (Integer), file_size (Integer, Optional)".
// A field with no type takes the type the document gives the same name
// elsewhere (nearest section first).
func (p *seedLayout) fieldListTable(s *document.Section, t *document.Table) {
	for _, r := range t.Rows {
		r.Used = true
		it, _ := grammar.ParseParenItem(r.Cell(0))
		o := p.NewObject(it.Name, at(s, r.Line))
		if o == nil {
			continue
		}
		o.Description = it.Paren
		items, sentences := grammar.SplitItemList(r.Cell(1))
		for _, raw := range items {
			fi, rest := grammar.ParseParenItem(raw)
			if rest != "" {
				p.Errorf(r.Line, "%s: unexpected %q after field %s", it.Name, rest, fi.Name)
			}
			f := &grammar.Facts{}
			if fi.Has {
				var err error
				if f, err = grammar.ReadParen(fi.Paren); err != nil {
					p.Errorf(r.Line, "%s.%s: %v", it.Name, fi.Name, err)
					continue
				}
			}
			if fld := p.AddField(o, fi.Name, f, at(s, r.Line)); fld != nil {
				fld.MarkedTable = true
			}
		}
		o.Notes = append(o.Notes, sentences...)
	}
}

// conventions reads the "Common conventions" bullets: named types
// ("ChatRef: Integer (...) or String (...)") and shared field definitions
// ("File-bearing objects (A, B) have file_id (String; ...) and ...").
func (p *seedLayout) conventions(s *document.Section, b *document.Block) {
	p.clauses(facts.Conventions, s, b)
	for _, it := range b.Items {
		text := it.Text
		if m := reConvention.FindStringSubmatch(text); m != nil {
			p.namedConvention(s, it.Line, m[1], m[2])
			continue
		}
		if m := reHave.FindStringSubmatch(text); m != nil {
			owners := grammar.SplitNameList(m[2])
			for _, raw := range splitHave(m[3]) {
				fi, _ := grammar.ParseParenItem(raw)
				f, err := grammar.ReadParen(fi.Paren)
				if err != nil {
					p.Errorf(it.Line, "%s: %v", fi.Name, err)
					continue
				}
				for _, o := range owners {
					p.Definitions = append(p.Definitions, &facts.Field{Name: fi.Name, Facts: f, Place: at(s, it.Line), Object: o})
				}
			}
		}
	}
	// Name the clauses that define something.
	for i := range p.Clauses {
		if c := &p.Clauses[i]; c.List == facts.Conventions {
			if m := reConvention.FindStringSubmatch(c.Text); m != nil {
				c.Name = m[1]
			}
		}
	}
}

// splitHave splits "a (x) and b (y)" or "a (x), b (y)".
func splitHave(s string) []string {
	var out []string
	for _, part := range grammar.SplitTop(s, ',') {
		out = append(out, grammar.SplitTopWord(part, " and ")...)
	}
	return out
}

// namedConvention reads "Name: Type (note) or Type (note). Sentences." A
// name that is a primitive just documents it; two or more alternatives
// make a union.
func (p *seedLayout) namedConvention(s *document.Section, line int, name, body string) {
	if schema.IsPrimitive(name) {
		return
	}
	sentences := grammar.SplitSentences(body)
	if len(sentences) == 0 {
		return
	}
	alts := grammar.SplitTopWord(sentences[0], " or ")
	if len(alts) < 2 {
		return
	}
	wide := false
	for _, sent := range sentences[1:] {
		if grammar.ReBits.MatchString(strings.ToLower(sent)) {
			wide = true
		}
	}
	u := &facts.Union{Name: name, Description: body, Place: at(s, line)}
	for _, a := range alts {
		it, _ := grammar.ParseParenItem(a)
		te, ok := grammar.ParseTypeExact(it.Name)
		if !ok || te.Depth != 0 || len(te.Alts) != 1 {
			p.Errorf(line, "%s: %q is not a type", name, it.Name)
			return
		}
		tn := te.Alts[0]
		if tn == schema.Integer && wide {
			tn = schema.Integer64
		}
		u.Variants = append(u.Variants, facts.Variant{Type: tn, Note: it.Paren})
	}
	p.Unions = append(p.Unions, u)
}

// variantTable reads a union of objects told apart by a discriminator
// field: "Variant | type value | Extra fields". The section's text gives
// the union's name (its heading), the common fields ("Common fields: ...")
// and definitions that extra fields may name bare (bullets "thumb (...): ...").
func (p *seedLayout) variantTable(s *document.Section, b *document.Block) {
	t := b.Table
	head, _ := grammar.ParseParenItem(s.Title)
	u := &facts.Union{Name: head.Name, Description: head.Paren, Place: at(s, s.Line)}
	disc := grammar.FirstWord(strings.ToLower(t.Header[1]))
	if !grammar.IsIdent(disc) {
		p.Errorf(t.Line, "variant table: %q does not name a discriminator field", t.Header[1])
	}
	u.Discriminator = disc
	var common []*grammar.Facts
	var commonNames []string
	var commonLines []int
	descs := map[string]string{}
	for _, other := range s.Blocks {
		switch other.Kind {
		case document.ParagraphBlock:
			m := reCommonFields.FindStringSubmatch(other.Text)
			if m == nil {
				continue
			}
			other.Used = true
			u.Description = grammar.JoinSentences(u.Description, other.Text)
			for _, raw := range grammar.SplitTop(m[1], ',') {
				raw = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(raw), "and"))
				fi, _ := grammar.ParseParenItem(raw)
				if !fi.Has {
					continue // connective text such as "except where noted"
				}
				f, err := grammar.ReadParen(fi.Paren)
				if err != nil {
					p.Errorf(other.Line, "%s: %v", fi.Name, err)
					continue
				}
				common = append(common, f)
				commonNames = append(commonNames, fi.Name)
				commonLines = append(commonLines, other.Line)
			}
		case document.ListBlock:
			for _, it := range other.Items {
				it.Used = true
				name, rest, _ := strings.Cut(it.Text, " ")
				if !grammar.IsIdent(name) {
					p.Errorf(it.Line, "bullet %q does not start with a field name", it.Text)
					continue
				}
				if strings.HasPrefix(rest, "(") {
					fi, after := grammar.ParseParenItem(it.Text)
					f, err := grammar.ReadParen(fi.Paren)
					if err != nil {
						p.Errorf(it.Line, "%s: %v", fi.Name, err)
						continue
					}
					f.Desc = append(f.Desc, strings.TrimSpace(strings.TrimPrefix(after, ":")))
					p.Definitions = append(p.Definitions, &facts.Field{Name: fi.Name, Facts: f, Place: at(s, it.Line)})
					continue
				}
				descs[name] = it.Text
			}
		}
	}
	for _, r := range t.Rows {
		r.Used = true
		tag := r.Cell(1)
		if prev := p.Object(r.Cell(0)); prev != nil && p.listings[prev] != nil {
			// Listed again by another union: one object, a variant of both.
			if p.listAgain(prev, u, tag, commonNames, r) {
				u.Variants = append(u.Variants, facts.Variant{Type: prev.Name, Tag: tag})
			}
			continue
		}
		o := p.NewObject(r.Cell(0), at(s, r.Line))
		if o == nil {
			continue
		}
		o.Unions = append(o.Unions, u.Name)
		p.listings[o] = &variantListing{Union: u.Name, Disc: disc, Tag: tag, Fields: append(slices.Clone(commonNames), extraFieldNames(r.Cell(2))...), Line: r.Line}
		u.Variants = append(u.Variants, facts.Variant{Type: o.Name, Tag: tag})
		for i, f := range common {
			cp := *f
			if d := descs[commonNames[i]]; d != "" {
				cp.Desc = append(append([]string(nil), cp.Desc...), d)
				if grammar.SaysAttach(d) {
					cp.AttachRef = true
				}
			}
			fld := p.AddField(o, commonNames[i], &cp, at(s, commonLines[i]))
			if fld != nil && commonNames[i] == disc {
				fld.Fixed = tag
			}
		}
		p.extraFields(o, s, r)
	}
	p.Unions = append(p.Unions, u)
}

// variantListing is how a variant table row defined an object: what
// another variant table listing the same object must agree with.
type variantListing struct {
	Union, Disc, Tag string
	Fields           []string // field names, common ones first
	Line             int
}

// listAgain checks a variant table row naming an object an earlier variant
// table defined: the same discriminator and tag, and the same field names
// (the fields themselves are the earlier definition's).
func (p *seedLayout) listAgain(prev *facts.Object, u *facts.Union, tag string, commonNames []string, r *document.Row) bool {
	l := p.listings[prev]
	name := prev.Name
	if slices.Contains(prev.Unions, u.Name) {
		p.Errorf(r.Line, "union %s lists %s twice", u.Name, name)
		return false
	}
	if u.Discriminator != l.Disc || tag != l.Tag {
		p.Errorf(r.Line, "union %s lists %s with %s %q, but union %s defines it at line %d with %s %q; a variant shared by two unions needs the same discriminator and tag",
			u.Name, name, u.Discriminator, tag, l.Union, l.Line, l.Disc, l.Tag)
		return false
	}
	fields := append(slices.Clone(commonNames), extraFieldNames(r.Cell(2))...)
	a, b := slices.Clone(fields), slices.Clone(l.Fields)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		p.Errorf(r.Line, "union %s lists %s with fields %s, but union %s defines it at line %d with fields %s; a variant shared by two unions needs the same fields",
			u.Name, name, strings.Join(fields, ", "), l.Union, l.Line, strings.Join(l.Fields, ", "))
		return false
	}
	prev.Unions = append(prev.Unions, u.Name)
	return true
}

// extraFieldNames lists the names of an "Extra fields" cell, as
// extraFields reads them.
func extraFieldNames(cell string) []string {
	if strings.EqualFold(cell, "none") || cell == "" {
		return nil
	}
	var out []string
	for _, part := range grammar.SplitTop(cell, ';') {
		if strings.HasPrefix(part, "all ") {
			continue
		}
		for _, raw := range grammar.SplitTop(part, ',') {
			fi, _ := grammar.ParseParenItem(raw)
			out = append(out, fi.Name)
		}
	}
	return out
}

// extraFields reads "thumb, width (Integer), duration (Integer); all
// Optional" or "none".
func (p *seedLayout) extraFields(o *facts.Object, s *document.Section, r *document.Row) {
	cell := r.Cell(2)
	if strings.EqualFold(cell, "none") || cell == "" {
		return
	}
	var shared *grammar.Facts
	var added []*facts.Field
	for _, part := range grammar.SplitTop(cell, ';') {
		if rest, ok := strings.CutPrefix(part, "all "); ok {
			f, err := grammar.ReadParen("all " + rest)
			if err != nil {
				p.Errorf(r.Line, "%s: %v", o.Name, err)
				continue
			}
			shared = f
			continue
		}
		for _, raw := range grammar.SplitTop(part, ',') {
			fi, _ := grammar.ParseParenItem(raw)
			f := &grammar.Facts{}
			if fi.Has {
				var err error
				if f, err = grammar.ReadParen(fi.Paren); err != nil {
					p.Errorf(r.Line, "%s.%s: %v", o.Name, fi.Name, err)
					continue
				}
			}
			if fld := p.AddField(o, fi.Name, f, at(s, r.Line)); fld != nil {
				added = append(added, fld)
			}
		}
	}
	if shared != nil {
		for _, fld := range added {
			mergeShared(fld.Facts, shared)
		}
	}
}

// mergeShared fills what an item's own facts leave unsaid from facts shared
// by its group ("(all Boolean, Optional)").
func mergeShared(own, shared *grammar.Facts) {
	if own.Typ.IsZero() {
		own.Typ, own.TypeText = shared.Typ, shared.TypeText
	}
	if own.Marker == "" {
		own.Marker = shared.Marker
	}
	if own.RequiredIf == "" {
		own.RequiredIf = shared.RequiredIf
	}
	own.AsAbove = own.AsAbove || shared.AsAbove
	own.Json = own.Json || shared.Json
}
