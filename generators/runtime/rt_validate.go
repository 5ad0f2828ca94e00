package runtime

// Runtime of the generated validators (validate_gen.go): the error every
// Validate method returns, the clock of relative-time rules, the emoji table
// and the helpers that check a value and word its problem. Owned by the
// validate backend (generators/validate).
//
// Identifiers are exported API or start with "validate" because these files
// are pasted into generated packages next to generated names. Helpers only
// allocate when they report a problem, so validating a valid value costs no
// allocation beyond what the text-formatting parser needs.

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// ValidationNow is the clock of relative-time rules ("a Unix time 5-600
// seconds ahead of now"). It defaults to time.Now; tests replace it to get
// reproducible results. Do not change it while values are being validated
// concurrently.
var ValidationNow = time.Now

// Problem is one way a value breaks the schema's constraints or rules.
type Problem struct {
	// Path locates the value with wire names and indexes, for example
	// "reply_markup.inline_keyboard[0][1].callback_data". It is empty when
	// the problem is about the validated value as a whole (a rule between
	// its fields).
	Path string
	// Reason says what is wrong and what is allowed, for example
	// "65 bytes, at most 64".
	Reason string
}

// String returns "path: reason", or the reason alone when Path is empty.
func (p Problem) String() string {
	if p.Path == "" {
		return p.Reason
	}
	return p.Path + ": " + p.Reason
}

// ValidationError is the error of a Validate method: every problem found,
// in field order, so that one round trip shows everything to fix.
//
// Counting rules: a length in characters counts Unicode code points (an
// invalid UTF-8 byte counts as one); in bytes, UTF-8 bytes. "After entity
// parsing" lengths and line feeds are counted on the text left once the
// markup of the paired parse mode is parsed (ParseFormatted), and markup
// that does not parse is itself a problem. A required value is missing only
// when its Go type has an unset state (a union, an InputFile, a slice); the
// zero value of a string, number or bool is a value.
type ValidationError struct {
	Problems []Problem
}

// Error joins the problems with "; ".
func (e *ValidationError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// validateState collects the problems of one Validate call.
type validateState struct {
	problems []Problem
	// emptyNotChoice is the server's reading of exactly-one rules: an
	// optional String member set to "" beside a non-empty member is not a
	// second choice (see exactlyOneOf).
	emptyNotChoice bool
}

// err returns the collected problems as a *ValidationError, or nil.
func (s *validateState) err() error {
	if len(s.problems) == 0 {
		return nil
	}
	return &ValidationError{Problems: s.problems}
}

// validatePath is one step of the path to a value, linked to its parent. The
// generated code keeps the steps on the stack; the string is only built when
// a problem is reported. A nil *validatePath is the validated value itself.
type validatePath struct {
	parent *validatePath
	name   string // wire name of a field; "" for an array element
	index  int    // index of an array element
}

func (p *validatePath) appendTo(b []byte) []byte {
	if p == nil {
		return b
	}
	b = p.parent.appendTo(b)
	if p.name == "" {
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(p.index), 10)
		return append(b, ']')
	}
	if len(b) > 0 {
		b = append(b, '.')
	}
	return append(b, p.name...)
}

// add records a problem of the field named field of the value at at (field
// "" means the value at at itself).
func (s *validateState) add(at *validatePath, field, reason string) {
	b := at.appendTo(make([]byte, 0, 48))
	if field != "" {
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, field...)
	}
	s.problems = append(s.problems, Problem{Path: string(b), Reason: reason})
}

// Open ends of bounds passed by generated code.
const (
	validateNoLimit    = -1 // open end of a length or item count
	validateNoMinInt   = math.MinInt64
	validateNoMaxInt   = math.MaxInt64
	validateNoMinFloat = -math.MaxFloat64
	validateNoMaxFloat = math.MaxFloat64
)

