package runtime

import (
	"strconv"
	"strings"
)

// markupMDV2Reserved are the characters that must be escaped outside code and
// pre in MarkdownV2; an unescaped one that does not open or close an entity
// is an error.
const markupMDV2Reserved = "_*[]()~`>#+-=|{}.!"

// markupMDV2Special reports whether c is reserved in MarkdownV2: outside code
// and pre every character of markupMDV2Reserved, inside them only '`'.
func markupMDV2Special(c byte, inCode bool) bool {
	if inCode {
		return c == '`'
	}
	switch c {
	case '_', '*', '[', ']', '(', ')', '~', '`', '>', '#', '+', '-', '=', '|', '{', '}', '.', '!':
		return true
	}
	return false
}

// ParseMarkdownV2 parses MarkdownV2 markup into plain text and entities.
//
// Markers: *bold*, _italic_, __underline__, ~strikethrough~, [text](url),
// [text](<scheme>://user?id=<id>), `code` and ```lang\npre```. Any character
// with code 1-126 may be escaped with a preceding backslash anywhere
// (including code, pre and link URLs); what must be escaped depends on the
// place: the reserved characters _*[]()~`>#+-=|{}.! outside code and pre
// (anything else is an error), '`' and '\' inside them, ')' and '\' inside
// the (...) of a link. The token "__" always opens or closes underline, read
// left to right; an italic entity followed directly by "__" is closed with
// "_\r" (the carriage return is dropped from the text, as from every text).
//
// Forbidden nestings are resolved, not reported; see ParseFormatted.
func ParseMarkdownV2(s string) (string, []TextEntity, error) {
	raw, spans, err := markupParseMarkdownV2(s, make([]byte, 0, len(s)), nil)
	if err != nil {
		return "", nil, err
	}
	text, ents := markupFinish(raw, spans)
	return text, ents, nil
}

