package runtime

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
	"unicode"
)

func reasons(s *validateState) []string {
	var out []string
	for _, p := range s.problems {
		out = append(out, p.String())
	}
	return out
}

func wantProblems(t *testing.T, s *validateState, want ...string) {
	t.Helper()
	got := reasons(s)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n  got  %q\n  want %q", got, want)
	}
}

func TestValidationErrorText(t *testing.T) {
	var s validateState
	if s.err() != nil {
		t.Fatal("no problems must give a nil error")
	}
	root := validatePath{name: "reply_markup"}
	rows := validatePath{parent: &root, name: "inline_keyboard"}
	r0 := validatePath{parent: &rows, index: 0}
	b1 := validatePath{parent: &r0, index: 1}
	s.add(&b1, "callback_data", "65 bytes, at most 64")
	s.add(nil, "", "none given")
	s.add(&b1, "", "whole button")
	list := validatePath{name: "media"}
	item := validatePath{parent: &list, index: 3}
	s.add(&item, "", "required, not set")
	err := s.err()
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 4 {
		t.Fatalf("err = %#v", err)
	}
	want := "reply_markup.inline_keyboard[0][1].callback_data: 65 bytes, at most 64; none given; reply_markup.inline_keyboard[0][1]: whole button; media[3]: required, not set"
	if err.Error() != want {
		t.Errorf("Error() =\n  %s\nwant\n  %s", err, want)
	}
	if ve.Problems[1].Path != "" || ve.Problems[0].Path != "reply_markup.inline_keyboard[0][1].callback_data" {
		t.Errorf("paths: %+v", ve.Problems)
	}
}

func TestCountWording(t *testing.T) {
	var s validateState
	s.count(nil, "a", 1, 2, 10, validateItems, false)
	s.count(nil, "b", 11, 2, 10, validateItems, false)
	s.count(nil, "c", 2, 2, 10, validateItems, false)
	s.count(nil, "d", 10, 2, 10, validateItems, false)
	s.count(nil, "e", 1, 0, 0, validateCharacters, true)
	s.count(nil, "f", 101, validateNoLimit, 100, validateItems, false)
	s.count(nil, "g", 0, validateNoLimit, validateNoLimit, validateItems, false)
	s.count(nil, "h", 3, validateNoLimit, 2, validateLineFeeds, true)
	s.count(nil, "i", 1, validateNoLimit, 0, validateLineFeeds, false)
	wantProblems(t, &s,
		"a: 1 item, at least 2",
		"b: 11 items, at most 10",
		"e: 1 character after entity parsing, at most 0",
		"f: 101 items, at most 100",
		"h: 3 line feeds after entity parsing, at most 2",
		"i: 1 line feed, at most 0",
	)
}

func TestTextUnits(t *testing.T) {
	var s validateState
	s.text(nil, "chars", "héllo😀", 0, 6, validateCharacters, validateNoLimit)   // 6 code points
	s.text(nil, "chars2", "héllo😀!", 0, 6, validateCharacters, validateNoLimit) // 7
	s.text(nil, "bytes", "é", 0, 1, validateBytes, validateNoLimit)             // 2 bytes
	s.text(nil, "lf", "a\nb\nc", validateNoLimit, validateNoLimit, validateCharacters, 2)
	s.text(nil, "lf2", "a\nb\nc\n", validateNoLimit, validateNoLimit, validateCharacters, 2)
	s.text(nil, "bad", "\xff\xfe", 0, 2, validateCharacters, validateNoLimit) // invalid bytes count one each
	wantProblems(t, &s,
		"chars2: 7 characters, at most 6",
		"bytes: 2 bytes, at most 1",
		"lf2: 3 line feeds, at most 2",
	)
}

func TestFormatted(t *testing.T) {
	var s validateState
	s.formatted(nil, "a", "*bold*", "MarkdownV2", 1, 4, validateCharacters, validateNoLimit)
	s.formatted(nil, "b", "*bold*", "", 1, 4, validateCharacters, validateNoLimit)
	s.formatted(nil, "c", "<b>x", "HTML", 0, 10, validateCharacters, validateNoLimit)
	s.formatted(nil, "d", "<b>a\nb</b>\n<i>c</i>", "HTML", validateNoLimit, validateNoLimit, validateCharacters, 1)
	s.formatted(nil, "e", "&lt;&gt;", "HTML", 0, 2, validateBytes, validateNoLimit)
	wantProblems(t, &s,
		"b: 6 characters, at most 4",
		`c: can't parse entities: Can't find end tag corresponding to start tag "b" (parse mode HTML)`,
		"d: 2 line feeds after entity parsing, at most 1",
	)
}

