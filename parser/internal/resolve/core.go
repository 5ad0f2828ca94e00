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

// This file is the core both layouts build on: the state of one parse (the
// objects, methods and fields read so far, pending resolution), the way a
// layout adds an object or a field, the rules an object's prose states, and
// errors and warnings. Resolution into the schema is in resolve.go,
// finish.go, versions.go and updatekinds.go.

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
}

// PagePolicy is the published page's policy; the seed's is the zero one.
var PagePolicy = Policy{tolerant: true, attachAsConstraint: true, conditionSentences: true, changeSentences: true, undefinedAsRaw: true}

// parser holds the state of one parse.
type Core struct {
	File string
	// Policy is how the layout being read wants its facts resolved.
	Policy Policy
	// Report receives what the page reader keeps as text only.
	Report *Report
	// Listed holds the unions the document defines by a list or a variant
	// table (not made from a type cell): the ones a restricted list may
	// name a subset of.
	Listed map[*schema.Union]bool
	// UnionWhere is the heading path of each listed union, for warnings.
	UnionWhere map[*schema.Union]string
	// TagUnions, set by the page reader, finds the discriminators of
	// every union once all unions exist (see resolve).
	TagUnions func()
	out       *schema.Schema
	Errs      []error

	// Pending fields and parameters, resolved once every definition is known.
	Pending []*Pending
	// Defs maps a scope ("" for the document, a section path) to the
	// fields defined with an explicit type in it, by name. A name written
	// bare ("width", "chat_id (Required)") takes its type from here.
	Defs map[string]map[string][]*Pending

	Objects    map[string]*ObjectCtx
	Methods    []*MethodCtx
	Shorthands map[string]*ShorthandCtx
	// Results maps a section path to the result its methods have when a
	// row gives none ("All return the sent Message unless noted").
	Results map[string]string
	// Opaque lists objects named but not shown, with the line naming them.
	Opaque []OpaqueRef
	// Always maps "Object.field" to the constant its notes state ("Always
	// 0"), as JSON text; it tells union variants apart.
	Always map[string]string
	// EventOwner is the object whose fields the Events table names.
	EventOwner string
	EventLine  int
	// undefined holds the types named but not defined, kept as raw JSON
	// under Policy.undefinedAsRaw, in the order of their first use.
	undefined []*undefinedType
}

type OpaqueRef struct {
	Name string
	Src  schema.Source
}