// Units of counted things.
const (
	validateCharacters = iota // Unicode code points
	validateBytes             // UTF-8 bytes
	validateItems             // array elements
	validateLineFeeds         // "\n" characters
)

// validateCount words n things of a unit: "1 character", "65 bytes".
func validateCount(n, unit int, afterParsing bool) string {
	var one, many string
	switch unit {
	case validateCharacters:
		one, many = "character", "characters"
	case validateBytes:
		one, many = "byte", "bytes"
	case validateItems:
		one, many = "item", "items"
	default:
		one, many = "line feed", "line feeds"
	}
	s := strconv.Itoa(n) + " "
	if n == 1 {
		s += one
	} else {
		s += many
	}
	if afterParsing {
		s += " after entity parsing"
	}
	return s
}

// count checks that n things of a unit are within [min, max]
// (validateNoLimit = open).
func (s *validateState) count(at *validatePath, field string, n, min, max, unit int, afterParsing bool) {
	switch {
	case min != validateNoLimit && n < min:
		s.add(at, field, validateCount(n, unit, afterParsing)+", at least "+strconv.Itoa(min))
	case max != validateNoLimit && n > max:
		s.add(at, field, validateCount(n, unit, afterParsing)+", at most "+strconv.Itoa(max))
	}
}

// validateLen is the length of text in a unit (characters or bytes).
func validateLen(text string, unit int) int {
	if unit == validateBytes {
		return len(text)
	}
	return utf8.RuneCountInString(text)
}

// text checks the length of a plain string and, when maxLineFeeds is not
// validateNoLimit, its number of line feeds.
func (s *validateState) text(at *validatePath, field, text string, min, max, unit, maxLineFeeds int) {
	if min != validateNoLimit || max != validateNoLimit {
		s.count(at, field, validateLen(text, unit), min, max, unit, false)
	}
	if maxLineFeeds != validateNoLimit {
		s.count(at, field, strings.Count(text, "\n"), validateNoLimit, maxLineFeeds, validateLineFeeds, false)
	}
}

// Whether a union validator reports a nil value as missing.
const (
	validateOptional = false
	validateRequired = true
)

// validateWant lists the labels whose bit is set in only, for a message
// about a variant that is not allowed.
func validateWant(only uint64, labels ...string) string {
	var out []string
	for i, l := range labels {
		if only&(1<<i) != 0 {
			out = append(out, l)
		}
	}
	return strings.Join(out, ", ")
}

// required reports a missing required value.
func (s *validateState) required(at *validatePath, field string) {
	s.add(at, field, "required, not set")
}

// rangeInt checks min <= x <= max (validateNoMinInt / validateNoMaxInt = open).
func (s *validateState) rangeInt(at *validatePath, field string, x, min, max int64) {
	switch {
	case x < min:
		s.add(at, field, strconv.FormatInt(x, 10)+", at least "+strconv.FormatInt(min, 10))
	case x > max:
		s.add(at, field, strconv.FormatInt(x, 10)+", at most "+strconv.FormatInt(max, 10))
	}
}