func TestRanges(t *testing.T) {
	var s validateState
	s.rangeInt(nil, "a", 1, 1, 100)
	s.rangeInt(nil, "b", 100, 1, 100)
	s.rangeInt(nil, "c", 0, 1, 100)
	s.rangeInt(nil, "d", 101, 1, 100)
	s.rangeInt(nil, "e", math.MinInt64, validateNoMinInt, 5)
	s.rangeInt(nil, "f", math.MaxInt64, 5, validateNoMaxInt)
	s.rangeFloat(nil, "g", 0, 0, 1500)
	s.rangeFloat(nil, "h", -0.001, 0, 1500)
	s.rangeFloat(nil, "i", math.NaN(), validateNoMinFloat, validateNoMaxFloat)
	s.rangeFloat(nil, "j", math.Inf(1), validateNoMinFloat, validateNoMaxFloat)
	wantProblems(t, &s,
		"c: 0, at least 1",
		"d: 101, at most 100",
		"h: -0.001, at least 0",
		"i: NaN, want a finite number",
		"j: +Inf, want a finite number",
	)
}

func TestAhead(t *testing.T) {
	defer func(old func() time.Time) { ValidationNow = old }(ValidationNow)
	ValidationNow = func() time.Time { return time.Unix(1000, 0) }
	var s validateState
	for _, x := range []int64{1005, 1600} {
		s.ahead(nil, "ok", x, 5, 600)
	}
	s.ahead(nil, "a", 1004, 5, 600)
	s.ahead(nil, "b", 1601, 5, 600)
	s.ahead(nil, "c", 1001, 5, 600)
	s.ahead(nil, "d", 990, 5, 600)
	wantProblems(t, &s,
		"a: 1004 is 4 seconds ahead of now, at least 5 seconds ahead",
		"b: 1601 is 601 seconds ahead of now, at most 600 seconds ahead",
		"c: 1001 is 1 second ahead of now, at least 5 seconds ahead",
		"d: 990 is 10 seconds in the past, at least 5 seconds ahead",
	)
}

// members pairs names with flags, for the rule checks.
func members(names []string, set ...bool) []validateMember {
	ms := make([]validateMember, len(names))
	for i, n := range names {
		ms[i] = validateMember{n, set[i]}
	}
	return ms
}

func TestFieldRules(t *testing.T) {
	names := []string{"a", "b", "c"}
	var s validateState
	s.fields(nil, validateAtMostOne, members(names, false, false, false))
	s.fields(nil, validateAtMostOne, members(names, false, true, false))
	s.fields(nil, validateAtMostOne, members(names, true, false, true))
	s.fields(nil, validateExactlyOne, members(names, false, false, true))
	s.fields(nil, validateExactlyOne, members(names, false, false, false))
	s.fields(nil, validateExactlyOne, members(names, true, true, true))
	wantProblems(t, &s,
		"a, c are all set, at most one of a, b, c may be",
		"none of a, b, c is set, exactly one must be",
		"a, b, c are all set, exactly one of a, b, c may be",
	)
}

// TestExactlyOneOfEmptyStrings: a client counts every set member; a server
// does not count a member set to "" beside a non-empty one.
func TestExactlyOneOfEmptyStrings(t *testing.T) {
	choices := []validateChoice{{"url", true, false}, {"pay", false, false}, {"query", true, true}}
	var client, server validateState
	server.emptyNotChoice = true
	client.exactlyOneOf(nil, choices)
	server.exactlyOneOf(nil, choices)
	wantProblems(t, &client, "url, query are all set, exactly one of url, pay, query may be")
	wantProblems(t, &server)
	bothEmpty := []validateChoice{{"url", true, true}, {"pay", false, false}, {"query", true, true}}
	server.exactlyOneOf(nil, bothEmpty)
	wantProblems(t, &server, "url, query are all set, exactly one of url, pay, query may be")
}

func TestOneOf(t *testing.T) {
	groups := func(set ...bool) [][]validateMember {
		return [][]validateMember{{{"chat_id", set[0]}, {"message_id", set[1]}}, {{"inline_id", set[2]}}}
	}
	var s validateState
	s.oneOf(nil, groups(true, true, false))
	s.oneOf(nil, groups(false, false, true))
	s.oneOf(nil, groups(false, false, false))
	s.oneOf(nil, groups(false, true, false))
	s.oneOf(nil, groups(true, false, true))
	wantProblems(t, &s,
		"none given, want chat_id with message_id, or inline_id",
		"chat_id: required with chat_id with message_id (want chat_id with message_id, or inline_id)",
		"chat_id, inline_id are all set, want only chat_id with message_id, or inline_id",
	)
}

