package support

// Runtime of "after entity parsing" limits: the validator parses a text's
// markup with the formatting parser before counting. Owned by the validate
// backend, and emitted only when some constraint of the schema needs it.

import "strings"

// formatted checks a text whose limits apply after entity parsing. mode is
// the paired parse mode ("" when unset or unknown: the text is counted as
// it is); markup that does not parse is reported instead of the lengths.
func (s *validateState) formatted(at *validatePath, field, text, mode string, min, max, unit, maxLineFeeds int) {
	if mode == "" {
		s.text(at, field, text, min, max, unit, maxLineFeeds)
		return
	}
	plain, _, err := ParseFormatted(mode, text)
	if err != nil {
		s.add(at, field, err.Error()+" (parse mode "+mode+")")
		return
	}
	if min != validateNoLimit || max != validateNoLimit {
		s.count(at, field, validateLen(plain, unit), min, max, unit, true)
	}
	if maxLineFeeds != validateNoLimit {
		s.count(at, field, strings.Count(plain, "\n"), validateNoLimit, maxLineFeeds, validateLineFeeds, true)
	}
}
