package naming

import (
	"fmt"
	"strings"
	"unicode"
)

// runeNames spell the runes a wire name without letters or digits is made
// of, and the punctuation a qualifier spells. A literal table,
// like the escapes, so that a reader sees every spelling; any other rune is
// "U" and its code point in hexadecimal ("😀" -> "U1F600").
var runeNames = map[rune]string{
	' ': "Space", '_': "Underscore", '-': "Minus", '+': "Plus", '.': "Dot",
	',': "Comma", ':': "Colon", ';': "Semicolon", '!': "Exclamation",
	'?': "Question", '*': "Star", '/': "Slash", '\\': "Backslash",
	'#': "Hash", '@': "At", '&': "And", '%': "Percent", '$': "Dollar",
	'=': "Equals", '<': "Less", '>': "Greater", '~': "Tilde", '^': "Caret",
	'|': "Bar", '\'': "Quote", '"': "DoubleQuote", '`': "Backquote",
	'(': "LeftParen", ')': "RightParen", '[': "LeftBracket",
	']': "RightBracket", '{': "LeftBrace", '}': "RightBrace",
}

// runeName is the spelling of one rune that is no letter or digit.
func runeName(r rune) string {
	if n, ok := runeNames[r]; ok {
		return n
	}
	return fmt.Sprintf("U%04X", r)
}

// spell spells a wire name that has no letter or digit, one word per rune
// ("Empty" for the empty name). Invalid UTF-8 decodes as U+FFFD.
func spell(wire string) []string {
	if wire == "" {
		return []string{"Empty"}
	}
	var words []string
	for _, r := range wire {
		words = append(words, runeName(r))
	}
	return words
}

// qualifier is what a name that must be told apart from another one adds
// after its plain spelling (rule 3 of the package documentation): derived
// from the wire name alone, so that it never depends on what else the
// document declares. It is the case of the wire name's letters ("Lower"
// when all are lower-case, "Upper" when all are upper-case, "Mixed" when
// both occur, nothing without cased letters), followed by each rune that
// is neither a letter nor a digit, spelt: "a" -> "Lower", "A" -> "Upper",
// "chat_id" -> "LowerUnderscore", "+1" -> "Plus", "1" -> "". A wire name
// without letters or digits is spelt in full already: its qualifier is "".
func qualifier(wire string) string {
	if len(Words(wire)) == 0 {
		return ""
	}
	var lower, upper bool
	var marks strings.Builder
	for _, r := range wire {
		switch {
		case unicode.IsLower(r):
			lower = true
		case unicode.IsUpper(r) || unicode.IsTitle(r):
			upper = true
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		default:
			marks.WriteString(runeName(r))
		}
	}
	q := ""
	switch {
	case lower && upper:
		q = "Mixed"
	case lower:
		q = "Lower"
	case upper:
		q = "Upper"
	}
	return q + marks.String()
}