// Pending is a field or parameter whose type and constraints are resolved
// after the whole document is read.
type Pending struct {
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

type ObjectCtx struct {
	Obj *schema.Object
	// Listing is set on an object a variant table defines.
	Listing   *VariantListing
	RawRules  []grammar.RawRule
	AllOption bool // "all fields Optional"
	// Place is where the object is defined (its heading, or the row of
	// a table of objects).
	Place Place
	// MarksRequired: some row of the object says "Required"; unmarked are
	// the rows that say neither (see fieldRow).
	MarksRequired bool
	Unmarked      []*Pending
}

type MethodCtx struct {
	M       *schema.Method
	Place   Place
	Result  string // result cell
	Line    int
	Pending []*Pending
	Entries []MethodEntry
	// Rules are stated in the method's prose (the published page).
	Rules []grammar.RawRule
}

type ShorthandCtx struct {
	G       *schema.Shorthand
	Pending []*Pending
	Rules   []grammar.RawRule
	Result  string // "Edit results: ..." sentence
	Line    int
}

// Warn records a construct of the page kept in a degraded form in the
// schema's one list of warnings (schema.Schema.Warnings), which the
// report shows and Strict (parser.Options) and --strict refuse.
func (p *Core) Warn(w Warning) {
	p.out.Warnings = append(p.out.Warnings, w)
}

func (p *Core) Errorf(line int, format string, args ...any) {
	p.Errs = append(p.Errs, &Error{File: p.File, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// JoinSentences joins two texts as sentences: the first, a heading's
// parenthesis ("content of a media message to send") or a sentence
// without its stop, is ended with one before the second.
func JoinSentences(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	if !strings.ContainsAny(a[len(a)-1:], ".!?:") {
		a += "."
	}
	return a + " " + b
}

// JoinText joins two texts with a space.
func JoinText(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
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

// NewObject starts an object; an object defined twice is an error.
func (p *Core) NewObject(name string, at Place) *ObjectCtx {
	line := at.Line
	if !grammar.IsIdent(name) || !grammar.StartsUpper(name) {
		p.Errorf(line, "object name %q is not a capitalised identifier", name)
		return nil
	}
	if prev := p.Objects[name]; prev != nil {
		p.Errorf(line, "object %s is already defined at line %d", name, prev.Obj.Source.Line)
		return nil
	}
	o := &schema.Object{Name: name, Source: at.Source()}
	ctx := &ObjectCtx{Obj: o, Place: at}
	p.Objects[name] = ctx
	p.out.Objects = append(p.out.Objects, o)
	return ctx
}

// AddField queues a field of an object for resolution.
func (p *Core) AddField(ctx *ObjectCtx, name string, f *grammar.Facts, at Place, extraScopes ...string) *Pending {
	line := at.Line
	if !grammar.IsIdent(name) {
		p.Errorf(line, "%s: field name %q is not an identifier", ctx.Obj.Name, name)
		return nil
	}
	fld := &schema.Field{Name: name, Source: at.Source()}
	ctx.Obj.Fields = append(ctx.Obj.Fields, fld)
	req := !ctx.AllOption
	pd := &Pending{
		Field: fld, Facts: f, Owner: ctx.Obj.Name, Line: line,
		Scopes:          append(append([]string{"object:" + ctx.Obj.Name}, extraScopes...), at.Scopes()...),
		defaultRequired: &req,
		Where:           at.Where(),
		Rules:           &ctx.Obj.Rules,
	}
	p.Pending = append(p.Pending, pd)
	return pd
}

// ObjectRules reads the rules an object-level sentence states.
func ObjectRules(text string) []grammar.RawRule {
	var out []grammar.RawRule
	if reAtMostOneOpt.MatchString(text) {
		out = append(out, grammar.RawRule{Kind: schema.RuleAtMostOne, Fields: []string{optionalFields}, Text: text})
	}
	if m := reExactlyOneExcept.FindStringSubmatch(text); m != nil {
		out = append(out, grammar.RawRule{Kind: schema.RuleExactlyOne, Fields: []string{allFields}, Except: grammar.SplitNameList(m[1]), Text: text})
	} else if reExactlyOneOpt.MatchString(text) {
		out = append(out, grammar.RawRule{Kind: schema.RuleExactlyOne, Fields: []string{optionalFields}, Text: text})
	}
	if reAtMostOneUsed.MatchString(text) {
		out = append(out, grammar.RawRule{Kind: schema.RuleMutuallyExclusive, Fields: []string{optionalFields}, Text: text})
	}
	return out
}

// NamedRules reads the rules a sentence of an entry's description states
// by naming the fields (the published page's object and method prose).
func NamedRules(text string) []grammar.RawRule {
	var out []grammar.RawRule
	for _, sent := range grammar.SplitSentences(text) {
		if m := reNamedExclusive.FindStringSubmatch(sent); m != nil {
			out = append(out, grammar.RawRule{Kind: schema.RuleMutuallyExclusive, Fields: grammar.SplitNameList(m[1]), Text: sent})
		}
		if m := reNamedExactlyOne.FindStringSubmatch(sent); m != nil {
			out = append(out, grammar.RawRule{Kind: schema.RuleExactlyOne, Fields: grammar.SplitNameList(m[1]), Text: sent})
		}
	}
	return out
}

// SplitTopWord splits at a word separator outside parentheses.
func SplitTopWord(s, sep string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth == 0 && strings.HasPrefix(s[i:], sep) {
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + len(sep)
			i += len(sep) - 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// MethodEntry is one ';'-separated segment of a parameter cell after
// reading: a parameter, or a shorthand group with an optional override.
type MethodEntry struct {
	Param    *Pending
	Group    string
	Override string
	Line     int
}

// Pascal turns snake_case into PascalCase for schema names (not Go names:
// those come from the naming package's Exported).
func Pascal(s string) string { return naming.SchemaName(s) }

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

// The rules an object's or a method's prose states, in the words of both
// layouts.
var (
	// The seed's words and the published page's ("At most one of the
	// optional parameters can be present in any given update", "Exactly
	// one of the optional fields must be used").
	reAtMostOneOpt  = regexp.MustCompile(`(?i)at most one of the optional (?:fields|parameters) (?:is|can be) present`)
	reExactlyOneOpt = regexp.MustCompile(`(?i)exactly one (?:of the )?optional (?:fields? must be used|fields\b)`)
	// reExactlyOneExcept: "Exactly one of the fields other than text,
	// icon_custom_emoji_id, and style must be used to specify the type of
	// the button": every field but those.
	reExactlyOneExcept = regexp.MustCompile(`(?i)\bexactly one of the (?:fields|parameters) other than ([a-z_][a-z0-9_]*(?:(?:, (?:and |or )?|,? (?:and|or) )[a-z_][a-z0-9_]*)*) must be (?:used|set|specified)`)
	// reAtMostOneUsed: "At most one of the optional fields must be used to
	// specify type of the button": a request sets at most one.
	reAtMostOneUsed = regexp.MustCompile(`(?i)at most one of the optional (?:fields|parameters) (?:must|may|can) be used`)
	// reNamedExclusive: "Optional fields web_app, request_contact, and
	// request_poll are mutually exclusive".
	reNamedExclusive = regexp.MustCompile(`(?i)^(?:the )?(?:optional )?(?:fields|parameters) ([a-z_][a-z0-9_]*(?:(?:, (?:and )?|,? and )[a-z_][a-z0-9_]*)+) are mutually exclusive$`)
	// reNamedExactlyOne: "You must use exactly one of the fields
	// png_sticker, tgs_sticker, or webm_sticker".
	reNamedExactlyOne = regexp.MustCompile(`(?i)\bexactly one of the (?:fields|parameters) ([a-z_][a-z0-9_]*(?:(?:, (?:and |or )?|,? (?:and|or) )[a-z_][a-z0-9_]*)+)$`)
	reIfOtherwise     = regexp.MustCompile(`^(\w+) if (.+?), otherwise (\w+)(.*)$`)
)

// VariantListing is how a variant table row defined an object: what another
// variant table listing the same object must agree with.
type VariantListing struct {
	Union, Disc, Tag string
	Fields           []string // field names, common ones first
	Line             int
}

// optionalFields is the placeholder a rule uses for "the optional fields".
const optionalFields = "*optional"

// allFields is the placeholder for "the fields other than …": every field
// but the rule's except.
const allFields = "*all"
