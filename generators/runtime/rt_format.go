package runtime

// Runtime text formatting: the parse_mode parsers (MarkdownV2, HTML, legacy
// Markdown), their inverse renderers and escape helpers.
//
// The parsers follow the reference server's algorithms byte for byte where the
// spec is silent (which characters end an entity, what an unterminated URL
// does, how a pre block's language is read), because a bot author checks the
// result against what the server does, not against a grammar. Every parser
// produces, in order:
//
//  1. raw text plus entities as byte ranges of that raw text, in the same
//     single left-to-right pass the server uses;
//  2. the text with every carriage return removed (the server drops CR from
//     all message texts, which is what makes the "_\r__" trick work) and the
//     entities converted to UTF-16 offsets of that text;
//  3. the nesting rules applied (markupFix): empty entities dropped,
//     entities sorted, forbidden nestings removed or split.
//
// This file holds the shared types and steps 2-3; each mode has a file of
// its own, and the renderers share one more (markupPrepare, markupWalk).
//
// Identifiers are exported API or start with "markup" because these files are
// pasted into generated packages next to generated names.

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// TextEntity is one formatting entity of a message text. Offset and Length
// count UTF-16 code units, as the API's MessageEntity does. URL is set only
// for "text_link", UserID only for "text_mention" and Language only for
// "pre".
type TextEntity struct {
	Type     string
	Offset   int
	Length   int
	URL      string
	UserID   int64
	Language string
}

// ParseError reports markup the server would reject. Message is worded as
// the reference server words it (for example "Can't find end of Bold entity
// at byte offset 5") so that it can be compared with, or stand in for, the
// server's "can't parse entities" error. Offset is the byte offset in the
// input where the problem was detected.
type ParseError struct {
	Offset  int
	Message string
}

// Error returns the message with the server's "can't parse entities: "
// prefix.
func (e *ParseError) Error() string {
	return "can't parse entities: " + e.Message
}

// Entity type names as they appear in the API's MessageEntity.type.
const (
	markupBold          = "bold"
	markupItalic        = "italic"
	markupUnderline     = "underline"
	markupStrikethrough = "strikethrough"
	markupCode          = "code"
	markupPre           = "pre"
	markupTextLink      = "text_link"
	markupTextMention   = "text_mention"
)

// markupMentionScheme is the scheme the renderers write for text_mention
// links. The parsers accept any application scheme (spec: the link
// <app_scheme>://user?id=<user_id>); the renderers need one concrete scheme
// and use the one the reference server recognises.
const markupMentionScheme = "tg"

// ParseFormatted parses s according to a parse_mode value. Mode names are
// matched case-insensitively, as the reference server does. An empty mode
// means plain text: no entities, but the text is still checked for UTF-8 and
// stripped of carriage returns like every message text.
//
// All parsers return the text without carriage returns and entities with
// UTF-16 offsets into it, sorted by offset and then longest first, with
// empty entities dropped. Markup that nests entities the spec forbids is not
// an error (the server accepts it too); it is resolved the way the server
// does: anything inside code or pre is dropped, a link, code or pre inside a
// link is dropped, a bold/italic/underline/strikethrough inside one of the
// same type is dropped, and bold and the like are split around code and pre
// they contain. Links whose URL is empty or has control characters are
// dropped, keeping their text.
func ParseFormatted(mode, s string) (string, []TextEntity, error) {
	switch strings.ToLower(mode) {
	case "":
		if err := markupCheckUTF8(s); err != nil {
			return "", nil, err
		}
		return strings.ReplaceAll(s, "\r", ""), nil, nil
	case "markdownv2":
		return ParseMarkdownV2(s)
	case "html":
		return ParseHTML(s)
	case "markdown":
		return ParseMarkdown(s)
	}
	return "", nil, fmt.Errorf("unsupported parse_mode %q", mode)
}

// UTF16Len returns the length of s in UTF-16 code units, the unit of entity
// offsets. Each invalid UTF-8 byte counts as one unit (it would be sent as
// U+FFFD).
func UTF16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// markupSpan is an entity during parsing: a byte range [start, end) of the
// raw output, before carriage returns are removed.
type markupSpan struct {
	typ   string
	start int
	end   int
	url   string
	user  int64
	lang  string
}

// markupCheckUTF8 rejects invalid UTF-8 up front: the server refuses such
// texts before parsing, and UTF-16 offsets would be meaningless.
func markupCheckUTF8(s string) error {
	if utf8.ValidString(s) {
		return nil
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return &ParseError{Offset: i, Message: "Text must be encoded in UTF-8"}
		}
		i += size
	}
	return &ParseError{Offset: 0, Message: "Text must be encoded in UTF-8"}
}

