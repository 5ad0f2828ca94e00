package runtime

import (
	"strconv"
	"strings"
)

// ParseMarkdown parses legacy Markdown into plain text and entities.
//
// Markers: *bold*, _italic_, [text](url), `code` and ```lang\npre```.
// Entities cannot nest: everything up to the closing marker is literal text
// (so "*a _b_*" is bold "a _b_"), and there are no escapes inside an entity.
// Outside entities a backslash escapes _ * ` and [; a marker character inside
// an entity is written by closing the entity, escaping the character and
// reopening it: "*2*\**3*".
func ParseMarkdown(s string) (string, []TextEntity, error) {
	raw, spans, err := markupParseMarkdown(s, make([]byte, 0, len(s)), nil)
	if err != nil {
		return "", nil, err
	}
	text, ents := markupFinish(raw, spans)
	return text, ents, nil
}

// markupParseMarkdown is ParseMarkdown's single pass: the raw text and the
// entity spans, before markupFinish, in out and spans (reused from [:0]).
func markupParseMarkdown(s string, out []byte, spans []markupSpan) ([]byte, []markupSpan, error) {
	if err := markupCheckUTF8(s); err != nil {
		return nil, nil, err
	}
	at := func(i int) byte { return markupAt(s, i) }
	spans = spans[:0]
	out = out[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if n := at(i + 1); c == '\\' && (n == '_' || n == '*' || n == '`' || n == '[') {
			out = append(out, n)
			i++
			continue
		}
		if c != '_' && c != '*' && c != '`' && c != '[' {
			out = append(out, c)
			continue
		}
		beginPos := i
		endChar := c
		if c == '[' {
			endChar = ']'
		}
		i++
		isPre := false
		lang := ""
		if c == '`' && at(i) == '`' && at(i+1) == '`' {
			i += 2
			isPre = true
			le := i
			for !markupIsSpace(at(le)) && at(le) != '`' {
				le++
			}
			if le != i && le < len(s) && s[le] != '`' {
				lang = s[i:le]
				i = le
			}
			if a := at(i); a == '\n' || a == '\r' {
				if b := at(i + 1); (b == '\n' || b == '\r') && a != b {
					i += 2
				} else {
					i++
				}
			}
		}
		begin := len(out)
		for i < len(s) && (s[i] != endChar || isPre && !(at(i+1) == '`' && at(i+2) == '`')) {
			out = append(out, s[i])
			i++
		}
		if i >= len(s) {
			return nil, nil, &ParseError{Offset: beginPos, Message: "Can't find end of the entity starting at byte offset " + strconv.Itoa(beginPos)}
		}
		if len(out) > begin {
			sp := markupSpan{start: begin, end: len(out)}
			switch c {
			case '*':
				sp.typ = markupBold
			case '_':
				sp.typ = markupItalic
			case '`':
				sp.typ = markupCode
				if isPre {
					sp.typ, sp.lang = markupPre, lang
				}
			case '[':
				var url string
				if at(i+1) != '(' {
					// [text] without a URL links to its own text.
					url = s[beginPos+1 : i]
				} else {
					// The server reads the URL up to ')' or the end of
					// the text, without complaint if there is no ')'.
					i += 2
					urlBegin := i
					for i < len(s) && s[i] != ')' {
						i++
					}
					url = s[urlBegin:i]
				}
				var ok bool
				if sp, ok = markupLinkSpan(begin, len(out), url); !ok {
					sp.typ = ""
				}
			}
			if sp.typ != "" {
				spans = append(spans, sp)
			}
		}
		// An empty [](url) leaves "(url)" as text, as on the server.
		if isPre {
			i += 2
		}
	}
	return out, spans, nil
}

// EscapeMarkdown escapes s for use as plain text outside entities in legacy
// Markdown: _ * ` and [ get a preceding backslash. Text inside an entity
// cannot be escaped; close the entity around the character instead.
func EscapeMarkdown(s string) string {
	return markupEscape(s, "_*`[")
}

