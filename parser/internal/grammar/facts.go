package grammar

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/apigen/apigen/schema"
)

// Facts is what the free text says about one field or parameter, before its
// type is known. Clauses the grammar recognises become facts; the rest is
// kept as description text.
type Facts struct {
	Typ        TypeExpr
	TypeText   string // the type as written, for error messages
	Marker     string // "Required" or "Optional" as written, or ""
	RequiredIf string // "required for quiz" -> "quiz"
	AsAbove    bool   // "as above": repeat an earlier definition

	Length     *RawRange // characters or bytes
	LengthUnit string
	AfterParse bool // "after entity parsing"
	LineFeeds  *int
	Items      *RawRange
	EachLength *RawRange
	EachUnit   string
	// TotalLength bounds the length of a list's items together ("with
	// total length of up to 64 characters"), in TotalUnit.
	TotalLength *RawRange
	TotalUnit   string
	// Numbers are the whole numbers the value must be one of ("must be
	// one of 3, 6, or 12").
	Numbers     []int64
	Bare        *RawRange // "0-1024": its meaning depends on the type
	AtMost      *float64  // "at most 100": items or length by type
	NumRange    *RawRange // "5-600 seconds"
	Ahead       *RawRange
	Unit        string
	Enum        []EnumVal
	DefaultRaw  string
	DefaultsTo  string // "Defaults to X": a default when X is a value of the type
	Json        bool
	ZeroBased   bool
	NotWith     []string
	UploadOnly  bool
	NoEmoji     bool
	Pattern     string
	PatternText string
	Bits64      bool
	Position    string
	Rules       []RawRule
	AttachRef   bool // the text says the value may name an attach:// upload
	// Always is a value the text says the field always has ("Always 0"),
	// as JSON text.
	Always string
	// FixedValue is a word the text says the field always holds ("always
	// “creator”", "must be photo"): a union variant's tag when every
	// variant states one for the same field.
	FixedValue string

	Desc []string
	// Unread are the sentences that have the marks of a rule or a
	// constraint (reFactMarks) but gave no fact: the report lists them.
	Unread []string
	// unreadCounts counts the clauses with a count of things
	// (countMarks) that no reader matched.
	unreadCounts int
}

// ReFactMarks finds the marks of a rule or a constraint in a sentence: a
// number with a unit, "exactly one", "at most", "must be", "required if".
// A sentence with such marks that no reader consumed is reported, so that
// a constraint the grammar does not know is seen, not lost.
// (Spelt case by case rather than with (?i), which costs a third more of
// the page's parse time.)
var ReFactMarks = regexp.MustCompile(`\b\d+(?:-\d+)? (?:[Cc]haracters?|[Bb]ytes?|items?|seconds?|meters?|degrees?|line feeds?)\b|\b[Ee]xactly one\b|\b[Aa]t (?:most|least) (?:\d|one\b)|(?:^|[,;] )[Mm]ust be\b|\bmust be (?:one of|between|at|\d)|\b(?:[Rr]equired|[Oo]ptional) if\b|\bmutually exclusive\b`)

// MarkWords are literals every match of reFactMarks without a digit holds
// (less the first letter, which may be a capital).
var MarkWords = []string{"xactly one", "t most", "t least", "ust be", "equired if", "ptional if", "utually exclusive"}

// MayHaveMarks is reFactMarks' prefilter (see guarded): most sentences are
// prose without any of its literals.
func MayHaveMarks(s string) bool {
	if strings.ContainsAny(s, "0123456789") {
		return true
	}
	for _, w := range MarkWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// Known counts the facts read so far; a sentence that leaves it unchanged
// gave none.
func (f *Facts) Known() int {
	n := len(f.Enum) + len(f.NotWith) + len(f.Rules) + len(f.Numbers)
	for _, b := range []bool{
		f.Marker != "", f.RequiredIf != "", f.Length != nil, f.LineFeeds != nil, f.Items != nil,
		f.EachLength != nil, f.TotalLength != nil, f.Bare != nil, f.AtMost != nil, f.NumRange != nil, f.Ahead != nil,
		f.Unit != "", f.DefaultRaw != "", f.DefaultsTo != "", f.Json, f.ZeroBased, f.UploadOnly,
		f.NoEmoji, f.Pattern != "", f.Bits64, f.Position != "", f.AttachRef, f.Always != "", f.FixedValue != "",
	} {
		if b {
			n++
		}
	}
	return n
}

type RawRange struct{ Min, Max *float64 }

type EnumVal struct{ Name, Value string }

// RawRule is a cross-field rule as read from a sentence, before field names
// are checked.
type RawRule struct {
	Kind   string
	Fields []string
	Groups [][]string
	Text   string
	Kinds  []string
	// Except lists the fields "other than" which the rule speaks of.
	Except []string
}

func Num(s string) *float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil
	}
	return &v
}

func Rng(lo, hi string) *RawRange { return &RawRange{Min: Num(lo), Max: Num(hi)} }