// markupAt returns s[i], or 0 past the end. The reference parsers read a
// NUL-terminated buffer and look ahead freely; returning 0 reproduces their
// behaviour at the end of the input (including that an embedded NUL looks
// like the end to a look-ahead).
func markupAt(s string, i int) byte {
	if i >= 0 && i < len(s) {
		return s[i]
	}
	return 0
}

// markupIsSpace is the reference server's is_space: NUL counts as space,
// which is how the end of input stops the pre-language and tag-name scans.
func markupIsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0 || c == '\v'
}

// markupFinish turns raw parser output into the final text and entities:
// carriage returns are removed, byte ranges become UTF-16 ranges of the
// cleaned text, and the nesting rules are applied.
func markupFinish(raw []byte, spans []markupSpan) (string, []TextEntity) {
	text := string(raw)
	if strings.IndexByte(text, '\r') >= 0 {
		text = strings.ReplaceAll(text, "\r", "")
	}
	if len(spans) == 0 {
		return text, nil
	}
	points := make([]int, 0, 2*len(spans))
	for _, sp := range spans {
		points = append(points, sp.start, sp.end)
	}
	sort.Ints(points)
	uniq := points[:1]
	for _, p := range points[1:] {
		if p != uniq[len(uniq)-1] {
			uniq = append(uniq, p)
		}
	}
	points = uniq
	offsets := make([]int, len(points))
	u, k := 0, 0
	for i := 0; i <= len(raw) && k < len(points); i++ {
		for k < len(points) && points[k] == i {
			offsets[k] = u
			k++
		}
		if i == len(raw) {
			break
		}
		// Count code units the way the server does: every byte that starts
		// a UTF-8 sequence is one unit, and 4-byte sequences (outside the
		// BMP) are a surrogate pair. The input is known to be valid UTF-8.
		c := raw[i]
		if c == '\r' || c&0xC0 == 0x80 {
			continue
		}
		u++
		if c >= 0xF0 {
			u++
		}
	}
	at := func(p int) int { return offsets[sort.SearchInts(points, p)] }
	ents := make([]TextEntity, 0, len(spans))
	for _, sp := range spans {
		off := at(sp.start)
		n := at(sp.end) - off
		if n <= 0 {
			continue
		}
		ents = append(ents, TextEntity{Type: sp.typ, Offset: off, Length: n, URL: sp.url, UserID: sp.user, Language: sp.lang})
	}
	ents = markupFix(ents)
	if len(ents) == 0 {
		return text, nil
	}
	return text, ents
}

// markupPriority orders entities that cover exactly the same range, using the
// reference server's type priorities; the entity that sorts first is treated
// as the outer one.
func markupPriority(e *TextEntity) int {
	switch e.Type {
	case markupPre:
		if e.Language != "" {
			return 10
		}
		return 11
	case markupCode:
		return 20
	case markupTextLink, markupTextMention:
		return 49
	case markupBold:
		return 90
	case markupItalic:
		return 91
	case markupUnderline:
		return 92
	case markupStrikethrough:
		return 93
	}
	return 50
}

// markupSort sorts entities by offset, then longer first, then by type
// priority, which puts every entity after the entities that contain it.
func markupSort(ents []TextEntity) {
	slices.SortStableFunc(ents, func(a, b TextEntity) int {
		if a.Offset != b.Offset {
			return cmp.Compare(a.Offset, b.Offset)
		}
		if a.Length != b.Length {
			return cmp.Compare(b.Length, a.Length)
		}
		return cmp.Compare(markupPriority(&a), markupPriority(&b))
	})
}

func markupIsSplittable(t string) bool {
	return t == markupBold || t == markupItalic || t == markupUnderline || t == markupStrikethrough
}

func markupIsCodeLike(t string) bool { return t == markupCode || t == markupPre }

func markupIsLink(t string) bool { return t == markupTextLink || t == markupTextMention }

