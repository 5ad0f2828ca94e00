package parser

import (
	"regexp"
	"strings"
)

// guarded is a regular expression of the facts grammar with a cheap test
// that every string it matches passes (a literal the pattern requires, a
// first character). Most clauses of a parameter's description are prose
// that no pattern matches; running some thirty backtracking matches on
// each cost a third of the parser's time on the newest published page.
// The test only skips matches that cannot succeed, so the grammar is the
// patterns alone, for every layout (TestPrefilterPassesEveryMatch).
type guarded struct {
	*regexp.Regexp
	may func(s string) bool
}

func guard(pattern string, may func(string) bool) guarded {
	return guarded{regexp.MustCompile(pattern), may}
}

func (g guarded) MatchString(s string) bool {
	return g.may(s) && g.Regexp.MatchString(s)
}

func (g guarded) FindStringSubmatch(s string) []string {
	if !g.may(s) {
		return nil
	}
	return g.Regexp.FindStringSubmatch(s)
}

func (g guarded) FindStringSubmatchIndex(s string) []int {
	if !g.may(s) {
		return nil
	}
	return g.Regexp.FindStringSubmatchIndex(s)
}

// The tests, each necessary for its patterns' matches. \d is ASCII in Go's
// syntax; a case-insensitive pattern is tested on a first letter that has
// no other case folding than its ASCII pair (unlike k and s).
func digitFirst(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

func prefix(p string) func(string) bool {
	return func(s string) bool { return strings.HasPrefix(s, p) }
}

func contains(sub ...string) func(string) bool {
	return func(s string) bool {
		for _, x := range sub {
			if strings.Contains(s, x) {
				return true
			}
		}
		return false
	}
}

func suffix(p string) func(string) bool {
	return func(s string) bool { return strings.HasSuffix(s, p) }
}

// firstFold: s starts with the ASCII letter c in either case.
func firstFold(c byte) func(string) bool {
	return func(s string) bool { return s != "" && s[0]|0x20 == c }
}
