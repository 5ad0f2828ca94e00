// Package schema is apigen's intermediate representation: the contract between
// the spec parser and the code generators.
//
// A Schema is plain data with yaml tags. The parser produces it, Save writes it
// as YAML (committed under schema/), Load reads it back, and Check proves it is
// closed: every type reference resolves, names are unique, constraints are well
// formed. Every node carries the Source it came from, and every list keeps the
// order of the document, so that output generated from a Schema is stable.
package schema

import "strconv"

// Schema is the whole API as the document describes it.
type Schema struct {
	// Title is the document's first heading.
	Title string `yaml:"title"`
	// Version is the newest version listed in the Versioning section.
	Version string `yaml:"version"`
	// Source names the document the schema was parsed from.
	Source string `yaml:"source"`
	// Service is the service's address as the document states it, when
	// it does (the seed names it only as {base_url}).
	Service *Service `yaml:"service,omitempty"`
	// Overview is the bullet list that says what the service does.
	Overview []Clause `yaml:"overview,omitempty"`
	// Conventions are the "Common conventions" of the Resources section.
	Conventions []Clause `yaml:"conventions,omitempty"`

	Objects    []*Object    `yaml:"objects"`
	Unions     []*Union     `yaml:"unions"`
	Enums      []*Enum      `yaml:"enums"`
	Shorthands []*Shorthand `yaml:"shorthands"`
	Methods    []*Method    `yaml:"methods"`

	// Formatting is the "Text formatting (parse_mode)" section.
	Formatting *Formatting `yaml:"formatting,omitempty"`
	// RequestRules are the numbered "Common request rules".
	RequestRules []Clause `yaml:"request_rules,omitempty"`
	// Auth is the Authentication section.
	Auth []Clause `yaml:"auth,omitempty"`
	// Events is the Events section: which Update field carries what.
	Events *Events `yaml:"events,omitempty"`
	// Errors is the Errors section.
	Errors []Clause `yaml:"errors,omitempty"`
	// Limits is the Limits table.
	Limits []*Limit `yaml:"limits,omitempty"`
	// States is the "States and transitions" table.
	States []*Transition `yaml:"states,omitempty"`
	// Versions is the Versioning section, oldest first.
	Versions []*Version `yaml:"versions,omitempty"`
	// Notes are the document's other free-text statements, kept verbatim per
	// section (for example "Flood-control thresholds: not shown").
	Notes []Clause `yaml:"notes,omitempty"`
	// Overlay lists the facts that came from the overlay file, not the
	// document, each with its reason (filled in by ApplyOverlay).
	Overlay []*OverlayEntry `yaml:"overlay,omitempty"`
	// Warnings are the constructs of a page the reader kept in a degraded
	// form, one each (see Warning); an overlay fact that settles one
	// removes it. The commands print them, and --strict refuses them.
	Warnings []Warning `yaml:"warnings,omitempty"`
}

// Source locates a node in the input document.
type Source struct {
	Section string `yaml:"section,omitempty"`
	Line    int    `yaml:"line,omitempty"`
	// yamlLine and yamlTypeLine are set when the schema was read from a
	// YAML file: the line of the element (its "- name:" line) and of its
	// "type:" key, so that Check points at the file being checked, not at
	// the specification the element once came from.
	yamlLine, yamlTypeLine int
}

// Clause is one statement of free text (a bullet, a numbered rule, a note)
// with where it came from.
type Clause struct {
	// Name is set when the statement defines something ("ChatRef", "SEND_OPTS").
	Name   string `yaml:"name,omitempty"`
	Text   string `yaml:"text"`
	Source Source `yaml:"source,flow"`
}

// Object is a JSON object type.
type Object struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description,omitempty"`
	// Opaque objects are named by the document but their fields are not
	// shown; generated code keeps their raw JSON.
	Opaque bool `yaml:"opaque,omitempty"`
	// StringForm is set when a plain String may stand in for the object
	// (KeyboardButton); the value is the document's words.
	StringForm string `yaml:"string_form,omitempty"`
	// Unions names the discriminated unions whose variant tables list this
	// object, in document order (an object may be a variant of several).
	Unions []string `yaml:"unions,omitempty,flow"`
	Fields []*Field `yaml:"fields,omitempty"`
	Rules  []*Rule  `yaml:"rules,omitempty"`
	Notes  []string `yaml:"notes,omitempty"`
	Since  string   `yaml:"since,omitempty"`
	Source Source   `yaml:"source,flow"`
}

