package parser

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/apigen/apigen/parser/document"
	"github.com/apigen/apigen/parser/grammar"
	"github.com/apigen/apigen/schema"
)

// This file is the core both layouts build on: the state of one parse (the
// objects, methods and fields read so far, pending resolution), the way a
// layout adds an object or a field, the rules an object's prose states, and
// errors and warnings. Resolution into the schema is in resolve.go,
// finish.go, versions.go and updatekinds.go.

// policy is what the two layouts ask of the core differently. Each field
// names the decision it changes, so the core never asks which layout it
// reads.
type policy struct {
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
}

// pagePolicy is the published page's policy; the seed's is the zero one.
var pagePolicy = policy{tolerant: true, attachAsConstraint: true, conditionSentences: true}

// parser holds the state of one parse.
type parser struct {
	file string
	// policy is how the layout being read wants its facts resolved.
	policy policy
	// report receives what the page reader keeps as text only.
	report *Report
	// strict turns the page reader's warnings into errors.
	strict bool
	// listed holds the unions the document defines by a list or a variant
	// table (not made from a type cell): the ones a restricted list may
	// name a subset of.
	listed map[*schema.Union]bool
	// unionWhere is the heading path of each listed union, for warnings.
	unionWhere map[*schema.Union]string
	// tagUnions, set by the page reader, finds the discriminators of
	// every union once all unions exist (see resolve).
	tagUnions func()
	out       *schema.Schema
	errs      []error

	// pending fields and parameters, resolved once every definition is known.
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
}

type opaqueRef struct {
	name string
	src  schema.Source
}

// pending is a field or parameter whose type and constraints are resolved
// after the whole document is read.
type pending struct {
	field  *schema.Field
	facts  *grammar.Facts
	scopes []string // most specific first
	owner  string   // object or method name, for enum names and errors
	method bool     // owner is a method or shorthand
	// defaultRequired applies when neither the text nor an earlier
	// definition says Required or Optional.
	defaultRequired *bool
	// markedTable: the field comes from a table that marks only its
	// optional fields ("Fields (Optional marked)"), so an unmarked field is
	// required even where the name is optional elsewhere.
	markedTable bool
	rules       *[]*schema.Rule
	line        int
	// fixed is the only value a discriminator field may hold.
	fixed string
	// resolved is set once the field's type and constraints are final.
	resolved bool
}

type objectCtx struct {
	obj *schema.Object
	// listing is set on an object a variant table defines.
	listing   *variantListing
	rawRules  []grammar.RawRule
	allOption bool // "all fields Optional"
	sec       *document.Section
	// marksRequired: some row of the object says "Required"; unmarked are
	// the rows that say neither (see fieldRow).
	marksRequired bool
	unmarked      []*pending
}

type methodCtx struct {
	m       *schema.Method
	sec     *document.Section
	result  string // result cell
	line    int
	pending []*pending
	entries []methodEntry
	// rules are stated in the method's prose (the published page).
	rules []grammar.RawRule
}

type shorthandCtx struct {
	g       *schema.Shorthand
	pending []*pending
	rules   []grammar.RawRule
	result  string // "Edit results: ..." sentence
	line    int
}

// warnf records a construct of the page kept in a degraded form: an error
// under Strict, else a warning for the report and the schema's record.
func (p *parser) warnf(construct, where string, line int, format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	if p.strict {
		p.errorf(line, "%s: %s: %s (refused under --strict)", where, construct, text)
		return
	}
	if p.report != nil {
		p.report.Warnings = append(p.report.Warnings, Warning{Construct: construct, Where: where, Line: line, Text: text})
	}
}

func (p *parser) errorf(line int, format string, args ...any) {
	p.errs = append(p.errs, &Error{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

func src(sec *document.Section, line int) schema.Source {
	title := ""
	if sec != nil {
		title = sec.Title
	}
	return schema.Source{Section: title, Line: line}
}

// scopesOf lists the lookup scopes of a section: itself, its parent, the
// document.
func scopesOf(sec *document.Section) []string {
	var out []string
	for s := sec; s != nil; s = s.Parent {
		out = append(out, s.Path())
	}
	return append(out, "")
}

func joinText(a, b string) string {
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

// newObject starts an object; an object defined twice is an error.
func (p *parser) newObject(name string, sec *document.Section, line int) *objectCtx {
	if !grammar.IsIdent(name) || !grammar.StartsUpper(name) {
		p.errorf(line, "object name %q is not a capitalised identifier", name)
		return nil
	}
	if prev := p.objects[name]; prev != nil {
		p.errorf(line, "object %s is already defined at line %d", name, prev.obj.Source.Line)
		return nil
	}
	o := &schema.Object{Name: name, Source: src(sec, line)}
	ctx := &objectCtx{obj: o, sec: sec}
	p.objects[name] = ctx
	p.out.Objects = append(p.out.Objects, o)
	return ctx
}

// addField queues a field of an object for resolution.
func (p *parser) addField(ctx *objectCtx, name string, f *grammar.Facts, sec *document.Section, line int, extraScopes ...string) *pending {
	if !grammar.IsIdent(name) {
		p.errorf(line, "%s: field name %q is not an identifier", ctx.obj.Name, name)
		return nil
	}
	fld := &schema.Field{Name: name, Source: src(sec, line)}
	ctx.obj.Fields = append(ctx.obj.Fields, fld)
	req := !ctx.allOption
	pd := &pending{
		field: fld, facts: f, owner: ctx.obj.Name, line: line,
		scopes:          append(append([]string{"object:" + ctx.obj.Name}, extraScopes...), scopesOf(sec)...),
		defaultRequired: &req,
		rules:           &ctx.obj.Rules,
	}
	p.pending = append(p.pending, pd)
	return pd
}

// objectRules reads the rules an object-level sentence states.
func objectRules(text string) []grammar.RawRule {
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

// namedRules reads the rules a sentence of an entry's description states
// by naming the fields (the published page's object and method prose).
func namedRules(text string) []grammar.RawRule {
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

// splitTopWord splits at a word separator outside parentheses.
func splitTopWord(s, sep string) []string {
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

// methodEntry is one ';'-separated segment of a parameter cell after
// reading: a parameter, or a shorthand group with an optional override.
type methodEntry struct {
	param    *pending
	group    string
	override string
	line     int
}

// pascal turns snake_case into PascalCase for schema names (not Go names:
// those come from the naming package).
func pascal(s string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == '_' || r == ' ' || r == '-' }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

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

// variantListing is how a variant table row defined an object: what another
// variant table listing the same object must agree with.
type variantListing struct {
	union, disc, tag string
	fields           []string // field names, common ones first
	line             int
}

// optionalFields is the placeholder a rule uses for "the optional fields".
const optionalFields = "*optional"

// allFields is the placeholder for "the fields other than …": every field
// but the rule's except.
const allFields = "*all"
