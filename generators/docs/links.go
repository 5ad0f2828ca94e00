package docs

import (
	"strings"

	"github.com/apigen/apigen/schema"
)

// Page ID prefixes, one per kind of schema element.
const (
	kindObject = "object"
	kindMethod = "method"
	kindUnion  = "union"
	kindEnum   = "enum"
)

// Guide page IDs.
const (
	pageIndex      = "index"
	pageRequests   = "requests"
	pageAuth       = "auth"
	pageFormatting = "formatting"
	pageEvents     = "events"
	pageErrors     = "errors"
	pageLimits     = "limits"
	pageStates     = "states"
	pageVersions   = "versions"
)

// linker resolves names of the schema to pages and anchors.
type linker struct {
	s *schema.Schema
	// types maps object, union and enum names to their kind.
	types map[string]string
	// methods maps method names to methods.
	methods map[string]*schema.Method
	objects map[string]*schema.Object
	enums   map[string]*schema.Enum
	// hasVersions tells whether the versions page exists; versions holds
	// the versions it lists.
	hasVersions bool
	versions    map[string]bool
	// export is the model's name of a type where names are told apart
	// without case (gomodel.Model.ExportName): a page's file name. Nil
	// keeps the wire names.
	export func(what, wire string) string
}

func newLinker(s *schema.Schema) *linker {
	l := &linker{
		s:           s,
		types:       map[string]string{},
		methods:     map[string]*schema.Method{},
		objects:     map[string]*schema.Object{},
		enums:       map[string]*schema.Enum{},
		hasVersions: len(s.Versions) > 0,
		versions:    map[string]bool{},
	}
	for _, v := range s.Versions {
		l.versions[v.Version] = true
	}
	for _, o := range s.Objects {
		l.types[o.Name] = kindObject
		l.objects[o.Name] = o
	}
	for _, u := range s.Unions {
		l.types[u.Name] = kindUnion
	}
	for _, e := range s.Enums {
		l.types[e.Name] = kindEnum
		l.enums[e.Name] = e
	}
	for _, m := range s.Methods {
		l.methods[m.Name] = m
	}
	return l
}

// pageID is the page of an element of the given kind.
// pageID is the page of a type or a method: its kind and its name as the
// model tells it apart without case (two types differing only in case
// would share a file on a case-insensitive file system).
func (l *linker) pageID(kind, name string) string {
	if l.export != nil {
		name = l.export(kind+" "+name, name)
	}
	return kind + "-" + anchor(name)
}

