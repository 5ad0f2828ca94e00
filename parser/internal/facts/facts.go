// Package facts is what a layout of the reader returns: the entries it
// read from the document (objects and their fields, methods and their
// parameters, unions, enums, versions, statements), each with its place
// (the headings above it and its line) and the facts the grammar read from
// its text. Facts are plain values, in the document's terms: type
// expressions as written, names as written. The core (package resolve)
// turns them into the schema in one function; a layout never builds a
// schema value.
package facts

import (
	"fmt"
	"strings"

	"github.com/apigen/apigen/parser/internal/grammar"
)

// Doc is everything a layout read from one document, in the order it read
// it, with the errors it met.
type Doc struct {
	Title string
	// Entries are the objects, methods and shorthand groups, in document
	// order: their fields and parameters are resolved in that order (the
	// order inline unions and enums are made in).
	Entries []Entry
	// Unions and Enums are those the document defines by a list, a
	// variant table or a named convention; the core makes the others from
	// type cells and value lists.
	Unions []*Union
	Enums  []*Enum
	// Versions are listed oldest first.
	Versions []*Version
	Clauses  []Clause
	// NotShown are objects the document names without showing their
	// fields.
	NotShown []NotShown
	// Definitions are fields defined only for bare names to refer to.
	Definitions []*Field
	// Results are the result a section's methods have when a row gives
	// none ("All return the sent Message unless noted").
	Results     []SectionResult
	Limits      []Limit
	Transitions []Transition
	// Events is set when the document has an events section.
	Events *Events
	// Formatting is the field the text formatting section is about
	// ("parse_mode"), or "".
	Formatting string
	Service    *Service
	// Warnings are constructs kept in a degraded form; Kept the blocks
	// kept as text without a fact (the report's entries).
	Warnings []Warning
	Kept     []Kept
	// Errs are the errors met while reading, in order.
	Errs []Error
}

// Entry is an *Object, a *Method or a *Shorthand.
type Entry interface{ entry() }

func (*Object) entry()    {}
func (*Method) entry()    {}
func (*Shorthand) entry() {}

// Object is an object entry: one with fields, or, when Opaque, one kept
// whole (it holds no information, or its shape is not decided: raw JSON).
type Object struct {
	Name        string
	Place       Place
	Description string
	Notes       []string
	// StringForm is the note saying a plain String may replace it.
	StringForm string
	// Unions names the unions whose variant tables list it.
	Unions []string
	Rules  []grammar.RawRule
	// AllOptional: the document says all its fields are optional.
	AllOptional bool
	Fields      []*Field
	Opaque      bool
}

// Field is a field of an object, a parameter of a method or a shorthand
// group, or a definition bare names refer to.
type Field struct {
	Name  string
	Facts *grammar.Facts
	Place Place
	// MarkedTable: the field comes from a table that marks only its
	// optional fields, so an unmarked field is required.
	MarkedTable bool
	// Fixed is the only value a discriminator field may hold.
	Fixed string
	// Object is, for a definition, the object whose fields it defines
	// ("" for the section of its place).
	Object string
}

// Method is a method entry.
type Method struct {
	Name, Group, Description string
	Place                    Place
	// Result is the result as written ("Message", "Array of Update.
	// Notes"), or "" when the section or a shorthand group gives it.
	Result string
	// ResultUnread: the method's prose states its result in words no
	// reader reads; the core keeps the result as raw JSON, with a warning.
	ResultUnread bool
	Params       []Param
	// Rules are those the method's prose states.
	Rules []grammar.RawRule
}

// Param is one parameter of a method, or a shorthand group it takes
// (with an override of one of the group's parameters).
type Param struct {
	Field           *Field
	Group, Override string
	Line            int
}

// Shorthand is a group of parameters several methods share.
type Shorthand struct {
	Name   string
	Place  Place
	Params []*Field
	Rules  []grammar.RawRule
	// Result is the result of its methods, as written, or "".
	Result string
	Notes  []string
}

