// Package page is the published reference page's layout: it walks the
// page's document model, read by document.FromHTML: h3 sections,
// h4 entries (an object when the heading is a capitalised identifier, a
// method when it is a lowerCamel one, prose otherwise), Field | Type |
// Description and Parameter | Type | Required | Description tables, unions
// given as a list after a sentence, objects that "currently hold no
// information", result types stated in the method's prose and the Recent
// changes section. The facts it reads go through the same type grammar and
// the same reader of prose (package grammar) as the seed layout's, and are
// returned as facts (package facts) that the same core (package resolve)
// turns into the schema. A construct it cannot place degrades with a
// warning (facts.Doc.Warn) instead of refusing the page.
package page

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/parser/internal/facts"
	"github.com/apigen/apigen/parser/internal/grammar"
	"github.com/apigen/apigen/schema"
)

// Read walks the published reference page into facts.
func Read(d *document.Document) *facts.Doc {
	p := &pageLayout{Doc: &facts.Doc{Title: d.Title}}
	p.runPage(d)
	return p.Doc
}

// ErrNoVersion is the error of a page that states no version, once the
// rest of it reads without one (file names the page).
func ErrNoVersion(file string) error {
	return fmt.Errorf("%s: the page states no version: its Recent changes section has no entry with a paragraph \"Bot API <version>\"", file)
}

// pageLayout walks the published reference page into facts.
type pageLayout struct {
	*facts.Doc
	// entries names the page's object entries (h4 headings named like
	// objects), which a sentence may name as variants.
	entries map[string]bool
	// formatEnum is the enum of the values prose gives the formatting's
	// field, once one is given.
	formatEnum *facts.Enum
}

var (
	reObjectHeading = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)
	reMethodHeading = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)
	reBotAPIVersion = regexp.MustCompile(`^Bot API (\d+(?:\.\d+)+)$`)
	// A sentence that introduces a list of variants: "It should be one
	// of", "Currently, it can be one of", "Telegram clients currently
	// support results of the following 20 types:", "the following 7 scopes
	// are supported:".
	reVariantsIntro = regexp.MustCompile(`(?i)(?:\bone of:?$|\bthe following (?:\d+ )?[\w ]*?(?:types|scopes|kinds)\b[^.]*:$|\bcan be:?$|\bfollowing:$)`)
	reNoInformation = regexp.MustCompile(`(?i)\bcurrently holds? no information\b`)
	// reInlineVariants finds where a sentence starts naming variants
	// itself: "It can be one of A, B or C", "either A or B".
	reInlineVariants = regexp.MustCompile(`(?i)\b(?:one of|either|the following(?: \d+)? [a-z ]*?(?:types|scopes|kinds)(?: are supported)?:?)\s`)
	reIdentWord      = regexp.MustCompile(`[A-Z][A-Za-z0-9]*`)
	// reFormMember finds a member that is no object, named with its
	// article in the sentence that introduces the variants: "either a
	// String for plain text, an Array of RichText, or …".
	reFormMember = regexp.MustCompile(`\ban? ((?:Array of )*(?:String|Integer|Float|Boolean|[A-Z][A-Za-z0-9]*))\b`)
)

// formMembers lists the members a variants sentence names that JSON tells
// apart by their kind: a primitive ("a String") or an array ("an Array of
// RichText", of a primitive, of an entry of the page or of the union
// itself). A bare object name is no form: the list names those.
func formMembers(text, union string, isEntry func(string) bool) []grammar.TypeExpr {
	var out []grammar.TypeExpr
	for _, m := range reFormMember.FindAllStringSubmatch(text, -1) {
		t, ok := arrayOrName(m[1])
		if !ok {
			continue
		}
		base := t.Alts[0]
		known := schema.IsPrimitive(base) && base != schema.InputFile && base != schema.True
		if t.Depth > 0 {
			known = known || base == union || isEntry(base)
		}
		if known && !slices.ContainsFunc(out, func(x grammar.TypeExpr) bool { return x.String() == t.String() }) {
			out = append(out, t)
		}
	}
	return out
}

