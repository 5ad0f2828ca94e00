package parser

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// facts is what the free text says about one field or parameter, before its
// type is known. Clauses the grammar recognises become facts; the rest is
// kept as description text.
type facts struct {
	typ        typeExpr
	typeText   string // the type as written, for error messages
	marker     string // "Required" or "Optional" as written, or ""
	requiredIf string // "required for quiz" -> "quiz"
	asAbove    bool   // "as above": repeat an earlier definition

	length      *rawRange // characters or bytes
	lengthUnit  string
	afterParse  bool // "after entity parsing"
	lineFeeds   *int
	items       *rawRange
	eachLength  *rawRange
	eachUnit    string
	bare        *rawRange // "0-1024": its meaning depends on the type
	atMost      *float64  // "at most 100": items or length by type
	numRange    *rawRange // "5-600 seconds"
	ahead       *rawRange
	unit        string
	enum        []enumVal
	defaultRaw  string
	defaultsTo  string // "Defaults to X": a default when X is a value of the type
	json        bool
	zeroBased   bool
	notWith     []string
	uploadOnly  bool
	noEmoji     bool
	pattern     string
	patternText string
	bits64      bool
	position    string
	rules       []rawRule
	attachRef   bool // the text says the value may name an attach:// upload
	// always is a value the text says the field always has ("Always 0"),
	// as JSON text.
	always string
	// fixedValue is a word the text says the field always holds ("always
	// “creator”", "must be photo"): a union variant's tag when every
	// variant states one for the same field.
	fixedValue string

	desc []string
	// unread are the sentences that have the marks of a rule or a
	// constraint (reFactMarks) but gave no fact: the report lists them.
	unread []string
}

// reFactMarks finds the marks of a rule or a constraint in a sentence: a
// number with a unit, "exactly one", "at most", "must be", "required if".
// A sentence with such marks that no reader consumed is reported, so that
// a constraint the grammar does not know is seen, not lost.
// (Spelt case by case rather than with (?i), which costs a third more of
// the page's parse time.)
var reFactMarks = regexp.MustCompile(`\b\d+(?:-\d+)? (?:[Cc]haracters?|[Bb]ytes?|items?|seconds?|meters?|degrees?|line feeds?)\b|\b[Ee]xactly one\b|\b[Aa]t (?:most|least) (?:\d|one\b)|(?:^|[,;] )[Mm]ust be\b|\bmust be (?:one of|between|at|\d)|\b(?:[Rr]equired|[Oo]ptional) if\b|\bmutually exclusive\b`)

// markWords are literals every match of reFactMarks without a digit holds
// (less the first letter, which may be a capital).
var markWords = []string{"xactly one", "t most", "t least", "ust be", "equired if", "ptional if", "utually exclusive"}

// mayHaveMarks is reFactMarks' prefilter (see guarded): most sentences are
// prose without any of its literals.
func mayHaveMarks(s string) bool {
	if strings.ContainsAny(s, "0123456789") {
		return true
	}
	for _, w := range markWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// known counts the facts read so far; a sentence that leaves it unchanged
// gave none.
func (f *facts) known() int {
	n := len(f.enum) + len(f.notWith) + len(f.rules)
	for _, b := range []bool{
		f.marker != "", f.requiredIf != "", f.length != nil, f.lineFeeds != nil, f.items != nil,
		f.eachLength != nil, f.bare != nil, f.atMost != nil, f.numRange != nil, f.ahead != nil,
		f.unit != "", f.defaultRaw != "", f.defaultsTo != "", f.json, f.zeroBased, f.uploadOnly,
		f.noEmoji, f.pattern != "", f.bits64, f.position != "", f.attachRef, f.always != "", f.fixedValue != "",
	} {
		if b {
			n++
		}
	}
	return n
}

type rawRange struct{ min, max *float64 }

type enumVal struct{ name, value string }

// rawRule is a cross-field rule as read from a sentence, before field names
// are checked.
type rawRule struct {
	kind   string
	fields []string
	groups [][]string
	text   string
	kinds  []string
	// except lists the fields "other than" which the rule speaks of.
	except []string
}

func num(s string) *float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil
	}
	return &v
}