// markupParseMarkdownV2 is ParseMarkdownV2's single pass: the raw text and the
// entity spans, before markupFinish, in out and spans (reused from [:0]).
func markupParseMarkdownV2(s string, out []byte, spans []markupSpan) ([]byte, []markupSpan, error) {
	if err := markupCheckUTF8(s); err != nil {
		return nil, nil, err
	}
	type open struct {
		typ     string
		name    string // the server's type name, for error messages
		lang    string
		byteOff int // where the opening marker starts in s
		begin   int // where the entity's text starts in out
	}
	var stack []open
	spans = spans[:0]
	out = out[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if next := markupAt(s, i+1); c == '\\' && next > 0 && next <= 126 {
			out = append(out, next)
			i++
			continue
		}
		inCode := len(stack) > 0 && markupIsCodeLike(stack[len(stack)-1].typ)
		if !markupMDV2Special(c, inCode) {
			// Copy the whole run of ordinary bytes at once; most of a
			// message is plain text.
			j := i + 1
			for j < len(s) && s[j] != '\\' && !markupMDV2Special(s[j], inCode) {
				j++
			}
			out = append(out, s[i:j]...)
			i = j - 1
			continue
		}
		isEnd := false
		if len(stack) > 0 {
			switch stack[len(stack)-1].typ {
			case markupBold:
				isEnd = c == '*'
			case markupItalic:
				isEnd = c == '_' && markupAt(s, i+1) != '_'
			case markupUnderline:
				isEnd = c == '_' && markupAt(s, i+1) == '_'
			case markupStrikethrough:
				isEnd = c == '~'
			case markupCode:
				isEnd = c == '`'
			case markupPre:
				isEnd = c == '`' && markupAt(s, i+1) == '`' && markupAt(s, i+2) == '`'
			case markupTextLink:
				isEnd = c == ']'
			}
		}
		if !isEnd {
			o := open{byteOff: i}
			switch c {
			case '_':
				if markupAt(s, i+1) == '_' {
					o.typ, o.name = markupUnderline, "Underline"
					i++
				} else {
					o.typ, o.name = markupItalic, "Italic"
				}
			case '*':
				o.typ, o.name = markupBold, "Bold"
			case '~':
				o.typ, o.name = markupStrikethrough, "Strikethrough"
			case '[':
				o.typ, o.name = markupTextLink, "TextUrl"
			case '`':
				if markupAt(s, i+1) != '`' || markupAt(s, i+2) != '`' {
					o.typ, o.name = markupCode, "Code"
					break
				}
				o.typ, o.name = markupPre, "Pre"
				i += 3
				// A language is a run of non-space, non-backtick
				// characters right after the fence that is ended by
				// whitespace; "```word```" is a pre block containing
				// "word".
				le := i
				for !markupIsSpace(markupAt(s, le)) && markupAt(s, le) != '`' {
					le++
				}
				if le != i && le < len(s) && s[le] != '`' {
					o.name, o.lang = "PreCode", s[i:le]
					i = le
				}
				// One line break right after the fence (or the language)
				// is not part of the block.
				if a := markupAt(s, i); a == '\n' || a == '\r' {
					if b := markupAt(s, i+1); (b == '\n' || b == '\r') && a != b {
						i += 2
					} else {
						i++
					}
				}
				i-- // the loop's i++ lands on the first content byte
			default:
				return nil, nil, &ParseError{Offset: i, Message: "Character '" + string(c) + "' is reserved and must be escaped with the preceding '\\'"}
			}
			o.begin = len(out)
			stack = append(stack, o)
			continue
		}
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch top.typ {
		case markupUnderline:
			i++
		case markupPre:
			i += 2
		case markupTextLink:
			var url string
			if markupAt(s, i+1) != '(' {
				// [text] without a URL links to its own text.
				url = string(out[top.begin:])
			} else {
				i += 2
				urlBegin := i
				var b []byte // only needed once an escape is seen
				for i < len(s) && s[i] != ')' {
					if next := markupAt(s, i+1); s[i] == '\\' && next > 0 && next <= 126 {
						if b == nil {
							b = append(make([]byte, 0, 64), s[urlBegin:i]...)
						}
						b = append(b, next)
						i += 2
						continue
					}
					if b != nil {
						b = append(b, s[i])
					}
					i++
				}
				if i >= len(s) {
					return nil, nil, &ParseError{Offset: urlBegin, Message: "Can't find end of a URL at byte offset " + strconv.Itoa(urlBegin)}
				}
				if b == nil {
					url = s[urlBegin:i]
				} else {
					url = string(b)
				}
			}
			if len(out) > top.begin {
				if sp, ok := markupLinkSpan(top.begin, len(out), url); ok {
					spans = append(spans, sp)
				}
			}
			continue
		}
		if len(out) > top.begin {
			spans = append(spans, markupSpan{typ: top.typ, start: top.begin, end: len(out), lang: top.lang})
		}
	}
	if len(stack) > 0 {
		top := stack[len(stack)-1]
		return nil, nil, &ParseError{Offset: top.byteOff, Message: "Can't find end of " + top.name + " entity at byte offset " + strconv.Itoa(top.byteOff)}
	}
	return out, spans, nil
}

// EscapeMarkdownV2 escapes s for use as plain text (or link text, or the
// text inside bold and the like) in MarkdownV2: every reserved character and
// the backslash get a preceding backslash.
func EscapeMarkdownV2(s string) string {
	return markupEscape(s, markupMDV2Reserved+"\\")
}

// EscapeMarkdownV2Code escapes s for use inside `code` or a ``` pre block in
// MarkdownV2, where only '`' and '\' are special.
func EscapeMarkdownV2Code(s string) string {
	return markupEscape(s, "`\\")
}

// EscapeMarkdownV2LinkURL escapes s for use inside the (...) part of a
// MarkdownV2 link, where only ')' and '\' are special.
func EscapeMarkdownV2LinkURL(s string) string {
	return markupEscape(s, ")\\")
}