// Field is an object field or a method parameter.
type Field struct {
	Name        string       `yaml:"name"`
	Type        Type         `yaml:"type"`
	Required    bool         `yaml:"required"`
	Description string       `yaml:"description,omitempty"`
	Constraints *Constraints `yaml:"constraints,omitempty"`
	// JSONSerialized parameters travel as JSON text inside form fields.
	JSONSerialized bool `yaml:"json_serialized,omitempty"`
	// ZeroMeaningful marks fields whose zero value is a real value the
	// document calls out (for example a 0-based index); generated code must
	// never drop it.
	ZeroMeaningful bool `yaml:"zero_meaningful,omitempty"`
	// From names the shorthand group a parameter was expanded from.
	From   string `yaml:"from,omitempty"`
	Since  string `yaml:"since,omitempty"`
	Source Source `yaml:"source,flow"`
}

// Constraints are the checkable facts about one value.
type Constraints struct {
	// Length bounds a String.
	Length *Length `yaml:"length,omitempty,flow"`
	// Items bounds the number of elements of an Array.
	Items *Bounds `yaml:"items,omitempty,flow"`
	// TotalLength bounds the length of all the strings of an Array of
	// String together ("with total length of up to 64 characters").
	TotalLength *Length `yaml:"total_length,omitempty,flow"`
	// Range bounds a number.
	Range *Bounds `yaml:"range,omitempty,flow"`
	// Values are the only numbers an Integer may hold ("must be one of 3,
	// 6, or 12"): a list of whole numbers, checked on requests.
	Values []int64 `yaml:"values,omitempty,flow"`
	// Ahead bounds a Unix time relative to now, in seconds.
	Ahead *Bounds `yaml:"ahead,omitempty,flow"`
	// Unit of a number: seconds, meters, degrees, unix_time.
	Unit string `yaml:"unit,omitempty"`
	// Enum names the Enum a String takes its values from.
	Enum string `yaml:"enum,omitempty"`
	// Default is the value the service assumes when the field is absent.
	Default any `yaml:"default,omitempty"`
	// Fixed is the only value the field may hold (a union discriminator).
	Fixed string `yaml:"fixed,omitempty"`
	// Pattern is a regular expression (RE2) the whole string must match,
	// anchored in its text (^…$, see Anchored): every writer uses it as
	// written.
	Pattern string `yaml:"pattern,omitempty"`
	// PatternText is the document's words for Pattern.
	PatternText string `yaml:"pattern_text,omitempty"`
	// NoEmoji forbids emoji characters.
	NoEmoji bool `yaml:"no_emoji,omitempty"`
	// MaxLineFeeds bounds the number of "\n" (after entity parsing when
	// Length.AfterEntityParsing is set).
	MaxLineFeeds *int `yaml:"max_line_feeds,omitempty"`
	// Position is a placement rule for buttons: "first_in_first_row".
	Position string `yaml:"position,omitempty"`
	// UploadOnly marks an InputFile that must be uploaded (a file_id or URL
	// string is not accepted).
	UploadOnly bool `yaml:"upload_only,omitempty"`
	// Attach marks a String that may be “attach://<name>”: a reference to a
	// file uploaded as part <name> of the same multipart/form-data request
	// (InputMedia's media inside a JSON-serialized album). The value is a
	// file_id, an HTTP URL or such an upload: the Go model gives it the
	// type of an "InputFile or String". The published page writes these
	// fields as String and says so in their prose; the type stays as the
	// document writes it.
	Attach bool `yaml:"attach,omitempty"`
	// Variants restricts a union-typed value to some of its variants.
	Variants []string `yaml:"variants,omitempty,flow"`
	// Each constrains every element of an Array.
	Each *Constraints `yaml:"each,omitempty"`
}

// Length units.
const (
	UnitCharacters = "characters"
	UnitBytes      = "bytes"
)

// Length bounds the length of a string.
type Length struct {
	Min  *int   `yaml:"min,omitempty"`
	Max  *int   `yaml:"max,omitempty"`
	Unit string `yaml:"unit"`
	// AfterEntityParsing: with a parse mode set, the bound applies to the
	// text left after the markup is parsed.
	AfterEntityParsing bool `yaml:"after_entity_parsing,omitempty"`
}

// Bounds is an inclusive numeric interval; a nil end is open.
type Bounds struct {
	Min *float64 `yaml:"min,omitempty"`
	Max *float64 `yaml:"max,omitempty"`
}

// Rule kinds.
const (
	// RuleMutuallyExclusive: at most one of Fields may be set.
	RuleMutuallyExclusive = "mutually_exclusive"
	// RuleAtMostOne: at most one of Fields is present (a statement about
	// received objects, such as Update).
	RuleAtMostOne = "at_most_one"
	// RuleExactlyOne: exactly one of Fields must be set.
	RuleExactlyOne = "exactly_one"
	// RuleOneOf: exactly one of Groups must be set completely.
	RuleOneOf = "one_of"
	// RuleRequiredIf: Fields[0] is required when When holds.
	RuleRequiredIf = "required_if"
	// RuleSameKindItems: in the Array named by Fields[0], items of the
	// Kinds variants may only be grouped with items of their own kind.
	RuleSameKindItems = "same_kind_items"
)