func rng(lo, hi string) *rawRange { return &rawRange{min: num(lo), max: num(hi)} }

var (
	reBare     = guard(`^(\d+)-(\d+)$`, digitFirst)
	reLength   = guard(`^(\d+)-(\d+) (characters|bytes)( after entit(?:y|ies) parsing)?$`, digitFirst)
	reLengthLF = guard(`^(\d+)-(\d+) (characters|bytes) with at most (\d+) line feeds?( after entit(?:y|ies) parsing)?$`, digitFirst)
	reItems    = guard(`^(\d+)-(\d+) items$`, digitFirst)
	// reItemCount: "must include 2-10 items", "a JSON-serialized list of
	// 2-12 answer options" (the published page's item counts).
	reItemCount = guard(`(?:^must include|\blist of) (\d+)-(\d+) (?:items|[a-z]+)\b`, contains("must include", "list of"))
	// reUpToItems: "up to 10 items"; reUpToChars: "(up to 256
	// characters)" closing a clause.
	reUpToItems = guard(`^up to (\d+) items$`, prefix("up to "))
	reUpToChars = guard(`(?:^|\()up to (\d+) characters\)?$`, contains("up to "))
	reItemsEach = guard(`^(\d+)-(\d+) strings of (\d+)-(\d+) (characters|bytes)$`, digitFirst)
	reNumUnit   = guard(`^(\d+)-(\d+) (seconds|meters|degrees|s|m)$`, digitFirst)
	reAhead     = guard(`^unix time (\d+)-(\d+) seconds ahead$`, prefix("unix time "))
	// The published page's sentences of bounds: "Must be between 1 and
	// 360 if specified", "At most 4 suggested tip amounts can be
	// specified", "Must be at least 5 and no more than 600 seconds in the
	// future", "Offset length can't exceed 64 bytes".
	reMustBeBetween = guard(`^must be between (-?\d+) and (-?\d+)(?: if specified)?$`, prefix("must be between "))
	reAtMostCount   = guard(`^at most (\d+) [a-z ]+ can be specified$`, prefix("at most "))
	reFuture        = guard(`^must be at least (\d+) and no more than (\d+) seconds in the future$`, prefix("must be at least "))
	reCantExceed    = guard(`\bcan't exceed (\d+) (characters|bytes)$`, contains("can't exceed "))
	reAtMost        = guard(`^at most (\d+)$`, prefix("at most "))
	reBits          = guard(`(?:up to|may exceed) (\d+) bits`, contains(" bits"))
	// reWideBits: "may have more than 32 significant bits", "has at most
	// 52 significant bits" (the published page's words for 64-bit ids).
	reWideBits     = guard(`(more than|at most) (\d+) significant bits`, contains(" significant bits"))
	reDefault      = guard(`^default (\S+)(?: (.*))?$`, prefix("default "))
	reDefaultsTo   = guard(`(?i)^defaults to “?([^ ”]+)”?$`, firstFold('d'))
	reBetween      = guard(`^values between (-?\d+)(?:-| and )(-?\d+) are accepted$`, prefix("values between "))
	reJSON         = guard(`^json(?:-serialized| list)\b`, prefix("json"))
	reAnJSON       = guard(`^an? json-serialized\b`, prefix("a"))
	reFixedWord    = guard(`(?:\balways|\bmust be) “?([a-z][a-z0-9_]*)”?$`, contains("always", "must be"))
	reQuoted       = regexp.MustCompile(`“([^”]+)”`)
	reQuotedOrEnum = guard(`^“[A-Za-z][A-Za-z0-9_]*”(?:,? (?:or )?“[A-Za-z][A-Za-z0-9_]*”)+$`, prefix("“"))
	// reEnumIntro opens a list of quoted values: "can be either “a”",
	// "must be one of “a”", "Currently, only “application/pdf” and …".
	reEnumIntro = regexp.MustCompile(`(?i)\b(?:can be|must be|one of|either|is|only)(?: either| one of)? [“"]`)
	// reEnumQuoted: a value in typographic or plain quotation marks.
	reEnumQuoted = regexp.MustCompile(`“([^”]+)”|"([^"]+)"`)
	// reEnumValue: a listed value is one token: a word, a MIME type
	// ("image/jpeg"), an emoji.
	reEnumValue = regexp.MustCompile(`^[^\s“”"]{1,40}$`)
	// reChooseOne: a sentence that lists the values of a string with what
	// each is for: "Choose one, depending on what the user is about to
	// receive: typing for text messages, upload_photo for photos,
	// record_video or upload_video for videos".
	reChooseOne  = guard(`(?i)^(?:choose|pick|use) one\b[^:]*: (.+)$`, contains(":"))
	reChoice     = regexp.MustCompile(`^(?:and )?([a-z][a-z0-9_]*(?: or [a-z][a-z0-9_]*)*) for \S.*$`)
	reOneOf      = guard(`(?i)^one of (.+)$`, firstFold('o'))
	reOrEnum     = guard(`^[a-z_]+(?: or [a-z_]+)+$`, contains(" or "))
	reAlways     = guard(`^always (-?\d+(?:\.\d+)?|true|false)$`, prefix("always "))
	reNotWith    = guard(`^not with ([a-z_][a-z0-9_]*)$`, prefix("not with "))
	reRequiredIf = guard(`^required for ([a-z_]+)$`, prefix("required for "))
	// reCharset: a statement of the characters a string may hold, ending
	// its sentence: "only lowercase English letters, digits, underscores",
	// "Can contain only English letters, digits and underscores", "1-64
	// characters, only A-Z, a-z, 0-9, _ and - are allowed", "Only
	// characters A-Z, a-z, 0-9, _ and - are allowed". The list is read by
	// charsetPattern; a list with anything but character classes is prose.
	reCharset    = guard(`(?i)(?:^|, )((?:(?:can|may) )?(?:contains? |consists? of |use )?only (?:the )?(?:characters? )?(.+?)(?: (?:are|is) (?:allowed|accepted|permitted))?)$`, contains("nly "))
	reShownAs    = guard(`^(.*?): (.+?), shown as (.+)$`, contains(", shown as "))
	reCodePoint  = regexp.MustCompile(`^(.+?) U\+([0-9A-Fa-f]{4,6})$`)
	reExclusive  = guard(`^(.+) are mutually exclusive$`, suffix(" are mutually exclusive"))
	reExactlyOne = guard(`(?i)^exactly one of (.+) is present$`, firstFold('e'))
	reEither     = regexp.MustCompile(`^Either (.+) must be given$`)
	reGrouping   = regexp.MustCompile(`^(.+) can be grouped only with items of the same type$`)
	// reAttach: a value given as “attach://<name>” that names a file
	// uploaded (or to upload) in the same request, either word first, within
	// one sentence: "attach://<file_attach_name> to refer to a file uploaded
	// in the same multipart/form-data request", "pass
	// “attach://<file_attach_name>” to upload a new one using
	// multipart/form-data", "can be passed as “attach://<file_attach_name>”
	// if the thumbnail was uploaded using multipart/form-data", "ignored
	// unless uploaded via multipart/form-data, …, may be given as
	// attach://<file_attach_name>".
	reAttach = guard(`(?i)\battach://<[^<>]+>[^.]*?\bupload(?:ed)?\b|\bupload(?:ed)?\b[^.]*?\battach://<[^<>]+>`, contains("://"))
	reUnits  = map[string]string{"seconds": "seconds", "s": "seconds", "meters": "meters", "m": "meters", "degrees": "degrees", "unix time": "unix_time"}
)

