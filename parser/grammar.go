package parser

import (
	"regexp"
	"strings"
	"unicode"
)

// This file is the small grammar for the document's free text: lists of
// names with parenthesised notes ("latitude, longitude (Float, Required)"),
// clause lists inside the parentheses, and sentences. Everything here is
// pure string work; what the pieces mean is decided in facts.go.

// splitTop splits s at sep where sep is outside parentheses and brackets.
func splitTop(s string, sep byte) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			}
		case sep:
			if depth == 0 {
				parts = append(parts, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(parts, strings.TrimSpace(s[start:]))
}

// splitSentences splits at ". " (and a final ".") outside parentheses. A dot
// inside a word or number ("H.264", "4.7", "i.e.") does not end a sentence.
func splitSentences(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			}
		case '.':
			if depth != 0 {
				continue
			}
			end := i+1 == len(s)
			if !end && s[i+1] != ' ' {
				continue
			}
			if isAbbrevBefore(s[:i]) {
				continue
			}
			if part := strings.TrimSpace(s[start:i]); part != "" {
				out = append(out, part)
			}
			start = i + 1
		}
	}
	if part := strings.TrimSpace(s[start:]); part != "" {
		out = append(out, part)
	}
	return out
}

// isAbbrevBefore reports whether the text before a dot ends with an
// abbreviation such as "i.e" or "e.g".
func isAbbrevBefore(s string) bool {
	return strings.HasSuffix(s, "i.e") || strings.HasSuffix(s, "e.g") || strings.HasSuffix(s, " vs")
}

// parenItem is "name (note)" or "name".
type parenItem struct {
	name  string
	paren string // inside of the parentheses, "" when absent
	has   bool   // parentheses present
}

var (
	identRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	reAndOr = regexp.MustCompile(` (?:and|or) `)
)

// isIdent reports whether s is a single identifier-like word.
func isIdent(s string) bool { return identRe.MatchString(s) }

// parseParenItem reads "name" or "name (inside)" or "Name (note) rest".
// rest is text after the closing parenthesis.
func parseParenItem(s string) (it parenItem, rest string) {
	s = strings.TrimSpace(s)
	open := strings.IndexByte(s, '(')
	if open < 0 {
		return parenItem{name: s}, ""
	}
	close := matchParen(s, open)
	if close < 0 {
		return parenItem{name: s}, ""
	}
	return parenItem{
		name:  strings.TrimSpace(s[:open]),
		paren: strings.TrimSpace(s[open+1 : close]),
		has:   true,
	}, strings.TrimSpace(s[close+1:])
}

// matchParen returns the index of the parenthesis closing the one at open.
func matchParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// splitItemList splits "a, b (x), c (y). Sentence. Sentence." into the
// comma-separated items before the first sentence break and the sentences
// after it.
func splitItemList(s string) (items []string, sentences []string) {
	sent := splitSentences(s)
	if len(sent) == 0 {
		return nil, nil
	}
	return splitTop(sent[0], ','), sent[1:]
}

// splitNameList splits "a, b and c" or "a, b, and c" or "a or b" into words.
func splitNameList(s string) []string {
	var out []string
	for _, part := range splitTop(s, ',') {
		part = strings.TrimSpace(part)
		part = strings.TrimPrefix(part, "and ")
		part = strings.TrimPrefix(part, "or ")
		for _, w := range reAndOr.Split(part, -1) {
			if w = strings.TrimSpace(w); w != "" {
				out = append(out, w)
			}
		}
	}
	return out
}

// startsUpper reports whether s begins with an upper-case letter.
func startsUpper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}

// firstWord returns s up to the first space.
func firstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// trimMarker removes a leading "Required" / "Optional" marker sentence or
// clause from a notes cell and reports which it was.
func trimMarker(s string) (rest string, marker string) {
	for _, m := range []string{"Required", "Optional"} {
		if strings.HasPrefix(s, m) {
			r := strings.TrimPrefix(s, m)
			if r == "" || r[0] == '.' || r[0] == ';' || r[0] == ',' {
				r = strings.TrimLeft(r, ".;, ")
				return r, m
			}
		}
	}
	return s, ""
}