// anchor makes s safe as a file name and an HTML id: ASCII letters, digits,
// '_', '-' and '.' are kept, every other byte is written as "~xx".
func anchor(s string) string {
	ok := true
	for i := 0; i < len(s); i++ {
		if !anchorByte(s[i]) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	const hex = "0123456789abcdef"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if anchorByte(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('~')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

func anchorByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

func fieldFrag(name string) string { return "field-" + anchor(name) }
func paramFrag(name string) string { return "param-" + anchor(name) }
func valueFrag(name string) string { return "value-" + anchor(name) }
func versionFrag(v string) string  { return "v" + anchor(v) }

// typeLink links a named type, or returns it as plain text.
func (l *linker) typeLink(name string) Link {
	if kind, ok := l.types[name]; ok {
		return Link{Text: name, Page: l.pageID(kind, name)}
	}
	return Link{Text: name}
}

// typeText renders a type reference with every named type linked.
func (l *linker) typeText(t schema.Type) Text {
	var out Text
	for t.Elem != nil {
		out = append(out, Link{Text: "Array of "})
		t = *t.Elem
	}
	return append(out, l.typeLink(t.Name))
}

// methodLink links a method.
func (l *linker) methodLink(name string) Link {
	if _, ok := l.methods[name]; ok {
		return Link{Text: name, Page: l.pageID(kindMethod, name)}
	}
	return Link{Text: name}
}

// since returns the badge for a version, or nil.
func (l *linker) since(v string) *Link {
	if v == "" {
		return nil
	}
	b := Link{Text: "since " + v}
	if l.versions[v] {
		b.Page, b.Frag = pageVersions, versionFrag(v)
	}
	return &b
}

// target resolves a dotted reference ("sendDice", "Message.dice",
// "sendPoll.explanation", "DiceEmoji.darts") as the Versioning section and
// the overlay write them.
func (l *linker) target(ref string) Link {
	head, tail, dotted := strings.Cut(ref, ".")
	if !dotted {
		if _, ok := l.types[ref]; ok {
			return l.typeLink(ref)
		}
		return l.methodLink(ref)
	}
	if o := l.objects[head]; o != nil && o.Field(tail) != nil {
		return Link{Text: ref, Page: l.pageID(kindObject, head), Frag: fieldFrag(tail)}
	}
	if m := l.methods[head]; m != nil && m.Param(tail) != nil {
		return Link{Text: ref, Page: l.pageID(kindMethod, head), Frag: paramFrag(tail)}
	}
	if e := l.enums[head]; e != nil {
		for _, v := range e.Values {
			if v.Label() == tail || v.Value == tail {
				return Link{Text: ref, Page: l.pageID(kindEnum, head), Frag: valueFrag(v.Label())}
			}
		}
	}
	if _, ok := l.types[head]; ok {
		lk := l.typeLink(head)
		lk.Text = ref
		return lk
	}
	return Link{Text: ref}
}

// linkify turns prose into Text, linking the names of types (capitalised
// words naming an object, union or enum), methods (names with a capital
// letter inside, so that a method called like an English word is not linked
// everywhere) and "Type.field" references. self is the page the text is on;
// bare links to it are left out.
func (l *linker) linkify(s, self string) Text {
	if s == "" {
		return nil
	}
	var out Text
	plainStart := 0
	flush := func(end int) {
		if end > plainStart {
			out = append(out, Link{Text: s[plainStart:end]})
		}
	}
	for i := 0; i < len(s); {
		if !identByte(s[i]) || (i > 0 && identByte(s[i-1])) {
			i++
			continue
		}
		j := i
		for j < len(s) && identByte(s[j]) {
			j++
		}
		word := s[i:j]
		if proseWord(s, i, j) {
			i = j
			continue
		}
		lk, end := l.wordLink(s, word, j)
		if lk.Page != "" && !(lk.Page == self && lk.Frag == "") {
			flush(i)
			out = append(out, lk)
			plainStart = end
		}
		i = end
	}
	flush(len(s))
	return out
}

// wordLink resolves word (ending at end in s), extending it with ".member"
// when that names a field, parameter or enum value.
func (l *linker) wordLink(s, word string, end int) (Link, int) {
	kind, isType := l.types[word]
	_, isMethod := l.methods[word]
	switch {
	case isType && word[0] >= 'A' && word[0] <= 'Z' && !schema.IsPrimitive(word):
	case isMethod && hasUpperAfterFirst(word):
	default:
		return Link{}, end
	}
	if end+1 < len(s) && s[end] == '.' && identByte(s[end+1]) {
		k := end + 1
		for k < len(s) && identByte(s[k]) {
			k++
		}
		if lk := l.target(s[:k][end-len(word):]); lk.Frag != "" {
			return lk, k
		}
	}
	if isType {
		return Link{Text: word, Page: l.pageID(kind, word)}, end
	}
	return Link{Text: word, Page: l.pageID(kindMethod, word)}, end
}

// proseWord reports whether s[i:j] is a capitalised plain word used as
// English rather than as a type name: at the start of a sentence (or of
// the text), with no capital inside ("Thing", not "ThingKind"), and followed
// by a lower-case word other than "or" / "and" ("Thing identifiers may
// exceed 32 bits", "Thing member"; but "Thing or True").
func proseWord(s string, i, j int) bool {
	if hasUpperAfterFirst(s[i:j]) || j+1 >= len(s) || s[j] != ' ' || !(s[j+1] >= 'a' && s[j+1] <= 'z') {
		return false
	}
	k := j + 1
	for k < len(s) && identByte(s[k]) {
		k++
	}
	if next := s[j+1 : k]; next == "or" || next == "and" {
		return false
	}
	before := strings.TrimRight(s[:i], " ")
	return before == "" || strings.ContainsAny(before[len(before)-1:], ".:;!?(")
}

func identByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func hasUpperAfterFirst(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return false
}
