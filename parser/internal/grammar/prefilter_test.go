package grammar

import "testing"

// GuardedExamples are strings each guarded pattern matches (the
// wordings the patterns were written for), in the case the parser gives
// them (most are matched against the lower-cased clause).
var GuardedExamples = []struct {
	Name string
	Re   Guarded
	S    []string
}{
	{"reBare", ReBare, []string{"1-100"}},
	{"reLength", ReLength, []string{"1-4096 characters after entities parsing", "0-64 bytes"}},
	{"reLengthLF", ReLengthLF, []string{"0-200 characters with at most 2 line feeds after entities parsing"}},
	{"reItems", ReItems, []string{"1-10 items"}},
	{"reItemCount", ReItemCount, []string{"must include 2-10 items", "a json-serialized list of 2-12 answer options"}},
	{"reUpToItems", ReUpToItems, []string{"up to 10 items"}},
	{"reUpToChars", ReUpToChars, []string{"up to 256 characters", "a caption (up to 256 characters)"}},
	{"reItemsEach", ReItemsEach, []string{"1-20 strings of 1-100 characters"}},
	{"reNumUnit", ReNumUnit, []string{"5-600 seconds", "0-360 degrees"}},
	{"reAhead", ReAhead, []string{"unix time 5-600 seconds ahead"}},
	{"reAtMost", ReAtMost, []string{"at most 5"}},
	{"reBits", ReBits, []string{"may exceed 32 bits", "up to 52 bits"}},
	{"reWideBits", ReWideBits, []string{"may have more than 32 significant bits", "has at most 52 significant bits"}},
	{"reDefault", ReDefault, []string{"default 100", "default 0 (no limit)"}},
	{"reDefaultsTo", ReDefaultsTo, []string{"Defaults to “all”", "defaults to 30"}},
	{"reBetween", ReBetween, []string{"values between 1-100 are accepted", "values between -5 and 5 are accepted"}},
	{"reJSON", ReJSON, []string{"json-serialized", "json list of ids"}},
	{"reAnJSON", ReAnJSON, []string{"a json-serialized object", "an json-serialized list"}},
	{"reFixedWord", ReFixedWord, []string{"always “private”", "must be quiz"}},
	{"reQuotedOrEnum", ReQuotedOrEnum, []string{"“quiz” or “regular”", "“a”, “b”, or “c”"}},
	{"reOneOf", ReOneOf, []string{"One of a, b, c", "one of x or y"}},
	{"reOrEnum", ReOrEnum, []string{"quiz or regular"}},
	{"reAlways", ReAlways, []string{"always 42", "always true"}},
	{"reNotWith", ReNotWith, []string{"not with close_date"}},
	{"reRequiredIf", ReRequiredIf, []string{"required for quiz"}},
	{"reCharset", ReCharset, []string{"only lowercase english letters, digits and underscores", "only digits", "1-64 characters, only A-Z, a-z, 0-9, _ and - are allowed", "Only characters A-Z and - are allowed", "Can contain only English letters", "using only a-z and 0-9", "may contain letters, digits and underscores", "must consist of uppercase letters and digits", "Allowed characters: a-z and -", "name, only A-Z"}},
	{"reMustBeBetween", ReMustBeBetween, []string{"must be between 1 and 360 if specified", "must be between -5 and 5"}},
	{"reAtMostCount", ReAtMostCount, []string{"at most 4 suggested tip amounts can be specified"}},
	{"reFuture", ReFuture, []string{"must be at least 5 and no more than 600 seconds in the future"}},
	{"reCantExceed", ReCantExceed, []string{"offset length can't exceed 64 bytes"}},
	{"reChooseOne", ReChooseOne, []string{"Choose one, depending on what comes: typing for text, upload_photo for photos"}},
	{"reShownAs", ReShownAs, []string{"Emoji: one of these, shown as dice U+1F3B2, darts U+1F3AF"}},
	{"reExclusive", ReExclusive, []string{"a, b and c are mutually exclusive"}},
	{"reExactlyOne", ReExactlyOne, []string{"Exactly one of a, b is present"}},
	{"reAttach", ReAttach, []string{"pass “attach://<file_attach_name>” to upload a new one", "uploaded using multipart/form-data, may be given as attach://<name>"}},
}

// TestPrefilterPassesEveryMatch: a guarded pattern's test must pass every
// string the pattern matches, or the prefilter would change what the
// parser reads. Each example is checked to be a real match first.
func TestPrefilterPassesEveryMatch(t *testing.T) {
	for _, g := range GuardedExamples {
		for _, s := range g.S {
			if !g.Re.Regexp.MatchString(s) {
				t.Errorf("%s: the example %q does not match the pattern itself", g.Name, s)
				continue
			}
			if !g.Re.May(s) || g.Re.FindStringSubmatch(s) == nil || !g.Re.MatchString(s) {
				t.Errorf("%s: the prefilter refuses %q, which the pattern matches", g.Name, s)
			}
		}
	}
}

// FuzzPrefilter checks the same on arbitrary strings.
func FuzzPrefilter(f *testing.F) {
	for _, g := range GuardedExamples {
		for _, s := range g.S {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range GuardedExamples {
			if g.Re.Regexp.MatchString(s) && !g.Re.May(s) {
				t.Errorf("%s: the prefilter refuses %q, which the pattern matches", g.Name, s)
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
		if !ReFactMarks.MatchString(s) {
			t.Errorf("%q: not a match of reFactMarks", s)
		}
		if !MayHaveMarks(s) {
			t.Errorf("%q: the prefilter skips a match", s)
		}
	}
}