// readParen reads the inside of a parameter's parentheses:
// "Integer, Optional, 5-600 seconds; not with close_date". The first clause
// may be a type; an unknown capitalised word there is an error.
func readParen(s string) (*facts, error) {
	f := &facts{}
	parts := splitTop(s, ';')
	for i, part := range parts {
		if i == 0 {
			if te, rest, ok := parseTypePrefix(part); ok {
				f.typ, f.typeText = te, strings.TrimSpace(strings.TrimSuffix(part, rest))
				part = strings.TrimPrefix(strings.TrimSpace(rest), ",")
				part = strings.TrimSpace(part)
				if part == "" {
					continue
				}
			} else if w := firstWord(part); startsUpper(w) && !notTypeWords[strings.TrimRight(w, ",")] && typeWordRe.MatchString(w) && !strings.Contains(part, " ") {
				return nil, fmt.Errorf("unknown type %q", w)
			}
		}
		f.part(part)
	}
	return f, nil
}

// readNotes reads a table's Notes cell: sentences, the first of which may be
// the Required/Optional marker.
func readNotes(s string) *facts {
	f := &facts{}
	rest, marker := trimMarker(s)
	f.marker = marker
	var kept []string
	for _, sent := range splitSentences(rest) {
		vals, ok := quotedEnum(sent)
		if !ok {
			vals, ok = chooseOneEnum(sent)
		}
		if ok && len(f.enum) == 0 {
			f.enum = vals
			kept = append(kept, sent)
			continue
		}
		before, facts := len(f.desc), f.known()
		for _, part := range splitTop(sent, ';') {
			f.part(part)
		}
		if f.known() == facts && mayHaveMarks(sent) && reFactMarks.MatchString(sent) && !readLater(sent) && !reWideBits.MatchString(sent) {
			f.unread = append(f.unread, sent)
		}
		if len(f.desc) > before {
			// Keep the sentence as written rather than its pieces.
			f.desc = f.desc[:before]
			kept = append(kept, sent)
		}
	}
	if len(kept) > 0 {
		f.desc = append(f.desc, strings.Join(kept, ". "))
	}
	return f
}