// arrayOrName reads a member as a list or a sentence names it: a type
// name, or an array of one, at most as deep as a type may be.
func arrayOrName(s string) (grammar.TypeExpr, bool) {
	t, ok := grammar.ParseTypeExact(s)
	return t, ok && len(t.Alts) == 1 && t.Depth <= schema.MaxArrayDepth
}

// widenNumbers degrades members JSON cannot tell apart by kind, "an
// Integer" next to "a Float" (both JSON numbers), to the Float alone, which
// reads every value either allows, with a warning.
// It returns the members kept and, when it degraded, why (the union's
// Degraded).
func (p *pageLayout) widenNumbers(e *pageEntry, union string, forms []grammar.TypeExpr) ([]grammar.TypeExpr, string) {
	isNamed := func(t grammar.TypeExpr, n string) bool { return t.Depth == 0 && t.Alts[0] == n }
	has := func(n string) bool {
		return slices.ContainsFunc(forms, func(t grammar.TypeExpr) bool { return isNamed(t, n) })
	}
	if !has(schema.Integer) || !has(schema.Float) {
		return forms, ""
	}
	msg := "members Integer and Float are both JSON numbers, so JSON cannot tell them apart; kept as Float, which reads both"
	p.Warn(facts.Warning{Construct: "union " + union, Target: union, Place: e.place, Text: msg,
		Settle: "no overlay fact settles it: a Float reads every number the page allows"})
	return slices.DeleteFunc(forms, func(t grammar.TypeExpr) bool { return isNamed(t, schema.Integer) }), msg
}

