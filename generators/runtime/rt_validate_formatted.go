package runtime

// Runtime of "after entity parsing" limits: the validator parses a text's
// markup with the formatting parser before counting. Owned by the validate
// backend, and emitted only when some constraint of the schema needs it.

import (
	"bytes"
	"strings"
	"sync"
	"unicode/utf8"
)

// formatted checks a text whose limits apply after entity parsing. mode is
// the paired parse mode ("" when unset or unknown: the text is counted as
// it is); markup that does not parse is reported instead of the lengths.
//
// It pays only for what the text needs: a text that parses to itself (less
// carriage returns), having no markup in its mode, is counted in one pass,
// with no parse and no allocation (validateUnchanged); any other text is
// parsed once, for the markup check and the exact counts together, without
// building the text or its entities.
func (s *validateState) formatted(at *validatePath, field, text, mode string, min, max, unit, maxLineFeeds int) {
	if mode == "" {
		s.text(at, field, text, min, max, unit, maxLineFeeds)
		return
	}
	n, lf, err := validatePlain(mode, text, unit)
	if err != nil {
		s.add(at, field, err.Error()+" (parse mode "+mode+")")
		return
	}
	if min != validateNoLimit || max != validateNoLimit {
		s.count(at, field, n, min, max, unit, true)
	}
	if maxLineFeeds != validateNoLimit {
		s.count(at, field, lf, validateNoLimit, maxLineFeeds, validateLineFeeds, true)
	}
}

// validateMarkupHTML, validateMarkupMarkdownV2 and validateMarkupMarkdown
// are, per parse mode, the ASCII bytes that may make its parser do anything
// but copy (carriage returns aside, which every mode drops). HTML: '<'
// opens a tag, '&' may begin a character reference. MarkdownV2: every
// reserved character is an entity marker or an error when unescaped, and a
// backslash escapes any ASCII character. Markdown: '_', '*', '`' and '['
// are markers; a backslash escapes only these, so before anything else it
// is text.
var (
	validateMarkupHTML       = validateByteSet("<&")
	validateMarkupMarkdownV2 = validateByteSet(markupMDV2Reserved + "\\")
	validateMarkupMarkdown   = validateByteSet("_*`[")
)

func validateByteSet(chars string) (set [utf8.RuneSelf]bool) {
	for i := 0; i < len(chars); i++ {
		set[chars[i]] = true
	}
	return set
}

// validateUnchanged counts text in one pass when entity parsing in mode
// gives it back unchanged but for its carriage returns: valid UTF-8 with
// no markup byte of the mode, except, in HTML, an '&' that begins no
// character reference the parser decodes ("AT&T", "a & b", "&nbsp;" stay
// as written). ok is false when the text needs the parser, or the mode is
// none the parser knows.
func validateUnchanged(mode, text string, unit int) (n, lineFeeds int, ok bool) {
	var markup *[utf8.RuneSelf]bool
	html := false
	switch {
	case strings.EqualFold(mode, "HTML"):
		markup, html = &validateMarkupHTML, true
	case strings.EqualFold(mode, "MarkdownV2"):
		markup = &validateMarkupMarkdownV2
	case strings.EqualFold(mode, "Markdown"):
		markup = &validateMarkupMarkdown
	default:
		return 0, 0, false
	}
	chars, cr := 0, 0
	for i := 0; i < len(text); {
		c := text[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(text[i:])
			if r == utf8.RuneError && size == 1 {
				return 0, 0, false
			}
			chars++
			i += size
			continue
		}
		if markup[c] {
			if !html || c != '&' {
				return 0, 0, false
			}
			if r, _ := markupDecodeHTMLEntity(text, i); r != 0 {
				return 0, 0, false
			}
		}
		switch c {
		case '\n':
			lineFeeds++
		case '\r':
			cr++
		}
		chars++
		i++
	}
	if unit == validateBytes {
		return len(text) - cr, lineFeeds, true
	}
	return chars - cr, lineFeeds, true
}

// validateBufs are the parser's buffers, reused across validations.
type validateBufs struct {
	out   []byte
	spans []markupSpan
}

var validateBufPool = sync.Pool{New: func() any { return new(validateBufs) }}

// validatePlain returns the length in unit and the number of line feeds of
// the text that ParseFormatted(mode, text) gives, or its error.
func validatePlain(mode, text string, unit int) (n, lineFeeds int, err error) {
	if n, lineFeeds, ok := validateUnchanged(mode, text, unit); ok {
		return n, lineFeeds, nil
	}
	return validateParsed(mode, text, unit)
}

// validateParsed is validatePlain by a parse of the markup that builds
// neither the text nor its entities.
func validateParsed(mode, text string, unit int) (n, lineFeeds int, err error) {
	var parse func(string, []byte, []markupSpan) ([]byte, []markupSpan, error)
	switch {
	case strings.EqualFold(mode, "HTML"):
		parse = markupParseHTML
	case strings.EqualFold(mode, "MarkdownV2"):
		parse = markupParseMarkdownV2
	case strings.EqualFold(mode, "Markdown"):
		parse = markupParseMarkdown
	default:
		// Invalid UTF-8 in no mode at all, or a mode the parser does not
		// know: let ParseFormatted word the error.
		plain, _, err := ParseFormatted(mode, text)
		if err != nil {
			return 0, 0, err
		}
		return validateLen(plain, unit), strings.Count(plain, "\n"), nil
	}
	bp := validateBufPool.Get().(*validateBufs)
	defer func() {
		if cap(bp.out) <= 64<<10 && cap(bp.spans) <= 1024 {
			validateBufPool.Put(bp)
		}
	}()
	raw, spans, err := parse(text, bp.out, bp.spans)
	bp.out, bp.spans = raw[:0], spans[:0]
	if err != nil {
		return 0, 0, err
	}
	// The parsed text is valid UTF-8; markupFinish would only drop its
	// carriage returns.
	cr := bytes.Count(raw, []byte{'\r'})
	if unit == validateBytes {
		n = len(raw) - cr
	} else {
		n = utf8.RuneCount(raw) - cr
	}
	return n, bytes.Count(raw, []byte{'\n'}), nil
}