// endsWithExample reports whether a clause ends with words that introduce
// examples: "for example", "e.g.", "such as", "like".
func endsWithExample(c string) bool {
	c = strings.ToLower(strings.TrimSpace(c))
	for _, w := range []string{"for example", "e.g.", "e.g", "such as", "like"} {
		if c == w || strings.HasSuffix(c, " "+w) {
			return true
		}
	}
	return false
}

// readLater reports whether a sentence is read after the fields are
// resolved, by the rules of the method it is in (conditionRules,
// requiredIfNotRules).
func readLater(sent string) bool {
	return reCondition.MatchString(sent) || reRequiredIfNot.MatchString(sent)
}

// quotedEnum reads a sentence listing the values a string takes, each in
// quotation marks: "Type of the chat, can be either “private”, “group” or
// “channel”", "Currently, must be one of “a”, “b”", "either
// “application/pdf” or “application/zip”". Every value must be one token
// (a word, a MIME type, an emoji); a sentence quoting anything else is
// prose.
func quotedEnum(sent string) ([]enumVal, bool) {
	if !strings.ContainsAny(sent, `“"`) {
		return nil, false
	}
	loc := reEnumIntro.FindStringIndex(sent)
	if loc == nil {
		return nil, false
	}
	qs := reEnumQuoted.FindAllStringSubmatch(sent[strings.LastIndexAny(sent[:loc[1]], `“"`):], -1)
	if len(qs) < 2 {
		return nil, false
	}
	var out []enumVal
	for _, q := range qs {
		v := q[1] + q[2]
		if !reEnumValue.MatchString(v) {
			return nil, false
		}
		if !slices.ContainsFunc(out, func(x enumVal) bool { return x.value == v }) {
			out = append(out, enumVal{name: symbolName(v), value: v})
		}
	}
	return out, true
}

