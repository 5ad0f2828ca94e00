package grammar

import (
	"regexp"
	"strings"
)

// Guarded is a regular expression of the facts grammar with a cheap test
// that every string it matches passes (a literal the pattern requires, a
// first character). Most clauses of a parameter's description are prose
// that no pattern matches; running some thirty backtracking matches on
// each cost a third of the parser's time on the newest published page.
// The test only skips matches that cannot succeed, so the grammar is the
// patterns alone, for every layout (TestPrefilterPassesEveryMatch).
type Guarded struct {
	*regexp.Regexp
	May func(s string) bool
}

func Guard(pattern string, may func(string) bool) Guarded {
	return Guarded{regexp.MustCompile(pattern), may}
}

func (g Guarded) MatchString(s string) bool {
	return g.May(s) && g.Regexp.MatchString(s)
}

func (g Guarded) FindStringSubmatch(s string) []string {
	if !g.May(s) {
		return nil
	}
	return g.Regexp.FindStringSubmatch(s)
}

func (g Guarded) FindStringSubmatchIndex(s string) []int {
	if !g.May(s) {
		return nil
	}
	return g.Regexp.FindStringSubmatchIndex(s)
}

// The tests, each necessary for its patterns' matches. \d is ASCII in Go's
// syntax; a case-insensitive pattern is tested on a first letter that has
// no other case folding than its ASCII pair (unlike k and s).
func DigitFirst(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

func Prefix(p string) func(string) bool {
	return func(s string) bool { return strings.HasPrefix(s, p) }
}

func Contains(sub ...string) func(string) bool {
	return func(s string) bool {
		for _, x := range sub {
			if strings.Contains(s, x) {
				return true
			}
		}
		return false
	}
}

func Suffix(p string) func(string) bool {
	return func(s string) bool { return strings.HasSuffix(s, p) }
}

// FirstFold: s starts with the ASCII letter c in either case.
func FirstFold(c byte) func(string) bool {
	return func(s string) bool { return s != "" && s[0]|0x20 == c }
}