var (
	ReBare     = Guard(`^(\d+)-(\d+)$`, DigitFirst)
	ReLength   = Guard(`^(\d+)-(\d+) (characters|bytes)( after entit(?:y|ies) parsing)?$`, DigitFirst)
	ReLengthLF = Guard(`^(\d+)-(\d+) (characters|bytes) with at most (\d+) line feeds?( after entit(?:y|ies) parsing)?$`, DigitFirst)
	ReItems    = Guard(`^(\d+)-(\d+) items$`, DigitFirst)
	// ReItemCount: "must include 2-10 items", "a JSON-serialized list of
	// 2-12 answer options", "list of up to 100 winners" (the published
	// page's item counts).
	ReItemCount = Guard(`(?:^must include|\blist of) (?:(\d+)-(\d+)|up to (\d+)) (?:items|[a-z]+)\b`, Contains("must include", "list of"))
	// ReUpToItems: "up to 10 items"; reUpToChars: "(up to 256
	// characters)" closing a clause.
	ReUpToItems = Guard(`^up to (\d+) items$`, Prefix("up to "))
	ReUpToChars = Guard(`(?:^|\()up to (\d+) characters\)?$`, Contains("up to "))
	// ReItemsEach: a count of items, the item noun and the length of each
	// item, with or without "of"/"each": "2-10 strings of 1-100
	// characters", "2-10 strings 1-100 characters each", "1-4 items of up
	// to 20 characters", "up to 6 strings, each 2-12 characters", "list of
	// 2-5 answer words, 1-30 characters each". It may span a comma, so it
	// is read on the whole piece before the piece is cut into clauses (see
	// itemsEach). Groups: 1 what precedes, 2-3 the count's range or 4 its
	// maximum, 5 the noun, 6 the words between, 7-8 the length's range or
	// 9 its maximum, 10 the unit, 11 a closing "each" (a comma alone
	// between the noun and the length needs it).
	ReItemsEach = Guard(`(^|, |\b(?:[Ll]ist of|[Mm]ust include) )(?:(\d+)-(\d+)|[Uu]p to (\d+)) ((?:[a-z-]+ )??[a-z]+)( of|,? each(?: of)?|,|) (?:(\d+)-(\d+)|up to (\d+)) (characters|bytes)( each)?(?:,|$)`,
		Contains(" characters", " bytes"))
	// ReCountMarks: a digit range or "up to N" followed by a noun of things
	// counted ("3-7 strings", "up to 4 answer words"). A clause with it that
	// no reader matched is reported as unread (see Part), even when
	// another clause of its sentence gave a fact.
	ReCountMarks = Guard(`\b(?:\d+-\d+|up to \d+) ([a-z]+)(?: ([a-z]+))?(?: ([a-z]+))?`, func(s string) bool { return strings.ContainsAny(s, "0123456789") })
	// ReTotalLength: a length of a list's items together, in the page's
	// words and in others: "with total length of up to 64 characters",
	// "a total length of 1-100 bytes", "in total at most 30 characters",
	// "up to 100 characters in total". Groups: 1-2 the range or 3 the
	// maximum, 4 the unit (the first wording); 5 the maximum, 6 the unit
	// (the second); 7 the maximum, 8 the unit (the third). It is read on
	// the whole piece before the piece is cut into clauses (see
	// totalLength), since it may close a clause that states the count.
	ReTotalLength = Guard(`(?:^|,? |\b)(?:(?:[Ww]ith )?(?:an? |the )?[Tt]otal length (?:of )?(?:up to |at most |no more than )?(?:(\d+)-(\d+)|(\d+)) (characters|bytes)|[Ii]n total (?:up to |at most |no more than )(\d+) (characters|bytes)|(?:(?:[Uu]p to |[Aa]t most |[Nn]o more than )?(\d+)) (characters|bytes) in total)\b`,
		Contains("otal"))
	ReNumUnit = Guard(`^(\d+)-(\d+) (seconds|meters|degrees|s|m)$`, DigitFirst)
	ReAhead   = Guard(`^unix time (\d+)-(\d+) seconds ahead$`, Prefix("unix time "))
	// The published page's sentences of bounds: "Must be between 1 and
	// 360 if specified", "At most 4 suggested tip amounts can be
	// specified", "Must be at least 5 and no more than 600 seconds in the
	// future", "Offset length can't exceed 64 bytes".
	ReMustBeBetween = Guard(`^must be between (-?\d+) and (-?\d+)(?: if specified)?$`, Prefix("must be between "))
	ReAtMostCount   = Guard(`^at most (\d+) [a-z ]+ can be specified$`, Prefix("at most "))
	ReFuture        = Guard(`^must be at least (\d+) and no more than (\d+) seconds in the future$`, Prefix("must be at least "))
	ReCantExceed    = Guard(`\bcan't exceed (\d+) (characters|bytes)$`, Contains("can't exceed "))
	ReAtMost        = Guard(`^at most (\d+)$`, Prefix("at most "))
	ReBits          = Guard(`(?:up to|may exceed) (\d+) bits`, Contains(" bits"))
	// ReWideBits: "may have more than 32 significant bits", "has at most
	// 52 significant bits" (the published page's words for 64-bit ids).
	ReWideBits     = Guard(`(more than|at most) (\d+) significant bits`, Contains(" significant bits"))
	ReDefault      = Guard(`^default (\S+)(?: (.*))?$`, Prefix("default "))
	ReDefaultsTo   = Guard(`(?i)^defaults to “?([^ ”]+)”?$`, FirstFold('d'))
	ReBetween      = Guard(`^values between (-?\d+)(?:-| and )(-?\d+) are accepted$`, Prefix("values between "))
	ReJSON         = Guard(`^json(?:-serialized| list)\b`, Prefix("json"))
	ReAnJSON       = Guard(`^an? json-serialized\b`, Prefix("a"))
	ReFixedWord    = Guard(`(?:\balways|\bmust be) “?([a-z][a-z0-9_]*)”?$`, Contains("always", "must be"))
	ReQuoted       = regexp.MustCompile(`“([^”]+)”`)
	ReQuotedOrEnum = Guard(`^“[A-Za-z][A-Za-z0-9_]*”(?:,? (?:or )?“[A-Za-z][A-Za-z0-9_]*”)+$`, Prefix("“"))
	// ReEnumIntro opens a list of quoted values: "can be either “a”",
	// "must be one of “a”", "Currently, only “application/pdf” and …".
	ReEnumIntro = regexp.MustCompile(`(?i)\b(?:can be|must be|one of|either|is|only)(?: either| one of)? [“"]`)
	// ReEnumQuoted: a value in typographic or plain quotation marks.
	ReEnumQuoted = regexp.MustCompile(`“([^”]+)”|"([^"]+)"`)
	// ReEnumValue: a listed value is one token: a word, a MIME type
	// ("image/jpeg"), an emoji.
	ReEnumValue = regexp.MustCompile(`^[^\s“”"]{1,40}$`)
	// ReChooseOne: a sentence that lists the values of a string with what
	// each is for: "Choose one, depending on what the user is about to
	// receive: typing for text messages, upload_photo for photos,
	// record_video or upload_video for videos".
	ReChooseOne = Guard(`(?i)^(?:choose|pick|use) one\b[^:]*: (.+)$`, Contains(":"))
	ReChoice    = regexp.MustCompile(`^(?:and )?([a-z][a-z0-9_]*(?: or [a-z][a-z0-9_]*)*) for \S.*$`)
	ReOneOf     = Guard(`(?i)^one of (.+)$`, FirstFold('o'))
	// ReNumberList: a list of whole numbers a value must be one of, each
	// optionally followed by its hexadecimal form: "must be one of 3, 6,
	// or 12", "Currently, must be one of 7 (0x7), 255 (0xFF) and 4096
	// (0x1000)", "one of 1, 2 and 3". Group 1 is the list (see
	// NumberList).
	ReNumberList = Guard(`^(?:(?:[Cc]urrently, )?(?:must|can) be )?one of (-?\d+(?: \(0x[0-9A-Fa-f]+\))?(?:,? (?:or |and )?-?\d+(?: \(0x[0-9A-Fa-f]+\))?)+)$`, Contains("one of "))
	// ReListedNumber is one number of such a list, with its hexadecimal
	// form.
	ReListedNumber = regexp.MustCompile(`(-?\d+)(?: \(0x([0-9A-Fa-f]+)\))?`)
	ReOrEnum       = Guard(`^[a-z_]+(?: or [a-z_]+)+$`, Contains(" or "))
	ReAlways       = Guard(`^always (-?\d+(?:\.\d+)?|true|false)$`, Prefix("always "))
	ReNotWith      = Guard(`^not with ([a-z_][a-z0-9_]*)$`, Prefix("not with "))
	ReRequiredIf   = Guard(`^required for ([a-z_]+)$`, Prefix("required for "))
	// ReCharset: a statement of the characters a string may hold, ending
	// its sentence: "only lowercase English letters, digits, underscores",
	// "Can contain only English letters, digits and underscores", "1-64
	// characters, only A-Z, a-z, 0-9, _ and - are allowed", "Only
	// characters A-Z, a-z, 0-9, _ and - are allowed", "using only a-z and
	// 0-9", "may contain letters, digits and underscores", "must consist of
	// uppercase letters and digits", "Allowed characters: a-z, 0-9 and -".
	// The list is read by CharsetPattern; a list with anything but
	// character classes is prose, or, when some of it names classes, an
	// unread sentence (CharsetUnread).
	ReCharset = Guard(`(?i)(?:^|[,;] )((?:(?:(?:can|may|must) )?(?:contains? |consists? of |consisting of |use |using )?only|(?:can|may|must) (?:contain|consist of|be made of|use)|(?:the )?allowed characters(?: are)?:?|characters allowed:?) (?:the )?(?:characters? )?(.+?)(?: (?:are|is) (?:allowed|accepted|permitted))?)$`,
		Contains("nly ", "NLY ", "ontain", "onsist", "ade of", "llowed", "LLOWED", " use "))
	ReShownAs    = Guard(`^(.*?): (.+?), shown as (.+)$`, Contains(", shown as "))
	ReCodePoint  = regexp.MustCompile(`^(.+?) U\+([0-9A-Fa-f]{4,6})$`)
	ReExclusive  = Guard(`^(.+) are mutually exclusive$`, Suffix(" are mutually exclusive"))
	ReExactlyOne = Guard(`(?i)^exactly one of (.+) is present$`, FirstFold('e'))
	ReEither     = regexp.MustCompile(`^Either (.+) must be given$`)
	ReGrouping   = regexp.MustCompile(`^(.+) can be grouped only with items of the same type$`)
	// ReAttach: a value given as “attach://<name>” that names a file
	// uploaded (or to upload) in the same request, either word first, within
	// one sentence: "attach://<file_attach_name> to refer to a file uploaded
	// in the same multipart/form-data request", "pass
	// “attach://<file_attach_name>” to upload a new one using
	// multipart/form-data", "can be passed as “attach://<file_attach_name>”
	// if the thumbnail was uploaded using multipart/form-data", "ignored
	// unless uploaded via multipart/form-data, …, may be given as
	// attach://<file_attach_name>".
	ReAttach = Guard(`(?i)\battach://<[^<>]+>[^.]*?\bupload(?:ed)?\b|\bupload(?:ed)?\b[^.]*?\battach://<[^<>]+>`, Contains("://"))
	ReUnits  = map[string]string{"seconds": "seconds", "s": "seconds", "meters": "meters", "m": "meters", "degrees": "degrees", "unix time": "unix_time"}
)

