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
// It pays only for what the text needs: a text with no character that is
// markup in its mode parses to itself (less carriage returns), so it is
// counted as it is, with no parse and no allocation; any other text is
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

// validateMarkupChars are, per parse mode, the bytes that make its parser
// do anything but copy (carriage returns aside, which every mode drops).
func validateMarkupChars(mode string) (string, bool) {
	switch {
	case strings.EqualFold(mode, "HTML"):
		return "<&", true
	case strings.EqualFold(mode, "MarkdownV2"):
		return markupMDV2Reserved + "\\", true
	case strings.EqualFold(mode, "Markdown"):
		return "_*`[", true
	}
	return "", false
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
	chars, ok := validateMarkupChars(mode)
	if ok && !strings.ContainsAny(text, chars) && utf8.ValidString(text) {
		n = validateLen(text, unit)
		if cr := strings.Count(text, "\r"); cr > 0 {
			n -= cr
		}
		return n, strings.Count(text, "\n"), nil
	}
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
