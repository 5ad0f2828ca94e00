package parser

import "testing"

// guardedExamples are strings each guarded pattern matches (the
// wordings the patterns were written for), in the case the parser gives
// them (most are matched against the lower-cased clause).
var guardedExamples = []struct {
	name string
	re   guarded
	s    []string
}{
	{"reBare", reBare, []string{"1-100"}},
	{"reLength", reLength, []string{"1-4096 characters after entities parsing", "0-64 bytes"}},
	{"reLengthLF", reLengthLF, []string{"0-200 characters with at most 2 line feeds after entities parsing"}},
	{"reItems", reItems, []string{"1-10 items"}},
	{"reItemCount", reItemCount, []string{"must include 2-10 items", "a json-serialized list of 2-12 answer options"}},
	{"reUpToItems", reUpToItems, []string{"up to 10 items"}},
	{"reUpToChars", reUpToChars, []string{"up to 256 characters", "a caption (up to 256 characters)"}},
	{"reItemsEach", reItemsEach, []string{"1-20 strings of 1-100 characters"}},
	{"reNumUnit", reNumUnit, []string{"5-600 seconds", "0-360 degrees"}},
	{"reAhead", reAhead, []string{"unix time 5-600 seconds ahead"}},
	{"reAtMost", reAtMost, []string{"at most 5"}},
	{"reBits", reBits, []string{"may exceed 32 bits", "up to 52 bits"}},
	{"reWideBits", reWideBits, []string{"may have more than 32 significant bits", "has at most 52 significant bits"}},
	{"reDefault", reDefault, []string{"default 100", "default 0 (no limit)"}},
	{"reDefaultsTo", reDefaultsTo, []string{"Defaults to “all”", "defaults to 30"}},
	{"reBetween", reBetween, []string{"values between 1-100 are accepted", "values between -5 and 5 are accepted"}},
	{"reJSON", reJSON, []string{"json-serialized", "json list of ids"}},
	{"reAnJSON", reAnJSON, []string{"a json-serialized object", "an json-serialized list"}},
	{"reFixedWord", reFixedWord, []string{"always “private”", "must be quiz"}},
	{"reQuotedOrEnum", reQuotedOrEnum, []string{"“quiz” or “regular”", "“a”, “b”, or “c”"}},
	{"reOneOf", reOneOf, []string{"One of a, b, c", "one of x or y"}},
	{"reOrEnum", reOrEnum, []string{"quiz or regular"}},
	{"reAlways", reAlways, []string{"always 42", "always true"}},
	{"reNotWith", reNotWith, []string{"not with close_date"}},
	{"reRequiredIf", reRequiredIf, []string{"required for quiz"}},
	{"reCharset", reCharset, []string{"only lowercase english letters, digits and underscores", "only digits", "1-64 characters, only A-Z, a-z, 0-9, _ and - are allowed", "Only characters A-Z and - are allowed", "Can contain only English letters"}},
	{"reMustBeBetween", reMustBeBetween, []string{"must be between 1 and 360 if specified", "must be between -5 and 5"}},
	{"reAtMostCount", reAtMostCount, []string{"at most 4 suggested tip amounts can be specified"}},
	{"reFuture", reFuture, []string{"must be at least 5 and no more than 600 seconds in the future"}},
	{"reCantExceed", reCantExceed, []string{"offset length can't exceed 64 bytes"}},
	{"reChooseOne", reChooseOne, []string{"Choose one, depending on what comes: typing for text, upload_photo for photos"}},
	{"reShownAs", reShownAs, []string{"Emoji: one of these, shown as dice U+1F3B2, darts U+1F3AF"}},
	{"reExclusive", reExclusive, []string{"a, b and c are mutually exclusive"}},
	{"reExactlyOne", reExactlyOne, []string{"Exactly one of a, b is present"}},
	{"reAttach", reAttach, []string{"pass “attach://<file_attach_name>” to upload a new one", "uploaded using multipart/form-data, may be given as attach://<name>"}},
}

// TestPrefilterPassesEveryMatch: a guarded pattern's test must pass every
// string the pattern matches, or the prefilter would change what the
// parser reads. Each example is checked to be a real match first.
func TestPrefilterPassesEveryMatch(t *testing.T) {
	for _, g := range guardedExamples {
		for _, s := range g.s {
			if !g.re.Regexp.MatchString(s) {
				t.Errorf("%s: the example %q does not match the pattern itself", g.name, s)
				continue
			}
			if !g.re.may(s) || g.re.FindStringSubmatch(s) == nil || !g.re.MatchString(s) {
				t.Errorf("%s: the prefilter refuses %q, which the pattern matches", g.name, s)
			}
		}
	}
}

// FuzzPrefilter checks the same on arbitrary strings.
func FuzzPrefilter(f *testing.F) {
	for _, g := range guardedExamples {
		for _, s := range g.s {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range guardedExamples {
			if g.re.Regexp.MatchString(s) && !g.re.may(s) {
				t.Errorf("%s: the prefilter refuses %q, which the pattern matches", g.name, s)
			}
		}
	})
}

// TestMarksPrefilterPassesEveryMatch: mayHaveMarks passes every sentence
// reFactMarks matches, so the prefilter never hides an unread sentence.
func TestMarksPrefilterPassesEveryMatch(t *testing.T) {
	for _, s := range []string{
		"The photo must be at most 10 MB in size", "Exactly one of a or b", "At most one item",
		"At least one of them", "Must be unique", "x, must be set", "Required if a is set",
		"Optional if b is present", "a and b are mutually exclusive", "up to 5 items", "1-64 Bytes",
	} {
		if !reFactMarks.MatchString(s) {
			t.Errorf("%q: not a match of reFactMarks", s)
		}
		if !mayHaveMarks(s) {
			t.Errorf("%q: the prefilter skips a match", s)
		}
	}
}