// ReadParen reads the inside of a parameter's parentheses:
// "Integer, Optional, 5-600 seconds; not with close_date". The first clause
// may be a type; an unknown capitalised word there is an error.
func ReadParen(s string) (*Facts, error) {
	f := &Facts{}
	parts := SplitTop(s, ';')
	for i, part := range parts {
		if i == 0 {
			if te, rest, ok := ParseTypePrefix(part); ok {
				f.Typ, f.TypeText = te, strings.TrimSpace(strings.TrimSuffix(part, rest))
				part = strings.TrimPrefix(strings.TrimSpace(rest), ",")
				part = strings.TrimSpace(part)
				if part == "" {
					continue
				}
			} else if w := FirstWord(part); StartsUpper(w) && !NotTypeWords[strings.TrimRight(w, ",")] && TypeWordRe.MatchString(w) && !strings.Contains(part, " ") {
				return nil, fmt.Errorf("unknown type %q", w)
			}
		}
		f.Part(part)
	}
	return f, nil
}

// ReadNotes reads a table's Notes cell: sentences, the first of which may be
// the Required/Optional marker.
func ReadNotes(s string) *Facts {
	f := &Facts{}
	rest, marker := TrimMarker(s)
	f.Marker = marker
	var kept []string
	for _, sent := range SplitSentences(rest) {
		vals, ok := QuotedEnum(sent)
		if !ok {
			vals, ok = ChooseOneEnum(sent)
		}
		if ok && len(f.Enum) == 0 {
			f.Enum = vals
			kept = append(kept, sent)
			continue
		}
		before, facts, counts := len(f.Desc), f.Known(), f.unreadCounts
		for _, part := range SplitTop(sent, ';') {
			f.Part(part)
		}
		if f.unreadCounts > counts || f.Known() == facts && (MayHaveMarks(sent) && ReFactMarks.MatchString(sent) && !ReadLater(sent) && !ReWideBits.MatchString(sent) || CharsetUnread(sent)) {
			f.Unread = append(f.Unread, sent)
		}
		if len(f.Desc) > before {
			// Keep the sentence as written rather than its pieces.
			f.Desc = f.Desc[:before]
			kept = append(kept, sent)
		}
	}
	if len(kept) > 0 {
		f.Desc = append(f.Desc, strings.Join(kept, ". "))
	}
	return f
}