// Union is a union the document defines.
type Union struct {
	Name, Description string
	Place             Place
	Discriminator     string
	Variants          []Variant
	// Degraded says why members were kept in a wider form, or "".
	Degraded string
	// Listed: the union is given as a list of the types it can be, so a
	// type cell naming some of them is the union restricted to those.
	Listed bool
}

// Variant is one member of a union: a type as written ("Integer64",
// "Array of RichText"), its tag and its note.
type Variant struct{ Type, Tag, Note string }

// EnumOf says what an enum's values are, which names it.
type EnumOf uint8

const (
	// FormattingValues are the values of the text formatting's field.
	FormattingValues EnumOf = iota
	// EventKinds are the fields of the events' owner that name a kind.
	EventKinds
)

// Enum is an enum the document lists.
type Enum struct {
	Of          EnumOf
	Description string
	Place       Place
	Values      []EnumValue
}

// EnumValue is one value and its note.
type EnumValue struct{ Value, Note string }

// Add adds a value unless the enum has it.
func (e *Enum) Add(value string) {
	for _, v := range e.Values {
		if v.Value == value {
			return
		}
	}
	e.Values = append(e.Values, EnumValue{Value: value})
}

// Version is one version of the document and the changes it lists.
type Version struct {
	Name, Date string
	Place      Place
	Changes    []string
}

// List names a list of the document's statements.
type List uint8

const (
	// Notes are statements kept as text.
	Notes List = iota
	// Auth, Errors and Overview are the sections of those names.
	Auth
	Errors
	Overview
	// RequestRules are the rules every request follows.
	RequestRules
	// Conventions are the conventions every value follows.
	Conventions
	// EventRules are the rules of the events section.
	EventRules
	// FormattingRules are the rules of the text formatting.
	FormattingRules
)

// Clause is one statement, in the list it belongs to; Name is set on
// one that defines something.
type Clause struct {
	List       List
	Name, Text string
	Place      Place
}

// NotShown is an object the document names without its fields.
type NotShown struct {
	Name  string
	Place Place
}

// SectionResult is the result of the methods of the section at Place.
type SectionResult struct {
	Place Place
	Type  string
}

// Limit and Transition are rows of the limits and states tables.
type Limit struct {
	Area, Limit string
	Place       Place
}

type Transition struct {
	Subject, Trigger, Condition, Next, Also string
	Place                                   Place
}

// Events is the events section: the object whose fields carry the kinds,
// and the kinds.
type Events struct {
	Owner string
	Line  int
	Kinds []EventKind
}

// EventKind is a kind of event and the fields that carry it.
type EventKind struct {
	Fields []string
	When   string
	Place  Place
}

// Service is where the service is reached; Line is where it is stated.
type Service struct {
	BaseURL, FileURL string
	Line             int
}

// Warning is a construct kept in a degraded form, at its place; Target
// is the element an overlay fact settles it on.
type Warning struct {
	Construct, Target, Text, Settle string
	Place                           Place
}

// Kept is a block kept as text without a fact (an entry of the report).
// Kind says what the block is: "prose" (a paragraph, list item or table
// row of a section without objects or methods), "object list" or "method
// list" (a list under an entry that is not a list of variants), "change"
// (a Recent changes item naming nothing the schema models), "primitive
// described" (InputFile's entry), "unread" (a sentence with the marks of
// a constraint or a rule that no reader consumed), "rule" (a rule sentence
// naming what is not there), "second range" (a bare range beside a length
// bound to its unit), "fact does not apply".
type Kept struct {
	Kind, Where string
	Line        int
	Text        string
}

// Error is an error at a line of the document.
type Error struct {
	Line int
	Msg  string
}

// Errorf records an error at a line.
func (d *Doc) Errorf(line int, format string, args ...any) {
	d.Errs = append(d.Errs, Error{Line: line, Msg: fmt.Sprintf(format, args...)})
}

