package resolve

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/parser/internal/grammar"
	"github.com/apigen/apigen/schema"
)

// This file is the core's state for one parse (the objects, methods and
// fields read, pending resolution), its policies, and its errors and
// warnings. The facts a layout read become that state in build.go; their
// resolution into the schema is in resolve.go, finish.go, versions.go and
// updatekinds.go.

// Policy is what the two layouts ask of the core differently. Each field
// names the decision it changes, so the core never asks which layout it
// reads.
type Policy struct {
	// tolerant is for a document nobody here controls (the published
	// page): a fact that does not apply is reported and dropped, a rule
	// naming another object's fields is kept as text, variants JSON
	// cannot tell apart are tried in order, and a union or enum whose name
	// is taken is named after its owner, each instead of an error.
	tolerant bool
	// attachAsConstraint keeps a String that may be "attach://<name>" a
	// String with constraints.attach, rather than a union of InputFile and
	// String (the seed's reading of the same phrase).
	attachAsConstraint bool
	// conditionSentences reads an object field's "Optional if X is
	// present" and "Required if …" sentences as rules.
	conditionSentences bool
	// changeSentences reads the change items of the versions as
	// sentences ("Added the field x to the class Y"), besides the seed's
	// "<version> added a, b (c)" (versions.go).
	changeSentences bool
	// undefinedAsRaw keeps a type the document names but never defines
	// as raw JSON (an object without fields) with one warning, rather
	// than refusing the document (undefined.go).
	undefinedAsRaw bool
	// tagsFromFixedValues tells the variants of a union of objects that
	// names no discriminator apart by the field each states the one value
	// of ("always “creator”"), once every union exists (tags.go).
	tagsFromFixedValues bool
}

// SeedPolicy is the seed's policy: its author controls the document, so
// every fact that does not fit is an error.
var SeedPolicy = Policy{}

// PagePolicy is the published page's.
var PagePolicy = Policy{tolerant: true, attachAsConstraint: true, conditionSentences: true, changeSentences: true, undefinedAsRaw: true, tagsFromFixedValues: true}

// core holds the state of one parse.
type core struct {
	file string
	// pol is how the layout read wants its facts resolved.
	pol Policy
	// report receives what the reader keeps as text only.
	report *Report
	// listed holds the unions the document defines by a list (not made
	// from a type cell): the ones a restricted list may name a subset of.
	listed map[*schema.Union]bool
	// unionWhere is the heading path of each union the document defines,
	// for warnings.
	unionWhere map[*schema.Union]string
	out        *schema.Schema
	errs       []error

	// pending are the fields and parameters, resolved once every
	// definition is known, in document order.
	pending []*pending
	// defs maps a scope ("" for the document, a section path) to the
	// fields defined with an explicit type in it, by name. A name written
	// bare ("width", "chat_id (Required)") takes its type from here.
	defs map[string]map[string][]*pending

	objects    map[string]*objectCtx
	methods    []*methodCtx
	shorthands map[string]*shorthandCtx
	// results maps a section path to the result its methods have when a
	// row gives none ("All return the sent Message unless noted").
	results map[string]string
	// opaque lists objects named but not shown, with the line naming them.
	opaque []opaqueRef
	// always maps "Object.field" to the constant its notes state ("Always
	// 0"), as JSON text; it tells union variants apart.
	always map[string]string
	// eventOwner is the object whose fields the Events table names.
	eventOwner string
	eventLine  int
	// undefined holds the types named but not defined, kept as raw JSON
	// under Policy.undefinedAsRaw, in the order of their first use.
	undefined []*undefinedType
}

type opaqueRef struct {
	Name string
	Src  schema.Source
}

// pending is a field or parameter whose type and constraints are resolved
// after the whole document is read.
type pending struct {
	Field  *schema.Field
	Facts  *grammar.Facts
	Scopes []string // most specific first
	Owner  string   // object or method name, for enum names and errors
	Method bool     // owner is a method or shorthand
	// defaultRequired applies when neither the text nor an earlier
	// definition says Required or Optional.
	defaultRequired *bool
	// MarkedTable: the field comes from a table that marks only its
	// optional fields ("Fields (Optional marked)"), so an unmarked field is
	// required even where the name is optional elsewhere.
	MarkedTable bool
	Rules       *[]*schema.Rule
	Line        int
	// Where is the heading path of the entry the field is in, for
	// warnings.
	Where string
	// Fixed is the only value a discriminator field may hold.
	Fixed string
	// resolved is set once the field's type and constraints are final.
	resolved bool
}

type objectCtx struct {
	Obj      *schema.Object
	RawRules []grammar.RawRule
	// fields are the object's fields, in order.
	fields []*pending
}

type methodCtx struct {
	M       *schema.Method
	Place   string // the heading path, where a section's result is looked up
	Result  string // result cell
	Line    int
	Pending []*pending
	Entries []methodEntry
	// Rules are stated in the method's prose (the published page).
	Rules []grammar.RawRule
}

type shorthandCtx struct {
	G       *schema.Shorthand
	Pending []*pending
	Rules   []grammar.RawRule
	Result  string // "Edit results: ..." sentence
}

// warn records a construct of the page kept in a degraded form in the
// schema's one list of warnings (schema.Schema.Warnings), which the
// report shows and Strict (parser.Options) and --strict refuse.
func (p *core) warn(w Warning) {
	p.out.Warnings = append(p.out.Warnings, w)
}

func (p *core) errorf(line int, format string, args ...any) {
	p.errs = append(p.errs, &Error{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// methodEntry is one ';'-separated segment of a parameter cell after
// reading: a parameter, or a shorthand group with an optional override.
type methodEntry struct {
	Param    *pending
	Group    string
	Override string
	Line     int
}

// pascal turns snake_case into PascalCase for schema names (not Go names:
// those come from the naming package's Exported).
func pascal(s string) string { return naming.SchemaName(s) }

// parseResult reads a result cell: "Message", "Array of Update. Notes",
// "String (new link). Notes", "Message if sent by the bot, otherwise True".
func parseResult(cell string) (te grammar.TypeExpr, note string, ok bool) {
	if m := reIfOtherwise.FindStringSubmatch(cell); m != nil {
		return grammar.TypeExpr{Alts: []string{m[1], m[3]}}, cell, true
	}
	te, rest, ok := grammar.ParseTypePrefix(cell)
	if !ok {
		return grammar.TypeExpr{}, "", false
	}
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "(") {
		it, after := grammar.ParseParenItem("x " + rest)
		rest = strings.TrimSpace(it.Paren + ". " + strings.TrimLeft(after, ". "))
	}
	rest = strings.TrimSpace(strings.TrimLeft(rest, ".,;"))
	return te, strings.TrimSuffix(rest, ". "), true
}

var reIfOtherwise = regexp.MustCompile(`^(\w+) if (.+?), otherwise (\w+)(.*)$`)