// EndsWithExample reports whether a clause ends with words that introduce
// examples: "for example", "e.g.", "such as", "like".
func EndsWithExample(c string) bool {
	c = strings.ToLower(strings.TrimSpace(c))
	for _, w := range []string{"for example", "e.g.", "e.g", "such as", "like"} {
		if c == w || strings.HasSuffix(c, " "+w) {
			return true
		}
	}
	return false
}

// ReadLater reports whether a sentence is read after the fields are
// resolved, by the rules of the entry it is in (resolve's conditionRules,
// which reports what it cannot place).
func ReadLater(sent string) bool {
	return ReConditionMark.MatchString(sent)
}

// QuotedEnum reads a sentence listing the values a string takes, each in
// quotation marks: "Type of the chat, can be either “private”, “group” or
// “channel”", "Currently, must be one of “a”, “b”", "either
// “application/pdf” or “application/zip”". Every value must be one token
// (a word, a MIME type, an emoji); a sentence quoting anything else is
// prose.
func QuotedEnum(sent string) ([]EnumVal, bool) {
	if !strings.ContainsAny(sent, `“"`) {
		return nil, false
	}
	loc := ReEnumIntro.FindStringIndex(sent)
	if loc == nil {
		return nil, false
	}
	qs := ReEnumQuoted.FindAllStringSubmatch(sent[strings.LastIndexAny(sent[:loc[1]], `“"`):], -1)
	if len(qs) < 2 {
		return nil, false
	}
	var out []EnumVal
	for _, q := range qs {
		v := q[1] + q[2]
		if !ReEnumValue.MatchString(v) {
			return nil, false
		}
		if !slices.ContainsFunc(out, func(x EnumVal) bool { return x.Value == v }) {
			out = append(out, EnumVal{Name: SymbolName(v), Value: v})
		}
	}
	return out, true
}

// ChooseOneEnum reads a sentence that lists the values with what each is
// for (reChooseOne). Every item of the list must name values that way.
func ChooseOneEnum(sent string) ([]EnumVal, bool) {
	m := ReChooseOne.FindStringSubmatch(sent)
	if m == nil {
		return nil, false
	}
	var out []EnumVal
	for _, item := range SplitTop(m[1], ',') {
		c := ReChoice.FindStringSubmatch(strings.TrimSpace(item))
		if c == nil {
			return nil, false
		}
		for _, v := range strings.Split(c[1], " or ") {
			if !slices.ContainsFunc(out, func(x EnumVal) bool { return x.Value == v }) {
				out = append(out, EnumVal{Value: v})
			}
		}
	}
	return out, len(out) >= 2
}

// SymbolName names a value that has no letter or digit to name it by (an
// emoji) after its code points, "U+1F3B2"; other values need no name.
func SymbolName(v string) string {
	if strings.IndexFunc(v, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
		return ""
	}
	var parts []string
	for _, r := range v {
		if r == 0xFE0F || r == 0x200D {
			// Presentation selector and joiner: part of the picture,
			// not of its name.
			continue
		}
		parts = append(parts, fmt.Sprintf("U+%04X", r))
	}
	return strings.Join(parts, " ")
}

