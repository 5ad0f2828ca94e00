package runtime

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseHTML parses the HTML parse mode into plain text and entities.
//
// Tags: b/strong, i/em, u/ins, s/strike/del, a href="..." (a link, or a
// mention for <scheme>://user?id=<id>), code, pre, and
// <pre><code class="language-NAME"> for a pre block with a language. Tag and
// attribute names are case-insensitive; attribute values may be quoted with '
// or " or be an unquoted name token (letters, digits, '.', '-'; lowercased).
// The entities &lt; &gt; &amp; &quot; and numeric &#NN; / &#xHH; are decoded
// (the ';' is optional, as on the server); any other '&' is literal, as is a
// '>' outside a tag, but a '<' always starts a tag.
func ParseHTML(s string) (string, []TextEntity, error) {
	raw, spans, err := markupParseHTML(s, make([]byte, 0, len(s)), nil)
	if err != nil {
		return "", nil, err
	}
	text, ents := markupFinish(raw, spans)
	return text, ents, nil
}

// markupParseHTML is ParseHTML's single pass: the raw text and the
// entity spans, before markupFinish, in out and spans (reused from [:0]).
func markupParseHTML(s string, out []byte, spans []markupSpan) ([]byte, []markupSpan, error) {
	if err := markupCheckUTF8(s); err != nil {
		return nil, nil, err
	}
	type open struct {
		tag     string
		arg     string // href of a, language of code
		byteOff int
		begin   int
	}
	fail := func(off int, msg string) ([]byte, []markupSpan, error) {
		return nil, nil, &ParseError{Offset: off, Message: msg}
	}
	at := func(i int) byte { return markupAt(s, i) }
	var stack []open
	spans = spans[:0]
	out = out[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '&' {
			if r, next := markupDecodeHTMLEntity(s, i); r != 0 {
				out = utf8.AppendRune(out, r)
				i = next - 1
				continue
			}
		}
		if c != '<' {
			out = append(out, c)
			continue
		}
		beginPos := i
		i++
		if at(i) != '/' {
			for !markupIsSpace(at(i)) && at(i) != '>' {
				i++
			}
			if at(i) == 0 {
				return fail(beginPos, "Unclosed start tag at byte offset "+strconv.Itoa(beginPos))
			}
			tag := markupLower(s[beginPos+1 : i])
			switch tag {
			case "a", "b", "strong", "i", "em", "s", "strike", "del", "u", "ins", "pre", "code":
			default:
				return fail(beginPos, "Unsupported start tag \""+tag+"\" at byte offset "+strconv.Itoa(beginPos))
			}
			arg := ""
			for at(i) != '>' {
				for at(i) != 0 && markupIsSpace(at(i)) {
					i++
				}
				if at(i) == '>' {
					break
				}
				attrBegin := i
				for !markupIsSpace(at(i)) && at(i) != '=' {
					i++
				}
				name := markupLower(s[attrBegin:i])
				if name == "" {
					return fail(beginPos, "Empty attribute name in the tag \""+tag+"\" at byte offset "+strconv.Itoa(beginPos))
				}
				for at(i) != 0 && markupIsSpace(at(i)) {
					i++
				}
				if at(i) != '=' {
					return fail(beginPos, "Expected equal sign in declaration of an attribute of the tag \""+tag+"\" at byte offset "+strconv.Itoa(beginPos))
				}
				i++
				for at(i) != 0 && markupIsSpace(at(i)) {
					i++
				}
				if at(i) == 0 {
					return fail(beginPos, "Unclosed start tag \""+tag+"\" at byte offset "+strconv.Itoa(beginPos))
				}
				var value string
				if q := at(i); q != '\'' && q != '"' {
					// An unquoted value is an SGML name token.
					tokenBegin := i
					for markupIsAlnum(at(i)) || at(i) == '.' || at(i) == '-' {
						i++
					}
					value = markupLower(s[tokenBegin:i])
					if !markupIsSpace(at(i)) && at(i) != '>' {
						return fail(tokenBegin, "Unexpected end of name token at byte offset "+strconv.Itoa(tokenBegin))
					}
				} else {
					i++
					var b []byte
					for at(i) != q && at(i) != 0 {
						if at(i) == '&' {
							if r, next := markupDecodeHTMLEntity(s, i); r != 0 {
								b = utf8.AppendRune(b, r)
								i = next
								continue
							}
						}
						b = append(b, s[i])
						i++
					}
					if at(i) == q {
						i++
					}
					value = string(b)
				}
				if at(i) == 0 {
					return fail(beginPos, "Unclosed start tag at byte offset "+strconv.Itoa(beginPos))
				}
				if tag == "a" && name == "href" {
					arg = value
				} else if tag == "code" && name == "class" && strings.HasPrefix(value, "language-") {
					arg = value[len("language-"):]
				}
			}
			stack = append(stack, open{tag: tag, arg: arg, byteOff: beginPos, begin: len(out)})
			continue
		}
		if len(stack) == 0 {
			return fail(beginPos, "Unexpected end tag at byte offset "+strconv.Itoa(beginPos))
		}
		for !markupIsSpace(at(i)) && at(i) != '>' {
			i++
		}
		endTag := markupLower(s[beginPos+2 : i])
		for at(i) != 0 && markupIsSpace(at(i)) {
			i++
		}
		if at(i) != '>' {
			return fail(beginPos, "Unclosed end tag at byte offset "+strconv.Itoa(beginPos))
		}
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if endTag != "" && endTag != top.tag {
			return fail(beginPos, "Unmatched end tag at byte offset "+strconv.Itoa(beginPos)+", expected \"</"+top.tag+">\", found \"</"+endTag+">\"")
		}
		if len(out) == top.begin {
			continue
		}
		sp := markupSpan{start: top.begin, end: len(out)}
		switch top.tag {
		case "b", "strong":
			sp.typ = markupBold
		case "i", "em":
			sp.typ = markupItalic
		case "u", "ins":
			sp.typ = markupUnderline
		case "s", "strike", "del":
			sp.typ = markupStrikethrough
		case "code":
			sp.typ, sp.lang = markupCode, top.arg
		case "pre":
			// <pre><code class="language-x">...</code></pre>: the code
			// entity just closed covers exactly the pre block and turns
			// into a pre with a language.
			if n := len(spans); n > 0 && spans[n-1].typ == markupCode && spans[n-1].start == sp.start &&
				spans[n-1].end == sp.end && spans[n-1].lang != "" {
				spans[n-1].typ = markupPre
				continue
			}
			sp.typ = markupPre
		case "a":
			url := top.arg
			if url == "" {
				// <a> without href links to its own text.
				url = string(out[top.begin:])
			}
			var ok bool
			if sp, ok = markupLinkSpan(top.begin, len(out), url); !ok {
				continue
			}
		}
		spans = append(spans, sp)
	}
	if len(stack) > 0 {
		top := stack[len(stack)-1]
		return fail(top.byteOff, "Can't find end tag corresponding to start tag \""+top.tag+"\"")
	}
	// A language class only means something on the code inside a pre.
	for k := range spans {
		if spans[k].typ == markupCode {
			spans[k].lang = ""
		}
	}
	return out, spans, nil
}

