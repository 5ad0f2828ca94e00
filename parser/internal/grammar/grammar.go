package grammar

import (
	"regexp"
	"strings"
	"unicode"
)

// This file is the small grammar for the document's free text: lists of
// names with parenthesised notes ("latitude, longitude (Float, Required)"),
// clause lists inside the parentheses, and sentences. Everything here is
// pure string work; what the pieces mean is decided in facts.go.

// SplitTop splits s at sep where sep is outside parentheses and brackets.
func SplitTop(s string, sep byte) []string {
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

// SplitSentences splits at ". " (and a final ".") outside parentheses. A dot
// inside a word or number ("H.264", "4.7", "i.e.") does not end a sentence.
func SplitSentences(s string) []string {
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
			if IsAbbrevBefore(s[:i]) {
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

// IsAbbrevBefore reports whether the text before a dot ends with an
// abbreviation such as "i.e" or "e.g".
func IsAbbrevBefore(s string) bool {
	return strings.HasSuffix(s, "i.e") || strings.HasSuffix(s, "e.g") || strings.HasSuffix(s, " vs")
}

// ParenItem is "name (note)" or "name".
type ParenItem struct {
	Name  string
	Paren string // inside of the parentheses, "" when absent
	Has   bool   // parentheses present
}

var (
	IdentRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	ReAndOr = regexp.MustCompile(` (?:and|or) `)
)

// IsIdent reports whether s is a single identifier-like word.
func IsIdent(s string) bool { return IdentRe.MatchString(s) }

// ParseParenItem reads "name" or "name (inside)" or "Name (note) rest".
// rest is text after the closing parenthesis.
func ParseParenItem(s string) (it ParenItem, rest string) {
	s = strings.TrimSpace(s)
	open := strings.IndexByte(s, '(')
	if open < 0 {
		return ParenItem{Name: s}, ""
	}
	close := MatchParen(s, open)
	if close < 0 {
		return ParenItem{Name: s}, ""
	}
	return ParenItem{
		Name:  strings.TrimSpace(s[:open]),
		Paren: strings.TrimSpace(s[open+1 : close]),
		Has:   true,
	}, strings.TrimSpace(s[close+1:])
}

// MatchParen returns the index of the parenthesis closing the one at open.
func MatchParen(s string, open int) int {
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

// SplitItemList splits "a, b (x), c (y). Sentence. Sentence." into the
// comma-separated items before the first sentence break and the sentences
// after it.
func SplitItemList(s string) (items []string, sentences []string) {
	sent := SplitSentences(s)
	if len(sent) == 0 {
		return nil, nil
	}
	return SplitTop(sent[0], ','), sent[1:]
}

// SplitNameList splits "a, b and c" or "a, b, and c" or "a or b" into words.
func SplitNameList(s string) []string {
	var out []string
	for _, part := range SplitTop(s, ',') {
		part = strings.TrimSpace(part)
		part = strings.TrimPrefix(part, "and ")
		part = strings.TrimPrefix(part, "or ")
		for _, w := range ReAndOr.Split(part, -1) {
			if w = strings.TrimSpace(w); w != "" {
				out = append(out, w)
			}
		}
	}
	return out
}

// StartsUpper reports whether s begins with an upper-case letter.
func StartsUpper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}

// FirstWord returns s up to the first space.
func FirstWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// TrimMarker removes a leading "Required" / "Optional" marker sentence or
// clause from a notes cell and reports which it was.
func TrimMarker(s string) (rest string, marker string) {
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

// SplitTopWord splits at a word separator outside parentheses.
func SplitTopWord(s, sep string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth == 0 && strings.HasPrefix(s[i:], sep) {
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + len(sep)
			i += len(sep) - 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// JoinSentences joins two texts as sentences: the first, a heading's
// parenthesis ("content of a media message to send") or a sentence
// without its stop, is ended with one before the second.
func JoinSentences(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	if !strings.ContainsAny(a[len(a)-1:], ".!?:") {
		a += "."
	}
	return a + " " + b
}

// JoinText joins two texts with a space.
func JoinText(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}