// chooseOneEnum reads a sentence that lists the values with what each is
// for (reChooseOne). Every item of the list must name values that way.
func chooseOneEnum(sent string) ([]enumVal, bool) {
	m := reChooseOne.FindStringSubmatch(sent)
	if m == nil {
		return nil, false
	}
	var out []enumVal
	for _, item := range splitTop(m[1], ',') {
		c := reChoice.FindStringSubmatch(strings.TrimSpace(item))
		if c == nil {
			return nil, false
		}
		for _, v := range strings.Split(c[1], " or ") {
			if !slices.ContainsFunc(out, func(x enumVal) bool { return x.value == v }) {
				out = append(out, enumVal{value: v})
			}
		}
	}
	return out, len(out) >= 2
}

// symbolName names a value that has no letter or digit to name it by (an
// emoji) after its code points, "U+1F3B2"; other values need no name.
func symbolName(v string) string {
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

// part reads one ';'-separated piece of text. The clauses that are not
// recognised facts are kept as description.
func (f *facts) part(p string) {
	p = strings.TrimSpace(p)
	if p == "" {
		return
	}
	if f.wholePart(p) {
		return
	}
	// A statement of the allowed characters closing the piece ("1-64
	// characters, only A-Z, a-z, 0-9, _ and - are allowed") is read
	// whole, before the commas of its list could make "0-9" a clause.
	if at, pat, text := charsetIn(p); pat != "" {
		f.pattern, f.patternText = pat, text
		p = strings.TrimSpace(p[:at])
	}
	var rest []string
	clauses := splitTop(p, ',')
	prose := false // the previous clause was description, not a fact
	for i, c := range clauses {
		// "one of a, b, c" runs to the end of the piece.
		if strings.HasPrefix(strings.ToLower(c), "one of ") && f.wholePart(strings.Join(clauses[i:], ", ")) {
			break
		}
		// "x or y" after a clause of prose ends a descriptive list
		// ("Caption for the animation, audio, ..., video or voice"): the
		// enum wording is "x or y" as a clause of its own.
		if prose && reOrEnum.MatchString(strings.TrimSpace(c)) {
			rest = append(rest, c)
			continue
		}
		// "for example, “hello” or “bye”": values given as examples are
		// no list of the values.
		if i > 0 && endsWithExample(clauses[i-1]) {
			rest = append(rest, c)
			prose = true
			continue
		}
		prose = !f.clause(c)
		if prose {
			rest = append(rest, c)
		}
	}
	if len(rest) > 0 {
		f.desc = append(f.desc, strings.Join(rest, ", "))
	}
}

// wholePart recognises patterns that span commas. It reports whether the
// part is fully structural (nothing to keep as description).
func (f *facts) wholePart(p string) bool {
	if m := reOneOf.FindStringSubmatch(p); m != nil && !strings.Contains(m[1], " is ") {
		for _, v := range splitNameList(m[1]) {
			f.enum = append(f.enum, enumVal{value: v})
		}
		return true
	}
	if m := reShownAs.FindStringSubmatch(p); m != nil {
		var vals []enumVal
		for _, pair := range splitTop(m[3], ',') {
			cp := reCodePoint.FindStringSubmatch(strings.TrimSpace(pair))
			if cp == nil {
				return false
			}
			n, err := strconv.ParseUint(cp[2], 16, 32)
			if err != nil {
				return false
			}
			vals = append(vals, enumVal{name: cp[1], value: string(rune(n))})
		}
		f.enum = append(f.enum, vals...)
		f.desc = append(f.desc, m[1])
		return true
	}
	if m := reExclusive.FindStringSubmatch(p); m != nil {
		f.rules = append(f.rules, rawRule{kind: "mutually_exclusive", fields: splitNameList(m[1]), text: p})
		return true
	}
	if m := reExactlyOne.FindStringSubmatch(p); m != nil {
		f.rules = append(f.rules, rawRule{kind: "exactly_one", fields: splitNameList(m[1]), text: p})
		f.desc = append(f.desc, p)
		return true
	}
	if saysAttach(p) {
		f.attachRef = true
	}
	if at, pat, text := charsetIn(p); at == 0 && pat != "" {
		f.pattern, f.patternText = pat, text
		return true
	}
	return false
}

// charsetIn finds a statement of the allowed characters that ends s (see
// reCharset) and returns where it starts, the pattern and its words.
// pat is "" when there is none.
func charsetIn(s string) (at int, pat, text string) {
	m := reCharset.FindStringSubmatchIndex(s)
	if m == nil {
		return 0, "", ""
	}
	pat, ok := charsetPattern(s[m[4]:m[5]])
	if !ok {
		return 0, "", ""
	}
	return m[0], pat, s[m[2]:m[3]]
}

// saysAttach reports whether text says that the value may be an
// “attach://<name>” reference to a file uploaded in the same multipart
// request (the seed's and the published page's wording alike).
func saysAttach(text string) bool { return reAttach.MatchString(text) }

// charsetWords are the words for classes of characters.
var charsetWords = map[string]string{
	"lowercase english letters": "a-z", "lowercase latin letters": "a-z", "lowercase letters": "a-z",
	"uppercase english letters": "A-Z", "uppercase latin letters": "A-Z", "uppercase letters": "A-Z",
	"english letters": "A-Za-z", "latin letters": "A-Za-z", "letters": "A-Za-z",
	"digits": "0-9", "underscores": "_", "hyphens": `\-`, "dashes": `\-`,
}

// reCharRange is a range of characters written with its ends: "A-Z",
// "a-z", "0-9".
var reCharRange = regexp.MustCompile(`^(?:[A-Z]-[A-Z]|[a-z]-[a-z]|[0-9]-[0-9])$`)

// charsetPattern turns a list of character classes ("lowercase English
// letters, digits, underscores"; "A-Z, a-z, 0-9, _ and -") into a regular
// expression over the whole string. Every item must be a class: a word for
// one, a range written with its ends, or a single punctuation mark.
func charsetPattern(s string) (string, bool) {
	var set strings.Builder
	items := splitNameList(s)
	if len(items) == 0 {
		return "", false
	}
	for _, w := range items {
		if c, ok := charsetWords[strings.ToLower(w)]; ok {
			set.WriteString(c)
			continue
		}
		if reCharRange.MatchString(w) && w[0] <= w[2] {
			set.WriteString(w)
			continue
		}
		if len(w) == 1 && w[0] < 0x80 && (unicode.IsPunct(rune(w[0])) || unicode.IsSymbol(rune(w[0]))) {
			if strings.ContainsRune(`\-]^[`, rune(w[0])) {
				set.WriteByte('\\')
			}
			set.WriteByte(w[0])
			continue
		}
		return "", false
	}
	return "^[" + set.String() + "]*$", true
}

// clause reads one comma-separated clause and reports whether it was a
// recognised fact.
func (f *facts) clause(c string) bool {
	c = strings.TrimSpace(c)
	low := strings.ToLower(c)
	switch low {
	case "required", "optional":
		f.marker = strings.ToUpper(c[:1]) + low[1:]
		return true
	case "as above":
		f.asAbove = true
		return true
	case "json-serialized", "json list":
		f.json = true
		return true
	case "0-based":
		f.zeroBased = true
		return true
	case "no emoji":
		f.noEmoji = true
		return true
	case "multipart upload", "must be uploaded as a file":
		f.uploadOnly = true
		return true
	}
	if rest, ok := strings.CutPrefix(c, "all "); ok {
		if te, r, ok := parseTypePrefix(rest); ok && r == "" {
			f.typ, f.typeText = te, rest
			return true
		}
		return f.clause(rest)
	}
	if u, ok := reUnits[low]; ok {
		f.unit = u
		return true
	}
	if m := reRequiredIf.FindStringSubmatch(low); m != nil {
		f.requiredIf = m[1]
		return true
	}
	if m := reBare.FindStringSubmatch(low); m != nil {
		f.bare = rng(m[1], m[2])
		return true
	}
	if m := reLengthLF.FindStringSubmatch(low); m != nil {
		f.length, f.lengthUnit, f.afterParse = rng(m[1], m[2]), m[3], m[5] != ""
		n, _ := strconv.Atoi(m[4])
		f.lineFeeds = &n
		return true
	}
	if m := reLength.FindStringSubmatch(low); m != nil {
		f.length, f.lengthUnit, f.afterParse = rng(m[1], m[2]), m[3], m[4] != ""
		return true
	}
	if m := reItems.FindStringSubmatch(low); m != nil {
		f.items = rng(m[1], m[2])
		return true
	}
	if m := reItemCount.FindStringSubmatch(low); m != nil {
		f.items = rng(m[1], m[2])
		return false
	}
	if m := reUpToItems.FindStringSubmatch(low); m != nil {
		f.items = &rawRange{max: num(m[1])}
		return true
	}
	if m := reUpToChars.FindStringSubmatch(low); m != nil && f.length == nil {
		f.length = &rawRange{max: num(m[1])}
		return strings.HasPrefix(low, "up to")
	}
	if m := reItemsEach.FindStringSubmatch(low); m != nil {
		f.items, f.eachLength, f.eachUnit = rng(m[1], m[2]), rng(m[3], m[4]), m[5]
		return true
	}
	if m := reNumUnit.FindStringSubmatch(low); m != nil {
		f.numRange, f.unit = rng(m[1], m[2]), reUnits[m[3]]
		return true
	}
	if m := reMustBeBetween.FindStringSubmatch(low); m != nil {
		f.bare = rng(m[1], m[2])
		return true
	}
	if m := reAtMostCount.FindStringSubmatch(low); m != nil {
		f.atMost = num(m[1])
		return true
	}
	if m := reFuture.FindStringSubmatch(low); m != nil {
		f.ahead, f.unit = rng(m[1], m[2]), "unix_time"
		return true
	}
	if low == "must be non-negative" {
		f.numRange = &rawRange{min: num("0")}
		return true
	}
	if m := reCantExceed.FindStringSubmatch(low); m != nil && f.length == nil {
		f.length, f.lengthUnit = &rawRange{max: num(m[1])}, m[2]
		return true
	}
	if m := reAhead.FindStringSubmatch(low); m != nil {
		f.ahead, f.unit = rng(m[1], m[2]), "unix_time"
		return true
	}
	if m := reAtMost.FindStringSubmatch(low); m != nil {
		f.atMost = num(m[1])
		return true
	}
	if m := reWideBits.FindStringSubmatch(low); m != nil {
		if n, _ := strconv.Atoi(m[2]); n > 32 || (n == 32 && m[1] == "more than") {
			f.bits64 = true
		}
		return false
	}
	if m := reDefaultsTo.FindStringSubmatch(c); m != nil {
		// Kept as description too: "defaults to all" is a value only
		// when the type reads it as one (see constraints).
		f.defaultsTo = m[1]
		return false
	}
	if m := reBetween.FindStringSubmatch(low); m != nil {
		f.bare = rng(m[1], m[2])
		return true
	}
	if reAnJSON.MatchString(low) {
		f.json = true
		return false
	}
	if m := reBits.FindStringSubmatch(low); m != nil {
		if n, _ := strconv.Atoi(m[1]); n > 32 {
			f.bits64 = true
		}
		return low == m[0]
	}
	if m := reDefault.FindStringSubmatch(c); m != nil {
		f.defaultRaw = m[1]
		return m[2] == ""
	}
	if reJSON.MatchString(low) {
		f.json = true
		return low == "json-serialized" || low == "json list"
	}
	if m := reAlways.FindStringSubmatch(low); m != nil {
		// Kept as description too: the words explain the value.
		f.always = m[1]
		return false
	}
	if reQuotedOrEnum.MatchString(c) {
		// "“quiz” or “regular”" as a clause of its own.
		for _, q := range reQuoted.FindAllStringSubmatch(c, -1) {
			f.enum = append(f.enum, enumVal{value: q[1]})
		}
		return false
	}
	if reOrEnum.MatchString(c) {
		for _, v := range strings.Split(c, " or ") {
			f.enum = append(f.enum, enumVal{value: v})
		}
		return true
	}
	if m := reNotWith.FindStringSubmatch(c); m != nil {
		f.notWith = append(f.notWith, m[1])
		return true
	}
	if strings.Contains(low, "must be the first button of the first row") {
		f.position = "first_in_first_row"
		return false
	}
	if strings.Contains(low, "must be uploaded as a file") {
		f.uploadOnly = true
		return false
	}
	if m := reFixedWord.FindStringSubmatch(low); m != nil {
		f.fixedValue = m[1]
	}
	return false
}

// reReturnWord finds the verb of a sentence that states a result.
var reReturnWord = regexp.MustCompile(`\b(?:[Rr]eturns|[Rr]eturned)\b`)

// primitiveWords are the words prose uses for primitive results.
var primitiveWords = map[string]string{
	"True": "True", "False": "Boolean", "Boolean": "Boolean", "String": "String",
	"Int": "Integer", "Integer": "Integer", "Float": "Float",
}

// readReturns reads the result type a method's prose states: the first
// sentence with "returns"/"is returned" that names a type. "Returns True
// on success", "On success, the sent Message is returned", "Returns an
// Array of Update objects", "an array of Messages that were sent is
// returned" (a plural names the type), and "… the edited Message is
// returned, otherwise True is returned" (both alternatives). isType tells
// the document's type names.
func readReturns(text string, isType func(string) bool) (typeExpr, bool) {
	for _, sent := range splitSentences(text) {
		if !reReturnWord.MatchString(sent) {
			continue
		}
		words := strings.FieldsFunc(sent, func(r rune) bool {
			return r == ' ' || r == ',' || r == ';' || r == ':' || r == '(' || r == ')'
		})
		var te typeExpr
		for i, w := range words {
			name := ""
			if prim, ok := primitiveWords[w]; ok {
				name = prim
			} else if startsUpper(w) && isType(w) {
				name = w
			} else if base := strings.TrimSuffix(w, "s"); base != w && startsUpper(w) && isType(base) {
				name = base
			}
			if name == "" || !isType(name) {
				continue
			}
			depth := 0
			if i >= 2 && strings.EqualFold(words[i-1], "of") && strings.EqualFold(words[i-2], "array") {
				depth = 1
			}
			if te.isZero() {
				te = typeExpr{depth: depth, alts: []string{name}}
				if !strings.Contains(sent, "otherwise") {
					return te, true
				}
				continue
			}
			if depth == te.depth && !slices.Contains(te.alts, name) {
				te.alts = append(te.alts, name)
			}
		}
		if !te.isZero() {
			return te, true
		}
	}
	return typeExpr{}, false
}

// description joins the free text.
func (f *facts) description() string {
	return strings.Join(f.desc, "; ")
}

// isBare reports whether facts say nothing of their own.
func (f *facts) isBare() bool {
	return f.typ.isZero() && f.marker == "" && f.requiredIf == "" && len(f.desc) == 0 &&
		f.length == nil && f.bare == nil && f.items == nil && f.numRange == nil && f.unit == "" &&
		len(f.enum) == 0 && f.defaultRaw == "" && !f.json && !f.zeroBased && f.atMost == nil
}