// markupDecodeHTMLEntity decodes the character reference at s[pos] ('&') as
// the reference server does: &lt; &gt; &amp; &quot; and decimal or (lowercase
// x) hexadecimal numeric references, the ';' being optional. It returns 0 if
// there is none (the '&' is then literal) and otherwise the character and the
// index after the reference. Code point 0, surrogates, U+10FFFF and above,
// and over-long references are not references.
func markupDecodeHTMLEntity(s string, pos int) (rune, int) {
	end := pos + 1
	var res uint32
	if markupAt(s, pos+1) == '#' {
		end++
		if markupAt(s, pos+2) == 'x' {
			end++
			for {
				c := markupAt(s, end)
				var d uint32
				switch {
				case c >= '0' && c <= '9':
					d = uint32(c - '0')
				case c >= 'a' && c <= 'f':
					d = uint32(c-'a') + 10
				case c >= 'A' && c <= 'F':
					d = uint32(c-'A') + 10
				default:
					d = 16
				}
				if d == 16 {
					break
				}
				if res < 0x110000 {
					res = res*16 + d
				}
				end++
			}
		} else {
			for c := markupAt(s, end); c >= '0' && c <= '9'; c = markupAt(s, end) {
				if res < 0x110000 {
					res = res*10 + uint32(c-'0')
				}
				end++
			}
		}
		if res == 0 || res >= 0x10FFFF || end-pos >= 10 || res >= 0xD800 && res <= 0xDFFF {
			return 0, pos
		}
	} else {
		for c := markupAt(s, end); c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'; c = markupAt(s, end) {
			end++
		}
		switch s[pos+1 : end] {
		case "lt":
			res = '<'
		case "gt":
			res = '>'
		case "amp":
			res = '&'
		case "quot":
			res = '"'
		default:
			return 0, pos
		}
	}
	if markupAt(s, end) == ';' {
		end++
	}
	return rune(res), end
}

// markupLower lowercases ASCII letters only: tag and attribute names are
// ASCII, and a full Unicode lowercasing could change byte lengths.
func markupLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func markupIsAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// EscapeHTML escapes s for the HTML parse mode, in text and in quoted
// attribute values alike: & < > and " become &amp; &lt; &gt; &quot;.
func EscapeHTML(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '&', '<', '>', '"':
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 5*n)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// RenderHTML turns plain text and entities into HTML markup that ParseHTML
// turns back into the same text and entities, under the contract described
// on RenderMarkdownV2. A pre block with a language is written as
// <pre><code class="language-NAME">.
func RenderHTML(text string, entities []TextEntity) (string, error) {
	spans, err := markupPrepare(text, entities)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/8 + 16*len(spans))
	markupWalk(text, spans,
		func(s string, _ *markupRenderSpan) { b.WriteString(EscapeHTML(s)) },
		func(e *markupRenderSpan) {
			switch e.Type {
			case markupBold:
				b.WriteString("<b>")
			case markupItalic:
				b.WriteString("<i>")
			case markupUnderline:
				b.WriteString("<u>")
			case markupStrikethrough:
				b.WriteString("<s>")
			case markupCode:
				b.WriteString("<code>")
			case markupPre:
				if e.Language == "" {
					b.WriteString("<pre>")
				} else {
					b.WriteString(`<pre><code class="language-` + EscapeHTML(e.Language) + `">`)
				}
			case markupTextLink:
				b.WriteString(`<a href="` + EscapeHTML(e.URL) + `">`)
			case markupTextMention:
				b.WriteString(`<a href="` + markupMentionURL(e.UserID) + `">`)
			}
		},
		func(e *markupRenderSpan) {
			switch e.Type {
			case markupBold:
				b.WriteString("</b>")
			case markupItalic:
				b.WriteString("</i>")
			case markupUnderline:
				b.WriteString("</u>")
			case markupStrikethrough:
				b.WriteString("</s>")
			case markupCode:
				b.WriteString("</code>")
			case markupPre:
				if e.Language == "" {
					b.WriteString("</pre>")
				} else {
					b.WriteString("</code></pre>")
				}
			case markupTextLink, markupTextMention:
				b.WriteString("</a>")
			}
		})
	return b.String(), nil
}