// Rule is a cross-field rule of an object or a method.
type Rule struct {
	Kind   string     `yaml:"kind"`
	Fields []string   `yaml:"fields,omitempty,flow"`
	Groups [][]string `yaml:"groups,omitempty,flow"`
	When   *Condition `yaml:"when,omitempty"`
	Kinds  []string   `yaml:"kinds,omitempty,flow"`
	// Text is the document's sentence the rule was read from.
	Text   string `yaml:"text"`
	Source Source `yaml:"source,flow"`
}

// Condition is "Field equals Equals", or "Field is set" / "is not set".
type Condition struct {
	Field  string `yaml:"field"`
	Equals string `yaml:"equals,omitempty"`
	// Set, instead of Equals: the condition is that Field is set (true)
	// or not set (false) ("Required if X is not specified").
	Set *bool `yaml:"set,omitempty"`
}

// Words says the condition after its field: `is "quiz"`, "is set", "is
// not set".
func (c *Condition) Words() string {
	switch {
	case c.Set == nil:
		return "is " + strconv.Quote(c.Equals)
	case *c.Set:
		return "is set"
	}
	return "is not set"
}

// Union is a value that is one of several types.
type Union struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description,omitempty"`
	// Discriminator is the JSON field whose value names the variant
	// (InputMedia's "type"); empty when variants are told apart otherwise.
	Discriminator string     `yaml:"discriminator,omitempty"`
	Variants      []*Variant `yaml:"variants"`
	Since         string     `yaml:"since,omitempty"`
	// Degraded says why the reader could not place the union as the
	// document shows it and what it kept instead: the most faithful form
	// that still reads every value (variants JSON cannot tell apart tried
	// in schema order; an Integer next to a Float kept as the Float). Only
	// a document nobody here controls (the published page) degrades; the
	// seed layout refuses instead. Commands print it as a warning.
	Degraded string `yaml:"degraded,omitempty"`
	Source   Source `yaml:"source,flow"`
}

// Variant is one alternative of a Union.
//
// How JSON picks a variant of a union of objects: by the discriminator's
// value (Tag) when the union has one; among the variants left (all of them
// without a discriminator, or those sharing the tag), the candidates are the
// variants whose Requires fields are all present and whose Const, if any,
// holds; the pick is a candidate with a Const, else the candidate with the
// most Requires fields, else the first in schema order. Check rejects two
// variants of one group with the same Requires and the same Const.
type Variant struct {
	Type Type `yaml:"type"`
	// Tag is the discriminator value for this variant. Variants may share
	// a tag; their fields then tell them apart (Requires, Const).
	Tag string `yaml:"tag,omitempty"`
	// Requires lists the required fields of the variant's object (without
	// the discriminator), in field order: the members its JSON always has.
	// Set on the variants of a union of objects without a discriminator and
	// on variants that share a tag: where fields must tell variants apart.
	Requires []string `yaml:"requires,omitempty,flow"`
	// Const is a required field whose value the document states is always
	// the same in this variant ("date ... Always 0").
	Const *Const `yaml:"const,omitempty,flow"`
	Note  string `yaml:"note,omitempty"`
}

// Const is a field's stated constant value.
type Const struct {
	Field string `yaml:"field"`
	// JSON is the value as JSON text ("0", "true"), compared with the
	// member's JSON text when decoding.
	JSON string `yaml:"json"`
}

// Enum is a closed set of string values.
type Enum struct {
	Name        string       `yaml:"name"`
	Description string       `yaml:"description,omitempty"`
	Values      []*EnumValue `yaml:"values"`
	Source      Source       `yaml:"source,flow"`
}

// EnumValue is one member of an Enum. Name is set when the document names a
// value differently from its wire form (dice emoji: name "darts", value "🎯").
type EnumValue struct {
	Name  string `yaml:"name,omitempty"`
	Value string `yaml:"value"`
	Note  string `yaml:"note,omitempty"`
	Since string `yaml:"since,omitempty"`
}

// Label is the name a value is known by: Name when set, else Value.
func (v *EnumValue) Label() string {
	if v.Name != "" {
		return v.Name
	}
	return v.Value
}