// RenderMarkdown turns plain text and entities into legacy Markdown that
// ParseMarkdown turns back into the same text and entities, under the
// contract described on RenderMarkdownV2. Carriage returns, which the parser
// drops, are used where markup would otherwise run together: after a plain
// backslash that precedes an entity, between backticks inside a pre block,
// and between a "[text]" link and a following '('.
//
// Legacy Markdown is limited and these are errors: entities that nest,
// underline and strikethrough, a bold containing '*', an italic containing
// '_', code containing '`', link text containing ']', a link URL containing
// ')' (unless the URL equals the link text, which "[text]" expresses), and a
// pre language with whitespace or '`'.
func RenderMarkdown(text string, entities []TextEntity) (string, error) {
	spans, err := markupPrepare(text, entities)
	if err != nil {
		return "", err
	}
	for i := 1; i < len(spans); i++ {
		if spans[i].start < spans[i-1].end {
			return "", markupRenderErr(&spans[i], "%s inside %s: legacy Markdown entities cannot nest", spans[i].Type, spans[i-1].Type)
		}
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/8 + 8*len(spans))
	pos := 0
	// A "[text]" link followed by '(' would read the '(' as the start of
	// its URL; a CR (dropped by the parser) separates them.
	parenPending := false
	plain := func(s string) {
		if s == "" {
			return
		}
		if parenPending && s[0] == '(' {
			b.WriteByte('\r')
		}
		parenPending = false
		b.WriteString(EscapeMarkdown(s))
	}
	for k := range spans {
		e := &spans[k]
		plain(text[pos:e.start])
		parenPending = false
		pos = e.end
		// A plain backslash right before a marker would escape it; a CR
		// between them keeps the backslash literal.
		if s := b.String(); len(s) > 0 && s[len(s)-1] == '\\' {
			b.WriteByte('\r')
		}
		content := text[e.start:e.end]
		bad := func(c byte) error {
			return markupRenderErr(e, "%s text %q contains %q, which legacy Markdown cannot express inside the entity", e.Type, content, c)
		}
		switch e.Type {
		case markupBold:
			if strings.IndexByte(content, '*') >= 0 {
				return "", bad('*')
			}
			b.WriteString("*" + content + "*")
		case markupItalic:
			if strings.IndexByte(content, '_') >= 0 {
				return "", bad('_')
			}
			b.WriteString("_" + content + "_")
		case markupCode:
			if strings.IndexByte(content, '`') >= 0 {
				return "", bad('`')
			}
			b.WriteString("`" + content + "`")
		case markupPre:
			if !markupMDV2Lang(e.Language) {
				return "", markupRenderErr(e, "pre language %q cannot be written in Markdown (it has whitespace or a backtick)", e.Language)
			}
			// The block ends at the first "```": a CR after every '`'
			// that is followed by another or ends the content breaks up
			// any such run inside it.
			b.WriteString("```" + e.Language + "\n")
			for j := 0; j < len(content); j++ {
				b.WriteByte(content[j])
				if content[j] == '`' && (j+1 == len(content) || content[j+1] == '`') {
					b.WriteByte('\r')
				}
			}
			b.WriteString("```")
		case markupTextLink, markupTextMention:
			if strings.IndexByte(content, ']') >= 0 {
				return "", bad(']')
			}
			url := e.URL
			if e.Type == markupTextMention {
				url = markupMentionURL(e.UserID)
			}
			switch {
			case strings.IndexByte(url, ')') < 0:
				b.WriteString("[" + content + "](" + url + ")")
			case url == content:
				b.WriteString("[" + content + "]")
				parenPending = true
			default:
				return "", markupRenderErr(e, "link URL %q contains ')', which legacy Markdown cannot express", url)
			}
		default:
			return "", markupRenderErr(e, "legacy Markdown has no %s entity", e.Type)
		}
	}
	plain(text[pos:])
	return b.String(), nil
}