// markupEscape puts a backslash before every byte of s found in special.
func markupEscape(s, special string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(special, s[i]) >= 0 {
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + n)
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(special, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// RenderMarkdownV2 turns plain text and entities into MarkdownV2 markup that
// ParseMarkdownV2 turns back into the same text and entities. The other
// renderers keep the same contract:
//
//   - entity types the server detects by itself from the text (mention,
//     hashtag, cashtag, bot_command, url, email, phone_number) are skipped,
//     so that a received message can be rendered back as it is;
//   - empty entities are dropped, fields that do not belong to a type (URL
//     on bold, say) are ignored, and forbidden nestings are resolved as the
//     parsers resolve them (see ParseFormatted), so the parse gives back the
//     entities in that normal form;
//   - what the markup cannot express is an error, not a silent change: an
//     unknown type, a range outside the text or inside a surrogate pair,
//     entities that overlap without one containing the other, a carriage
//     return in the text (every parser drops it), a text_link whose URL is
//     empty, has control characters or is itself a mention link, a
//     text_mention without a positive user id, and each mode's own limits
//     (here: a pre language with whitespace or '`').
//
// Mentions are written as tg://user?id=<id>. Where MarkdownV2 would read an
// italic marker followed by '_' as "__", a carriage return is put between
// them, which the parser drops.
func RenderMarkdownV2(text string, entities []TextEntity) (string, error) {
	spans, err := markupPrepare(text, entities)
	if err != nil {
		return "", err
	}
	for i := range spans {
		if sp := &spans[i]; sp.Type == markupPre && sp.Language != "" && !markupMDV2Lang(sp.Language) {
			return "", markupRenderErr(sp, "pre language %q cannot be written in Markdown (it has whitespace or a backtick)", sp.Language)
		}
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/8 + 8*len(spans))
	// An italic marker followed by '_' would be read as the start or end
	// of underline ("__" is always underline), so a CR goes between them;
	// the parser drops it from the text.
	afterItalic := false
	write := func(s string) {
		if s == "" {
			return
		}
		if afterItalic && s[0] == '_' {
			b.WriteByte('\r')
		}
		afterItalic = false
		b.WriteString(s)
	}
	markupWalk(text, spans,
		func(s string, in *markupRenderSpan) {
			if in != nil && markupIsCodeLike(in.Type) {
				write(EscapeMarkdownV2Code(s))
			} else {
				write(EscapeMarkdownV2(s))
			}
		},
		func(e *markupRenderSpan) {
			switch e.Type {
			case markupBold:
				write("*")
			case markupItalic:
				write("_")
				afterItalic = true
			case markupUnderline:
				write("__")
			case markupStrikethrough:
				write("~")
			case markupCode:
				write("`")
			case markupPre:
				// Always end the fence line so that the content is never
				// mistaken for a language, and so that a leading newline of
				// the content survives the one that is skipped.
				write("```" + e.Language + "\n")
			case markupTextLink, markupTextMention:
				write("[")
			}
		},
		func(e *markupRenderSpan) {
			switch e.Type {
			case markupBold:
				write("*")
			case markupItalic:
				write("_")
				afterItalic = true
			case markupUnderline:
				write("__")
			case markupStrikethrough:
				write("~")
			case markupCode:
				write("`")
			case markupPre:
				write("```")
			case markupTextLink:
				write("](" + EscapeMarkdownV2LinkURL(e.URL) + ")")
			case markupTextMention:
				write("](" + markupMentionURL(e.UserID) + ")")
			}
		})
	return b.String(), nil
}

// markupMDV2Lang reports whether a pre language survives the MarkdownV2 and
// legacy Markdown fence: it ends at whitespace or a backtick.
func markupMDV2Lang(lang string) bool {
	for i := 0; i < len(lang); i++ {
		if markupIsSpace(lang[i]) || lang[i] == '`' {
			return false
		}
	}
	return true
}