// inlineVariants lists the object names a sentence gives as variants after
// its introducing words ("It can be one of ReactionTypeEmoji or
// ReactionTypeCustomEmoji"): the capitalised words after the first
// introduction that name entries of the page.
func inlineVariants(text string, isEntry func(string) bool) []string {
	locs := reInlineVariants.FindAllStringIndex(text, -1)
	if locs == nil {
		return nil
	}
	var out []string
	for _, w := range reIdentWord.FindAllString(text[locs[0][1]:], -1) {
		if isEntry(w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// IsPage reports whether the blocks are the published reference page:
// some table has the page's field or parameter header, or, with no h2
// section (the seed layout's), some h4 entry is named like an object or a
// method.
func IsPage(d *document.Document) bool {
	h2, entry := false, false
	for _, b := range d.Blocks {
		if b.Kind == document.TableBlock && pageTableShape(b.Table) != otherTable {
			return true
		}
		if b.Kind == document.HeadingBlock && b.Level == 2 {
			h2 = true
		}
		if b.Kind == document.HeadingBlock && b.Level == 4 && (reObjectHeading.MatchString(b.Text) || reMethodHeading.MatchString(b.Text)) {
			entry = true
		}
	}
	return entry && !h2
}

// tableShape is the header shape of a table of the page.
type tableShape uint8

const (
	// otherTable is a table of no shape the page's entries use.
	otherTable tableShape = iota
	// fieldTable is an object's Field | Type | Description.
	fieldTable
	// paramTable is a method's Parameter | Type | Required | Description.
	paramTable
)

// pageTableShape names a table's header shape.
func pageTableShape(t *document.Table) tableShape {
	switch strings.ToLower(strings.Join(t.Header, "|")) {
	case "field|type|description":
		return fieldTable
	case "parameter|type|required|description":
		return paramTable
	}
	return otherTable
}

// entryKind is what an entry of the page is, told by its heading (and,
// for a version, by its first paragraph).
type entryKind uint8

const (
	// proseEntry is an h3 section's text, or an h4 heading named like
	// neither an object nor a method: kept as text.
	proseEntry entryKind = iota
	// objectEntry is an h4 named like an object (a capitalised
	// identifier): an object, a union or an opaque object.
	objectEntry
	// methodEntry is an h4 named like a method (a lowerCamel identifier).
	methodEntry
	// versionEntry is a Recent changes h4 whose first paragraph is "Bot
	// API <version>".
	versionEntry
)

// pageEntry is one h4 heading (or the h3 itself, for blocks before the
// first h4) and the blocks under it.
type pageEntry struct {
	// place is the entry's: its h3 heading, and its h4 under it, at the
	// heading's line.
	place  facts.Place
	head   *document.Block
	blocks []*document.Block
	kind   entryKind
}

// runPage reads the page into facts.
func (p *pageLayout) runPage(d *document.Document) {
	entries := pageEntries(d)
	p.entries = map[string]bool{}
	for _, e := range entries {
		if e.kind == objectEntry {
			p.entries[e.head.Text] = true
		}
	}
	// Objects and unions first: method results and field types name them.
	for _, e := range entries {
		if e.kind == objectEntry {
			p.pageObject(e)
		}
	}
	for _, e := range entries {
		switch e.kind {
		case methodEntry:
			p.pageMethod(e)
		case versionEntry:
			p.pageVersion(e)
		case proseEntry:
			p.pageProse(e)
		}
	}
	p.pageService(d)
}

// pageEntries groups the blocks under their headings.
func pageEntries(d *document.Document) []*pageEntry {
	var out []*pageEntry
	var h3 []string
	cur := &pageEntry{kind: proseEntry, place: facts.Place{Headings: []string{d.Title}}}
	out = append(out, cur)
	for _, b := range d.Blocks {
		if b.Kind == document.HeadingBlock && (b.Level == 3 || b.Level == 4) {
			if b.Level == 3 {
				h3 = []string{b.Text}
				cur = &pageEntry{kind: proseEntry, place: facts.Place{Headings: h3, Line: b.Line}, head: b}
			} else {
				hs := append(append([]string(nil), h3...), b.Text)
				cur = &pageEntry{kind: proseEntry, place: facts.Place{Headings: hs, Line: b.Line}, head: b}
				switch {
				case reObjectHeading.MatchString(b.Text):
					cur.kind = objectEntry
				case reMethodHeading.MatchString(b.Text):
					cur.kind = methodEntry
				}
			}
			out = append(out, cur)
			continue
		}
		if b.Kind == document.HeadingBlock && b.Level == 1 {
			continue
		}
		if cur.kind == proseEntry && cur.head != nil && cur.head.Level == 4 && len(cur.blocks) == 0 &&
			b.Kind == document.ParagraphBlock && reBotAPIVersion.MatchString(b.Text) {
			cur.kind = versionEntry
		}
		cur.blocks = append(cur.blocks, b)
	}
	return out
}

// where names an entry for errors: "Available types / Message (line 120)".
func (e *pageEntry) where() string {
	return e.place.Where()
}

func (p *pageLayout) pageErr(e *pageEntry, line int, format string, args ...any) {
	p.Errorf(line, "%s: %s", e.where(), fmt.Sprintf(format, args...))
}

// objectBlocks is what the blocks of an object's entry say, before the
// entry is known to be an object, a union or an opaque object.
type objectBlocks struct {
	desc []string
	// table is the Field | Type | Description table.
	table *document.Block
	// listed are the members a list after an introducing sentence names;
	// inline those a paragraph names; forms the members that are not
	// objects (a String, an Array of …) stated in the sentence.
	listed, inline []string
	forms          []grammar.TypeExpr
	introLine      int
	// lists are the lists no introducing sentence announces: under an
	// untabled entry, the page's structure decides what they are (see
	// untabledList).
	lists []*document.Block
	// noInfo says the object "currently holds no information".
	noInfo bool
}

// pageObject reads an h4 object entry: a field table, a list of variants,
// or a statement that it holds no information.
func (p *pageLayout) pageObject(e *pageEntry) {
	name := e.head.Text
	ob := p.objectBlocks(e)
	description := strings.Join(ob.desc, " ")
	switch {
	case schema.IsPrimitive(name):
		// InputFile: the type grammar's own primitive, described here.
		p.Keep("primitive described", e.where(), e.head.Line, description)
	case ob.table != nil:
		p.pageFields(e, description, ob.table)
	case ob.listed != nil:
		p.pageUnion(e, description, ob)
	case ob.noInfo:
		p.AddOpaque(name, description, e.place)
	case len(ob.lists) > 0:
		p.untabledList(e, description, ob)
		return
	default:
		// Nothing the page shows decides the entry's shape: kept as raw
		// JSON like an undecidable list, never a refusal of the page.
		p.keepRaw(e, description,
			"has no Field | Type | Description table, no list of the types it can be (after a sentence such as \"It can be one of\"), and does not say it \"currently holds no information\"; kept as raw JSON (an object without fields)",
			"no overlay fact settles it: the page must give the entry a Field | Type | Description table, a list of the types it can be, or say it \"currently holds no information\"")
	}
}

// untabledList reads an object entry with no field table whose lists no
// sentence of the page's usual words introduces ("The value is given by
// whichever of these applies:"). The structure decides, not the sentence:
// an entry without fields and a list whose every item names another entry
// of the page is a union of those entries, whatever words introduce it.
// A list that names other things too cannot be decided: the entry is kept
// as raw JSON (an object without fields reads any value) with a warning.
func (p *pageLayout) untabledList(e *pageEntry, description string, ob *objectBlocks) {
	name := e.head.Text
	b := ob.lists[0]
	items := b.ItemTexts()
	var others []string
	for _, it := range items {
		if !p.entries[it] || it == name {
			others = append(others, strconv.Quote(it))
		}
	}
	for _, l := range ob.lists[1:] {
		p.Keep("object list", e.where(), l.Line, strings.Join(l.ItemTexts(), "; "))
	}
	if len(others) == 0 {
		ob.listed, ob.introLine = items, b.Line
		p.pageUnion(e, description, ob)
		return
	}
	p.Keep("object list", e.where(), b.Line, strings.Join(items, "; "))
	p.keepRaw(e, description,
		fmt.Sprintf("has no Field | Type | Description table and a list (line %d) whose items %s name no entry of the page, so it cannot be read as a union of the listed types; kept as raw JSON (an object without fields)", b.Line, strings.Join(others, ", ")),
		"no overlay fact settles it: the page must list one type per item, each naming an entry, for apigen to read it as a union")
}

// keepRaw keeps an object entry whose shape the page does not decide as
// raw JSON (an object without fields reads any value), with one warning
// at its heading: the schema stays whole and Strict refuses it.
func (p *pageLayout) keepRaw(e *pageEntry, description, text, settle string) {
	name := e.head.Text
	p.AddOpaque(name, description, e.place)
	p.Warn(facts.Warning{Construct: "object " + name, Place: e.place, Text: text, Settle: settle})
}

// objectBlocks reads the blocks of an object's entry: its field table, the
// members a list or a sentence names, and its description.
func (p *pageLayout) objectBlocks(e *pageEntry) *objectBlocks {
	name := e.head.Text
	ob := &objectBlocks{}
	isEntry := func(w string) bool { return p.entries[w] }
	for i, b := range e.blocks {
		switch b.Kind {
		case document.TableBlock:
			switch pageTableShape(b.Table) {
			case fieldTable:
				if ob.table != nil {
					p.pageErr(e, b.Line, "a second field table (the first is at line %d): an object has one", ob.table.Line)
					continue
				}
				ob.table = b
			default:
				p.pageErr(e, b.Line, "table with columns %q: an object's table has the columns Field | Type | Description", strings.Join(b.Table.Header, " | "))
			}
		case document.ListBlock:
			prev := ""
			if i > 0 && e.blocks[i-1].Kind == document.ParagraphBlock {
				prev = e.blocks[i-1].Text
			}
			if sents := grammar.SplitSentences(prev); len(sents) > 0 && ob.listed == nil &&
				(reVariantsIntro.MatchString(sents[len(sents)-1]) || reInlineVariants.MatchString(sents[len(sents)-1])) {
				ob.listed = b.ItemTexts()
				ob.introLine = b.Line
				ob.forms = formMembers(sents[len(sents)-1], name, isEntry)
				continue
			}
			ob.desc = append(ob.desc, b.ItemTexts()...)
			ob.lists = append(ob.lists, b)
		case document.ParagraphBlock, document.QuoteBlock, document.PreBlock:
			if reNoInformation.MatchString(b.Text) {
				ob.noInfo = true
			}
			if b.Kind == document.ParagraphBlock {
				found := inlineVariants(b.Text, func(w string) bool { return p.entries[w] && w != name })
				for _, v := range found {
					if !slices.Contains(ob.inline, v) {
						ob.inline = append(ob.inline, v)
						ob.introLine = b.Line
					}
				}
				if len(found) > 0 && ob.forms == nil {
					ob.forms = formMembers(b.Text, name, isEntry)
				}
			}
			ob.desc = append(ob.desc, b.Text)
		default:
			p.pageErr(e, b.Line, "unexpected heading %q inside an object", b.Text)
		}
	}
	// Members named in the sentence itself come first, then the list's.
	if len(ob.inline) > 0 {
		all := slices.Clone(ob.inline)
		for _, v := range ob.listed {
			if !slices.Contains(all, v) {
				all = append(all, v)
			}
		}
		if len(all) >= 2 {
			ob.listed = all
		}
	}
	return ob
}

// pageFields reads an object with a Field | Type | Description table.
func (p *pageLayout) pageFields(e *pageEntry, description string, tbl *document.Block) {
	name := e.head.Text
	o := p.NewObject(name, e.place)
	if o == nil {
		return
	}
	o.Description = description
	o.Rules = append(o.Rules, grammar.ObjectRules(description)...)
	o.Rules = append(o.Rules, grammar.NamedRules(description)...)
	p.unreadRules(e.where(), e.head.Line, description)
	for _, r := range tbl.Table.Rows {
		f, ok := p.readRow(e, name, r, fieldTable)
		if !ok {
			continue
		}
		if f.Marker == "" {
			f.Marker = "Required"
		}
		o.Rules = append(o.Rules, f.Rules...)
		f.Rules = nil
		p.AddField(o, r.Cells[0], f, e.place.At(r.Line))
	}
}

// readRow reads a row of an entry's table of the given shape: its name,
// its type and the facts of its description, with the sentences no
// reader consumed in the report. A row of the wrong cell count or whose
// type cell is no type is an error at its line.
func (p *pageLayout) readRow(e *pageEntry, owner string, r *document.Row, shape tableShape) (*grammar.Facts, bool) {
	r.Used = true
	cols, what := "Field | Type | Description", "field"
	if shape == paramTable {
		cols, what = "Parameter | Type | Required | Description", "parameter"
	}
	if len(r.Cells) != strings.Count(cols, "|")+1 {
		p.pageErr(e, r.Line, "row %q has %d cells; want %s", strings.Join(r.Cells, " | "), len(r.Cells), cols)
		return nil, false
	}
	te, ok := grammar.ParseTypeExact(r.Cells[1])
	if !ok {
		p.pageErr(e, r.Line, "%s %s: %q is not a type (want a type name, \"Array of <type>\" or \"<type> or <type>\")", what, r.Cells[0], r.Cells[1])
		return nil, false
	}
	f := grammar.ReadNotes(r.Cells[len(r.Cells)-1])
	f.Typ, f.TypeText = te, r.Cells[1]
	for _, s := range f.Unread {
		p.Keep("unread", owner+"."+r.Cells[0], r.Line, s)
	}
	return f, true
}

// pageUnion reads an object given as the types it can be: the forms its
// sentence states, then the members it names or lists.
func (p *pageLayout) pageUnion(e *pageEntry, description string, ob *objectBlocks) {
	name := e.head.Text
	u := &facts.Union{Name: name, Description: description, Place: e.place, Listed: true}
	forms, degraded := p.widenNumbers(e, name, ob.forms)
	u.Degraded = degraded
	for _, t := range forms {
		u.Variants = append(u.Variants, facts.Variant{Type: t.String()})
	}
	for _, v := range ob.listed {
		t := v
		if arr, ok := arrayOrName(v); ok && arr.Depth > 0 && reObjectHeading.MatchString(arr.Alts[0]) {
			t = arr.String() // an item "Array of RichText" is a form, as in the sentence
		} else if !reObjectHeading.MatchString(v) {
			p.pageErr(e, ob.introLine, "list item %q: a list of variants names one type per item", v)
			continue
		}
		if slices.ContainsFunc(u.Variants, func(x facts.Variant) bool { return x.Type == t }) {
			continue // named in the sentence and listed
		}
		u.Variants = append(u.Variants, facts.Variant{Type: t})
	}
	if !grammar.IsIdent(name) {
		p.pageErr(e, e.head.Line, "union name %q is not an identifier", name)
		return
	}
	p.Unions = append(p.Unions, u)
}

// pageMethod reads an h4 method entry: its description, whose prose states
// the result type, and its parameter table.
func (p *pageLayout) pageMethod(e *pageEntry) {
	name := e.head.Text
	m := &facts.Method{Name: name, Group: e.place.Parent(), Place: e.place}
	var desc []string
	var tbl *document.Block
	for _, b := range e.blocks {
		switch b.Kind {
		case document.TableBlock:
			if pageTableShape(b.Table) != paramTable || tbl != nil {
				p.pageErr(e, b.Line, "table with columns %q: a method's table has the columns Parameter | Type | Required | Description, and there is one", strings.Join(b.Table.Header, " | "))
				continue
			}
			tbl = b
		case document.ListBlock:
			desc = append(desc, b.ItemTexts()...)
			p.Keep("method list", e.where(), b.Line, strings.Join(b.ItemTexts(), "; "))
		case document.ParagraphBlock, document.QuoteBlock, document.PreBlock:
			desc = append(desc, b.Text)
		default:
			p.pageErr(e, b.Line, "unexpected heading %q inside a method", b.Text)
		}
	}
	m.Description = strings.Join(desc, " ")
	m.Rules = grammar.NamedRules(m.Description)
	p.unreadRules(e.where(), e.head.Line, m.Description)
	if te, ok := grammar.ReadReturns(m.Description, p.pageTypeName); ok {
		m.Result = te.String()
	} else {
		// The core keeps the result as raw JSON, with a warning.
		m.ResultUnread = true
	}
	if tbl != nil {
		for _, r := range tbl.Table.Rows {
			f, ok := p.readRow(e, name, r, paramTable)
			if !ok {
				continue
			}
			switch strings.ToLower(r.Cells[2]) {
			case "yes", "required":
				f.Marker = "Required"
			case "optional", "no":
				f.Marker = "Optional"
			default:
				p.pageErr(e, r.Line, "parameter %s: Required column says %q; want Yes or Optional", r.Cells[0], r.Cells[2])
				continue
			}
			if !grammar.IsIdent(r.Cells[0]) {
				p.pageErr(e, r.Line, "parameter name %q is not an identifier", r.Cells[0])
				continue
			}
			m.Params = append(m.Params, facts.Param{Field: &facts.Field{Name: r.Cells[0], Facts: f, Place: e.place.At(r.Line)}, Line: r.Line})
		}
	}
	if prev := p.Method(name); prev != nil {
		p.pageErr(e, e.head.Line, "method %s is already defined at line %d", name, prev.Place.Line)
		return
	}
	p.Entries = append(p.Entries, m)
}

// reRuleMarks finds the marks of a cross-field rule in an entry's prose.
var reRuleMarks = regexp.MustCompile(`(?i)\b(?:exactly one|at most one|mutually exclusive|(?:required|optional) if)\b`)

// unreadRules reports the sentences of an entry's description that have
// the marks of a rule but that no rule reader reads.
func (p *pageLayout) unreadRules(where string, line int, text string) {
	if !strings.Contains(text, "xactly one") && !strings.Contains(text, "t most one") && !strings.Contains(text, "utually exclusive") && !strings.Contains(text, " if ") || !reRuleMarks.MatchString(text) {
		return
	}
	for _, sent := range grammar.SplitSentences(text) {
		if reRuleMarks.MatchString(sent) && len(grammar.ObjectRules(sent)) == 0 && len(grammar.NamedRules(sent)) == 0 {
			p.Keep("unread", where, line, sent)
		}
	}
}

// pageTypeName tells whether a word names a type for the result reader:
// an object or union of the page, or a primitive.
func (p *pageLayout) pageTypeName(w string) bool {
	return schema.IsPrimitive(w) || p.Names(w)
}

// rePassInField is the page's way of listing the values of a field in
// prose: "To use this mode, pass MarkdownV2 in the parse_mode field."
var rePassInField = regexp.MustCompile(`\bpass ([A-Za-z][A-Za-z0-9_]*) in the ([a-z][a-z0-9_]*) field\b`)

// passInField reads the values a prose paragraph gives a field. The
// values become an enum named after the field that every String field of
// that name takes (schema.Formatting), as the seed's "Text formatting"
// section does.
func (p *pageLayout) passInField(e *pageEntry, b *document.Block) bool {
	m := rePassInField.FindStringSubmatch(b.Text)
	if m == nil {
		return false
	}
	value, field := m[1], m[2]
	if p.Format(field) != field {
		return false
	}
	if p.formatEnum == nil {
		p.formatEnum = &facts.Enum{Of: facts.FormattingValues, Description: "Values of " + field + " (" + e.place.Heading() + ").", Place: e.place.At(b.Line)}
		p.Enums = append(p.Enums, p.formatEnum)
	}
	p.formatEnum.Add(value)
	p.AddClause(facts.FormattingRules, b.Text, e.place.At(b.Line))
	return true
}

// pageProse keeps the blocks of a prose entry (an h3 before its first h4,
// or an h4 that names no object or method) as notes, counted in the report.
func (p *pageLayout) pageProse(e *pageEntry) {
	for _, b := range e.blocks {
		switch b.Kind {
		case document.ListBlock:
			for _, it := range b.ItemTexts() {
				p.AddClause(facts.Notes, it, e.place.At(b.Line))
			}
		case document.TableBlock:
			for _, r := range b.Table.Rows {
				p.AddClause(facts.Notes, strings.Join(r.Cells, " | "), e.place.At(r.Line))
			}
		case document.HeadingBlock:
			p.Clauses = append(p.Clauses, facts.Clause{List: facts.Notes, Name: "heading", Text: b.Text, Place: e.place.At(b.Line)})
		default:
			if b.Kind == document.ParagraphBlock && p.passInField(e, b) {
				continue
			}
			p.AddClause(facts.Notes, b.Text, e.place.At(b.Line))
		}
		p.Keep("prose", e.where(), b.Line, "")
	}
}

// pageVersion reads one dated entry of Recent changes: "Bot API 9.0", then
// lists of changes under optional bold sub-headings.
func (p *pageLayout) pageVersion(e *pageEntry) {
	var v *facts.Version
	for _, b := range e.blocks {
		switch {
		case b.Kind == document.ParagraphBlock && reBotAPIVersion.MatchString(b.Text):
			name := reBotAPIVersion.FindStringSubmatch(b.Text)[1]
			// The page lists the newest first; the schema oldest first.
			v = p.Version(name, e.place.At(b.Line), true)
			v.Date = e.head.Text
		case b.Kind == document.ListBlock && v != nil:
			for _, it := range b.ItemTexts() {
				v.Changes = append(v.Changes, it)
			}
		default:
			// Sub-headings ("Business Accounts") and the link to earlier
			// changes.
			p.AddClause(facts.Notes, b.Text, e.place.At(b.Line))
			p.Keep("prose", e.where(), b.Line, "")
		}
	}
}