// markupFix applies the spec's nesting rules to entities that are laminar
// (any two are disjoint or one contains the other), which is what every
// parser produces:
//
//   - pre and code contain nothing: anything inside them is dropped;
//   - bold, italic, underline and strikethrough may sit inside anything but
//     pre and code; one inside another of its own type is redundant and is
//     dropped;
//   - links and mentions contain only those four: a link, code or pre inside
//     a link is dropped (the outer entity wins, as in the reference server);
//   - pre and code may not be contained in bold and the like either, but
//     rather than losing formatting the server splits those around the code
//     block, and so do we.
//
// The result is sorted and again laminar, and markupFix is idempotent on it,
// which is what lets a renderer reproduce exactly the entities a parse gives.
func markupFix(ents []TextEntity) []TextEntity {
	markupSort(ents)
	kept := make([]bool, len(ents))
	var holes map[int][]int // splittable entity -> code/pre entities inside it
	var stack []int
	for i := range ents {
		e := &ents[i]
		end := e.Offset + e.Length
		for len(stack) > 0 {
			top := &ents[stack[len(stack)-1]]
			if top.Offset+top.Length > e.Offset {
				break
			}
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			top := &ents[stack[len(stack)-1]]
			if top.Offset+top.Length < end {
				// Partial overlap; parsers never produce it and renderers
				// reject it before getting here.
				continue
			}
		}
		ok := true
		for _, j := range stack {
			p := ents[j].Type
			if markupIsCodeLike(p) || p == e.Type || (markupIsLink(p) && !markupIsSplittable(e.Type)) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		kept[i] = true
		stack = append(stack, i)
		if markupIsCodeLike(e.Type) && len(stack) > 1 {
			// Everything below it on the stack is splittable (a link
			// ancestor would have dropped it).
			if holes == nil {
				holes = make(map[int][]int)
			}
			for _, j := range stack[:len(stack)-1] {
				holes[j] = append(holes[j], i)
			}
		}
	}
	if holes == nil && !slices.Contains(kept, false) {
		return ents // already valid: the common case
	}
	out := make([]TextEntity, 0, len(ents))
	for i := range ents {
		if !kept[i] {
			continue
		}
		e := ents[i]
		hs := holes[i]
		if len(hs) == 0 {
			out = append(out, e)
			continue
		}
		// Holes are disjoint (code/pre never nest) and in offset order.
		pos, end := e.Offset, e.Offset+e.Length
		for _, h := range hs {
			if ents[h].Offset > pos {
				piece := e
				piece.Offset, piece.Length = pos, ents[h].Offset-pos
				out = append(out, piece)
			}
			pos = ents[h].Offset + ents[h].Length
		}
		if end > pos {
			piece := e
			piece.Offset, piece.Length = pos, end-pos
			out = append(out, piece)
		}
	}
	if holes != nil {
		markupSort(out)
	}
	return out
}

// markupMentionUserID recognises a mention-by-id link,
// <scheme>://user?id=<user_id>, accepting any scheme except http and https
// (http://user?id=1 is an ordinary web link to the host "user"). Like the
// reference server it is case-insensitive, tolerates "scheme:user?id=" and
// "user/?id=", ignores a fragment and other query parameters, and decides on
// the first "id" parameter. The id must be a positive decimal integer.
func markupMentionUserID(url string) (int64, bool) {
	u := strings.ToLower(url)
	colon := strings.IndexByte(u, ':')
	if colon <= 0 {
		return 0, false
	}
	scheme := u[:colon]
	if scheme == "http" || scheme == "https" {
		return 0, false
	}
	for k := 0; k < len(scheme); k++ {
		c := scheme[k]
		isAlpha := c >= 'a' && c <= 'z'
		if !isAlpha && (k == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return 0, false
		}
	}
	rest := strings.TrimPrefix(u[colon+1:], "//")
	if !strings.HasPrefix(rest, "user") {
		return 0, false
	}
	rest = strings.TrimPrefix(rest[len("user"):], "/")
	if !strings.HasPrefix(rest, "?") {
		return 0, false
	}
	rest = rest[1:]
	if h := strings.IndexByte(rest, '#'); h >= 0 {
		rest = rest[:h]
	}
	for _, param := range strings.Split(rest, "&") {
		key, value, _ := strings.Cut(param, "=")
		if key != "id" {
			continue
		}
		if value == "" || len(value) > 19 {
			return 0, false
		}
		var id int64
		for k := 0; k < len(value); k++ {
			c := value[k]
			if c < '0' || c > '9' {
				return 0, false
			}
			if id > (1<<63-1-int64(c-'0'))/10 {
				return 0, false
			}
			id = id*10 + int64(c-'0')
		}
		return id, id > 0
	}
	return 0, false
}

// markupValidURL is the part of the server's URL check that does not depend
// on its URL normaliser: a link needs a non-empty URL without control
// characters. Links failing it are dropped (the text stays), as the server
// drops links it cannot parse.
func markupValidURL(url string) bool {
	if url == "" {
		return false
	}
	for i := 0; i < len(url); i++ {
		if c := url[i]; c < 0x20 || c == 0x7F {
			return false
		}
	}
	return true
}

// markupLinkSpan builds the entity for a link whose markup gave url: a
// mention when the URL is a mention-by-id link, a text_link when it is a
// usable URL, nothing otherwise.
func markupLinkSpan(start, end int, url string) (markupSpan, bool) {
	if id, ok := markupMentionUserID(url); ok {
		return markupSpan{typ: markupTextMention, start: start, end: end, user: id}, true
	}
	if !markupValidURL(url) {
		return markupSpan{}, false
	}
	return markupSpan{typ: markupTextLink, start: start, end: end, url: url}, true
}