// Warn records a construct kept in a degraded form.
func (d *Doc) Warn(w Warning) { d.Warnings = append(d.Warnings, w) }

// Keep records a block kept as text.
func (d *Doc) Keep(kind, where string, line int, text string) {
	d.Kept = append(d.Kept, Kept{Kind: kind, Where: where, Line: line, Text: text})
}

// AddClause keeps a statement in a list.
func (d *Doc) AddClause(list List, text string, at Place) {
	d.Clauses = append(d.Clauses, Clause{List: list, Text: text, Place: at})
}

// NewObject starts an object with fields; a name that is no capitalised
// identifier, or an object with fields defined twice, is an error and
// gives nil.
func (d *Doc) NewObject(name string, at Place) *Object {
	if !grammar.IsIdent(name) || !grammar.StartsUpper(name) {
		d.Errorf(at.Line, "object name %q is not a capitalised identifier", name)
		return nil
	}
	if prev := d.Object(name); prev != nil {
		d.Errorf(at.Line, "object %s is already defined at line %d", name, prev.Place.Line)
		return nil
	}
	o := &Object{Name: name, Place: at}
	d.Entries = append(d.Entries, o)
	return o
}

// AddOpaque adds an object kept whole.
func (d *Doc) AddOpaque(name, description string, at Place) {
	d.Entries = append(d.Entries, &Object{Name: name, Description: description, Place: at, Opaque: true})
}

// AddField adds a field to an object; a name that is no identifier is an
// error and gives nil.
func (d *Doc) AddField(o *Object, name string, f *grammar.Facts, at Place) *Field {
	if !grammar.IsIdent(name) {
		d.Errorf(at.Line, "%s: field name %q is not an identifier", o.Name, name)
		return nil
	}
	fld := &Field{Name: name, Facts: f, Place: at}
	o.Fields = append(o.Fields, fld)
	return fld
}

// Object is the object with fields named name, or nil.
func (d *Doc) Object(name string) *Object {
	for _, e := range d.Entries {
		if o, ok := e.(*Object); ok && !o.Opaque && o.Name == name {
			return o
		}
	}
	return nil
}

// Shorthand is the shorthand group named name, or nil.
func (d *Doc) Shorthand(name string) *Shorthand {
	for _, e := range d.Entries {
		if g, ok := e.(*Shorthand); ok && g.Name == name {
			return g
		}
	}
	return nil
}

// Method is the method named name in any case (the wire's method names
// are case-insensitive), or nil.
func (d *Doc) Method(name string) *Method {
	for _, e := range d.Entries {
		if m, ok := e.(*Method); ok && strings.EqualFold(m.Name, name) {
			return m
		}
	}
	return nil
}

// Names reports whether an object (with fields or whole), a union or an
// object named but not shown has the name.
func (d *Doc) Names(name string) bool {
	for _, e := range d.Entries {
		if o, ok := e.(*Object); ok && o.Name == name {
			return true
		}
	}
	for _, u := range d.Unions {
		if u.Name == name {
			return true
		}
	}
	for _, n := range d.NotShown {
		if n.Name == name {
			return true
		}
	}
	return false
}

// Version finds the version name, or adds it (at the end, or first when
// the document lists the newest first).
func (d *Doc) Version(name string, at Place, first bool) *Version {
	for _, v := range d.Versions {
		if v.Name == name {
			return v
		}
	}
	v := &Version{Name: name, Place: at}
	if first {
		d.Versions = append([]*Version{v}, d.Versions...)
	} else {
		d.Versions = append(d.Versions, v)
	}
	return v
}

// Format starts the text formatting with field, and returns the field it
// is about: the first one stated.
func (d *Doc) Format(field string) string {
	if d.Formatting == "" {
		d.Formatting = field
	}
	return d.Formatting
}

// StartEvents records that the document has an events section.
func (d *Doc) StartEvents() *Events {
	if d.Events == nil {
		d.Events = &Events{}
	}
	return d.Events
}