func TestMiscReasons(t *testing.T) {
	var s validateState
	s.enum(nil, "mode", strings.Repeat("x", 41), "A, B")
	s.enum(nil, "mode", "ok\"", "A, B")
	s.fixed(nil, "type", "photo", "photo")
	s.fixed(nil, "type", "video", "photo")
	s.pattern(nil, "cmd", "Go", "^[a-z]*$", "")
	s.uploadOnly(nil, "photo")
	s.unknownTag(nil, "", "type", "sticker", "photo, video")
	s.sameKind(nil, "media", 0, "audio", 2, "photo", "audio, document")
	wantProblems(t, &s,
		`mode: unknown value "`+strings.Repeat("x", 37)+`"..., want one of A, B`,
		`mode: unknown value "ok\"", want one of A, B`,
		`type: "video", must be "photo"`,
		`cmd: "Go" does not match ^[a-z]*$`,
		"photo: must be an uploaded file (Upload), not a file_id or URL",
		`unknown type "sticker", want one of photo, video`,
		"media: items [0] (audio) and [2] (photo) cannot be in one group: audio, document items may only be grouped with items of their own kind",
	)
}

func TestEmoji(t *testing.T) {
	for _, r := range "😀🎲🎯🏀⚽🎰👍🏻🇫🇷✅❌⭐⌚☕🤖🫠🪐\u20e3\ufe0f" {
		if !validateIsEmoji(r) {
			t.Errorf("%q (U+%04X) should be an emoji", r, r)
		}
	}
	for _, r := range "aZ09_ -é©®™‼ℹ№★☀✔♥☺→↔▶◀中文ßΩ\u200d\u3000" {
		if validateIsEmoji(r) {
			t.Errorf("%q (U+%04X) should not be an emoji", r, r)
		}
	}
	// The table is well formed: sorted, non-overlapping, stride 1.
	last := rune(-1)
	for _, r := range validateEmojiTable.R16 {
		if rune(r.Lo) <= last || r.Hi < r.Lo || r.Stride != 1 {
			t.Fatalf("bad R16 range %+v", r)
		}
		last = rune(r.Hi)
	}
	for _, r := range validateEmojiTable.R32 {
		if rune(r.Lo) <= last || r.Hi < r.Lo || r.Stride != 1 {
			t.Fatalf("bad R32 range %+v", r)
		}
		last = rune(r.Hi)
	}
	if unicode.Is(validateEmojiTable, 'a') {
		t.Fatal("table matches ASCII")
	}
	var s validateState
	s.noEmoji(nil, "t", "Boss")
	s.noEmoji(nil, "t", "a😀b🎲")
	s.noEmoji(nil, "t", "☀\ufe0f")
	s.noEmoji(nil, "t", "\ufe0f")
	wantProblems(t, &s,
		`t: emoji "😀" (U+1F600) at character 2, emoji are not allowed`,
		`t: emoji "☀️" (U+2600) at character 1, emoji are not allowed`,
		`t: emoji "️" (U+FE0F) at character 1, emoji are not allowed`,
	)
}

// TestNoAllocationWhenValid: helpers only allocate to report a problem.
func TestNoAllocationWhenValid(t *testing.T) {
	var s validateState
	p := validatePath{name: "x"}
	n := testing.AllocsPerRun(100, func() {
		s.text(&p, "t", "héllo", 1, 10, validateCharacters, 2)
		s.count(&p, "l", 3, 2, 10, validateItems, false)
		s.rangeInt(&p, "r", 5, 1, 10)
		s.rangeFloat(&p, "f", 5, 1, 10)
		s.noEmoji(&p, "e", "plain text ★")
		s.fields(&p, validateExactlyOne, []validateMember{{"a", true}, {"b", false}})
		s.oneOf(&p, [][]validateMember{{{"a", false}}, {{"b", true}}})
		s.exactlyOneOf(&p, []validateChoice{{"a", true, true}, {"b", false, false}})
		s.fixed(&p, "k", "a", "a")
	})
	if n != 0 || len(s.problems) != 0 {
		t.Errorf("%v allocations, problems %v", n, reasons(&s))
	}
}