// Part reads one ';'-separated piece of text. The clauses that are not
// recognised facts are kept as description.
func (f *Facts) Part(p string) {
	p = strings.TrimSpace(p)
	if p == "" {
		return
	}
	if f.WholePart(p) {
		return
	}
	// A statement of the allowed characters closing the piece ("1-64
	// characters, only A-Z, a-z, 0-9, _ and - are allowed") is read
	// whole, before the commas of its list could make "0-9" a clause.
	if at, pat, text := CharsetIn(p); pat != "" {
		f.Pattern, f.PatternText = pat, text
		p = strings.TrimSpace(p[:at])
	}
	if p = f.totalLength(p); p == "" {
		return
	}
	p = f.itemsEach(p)
	var rest []string
	clauses := SplitTop(p, ',')
	prose := false // the previous clause was description, not a fact
	for i, c := range clauses {
		// "one of a, b, c" runs to the end of the piece.
		if strings.HasPrefix(strings.ToLower(c), "one of ") && f.WholePart(strings.Join(clauses[i:], ", ")) {
			break
		}
		// "x or y" after a clause of prose ends a descriptive list
		// ("Caption for the animation, audio, ..., video or voice"): the
		// enum wording is "x or y" as a clause of its own.
		if prose && ReOrEnum.MatchString(strings.TrimSpace(c)) {
			rest = append(rest, c)
			continue
		}
		// "for example, “hello” or “bye”": values given as examples are
		// no list of the values.
		if i > 0 && EndsWithExample(clauses[i-1]) {
			rest = append(rest, c)
			prose = true
			continue
		}
		matched, whole := f.clause(c)
		prose = !whole
		if prose {
			rest = append(rest, c)
		}
		if !matched && countMarks(c) {
			f.unreadCounts++
		}
	}
	if len(rest) > 0 {
		f.Desc = append(f.Desc, strings.Join(rest, ", "))
	}
}

// WholePart recognises patterns that span commas. It reports whether the
// part is fully structural (nothing to keep as description).
func (f *Facts) WholePart(p string) bool {
	if m := ReNumberList.FindStringSubmatch(p); m != nil {
		if nums, ok := NumberList(m[1]); ok {
			f.Numbers = nums
			// Kept as description too: the words may say more (the
			// colours the numbers stand for).
			f.Desc = append(f.Desc, p)
			return true
		}
		// A list whose numbers disagree with their hexadecimal forms
		// is no list of values: the sentence is reported unread.
		return true
	}
	if m := ReOneOf.FindStringSubmatch(p); m != nil && !strings.Contains(m[1], " is ") {
		for _, v := range SplitNameList(m[1]) {
			f.Enum = append(f.Enum, EnumVal{Value: v})
		}
		return true
	}
	if m := ReShownAs.FindStringSubmatch(p); m != nil {
		var vals []EnumVal
		for _, pair := range SplitTop(m[3], ',') {
			cp := ReCodePoint.FindStringSubmatch(strings.TrimSpace(pair))
			if cp == nil {
				return false
			}
			n, err := strconv.ParseUint(cp[2], 16, 32)
			if err != nil {
				return false
			}
			vals = append(vals, EnumVal{Name: cp[1], Value: string(rune(n))})
		}
		f.Enum = append(f.Enum, vals...)
		f.Desc = append(f.Desc, m[1])
		return true
	}
	if m := ReExclusive.FindStringSubmatch(p); m != nil {
		f.Rules = append(f.Rules, RawRule{Kind: schema.RuleMutuallyExclusive, Fields: SplitNameList(m[1]), Text: p})
		return true
	}
	if m := ReExactlyOne.FindStringSubmatch(p); m != nil {
		f.Rules = append(f.Rules, RawRule{Kind: schema.RuleExactlyOne, Fields: SplitNameList(m[1]), Text: p})
		f.Desc = append(f.Desc, p)
		return true
	}
	if SaysAttach(p) {
		f.AttachRef = true
	}
	if at, pat, text := CharsetIn(p); at == 0 && pat != "" {
		f.Pattern, f.PatternText = pat, text
		return true
	}
	return false
}