func validateFloat(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// rangeFloat checks min <= x <= max (validateNoMinFloat / validateNoMaxFloat
// = open). NaN and infinities are outside every range.
func (s *validateState) rangeFloat(at *validatePath, field string, x, min, max float64) {
	switch {
	case x != x || math.IsInf(x, 0):
		s.add(at, field, validateFloat(x)+", want a finite number")
	case x < min:
		s.add(at, field, validateFloat(x)+", at least "+validateFloat(min))
	case x > max:
		s.add(at, field, validateFloat(x)+", at most "+validateFloat(max))
	}
}

// ahead checks that the Unix time x is min-max seconds after ValidationNow.
func (s *validateState) ahead(at *validatePath, field string, x int64, min, max float64) {
	d := x - ValidationNow().Unix()
	if float64(d) >= min && float64(d) <= max {
		return
	}
	var got string
	switch {
	case d < 0:
		got = strconv.FormatInt(-d, 10) + " seconds in the past"
	case d == 1:
		got = "1 second ahead of now"
	default:
		got = strconv.FormatInt(d, 10) + " seconds ahead of now"
	}
	want := "at least " + validateFloat(min) + " seconds ahead"
	if float64(d) > max {
		want = "at most " + validateFloat(max) + " seconds ahead"
	}
	s.add(at, field, strconv.FormatInt(x, 10)+" is "+got+", "+want)
}

// validateQuote quotes a value for a message, shortened to 40 characters.
func validateQuote(v string) string {
	if utf8.RuneCountInString(v) > 40 {
		n := 0
		for i := range v {
			if n == 37 {
				return strconv.Quote(v[:i]) + "..."
			}
			n++
		}
	}
	return strconv.Quote(v)
}

// enum reports a value that is not one of the enum's values (known lists
// them, comma-separated).
func (s *validateState) enum(at *validatePath, field, value, known string) {
	s.add(at, field, "unknown value "+validateQuote(value)+", want one of "+known)
}

// fixed checks that a value is the only one allowed.
func (s *validateState) fixed(at *validatePath, field, value, want string) {
	if value != want {
		s.add(at, field, validateQuote(value)+", must be "+strconv.Quote(want))
	}
}

// pattern reports a value that does not match the field's pattern; words is
// the document's description of it ("" if none).
func (s *validateState) pattern(at *validatePath, field, value, pattern, words string) {
	r := validateQuote(value) + " does not match " + pattern
	if words != "" {
		r += " (" + words + ")"
	}
	s.add(at, field, r)
}

// noEmoji reports the first emoji of value. A presentation selector or
// keycap mark is reported together with the character it follows.
func (s *validateState) noEmoji(at *validatePath, field, value string) {
	n := 0
	var prev rune
	for _, r := range value {
		n++
		if validateIsEmoji(r) {
			emoji, pos := string(r), n
			if (r == 0xfe0f || r == 0x20e3) && n > 1 {
				emoji, pos = string(prev)+emoji, n-1
			}
			first, _ := utf8.DecodeRuneInString(emoji)
			s.add(at, field, "emoji "+strconv.Quote(emoji)+" (U+"+strings.ToUpper(strconv.FormatInt(int64(first), 16))+") at character "+strconv.Itoa(pos)+", emoji are not allowed")
			return
		}
		prev = r
	}
}

// uploadOnly reports a file given by file_id or URL where only an upload
// is accepted.
func (s *validateState) uploadOnly(at *validatePath, field string) {
	s.add(at, field, "must be an uploaded file (Upload), not a file_id or URL")
}

// unknownTag reports a variant of a discriminated union this package does
// not know (the discriminator and its value are named).
func (s *validateState) unknownTag(at *validatePath, field, discriminator, tag, known string) {
	s.add(at, field, "unknown "+discriminator+" "+validateQuote(tag)+", want one of "+known)
}

// sameKind reports items of an array that may not be grouped.
func (s *validateState) sameKind(at *validatePath, field string, first int, firstKind string, other int, otherKind, kinds string) {
	s.add(at, field, "items ["+strconv.Itoa(first)+"] ("+firstKind+") and ["+strconv.Itoa(other)+"] ("+otherKind+") cannot be in one group: "+kinds+" items may only be grouped with items of their own kind")
}

// validateMember is one field a rule over several fields names: its wire
// name and whether the value being checked sets it.
type validateMember struct {
	name string
	set  bool
}

// validateChoice is a member of an exactly-one rule whose members include
// optional Strings: empty tells whether it is set to "".
type validateChoice struct {
	name       string
	set, empty bool
}

// validateSetNames lists the names of the members that are set,
// comma-separated.
func validateSetNames(members []validateMember) string {
	var b strings.Builder
	n := 0
	for _, m := range members {
		if m.set {
			if n > 0 {
				b.WriteString(", ")
			}
			b.WriteString(m.name)
			n++
		}
	}
	return b.String()
}

// validateNames joins the members' names with sep.
func validateNames(members []validateMember, sep string) string {
	var b strings.Builder
	for i, m := range members {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(m.name)
	}
	return b.String()
}

// Kinds of rules over a list of fields.
const (
	validateAtMostOne  = iota // mutually_exclusive, at_most_one
	validateExactlyOne        // exactly_one
)

// fields checks a rule of kind over members.
func (s *validateState) fields(at *validatePath, kind int, members []validateMember) {
	n := 0
	for _, m := range members {
		if m.set {
			n++
		}
	}
	if n == 1 || (n == 0 && kind != validateExactlyOne) {
		return
	}
	all := validateNames(members, ", ")
	switch {
	case n == 0:
		s.add(at, "", "none of "+all+" is set, exactly one must be")
	case kind == validateExactlyOne:
		s.add(at, "", validateSetNames(members)+" are all set, exactly one of "+all+" may be")
	default:
		s.add(at, "", validateSetNames(members)+" are all set, at most one of "+all+" may be")
	}
}

// exactlyOneOf checks an exactly-one rule whose members include optional
// Strings. Clients count every set member (what they send is exact). A
// server (emptyNotChoice) does not count an empty String as a choice when
// another member is set to a non-empty value, as the reference server does:
// widely used clients send "switch_inline_query_current_chat": "" on every
// inline button beside the member they mean. An empty String alone is still
// a choice (some members may be empty), and two empty members are still
// two.
func (s *validateState) exactlyOneOf(at *validatePath, choices []validateChoice) {
	skipEmpty := false
	if s.emptyNotChoice {
		for _, c := range choices {
			skipEmpty = skipEmpty || c.set && !c.empty
		}
	}
	n := 0
	for _, c := range choices {
		if c.set && !(skipEmpty && c.empty) {
			n++
		}
	}
	if n == 1 {
		return
	}
	members := make([]validateMember, len(choices))
	for i, c := range choices {
		members[i] = validateMember{c.name, c.set && !(skipEmpty && c.empty)}
	}
	s.fields(at, validateExactlyOne, members)
}

// oneOf checks that exactly one group of fields is given, completely.
func (s *validateState) oneOf(at *validatePath, groups [][]validateMember) {
	touched, complete := 0, -1
	for g, group := range groups {
		some, all := false, true
		for _, m := range group {
			some = some || m.set
			all = all && m.set
		}
		if some {
			touched++
			if all {
				complete = g
			}
		}
	}
	if touched == 1 && complete >= 0 {
		return
	}
	var want, got strings.Builder
	for g, group := range groups {
		if g > 0 {
			want.WriteString(", or ")
		}
		want.WriteString(validateNames(group, " with "))
		if set := validateSetNames(group); set != "" {
			if got.Len() > 0 {
				got.WriteString(", ")
			}
			got.WriteString(set)
		}
	}
	switch {
	case touched == 0:
		s.add(at, "", "none given, want "+want.String())
	case touched > 1:
		s.add(at, "", got.String()+" are all set, want only "+want.String())
	default:
		for _, group := range groups {
			if !validateAny(group) {
				continue
			}
			for _, m := range group {
				if !m.set {
					s.add(at, m.name, "required with "+validateNames(group, " with ")+" (want "+want.String()+")")
				}
			}
		}
	}
}

// validateAny reports whether some member is set.
func validateAny(members []validateMember) bool {
	for _, m := range members {
		if m.set {
			return true
		}
	}
	return false
}

// validateIsEmoji reports whether r is an emoji character, that is one
// displayed as an emoji by default: in the Basic Multilingual Plane the
// Emoji_Presentation characters (so ★, ☀, © or ✔ written as text are not
// emoji, while ⚽ and ✅ are); above it every Extended_Pictographic character
// (which includes code points Unicode reserves for future emoji), the skin
// tone modifiers and the regional indicators that make flags; and the keycap
// mark U+20E3 and the emoji presentation selector U+FE0F, which turn the
// character before them into an emoji ("☀️", "1️⃣").
func validateIsEmoji(r rune) bool {
	if r < 0x20e3 {
		return false // fast path: Latin, Greek, Cyrillic, punctuation, ...
	}
	return unicode.Is(validateEmojiTable, r)
}

// validateEmojiTable holds the ranges of validateIsEmoji (Unicode 15
// emoji-data.txt).
var validateEmojiTable = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x20e3, 0x20e3, 1}, // keycap
		{0x231a, 0x231b, 1},
		{0x23e9, 0x23ec, 1},
		{0x23f0, 0x23f0, 1},
		{0x23f3, 0x23f3, 1},
		{0x25fd, 0x25fe, 1},
		{0x2614, 0x2615, 1},
		{0x2648, 0x2653, 1},
		{0x267f, 0x267f, 1},
		{0x2693, 0x2693, 1},
		{0x26a1, 0x26a1, 1},
		{0x26aa, 0x26ab, 1},
		{0x26bd, 0x26be, 1},
		{0x26c4, 0x26c5, 1},
		{0x26ce, 0x26ce, 1},
		{0x26d4, 0x26d4, 1},
		{0x26ea, 0x26ea, 1},
		{0x26f2, 0x26f3, 1},
		{0x26f5, 0x26f5, 1},
		{0x26fa, 0x26fa, 1},
		{0x26fd, 0x26fd, 1},
		{0x2705, 0x2705, 1},
		{0x270a, 0x270b, 1},
		{0x2728, 0x2728, 1},
		{0x274c, 0x274c, 1},
		{0x274e, 0x274e, 1},
		{0x2753, 0x2755, 1},
		{0x2757, 0x2757, 1},
		{0x2795, 0x2797, 1},
		{0x27b0, 0x27b0, 1},
		{0x27bf, 0x27bf, 1},
		{0x2b1b, 0x2b1c, 1},
		{0x2b50, 0x2b50, 1},
		{0x2b55, 0x2b55, 1},
		{0xfe0f, 0xfe0f, 1}, // emoji presentation selector
	},
	R32: []unicode.Range32{
		{0x1f000, 0x1f0ff, 1},
		{0x1f10d, 0x1f10f, 1},
		{0x1f12f, 0x1f12f, 1},
		{0x1f16c, 0x1f171, 1},
		{0x1f17e, 0x1f17f, 1},
		{0x1f18e, 0x1f18e, 1},
		{0x1f191, 0x1f19a, 1},
		{0x1f1ad, 0x1f1ff, 1}, // with the regional indicators 1F1E6-1F1FF
		{0x1f201, 0x1f20f, 1},
		{0x1f21a, 0x1f21a, 1},
		{0x1f22f, 0x1f22f, 1},
		{0x1f232, 0x1f23a, 1},
		{0x1f23c, 0x1f23f, 1},
		{0x1f249, 0x1f53d, 1}, // with the skin tone modifiers 1F3FB-1F3FF
		{0x1f546, 0x1f64f, 1},
		{0x1f680, 0x1f6ff, 1},
		{0x1f774, 0x1f77f, 1},
		{0x1f7d5, 0x1f7ff, 1},
		{0x1f80c, 0x1f80f, 1},
		{0x1f848, 0x1f84f, 1},
		{0x1f85a, 0x1f85f, 1},
		{0x1f888, 0x1f88f, 1},
		{0x1f8ae, 0x1f8ff, 1},
		{0x1f90c, 0x1f93a, 1},
		{0x1f93c, 0x1f945, 1},
		{0x1f947, 0x1faff, 1},
		{0x1fc00, 0x1fffd, 1},
	},
}