// Shorthand is a named parameter group defined once in the document
// (SEND_OPTS) and used in method tables.
type Shorthand struct {
	Name   string   `yaml:"name"`
	Params []*Field `yaml:"params"`
	Rules  []*Rule  `yaml:"rules,omitempty"`
	// Returns is the result the group implies for methods whose table gives
	// none (EDIT_TARGET's "Edit results").
	Returns *Type    `yaml:"returns,omitempty"`
	Notes   []string `yaml:"notes,omitempty"`
	Source  Source   `yaml:"source,flow"`
}

// Method is an API operation.
type Method struct {
	Name        string   `yaml:"name"`
	Description string   `yaml:"description,omitempty"`
	Group       string   `yaml:"group"`
	Params      []*Field `yaml:"params,omitempty"`
	Rules       []*Rule  `yaml:"rules,omitempty"`
	Returns     Type     `yaml:"returns"`
	// ReturnsNote is the rest of the result cell after the type.
	ReturnsNote string `yaml:"returns_note,omitempty"`
	// Multipart is true when some parameter can carry an uploaded file.
	Multipart bool   `yaml:"multipart"`
	Since     string `yaml:"since,omitempty"`
	Source    Source `yaml:"source,flow"`
}

// Formatting is the text formatting section: the parse modes and the rules.
type Formatting struct {
	// Field is the parameter name the section is about ("parse_mode").
	Field string `yaml:"field"`
	// Enum names the Enum of modes.
	Enum  string   `yaml:"enum"`
	Rules []Clause `yaml:"rules"`
}

// Events says which Update field carries which event.
type Events struct {
	Kinds []*EventKind `yaml:"kinds"`
	Rules []Clause     `yaml:"rules,omitempty"`
}

// EventKind is one row of the Events table.
type EventKind struct {
	Fields []string `yaml:"fields,flow"`
	When   string   `yaml:"when"`
	Source Source   `yaml:"source,flow"`
}

// Limit is one row of the Limits table.
type Limit struct {
	Area   string `yaml:"area"`
	Limit  string `yaml:"limit"`
	Source Source `yaml:"source,flow"`
}

// Transition is one row of the States and transitions table.
type Transition struct {
	Subject   string `yaml:"subject"`
	Trigger   string `yaml:"trigger"`
	Condition string `yaml:"condition,omitempty"`
	Next      string `yaml:"next"`
	Also      string `yaml:"also,omitempty"`
	Source    Source `yaml:"source,flow"`
}

// Version is one released version and what it added.
type Version struct {
	Version string    `yaml:"version"`
	Date    string    `yaml:"date,omitempty"`
	Changes []*Change `yaml:"changes,omitempty"`
	Source  Source    `yaml:"source,flow"`
}

// Change is one item of a version's list. Targets are the schema elements
// it was resolved to ("sendDice", "Message.dice", "sendPoll.explanation");
// an item about something the schema does not model has none.
type Change struct {
	Text    string   `yaml:"text"`
	Targets []string `yaml:"targets,omitempty,flow"`
}

// OverlayEntry records one fact added by the overlay file.
type OverlayEntry struct {
	Target string `yaml:"target"`
	Fact   string `yaml:"fact"`
	Reason string `yaml:"reason"`
}

// Text words the interval as the document does: "1-4096", "at least 1",
// "at most 16", "exactly 5", or "any" when both ends are open. Every
// backend and the changelog say bounds this way.
func (b *Bounds) Text() string {
	if b == nil {
		return "any"
	}
	num := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	switch {
	case b.Min != nil && b.Max != nil && *b.Min == *b.Max:
		return "exactly " + num(*b.Min)
	case b.Min != nil && b.Max != nil:
		return num(*b.Min) + "-" + num(*b.Max)
	case b.Min != nil:
		return "at least " + num(*b.Min)
	case b.Max != nil:
		return "at most " + num(*b.Max)
	}
	return "any"
}

// IntBounds is the interval between two optional integer ends.
func IntBounds(min, max *int) *Bounds {
	conv := func(p *int) *float64 {
		if p == nil {
			return nil
		}
		f := float64(*p)
		return &f
	}
	return &Bounds{Min: conv(min), Max: conv(max)}
}

// Bounds is the interval of a length's ends.
func (l *Length) Bounds() *Bounds { return IntBounds(l.Min, l.Max) }

// Service is where the service answers, as the document states it.
type Service struct {
	// BaseURL is the address requests go to, up to /bot<token>/<method>:
	// "https://api.example.org" of "https://api.example.org/bot<token>/METHOD_NAME".
	BaseURL string `yaml:"base_url,omitempty"`
	// FileURL is the address files are downloaded from, up to
	// /bot<token>/<file_path>: "https://api.example.org/file".
	FileURL string `yaml:"file_url,omitempty"`
	Source  Source `yaml:"source,flow"`
}