// NumberList reads the numbers of a list matched by ReNumberList. It
// fails when a number's hexadecimal form is another number.
func NumberList(list string) ([]int64, bool) {
	var out []int64
	for _, m := range ReListedNumber.FindAllStringSubmatch(list, -1) {
		n, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil {
			return nil, false
		}
		if m[2] != "" {
			if h, err := strconv.ParseInt(m[2], 16, 64); err != nil || h != n {
				return nil, false
			}
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, len(out) >= 2
}

// CharsetIn finds a statement of the allowed characters that ends s (see
// reCharset) and returns where it starts, the pattern and its words.
// pat is "" when there is none.
func CharsetIn(s string) (at int, pat, text string) {
	m := ReCharset.FindStringSubmatchIndex(s)
	if m == nil {
		return 0, "", ""
	}
	pat, ok := CharsetPattern(s[m[4]:m[5]])
	if !ok {
		return 0, "", ""
	}
	return m[0], pat, s[m[2]:m[3]]
}

// SaysAttach reports whether text says that the value may be an
// “attach://<name>” reference to a file uploaded in the same multipart
// request (the seed's and the published page's wording alike).
func SaysAttach(text string) bool { return ReAttach.MatchString(text) }

// CharsetWords are the words for classes of characters.
var CharsetWords = map[string]string{
	"lowercase english letters": "a-z", "lowercase latin letters": "a-z", "lowercase letters": "a-z",
	"uppercase english letters": "A-Z", "uppercase latin letters": "A-Z", "uppercase letters": "A-Z",
	"english letters": "A-Za-z", "latin letters": "A-Za-z", "letters": "A-Za-z",
	"digits": "0-9", "underscores": "_", "hyphens": `\-`, "dashes": `\-`,
}

// ReCharRange is a range of characters written with its ends: "A-Z",
// "a-z", "0-9".
var ReCharRange = regexp.MustCompile(`^(?:[A-Z]-[A-Z]|[a-z]-[a-z]|[0-9]-[0-9])$`)

// CharsetPattern turns a list of character classes ("lowercase English
// letters, digits, underscores"; "A-Z, a-z, 0-9, _ and -") into a regular
// expression over the whole string. Every item must be a class: a word for
// one, a range written with its ends, or a single punctuation mark.
func CharsetPattern(s string) (string, bool) {
	set, classes, others := charsetItems(s)
	if classes == 0 || others > 0 {
		return "", false
	}
	return "^[" + set + "]*$", true
}

// charsetItems reads the items of a list of character classes: the set
// of those that are classes, how many are, and how many are not.
func charsetItems(s string) (set string, classes, others int) {
	var b strings.Builder
	for _, w := range SplitNameList(s) {
		if c, ok := CharsetWords[strings.ToLower(w)]; ok {
			b.WriteString(c)
			classes++
			continue
		}
		if ReCharRange.MatchString(w) && w[0] <= w[2] {
			b.WriteString(w)
			classes++
			continue
		}
		if len(w) == 1 && w[0] < 0x80 && (unicode.IsPunct(rune(w[0])) || unicode.IsSymbol(rune(w[0]))) {
			if strings.ContainsRune(`\-]^[`, rune(w[0])) {
				b.WriteByte('\\')
			}
			b.WriteByte(w[0])
			classes++
			continue
		}
		others++
	}
	return b.String(), classes, others
}

// CharsetUnread reports whether a sentence states the allowed characters
// with a set the grammar cannot read: it has the words of a statement of
// them (ReCharset), and its list names something that is no class of
// characters, next to classes ("only letters and emoji") or in words
// that speak of characters ("Only emoji are allowed"). Such a sentence is
// reported, never passed over; "may contain a link" is no statement of
// characters.
func CharsetUnread(sent string) bool {
	m := ReCharset.FindStringSubmatch(sent)
	if m == nil {
		return false
	}
	_, classes, others := charsetItems(m[2])
	return others > 0 && (classes > 0 || reCharsetWords.MatchString(m[1]))
}

// reCharsetWords are the words that make a statement one of characters
// whatever its list names ("Only emoji are allowed", "Allowed characters:
// …"), unlike "can only be used once" or "may contain a link".
var reCharsetWords = regexp.MustCompile(`(?i)\bcharacters?\b|\b(?:are|is) (?:allowed|accepted|permitted)$`)

// Clause reads one comma-separated clause and reports whether it was a
// recognised fact.
func (f *Facts) Clause(c string) bool {
	_, whole := f.clause(c)
	return whole
}

// clause reads one clause and reports whether a reader matched it and
// whether the whole clause is the fact.
func (f *Facts) clause(c string) (matched, whole bool) {
	c = strings.TrimSpace(c)
	low := strings.ToLower(c)
	if matched, whole := f.wordClause(c, low); matched {
		return true, whole
	}
	if matched, whole := f.sizeClause(low); matched {
		return true, whole
	}
	return f.valueClause(c, low)
}

// itemsEach reads a count of items with the length of each (ReItemsEach)
// in a piece and returns the piece without the words read: the whole
// clause when the count opens one, else what follows the item noun ("a
// list of 2-5 answer words, 1-30 characters each" keeps "a list of 2-5
// answer words", whose count the clause readers read as well).
func (f *Facts) itemsEach(p string) string {
	m := ReItemsEach.FindStringSubmatchIndex(p)
	if m == nil {
		return p
	}
	g := func(i int) string { return submatch(p, m, i) }
	if noun := g(5); strings.HasSuffix(noun, "characters") || strings.HasSuffix(noun, "bytes") || g(6) == "," && g(11) == "" {
		return p
	}
	if g(2) != "" {
		f.Items = Rng(g(2), g(3))
	} else {
		f.Items = &RawRange{Max: Num(g(4))}
	}
	if g(7) != "" {
		f.EachLength = Rng(g(7), g(8))
	} else {
		f.EachLength = &RawRange{Max: Num(g(9))}
	}
	f.EachUnit = g(10)
	end := m[1]
	if strings.HasSuffix(p[:end], ",") {
		end--
	}
	switch g(1) {
	case "":
		return strings.TrimSpace(strings.TrimPrefix(p[end:], ","))
	case ", ":
		return p[:m[0]] + p[end:]
	default:
		return p[:m[11]] + p[end:]
	}
}

// submatch is group i of a match m (FindStringSubmatchIndex) in p, or ""
// when the group took no part in it.
func submatch(p string, m []int, i int) string {
	if m[2*i] < 0 {
		return ""
	}
	return p[m[2*i]:m[2*i+1]]
}

// totalLength reads a length of a list's items together (ReTotalLength)
// in a piece and returns the piece without the words read.
func (f *Facts) totalLength(p string) string {
	m := ReTotalLength.FindStringSubmatchIndex(p)
	if m == nil {
		return p
	}
	g := func(i int) string { return submatch(p, m, i) }
	switch {
	case g(1) != "":
		f.TotalLength, f.TotalUnit = Rng(g(1), g(2)), g(4)
	case g(3) != "":
		f.TotalLength, f.TotalUnit = &RawRange{Max: Num(g(3))}, g(4)
	case g(5) != "":
		f.TotalLength, f.TotalUnit = &RawRange{Max: Num(g(5))}, g(6)
	default:
		f.TotalLength, f.TotalUnit = &RawRange{Max: Num(g(7))}, g(8)
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(p[:m[0]]+p[m[1]:]), ","))
}

// countStop are the words after a number that do not name things counted
// ("1-6 for some kinds", "values 1-100 are accepted").
var countStop = map[string]bool{
	"for": true, "of": true, "in": true, "to": true, "with": true, "from": true, "and": true,
	"or": true, "per": true, "at": true, "on": true, "by": true, "is": true, "are": true,
	"was": true, "has": true, "as": true, "plus": true, "less": true, "this": true, "its": true,
	"characters": true, "bytes": true,
}

// countMarks reports whether a clause has a digit range or "up to N"
// followed by a plural noun of things counted (ReCountMarks), with at most
// one word before the noun, and no rate. Lengths in characters or bytes have their own
// marks (ReFactMarks).
func countMarks(c string) bool {
	m := ReCountMarks.FindStringSubmatch(strings.ToLower(c))
	if m == nil || countStop[m[1]] {
		return false
	}
	plural := func(w string) bool { return len(w) > 2 && strings.HasSuffix(w, "s") && !countStop[w] }
	// A rate ("up to 1000 messages per second") counts no value's items.
	return plural(m[1]) && m[2] != "per" || !countStop[m[1]] && plural(m[2]) && m[3] != "per"
}

// The readers of one clause, tried in this order; each reports whether the
// clause matched one of its patterns and, if so, whether the whole clause
// is the fact (a clause only partly read is kept as description too). The
// order is the grammar's: an earlier pattern wins.

// wordClause reads the clauses that are a word or a fixed phrase
// ("Required", "JSON-serialized", "in seconds"), a type ("all Integer"),
// or "required if …".
func (f *Facts) wordClause(c, low string) (matched, whole bool) {
	switch low {
	case "required", "optional":
		f.Marker = strings.ToUpper(c[:1]) + low[1:]
		return true, true
	case "as above":
		f.AsAbove = true
		return true, true
	case "json-serialized", "json list":
		f.Json = true
		return true, true
	case "0-based":
		f.ZeroBased = true
		return true, true
	case "no emoji":
		f.NoEmoji = true
		return true, true
	case "multipart upload", "must be uploaded as a file":
		f.UploadOnly = true
		return true, true
	}
	if rest, ok := strings.CutPrefix(c, "all "); ok {
		if te, r, ok := ParseTypePrefix(rest); ok && r == "" {
			f.Typ, f.TypeText = te, rest
			return true, true
		}
		return true, f.Clause(rest)
	}
	if u, ok := ReUnits[low]; ok {
		f.Unit = u
		return true, true
	}
	if m := ReRequiredIf.FindStringSubmatch(low); m != nil {
		f.RequiredIf = m[1]
		return true, true
	}
	return false, false
}

// sizeClause reads lengths, item counts and numeric ranges with their
// units ("1-64 characters", "up to 10 items", "0-100 seconds", "at most
// 3").
func (f *Facts) sizeClause(low string) (matched, whole bool) {
	if m := ReBare.FindStringSubmatch(low); m != nil {
		f.Bare = Rng(m[1], m[2])
		return true, true
	}
	if m := ReLengthLF.FindStringSubmatch(low); m != nil {
		f.Length, f.LengthUnit, f.AfterParse = Rng(m[1], m[2]), m[3], m[5] != ""
		n, _ := strconv.Atoi(m[4])
		f.LineFeeds = &n
		return true, true
	}
	if m := ReLength.FindStringSubmatch(low); m != nil {
		f.Length, f.LengthUnit, f.AfterParse = Rng(m[1], m[2]), m[3], m[4] != ""
		return true, true
	}
	if m := ReItems.FindStringSubmatch(low); m != nil {
		f.Items = Rng(m[1], m[2])
		return true, true
	}
	if m := ReItemCount.FindStringSubmatch(low); m != nil {
		if m[3] != "" {
			f.Items = &RawRange{Max: Num(m[3])}
		} else {
			f.Items = Rng(m[1], m[2])
		}
		return true, false
	}
	if m := ReUpToItems.FindStringSubmatch(low); m != nil {
		f.Items = &RawRange{Max: Num(m[1])}
		return true, true
	}
	if m := ReUpToChars.FindStringSubmatch(low); m != nil && f.Length == nil {
		f.Length = &RawRange{Max: Num(m[1])}
		return true, strings.HasPrefix(low, "up to")
	}
	if m := ReNumUnit.FindStringSubmatch(low); m != nil {
		f.NumRange, f.Unit = Rng(m[1], m[2]), ReUnits[m[3]]
		return true, true
	}
	if m := ReMustBeBetween.FindStringSubmatch(low); m != nil {
		f.Bare = Rng(m[1], m[2])
		return true, true
	}
	if m := ReAtMostCount.FindStringSubmatch(low); m != nil {
		f.AtMost = Num(m[1])
		return true, true
	}
	if m := ReFuture.FindStringSubmatch(low); m != nil {
		f.Ahead, f.Unit = Rng(m[1], m[2]), "unix_time"
		return true, true
	}
	if low == "must be non-negative" {
		f.NumRange = &RawRange{Min: Num("0")}
		return true, true
	}
	if m := ReCantExceed.FindStringSubmatch(low); m != nil && f.Length == nil {
		f.Length, f.LengthUnit = &RawRange{Max: Num(m[1])}, m[2]
		return true, true
	}
	if m := ReAhead.FindStringSubmatch(low); m != nil {
		f.Ahead, f.Unit = Rng(m[1], m[2]), "unix_time"
		return true, true
	}
	if m := ReAtMost.FindStringSubmatch(low); m != nil {
		f.AtMost = Num(m[1])
		return true, true
	}
	if m := ReWideBits.FindStringSubmatch(low); m != nil {
		if n, _ := strconv.Atoi(m[2]); n > 32 || (n == 32 && m[1] == "more than") {
			f.Bits64 = true
		}
		return true, false
	}
	return false, false
}

// valueClause reads values: defaults, enums, constants, and the marks of
// JSON, integer width, position and upload.
func (f *Facts) valueClause(c, low string) (matched, whole bool) {
	if m := ReDefaultsTo.FindStringSubmatch(c); m != nil {
		// Kept as description too: "defaults to all" is a value only
		// when the type reads it as one (see constraints).
		f.DefaultsTo = m[1]
		return true, false
	}
	if m := ReBetween.FindStringSubmatch(low); m != nil {
		f.Bare = Rng(m[1], m[2])
		return true, true
	}
	if ReAnJSON.MatchString(low) {
		f.Json = true
		return true, false
	}
	if m := ReBits.FindStringSubmatch(low); m != nil {
		if n, _ := strconv.Atoi(m[1]); n > 32 {
			f.Bits64 = true
		}
		return true, low == m[0]
	}
	if m := ReDefault.FindStringSubmatch(c); m != nil {
		f.DefaultRaw = m[1]
		return true, m[2] == ""
	}
	if ReJSON.MatchString(low) {
		f.Json = true
		return true, low == "json-serialized" || low == "json list"
	}
	if m := ReAlways.FindStringSubmatch(low); m != nil {
		// Kept as description too: the words explain the value.
		f.Always = m[1]
		return true, false
	}
	if ReQuotedOrEnum.MatchString(c) {
		// "“quiz” or “regular”" as a clause of its own.
		for _, q := range ReQuoted.FindAllStringSubmatch(c, -1) {
			f.Enum = append(f.Enum, EnumVal{Value: q[1]})
		}
		return true, false
	}
	if ReOrEnum.MatchString(c) {
		for _, v := range strings.Split(c, " or ") {
			f.Enum = append(f.Enum, EnumVal{Value: v})
		}
		return true, true
	}
	if m := ReNotWith.FindStringSubmatch(c); m != nil {
		f.NotWith = append(f.NotWith, m[1])
		return true, true
	}
	if strings.Contains(low, "must be the first button of the first row") {
		f.Position = "first_in_first_row"
		return true, false
	}
	if strings.Contains(low, "must be uploaded as a file") {
		f.UploadOnly = true
		return true, false
	}
	if m := ReFixedWord.FindStringSubmatch(low); m != nil {
		f.FixedValue = m[1]
	}
	return false, false
}

// ReReturnWord finds the verb of a sentence that states a result.
var ReReturnWord = regexp.MustCompile(`\b(?:[Rr]eturns|[Rr]eturned)\b`)

// PrimitiveWords are the words prose uses for primitive results.
var PrimitiveWords = map[string]string{
	"True": "True", "False": "Boolean", "Boolean": "Boolean", "String": "String",
	"Int": "Integer", "Integer": "Integer", "Float": "Float",
}

// ReadReturns reads the result type a method's prose states: the first
// sentence with "returns"/"is returned" that names a type. "Returns True
// on success", "On success, the sent Message is returned", "Returns an
// Array of Update objects", "an array of Messages that were sent is
// returned" (a plural names the type), and "… the edited Message is
// returned, otherwise True is returned" (both alternatives). isType tells
// the document's type names.
func ReadReturns(text string, isType func(string) bool) (TypeExpr, bool) {
	for _, sent := range SplitSentences(text) {
		if !ReReturnWord.MatchString(sent) {
			continue
		}
		words := strings.FieldsFunc(sent, func(r rune) bool {
			return r == ' ' || r == ',' || r == ';' || r == ':' || r == '(' || r == ')'
		})
		var te TypeExpr
		for i, w := range words {
			name := ""
			if prim, ok := PrimitiveWords[w]; ok {
				name = prim
			} else if StartsUpper(w) && isType(w) {
				name = w
			} else if base := strings.TrimSuffix(w, "s"); base != w && StartsUpper(w) && isType(base) {
				name = base
			}
			if name == "" || !isType(name) {
				continue
			}
			depth := 0
			if i >= 2 && strings.EqualFold(words[i-1], "of") && strings.EqualFold(words[i-2], "array") {
				depth = 1
			}
			if te.IsZero() {
				te = TypeExpr{Depth: depth, Alts: []string{name}}
				if !strings.Contains(sent, "otherwise") {
					return te, true
				}
				continue
			}
			if depth == te.Depth && !slices.Contains(te.Alts, name) {
				te.Alts = append(te.Alts, name)
			}
		}
		if !te.IsZero() {
			return te, true
		}
	}
	return TypeExpr{}, false
}

// Description joins the free text.
func (f *Facts) Description() string {
	return strings.Join(f.Desc, "; ")
}

// IsBare reports whether facts say nothing of their own.
func (f *Facts) IsBare() bool {
	return f.Typ.IsZero() && f.Marker == "" && f.RequiredIf == "" && len(f.Desc) == 0 &&
		f.Length == nil && f.Bare == nil && f.Items == nil && f.NumRange == nil && f.Unit == "" &&
		len(f.Enum) == 0 && f.DefaultRaw == "" && !f.Json && !f.ZeroBased && f.AtMost == nil
}
