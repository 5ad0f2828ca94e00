package runtime

import (
	"strings"
	"testing"
)

// The counting shortcut of "after entity parsing" limits (validateUnchanged)
// must give what a parse gives (validateParsed) whenever it answers.

var validateModes = []string{"HTML", "MarkdownV2", "Markdown", "html", "MARKDOWN", "markdownV2"}

// checkUnchanged compares the shortcut with the parse for one text; it
// returns whether the shortcut answered.
func checkUnchanged(t *testing.T, mode, text string) bool {
	t.Helper()
	answered := false
	for _, unit := range []int{validateCharacters, validateBytes} {
		n, lf, ok := validateUnchanged(mode, text, unit)
		if !ok {
			continue
		}
		answered = true
		pn, plf, err := validateParsed(mode, text, unit)
		if err != nil {
			t.Fatalf("validateUnchanged(%s, %q) counted %d, but the text does not parse: %v", mode, text, n, err)
		}
		if n != pn || lf != plf {
			t.Fatalf("validateUnchanged(%s, %q, unit %d) = %d, %d line feeds; parsed: %d, %d", mode, text, unit, n, lf, pn, plf)
		}
	}
	return answered
}

// TestTextLengthShortcutAgreesWithParse: fragments that entity parsing
// leaves as written are counted without a parse, to the same result; any
// fragment with markup, an escape or a character reference goes to the
// parser.
func TestTextLengthShortcutAgreesWithParse(t *testing.T) {
	cases := []struct {
		mode, text string
		shortcut   bool
	}{
		{"HTML", "", true},
		{"HTML", "plain text, 2024-12-31. Reply /help!", true},
		{"HTML", "é😀\r\nline\r", true},
		{"HTML", "AT&T and a & b", true},
		{"HTML", "&nbsp; &copy; &LT; &ampx", true}, // no reference the parser decodes
		{"HTML", "&#0; &#xD800; &#1114111;", true},
		{"HTML", "a > b", true},
		{"HTML", "&amp;", false},
		{"HTML", "&amp", false},
		{"HTML", "&lt;b&gt;", false},
		{"HTML", "&quot", false},
		{"HTML", "&#10;", false},
		{"HTML", "&#x1F600;", false},
		{"HTML", "<b>x</b>", false},
		{"HTML", "a < b", false},
		{"HTML", "\xff", false},
		{"MarkdownV2", "plain text and spaces", true},
		{"MarkdownV2", "é😀\r\n", true},
		{"MarkdownV2", "a.b", false},
		{"MarkdownV2", "a\\.b", false},
		{"MarkdownV2", "a\\b", false},
		{"MarkdownV2", "*bold*", false},
		{"MarkdownV2", "1+1", false},
		{"Markdown", "2024-12-31. Reply /help! (a) ~b~ #c", true},
		{"Markdown", "a\\b \\\\ \\.", true}, // a backslash escapes only _ * ` [
		{"Markdown", "é😀\r\n", true},
		{"Markdown", "a\\_b", false},
		{"Markdown", "*bold*", false},
		{"Markdown", "snake_case", false},
		{"Markdown", "[x]", false},
		{"Markdown", "`c`", false},
		{"Markdown", "\xc3", false},
		{"Plain", "anything", false}, // a mode the parser does not know
		{"", "anything", false},
	}
	for _, c := range cases {
		if got := checkUnchanged(t, c.mode, c.text); got != c.shortcut {
			t.Errorf("validateUnchanged(%s, %q) answered %v, want %v", c.mode, c.text, got, c.shortcut)
		}
	}
}

// TestTextLengthShortcutAllocatesNothing: a text without markup is
// counted without an allocation, in every mode.
func TestTextLengthShortcutAllocatesNothing(t *testing.T) {
	text := strings.Repeat("Tom & Jerry, 2024-12-31 é😀\n", 20)
	for _, mode := range []string{"HTML", "Markdown"} {
		if n := testing.AllocsPerRun(50, func() { validatePlain(mode, text, validateCharacters) }); n != 0 {
			t.Errorf("%s: %v allocations", mode, n)
		}
	}
}

// FuzzTextLengthShortcut compares the shortcut with the parse on any text
// in every mode, and the validator's counts with ParseFormatted's text.
func FuzzTextLengthShortcut(f *testing.F) {
	for _, s := range []string{"", "a & b", "&amp;", "&#10;", "&#x1F600", "<b>x</b>", "a\\b", "a\\_b", "*x*", "é\r\n😀",
		"\xff", "&lt", "&#0;", "&#xD800;", "1+1=2.", "[a](b)", "`c`", "~s~", "||sp||", "snake_case"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, mode := range validateModes {
			checkUnchanged(t, mode, s)
			tfCheckPlain(t, mode, s)
		}
	})
}
