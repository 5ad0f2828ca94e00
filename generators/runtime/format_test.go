package runtime

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// Table tests for the parse_mode parsers, renderers and escape helpers. Every
// rule of the spec's "Text formatting (parse_mode)" section has a case; the
// expected error messages are the reference server's.

type tfCase struct {
	name string
	in   string
	text string
	ents []TextEntity
	err  string // full Error() text; empty for success
}

func tfE(typ string, off, n int) TextEntity { return TextEntity{Type: typ, Offset: off, Length: n} }
func tfLink(off, n int, url string) TextEntity {
	return TextEntity{Type: "text_link", Offset: off, Length: n, URL: url}
}
func tfMention(off, n int, id int64) TextEntity {
	return TextEntity{Type: "text_mention", Offset: off, Length: n, UserID: id}
}
func tfPre(off, n int, lang string) TextEntity {
	return TextEntity{Type: "pre", Offset: off, Length: n, Language: lang}
}

var tfMarkdownV2Cases = []tfCase{
	// Markers.
	{name: "bold", in: "*bold*", text: "bold", ents: []TextEntity{tfE("bold", 0, 4)}},
	{name: "italic", in: "_italic_", text: "italic", ents: []TextEntity{tfE("italic", 0, 6)}},
	{name: "underline", in: "__underline__", text: "underline", ents: []TextEntity{tfE("underline", 0, 9)}},
	{name: "strikethrough", in: "~strike~", text: "strike", ents: []TextEntity{tfE("strikethrough", 0, 6)}},
	{name: "code", in: "a `code` b", text: "a code b", ents: []TextEntity{tfE("code", 2, 4)}},
	{name: "pre", in: "```\npre\n```", text: "pre\n", ents: []TextEntity{tfPre(0, 4, "")}},
	{name: "pre with language", in: "```go\nfmt.Println()\n```", text: "fmt.Println()\n", ents: []TextEntity{tfPre(0, 14, "go")}},
	{name: "pre word without newline is content", in: "```go```", text: "go", ents: []TextEntity{tfPre(0, 2, "")}},
	{name: "pre language ends at space", in: "```go code```", text: " code", ents: []TextEntity{tfPre(0, 5, "go")}},
	{name: "pre skips one CRLF", in: "```\r\n\nx```", text: "\nx", ents: []TextEntity{tfPre(0, 2, "")}},
	{name: "link", in: "[link](http://example.com/)", text: "link", ents: []TextEntity{tfLink(0, 4, "http://example.com/")}},
	{name: "link without url uses text", in: "[example\\.com]", text: "example.com", ents: []TextEntity{tfLink(0, 11, "example.com")}},
	{name: "link with empty url dropped", in: "[a]()", text: "a"},
	{name: "link with control char dropped", in: "[a](http://a\nb)", text: "a"},
	{name: "mention by id", in: "[Jane](tg://user?id=123456789)", text: "Jane", ents: []TextEntity{tfMention(0, 4, 123456789)}},
	{name: "mention any scheme", in: "[x](myapp://user?id=42)", text: "x", ents: []TextEntity{tfMention(0, 1, 42)}},
	{name: "mention case and extras", in: "[x](APP:USER/?a=b&id=7#f)", text: "x", ents: []TextEntity{tfMention(0, 1, 7)}},
	{name: "mention big id", in: "[x](tg://user?id=4503599627370495)", text: "x", ents: []TextEntity{tfMention(0, 1, 4503599627370495)}},
	{name: "mention id zero is a link", in: "[x](tg://user?id=0)", text: "x", ents: []TextEntity{tfLink(0, 1, "tg://user?id=0")}},
	{name: "http user host is a link", in: "[x](http://user?id=5)", text: "x", ents: []TextEntity{tfLink(0, 1, "http://user?id=5")}},

	// Nesting allowed.
	{name: "four splittables nested", in: "*bold _italic __underline ~strike~__ it_ b*", text: "bold italic underline strike it b",
		ents: []TextEntity{tfE("bold", 0, 33), tfE("italic", 5, 26), tfE("underline", 12, 16), tfE("strikethrough", 22, 6)}},
	{name: "bold inside link", in: "[*bold link*](http://a.b)", text: "bold link",
		ents: []TextEntity{tfLink(0, 9, "http://a.b"), tfE("bold", 0, 9)}},
	{name: "link inside bold", in: "*[link](http://a.b) x*", text: "link x",
		ents: []TextEntity{tfE("bold", 0, 6), tfLink(0, 4, "http://a.b")}},
	{name: "code inside bold is split out", in: "*a `b` c*", text: "a b c",
		ents: []TextEntity{tfE("bold", 0, 2), tfE("code", 2, 1), tfE("bold", 3, 2)}},
	{name: "pre inside italic is split out", in: "_x```\ny```z_", text: "xyz",
		ents: []TextEntity{tfE("italic", 0, 1), tfPre(1, 1, ""), tfE("italic", 2, 1)}},
	{name: "bold around code only", in: "*`c`*", text: "c", ents: []TextEntity{tfE("code", 0, 1)}},
	{name: "adjacent bolds stay apart", in: "*ab**cd*", text: "abcd", ents: []TextEntity{tfE("bold", 0, 2), tfE("bold", 2, 2)}},

	// Nesting forbidden.
	{name: "link inside link dropped", in: "[a [b](http://b.c) c](http://a.c)", text: "a b c", ents: []TextEntity{tfLink(0, 5, "http://a.c")}},
	{name: "code inside link dropped", in: "[x `c`](http://a.b)", text: "x c", ents: []TextEntity{tfLink(0, 3, "http://a.b")}},
	{name: "code same range as link wins", in: "[`c`](http://a.b)", text: "c", ents: []TextEntity{tfE("code", 0, 1)}},
	{name: "code inside pre dropped", in: "```\na`b`c```", text: "abc", ents: []TextEntity{tfPre(0, 3, "")}},
	{name: "markers are literal in code", in: "`*a* _b_ [c](d)`", text: "*a* _b_ [c](d)", ents: []TextEntity{tfE("code", 0, 14)}},
	{name: "markers are literal in pre", in: "```\n*a* ~b~\n```", text: "*a* ~b~\n", ents: []TextEntity{tfPre(0, 8, "")}},

	// Escapes.
	{name: "escaped reserved", in: "\\_\\*\\[\\]\\(\\)\\~\\`\\>\\#\\+\\-\\=\\|\\{\\}\\.\\!\\\\", text: "_*[]()~`>#+-=|{}.!\\"},
	{name: "escape any ascii", in: "\\a\\1", text: "a1"},
	{name: "backslash before non-ascii is literal", in: "\\é", text: "\\é"},
	{name: "trailing backslash is literal", in: "a\\", text: "a\\"},
	{name: "escapes in code", in: "`a\\`b\\\\c`", text: "a`b\\c", ents: []TextEntity{tfE("code", 0, 5)}},
	{name: "escapes in pre", in: "```\n\\`\\`\\`\\\\\n```", text: "```\\\n", ents: []TextEntity{tfPre(0, 5, "")}},
	{name: "escapes in link url", in: "[l](http://a.b/x\\)y\\\\z)", text: "l", ents: []TextEntity{tfLink(0, 1, "http://a.b/x)y\\z")}},
	{name: "reserved chars are literal in url", in: "[l](http://a.b/?q=1&r=[2]_*)", text: "l", ents: []TextEntity{tfLink(0, 1, "http://a.b/?q=1&r=[2]_*")}},

	// The __ rule and the carriage-return trick.
	{name: "italic then underline via CR", in: "___italic underline_\r__", text: "italic underline",
		ents: []TextEntity{tfE("italic", 0, 16), tfE("underline", 0, 16)}},
	{name: "triple underscore is underline then italic", in: "___a___", err: "can't parse entities: Can't find end of Italic entity at byte offset 6"},
	{name: "double underscore inside italic is underline", in: "_a__b__c_", text: "abc", ents: []TextEntity{tfE("italic", 0, 3), tfE("underline", 1, 1)}},
	{name: "adjacent italic and underline via CR", in: "_a_\r__b__", text: "ab", ents: []TextEntity{tfE("italic", 0, 1), tfE("underline", 1, 1)}},
	{name: "CR dropped everywhere", in: "a\r\nb *c\r*", text: "a\nb c", ents: []TextEntity{tfE("bold", 4, 1)}},
	{name: "entity of only CR is empty", in: "*\r*", text: ""},

	// UTF-16 offsets.
	{name: "non-BMP offsets", in: "👍🏽 *𝄞x* _y_", text: "👍🏽 𝄞x y", ents: []TextEntity{tfE("bold", 5, 3), tfE("italic", 9, 1)}},
	{name: "non-BMP link", in: "[𝄞](http://a.b) x", text: "𝄞 x", ents: []TextEntity{tfLink(0, 2, "http://a.b")}},

	// Empty entities.
	{name: "empty bold dropped", in: "a**b", text: "ab"},
	{name: "empty underline dropped", in: "a____b", text: "ab"},
	{name: "empty input", in: "", text: ""},

	// Errors.
	{name: "reserved dot", in: "a.b", err: "can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'"},
	{name: "reserved paren", in: "(x)", err: "can't parse entities: Character '(' is reserved and must be escaped with the preceding '\\'"},
	{name: "reserved close bracket", in: "a]", err: "can't parse entities: Character ']' is reserved and must be escaped with the preceding '\\'"},
	{name: "reserved in link text", in: "[a.b](http://a.b)", err: "can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'"},
	{name: "unclosed bold", in: "hello*world", err: "can't parse entities: Can't find end of Bold entity at byte offset 5"},
	{name: "unclosed underline", in: "x __y", err: "can't parse entities: Can't find end of Underline entity at byte offset 2"},
	{name: "unclosed strike", in: "~y", err: "can't parse entities: Can't find end of Strikethrough entity at byte offset 0"},
	{name: "unclosed code", in: "ab`y", err: "can't parse entities: Can't find end of Code entity at byte offset 2"},
	{name: "unclosed pre", in: "```\ny", err: "can't parse entities: Can't find end of Pre entity at byte offset 0"},
	{name: "unclosed pre with language", in: "```go\ny", err: "can't parse entities: Can't find end of PreCode entity at byte offset 0"},
	{name: "unclosed link", in: "[a", err: "can't parse entities: Can't find end of TextUrl entity at byte offset 0"},
	{name: "unclosed url", in: "[a](http://x", err: "can't parse entities: Can't find end of a URL at byte offset 4"},
	{name: "star inside italic opens a nested bold", in: "*a _b*", err: "can't parse entities: Can't find end of Bold entity at byte offset 5"},
	{name: "invalid utf8", in: "a\xffb", err: "can't parse entities: Text must be encoded in UTF-8"},
}

var tfHTMLCases = []tfCase{
	// Tags.
	{name: "all tags", in: "<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><strike>k</strike><del>d</del>",
		text: "bsieunskd", ents: []TextEntity{tfE("bold", 0, 1), tfE("bold", 1, 1), tfE("italic", 2, 1), tfE("italic", 3, 1),
			tfE("underline", 4, 1), tfE("underline", 5, 1), tfE("strikethrough", 6, 1), tfE("strikethrough", 7, 1), tfE("strikethrough", 8, 1)}},
	{name: "case-insensitive tags", in: "<B>x</b><STRONG>y</Strong>", text: "xy", ents: []TextEntity{tfE("bold", 0, 1), tfE("bold", 1, 1)}},
	{name: "spaces in tags", in: "<b >x</b >", text: "x", ents: []TextEntity{tfE("bold", 0, 1)}},
	{name: "empty end tag closes top", in: "<b>x</>", text: "x", ents: []TextEntity{tfE("bold", 0, 1)}},
	{name: "code", in: "<code>c</code>", text: "c", ents: []TextEntity{tfE("code", 0, 1)}},
	{name: "pre", in: "<pre>p\n</pre>", text: "p\n", ents: []TextEntity{tfPre(0, 2, "")}},
	{name: "pre with language", in: `<pre><code class="language-go">x := 1</code></pre>`, text: "x := 1", ents: []TextEntity{tfPre(0, 6, "go")}},
	{name: "pre with code no language", in: "<pre><code>c</code></pre>", text: "c", ents: []TextEntity{tfPre(0, 1, "")}},
	{name: "language class outside pre ignored", in: `<code class="language-go">c</code>`, text: "c", ents: []TextEntity{tfE("code", 0, 1)}},
	{name: "code not covering pre is dropped", in: `<pre> <code class="language-go">c</code></pre>`, text: " c", ents: []TextEntity{tfPre(0, 2, "")}},
	{name: "link double quotes", in: `<a href="http://a.b/?x=1&amp;y=2">l</a>`, text: "l", ents: []TextEntity{tfLink(0, 1, "http://a.b/?x=1&y=2")}},
	{name: "link single quotes", in: `<a href='http://a.b/"'>l</a>`, text: "l", ents: []TextEntity{tfLink(0, 1, `http://a.b/"`)}},
	{name: "link unquoted lowercased", in: `<A HREF=Example.COM>l</A>`, text: "l", ents: []TextEntity{tfLink(0, 1, "example.com")}},
	{name: "link other attributes", in: `<a title="t" href = "http://a.b">l</a>`, text: "l", ents: []TextEntity{tfLink(0, 1, "http://a.b")}},
	{name: "link without href uses text", in: `<a>http://a.b</a>`, text: "http://a.b", ents: []TextEntity{tfLink(0, 10, "http://a.b")}},
	{name: "mention", in: `<a href="tg://user?id=123">m</a>`, text: "m", ents: []TextEntity{tfMention(0, 1, 123)}},
	{name: "mention any scheme", in: `<a href="app://user?id=9">m</a>`, text: "m", ents: []TextEntity{tfMention(0, 1, 9)}},

	// Character references.
	{name: "named entities", in: "&lt;&gt;&amp;&quot;", text: `<>&"`},
	{name: "numeric entities", in: "&#33;&#x1F44D;&#X41;", text: "!👍&#X41;"},
	{name: "semicolon optional", in: "&lt&gt x&gtx", text: "<> x&gtx"},
	{name: "unknown entity literal", in: "&nbsp; a & b > c", text: "&nbsp; a & b > c"},
	{name: "bad numeric entities literal", in: "&#0;&#xD800;&#1114111;&#12345678;", text: "&#0;&#xD800;&#1114111;&#12345678;"},
	{name: "entity offsets", in: "&#x1F44D;<b>x</b>&lt;<i>y</i>", text: "👍x<y", ents: []TextEntity{tfE("bold", 2, 1), tfE("italic", 4, 1)}},

	// Nesting.
	{name: "splittables nested", in: "<b><i><u><s>x</s></u></i></b>", text: "x",
		ents: []TextEntity{tfE("bold", 0, 1), tfE("italic", 0, 1), tfE("underline", 0, 1), tfE("strikethrough", 0, 1)}},
	{name: "bold in link", in: `<a href="http://a.b"><b>x</b>y</a>`, text: "xy", ents: []TextEntity{tfLink(0, 2, "http://a.b"), tfE("bold", 0, 1)}},
	{name: "bold in bold dropped", in: "<b>a<i>b<b>c</b></i></b>", text: "abc", ents: []TextEntity{tfE("bold", 0, 3), tfE("italic", 1, 2)}},
	{name: "bold in code dropped", in: "<code><b>x</b>y</code>", text: "xy", ents: []TextEntity{tfE("code", 0, 2)}},
	{name: "link in pre dropped", in: `<pre><a href="http://a.b">x</a>y</pre>`, text: "xy", ents: []TextEntity{tfPre(0, 2, "")}},
	{name: "code in bold split", in: "<b>a<code>b</code>c</b>", text: "abc", ents: []TextEntity{tfE("bold", 0, 1), tfE("code", 1, 1), tfE("bold", 2, 1)}},
	{name: "code in bold in italic split", in: "<i>a<b>b<code>c</code>d</b>e</i>", text: "abcde",
		ents: []TextEntity{tfE("italic", 0, 2), tfE("bold", 1, 1), tfE("code", 2, 1), tfE("italic", 3, 2), tfE("bold", 3, 1)}},
	{name: "link in link dropped", in: `<a href="http://a.b"><a href="http://c.d">x</a>y</a>`, text: "xy", ents: []TextEntity{tfLink(0, 2, "http://a.b")}},
	{name: "code in link dropped", in: `<a href="http://a.b"><code>x</code>y</a>`, text: "xy", ents: []TextEntity{tfLink(0, 2, "http://a.b")}},
	{name: "CR dropped", in: "<b>a\r</b>&#13;b", text: "ab", ents: []TextEntity{tfE("bold", 0, 1)}},
	{name: "empty tags dropped", in: "<b></b><a href=\"http://a.b\"></a>x", text: "x"},

	// Errors.
	{name: "unsupported tag", in: "<span>x</span>", err: `can't parse entities: Unsupported start tag "span" at byte offset 0`},
	{name: "bare less-than", in: "a < b", err: `can't parse entities: Unsupported start tag "" at byte offset 2`},
	{name: "unclosed element", in: "<b>x", err: `can't parse entities: Can't find end tag corresponding to start tag "b"`},
	{name: "unexpected end tag", in: "x</b>", err: "can't parse entities: Unexpected end tag at byte offset 1"},
	{name: "unmatched end tag", in: "<b><i>x</b></i>", err: `can't parse entities: Unmatched end tag at byte offset 7, expected "</i>", found "</b>"`},
	{name: "unclosed start tag", in: "<b", err: "can't parse entities: Unclosed start tag at byte offset 0"},
	{name: "unclosed end tag", in: "<b>x</b", err: "can't parse entities: Unclosed end tag at byte offset 4"},
	{name: "bad unquoted value", in: "<a href=http://x>y</a>", err: "can't parse entities: Unexpected end of name token at byte offset 8"},
	{name: "attribute without value", in: "<a href>x</a>", err: `can't parse entities: Expected equal sign in declaration of an attribute of the tag "a" at byte offset 0`},
	{name: "empty attribute name", in: "<a =x>", err: `can't parse entities: Empty attribute name in the tag "a" at byte offset 0`},
	{name: "value missing at end", in: "<a href=", err: `can't parse entities: Unclosed start tag "a" at byte offset 0`},
	{name: "unterminated quote", in: `<a href="x`, err: "can't parse entities: Unclosed start tag at byte offset 0"},
}

var tfMarkdownCases = []tfCase{
	{name: "markers", in: "*bold* _italic_ `code` [link](http://a.b)", text: "bold italic code link",
		ents: []TextEntity{tfE("bold", 0, 4), tfE("italic", 5, 6), tfE("code", 12, 4), tfLink(17, 4, "http://a.b")}},
	{name: "pre", in: "```\nx\n```", text: "x\n", ents: []TextEntity{tfPre(0, 2, "")}},
	{name: "pre with language", in: "```go\nx```", text: "x", ents: []TextEntity{tfPre(0, 1, "go")}},
	{name: "pre keeps single backticks", in: "```\na`b``c```", text: "a`b``c", ents: []TextEntity{tfPre(0, 6, "")}},
	{name: "no nesting", in: "*a _b_ c*", text: "a _b_ c", ents: []TextEntity{tfE("bold", 0, 7)}},
	{name: "no nesting in link text", in: "[*x*](http://a.b)", text: "*x*", ents: []TextEntity{tfLink(0, 3, "http://a.b")}},
	{name: "escapes outside", in: "\\*not\\* \\_x\\_ \\` \\[", text: "*not* _x_ ` ["},
	{name: "other backslashes literal", in: "\\a \\] \\\\", text: "\\a \\] \\\\"},
	{name: "escape by reopen", in: "*2*\\**3*", text: "2*3", ents: []TextEntity{tfE("bold", 0, 1), tfE("bold", 2, 1)}},
	{name: "no escapes inside", in: "*a\\*", text: "a\\", ents: []TextEntity{tfE("bold", 0, 2)}},
	{name: "underline and strike are not markers", in: "~x~ __", text: "~x~ "},
	{name: "mention", in: "[m](tg://user?id=7)", text: "m", ents: []TextEntity{tfMention(0, 1, 7)}},
	{name: "link without url uses text", in: "[http://a.b] x", text: "http://a.b x", ents: []TextEntity{tfLink(0, 10, "http://a.b")}},
	{name: "url runs to end", in: "[a](http://a.b", text: "a", ents: []TextEntity{tfLink(0, 1, "http://a.b")}},
	{name: "empty link leaves url as text", in: "[](http://x)", text: "(http://x)"},
	{name: "non-BMP offsets", in: "𝄞 *👍🏽*", text: "𝄞 👍🏽", ents: []TextEntity{tfE("bold", 3, 4)}},
	{name: "CR dropped", in: "*a\r*\r", text: "a", ents: []TextEntity{tfE("bold", 0, 1)}},
	{name: "reserved MarkdownV2 chars are fine", in: "1+1=2. (ok)!", text: "1+1=2. (ok)!"},
	{name: "unclosed bold", in: "*bold", err: "can't parse entities: Can't find end of the entity starting at byte offset 0"},
	{name: "unclosed italic", in: "a _b", err: "can't parse entities: Can't find end of the entity starting at byte offset 2"},
	{name: "unclosed pre", in: "```\nx``", err: "can't parse entities: Can't find end of the entity starting at byte offset 0"},
	{name: "unclosed link", in: "[a", err: "can't parse entities: Can't find end of the entity starting at byte offset 0"},
}

func tfRun(t *testing.T, mode string, cases []tfCase) {
	t.Helper()
	parse := tfParsers[mode]
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, ents, err := parse(c.in)
			if c.err != "" {
				if err == nil {
					t.Fatalf("parse(%q) = %q, %v; want error %q", c.in, text, ents, c.err)
				}
				if err.Error() != c.err {
					t.Fatalf("parse(%q) error = %q; want %q", c.in, err.Error(), c.err)
				}
				var pe *ParseError
				if !errors.As(err, &pe) || !strings.HasPrefix(c.err, "can't parse entities: "+pe.Message) {
					t.Fatalf("parse(%q) error %#v is not a matching *ParseError", c.in, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("parse(%q): %v", c.in, err)
			}
			if text != c.text || !tfEqual(ents, c.ents) {
				t.Fatalf("parse(%q) =\n  %q %+v\nwant\n  %q %+v", c.in, text, ents, c.text, c.ents)
			}
			tfCheckInvariants(t, text, ents)
			tfCheckRenders(t, text, ents, mode)
		})
	}
}

func tfEqual(a, b []TextEntity) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}

func TestParseMarkdownV2(t *testing.T) { tfRun(t, "MarkdownV2", tfMarkdownV2Cases) }
func TestParseHTML(t *testing.T)       { tfRun(t, "HTML", tfHTMLCases) }
func TestParseMarkdown(t *testing.T)   { tfRun(t, "Markdown", tfMarkdownCases) }

func TestParseErrorFields(t *testing.T) {
	for _, c := range []struct {
		mode, in string
		off      int
	}{
		{"MarkdownV2", "hello*world", 5},
		{"MarkdownV2", "ab.", 2},
		{"MarkdownV2", "[a](b", 4},
		{"HTML", "x<b>y", 1},
		{"HTML", "<b><i>x</b></i>", 7},
		{"Markdown", "a _b", 2},
		{"Markdown", "ab\xff", 2},
	} {
		_, _, err := ParseFormatted(c.mode, c.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%s %q: error %v is not a *ParseError", c.mode, c.in, err)
		}
		if pe.Offset != c.off || !strings.HasPrefix(pe.Error(), "can't parse entities: ") || pe.Message == "" {
			t.Fatalf("%s %q: got %+v, want offset %d", c.mode, c.in, pe, c.off)
		}
	}
}

func TestParseFormatted(t *testing.T) {
	for _, c := range []struct {
		mode, in, text string
		n              int
		err            bool
	}{
		{"", "*a*\r\n<b>", "*a*\n<b>", 0, false},
		{"MarkdownV2", "*a*", "a", 1, false},
		{"markdownv2", "*a*", "a", 1, false},
		{"HTML", "<b>a</b>", "a", 1, false},
		{"html", "<b>a</b>", "a", 1, false},
		{"Markdown", "*a*", "a", 1, false},
		{"MARKDOWN", "*a*", "a", 1, false},
		{"Markdown2", "*a*", "", 0, true},
		{"none", "*a*", "", 0, true},
		{"", "\xff", "", 0, true},
	} {
		text, ents, err := ParseFormatted(c.mode, c.in)
		if (err != nil) != c.err || text != c.text || len(ents) != c.n {
			t.Errorf("ParseFormatted(%q, %q) = %q, %v, %v", c.mode, c.in, text, ents, err)
		}
	}
}

func TestUTF16Len(t *testing.T) {
	for s, want := range map[string]int{"": 0, "a": 1, "é": 1, "€": 1, "𝄞": 2, "👍🏽": 4, "a👍🏽b": 6, "\xff": 1, "\xe2\x82": 2} {
		if got := UTF16Len(s); got != want {
			t.Errorf("UTF16Len(%q) = %d, want %d", s, got, want)
		}
	}
}

// Renderers on hand-written entities, including what needs the CR tricks.
func TestRender(t *testing.T) {
	for _, c := range []struct {
		name              string
		text              string
		ents              []TextEntity
		mdv2, html, md    string
		mdv2Err, mdErrSub string
	}{
		{name: "escaping", text: "1+1=2 (a_b) *x* <&>", ents: []TextEntity{tfE("bold", 0, 5)},
			mdv2: "*1\\+1\\=2* \\(a\\_b\\) \\*x\\* <&\\>", html: "<b>1+1=2</b> (a_b) *x* &lt;&amp;&gt;", md: "*1+1=2* (a\\_b) \\*x\\* <&>"},
		{name: "italic and underline same range", text: "a", ents: []TextEntity{tfE("underline", 0, 1), tfE("italic", 0, 1)},
			mdv2: "_\r__a___", html: "<i><u>a</u></i>", mdErrSub: "cannot nest"},
		{name: "italic then underline adjacent", text: "ab", ents: []TextEntity{tfE("italic", 0, 1), tfE("underline", 1, 1)},
			mdv2: "_a_\r__b__", html: "<i>a</i><u>b</u>", mdErrSub: "no underline"},
		{name: "adjacent italics", text: "ab", ents: []TextEntity{tfE("italic", 0, 1), tfE("italic", 1, 1)},
			mdv2: "_a_\r_b_", html: "<i>a</i><i>b</i>", md: "_a__b_"},
		{name: "code and pre", text: "a`\\ b\nc", ents: []TextEntity{tfE("code", 0, 3), tfPre(4, 3, "go")},
			mdv2: "`a\\`\\\\` ```go\nb\nc```", html: "<code>a`\\</code> <pre><code class=\"language-go\">b\nc</code></pre>", mdErrSub: "contains '`'"},
		{name: "pre with backtick runs", text: "x```y`", ents: []TextEntity{tfPre(0, 6, "")},
			mdv2: "```\nx\\`\\`\\`y\\````", html: "<pre>x```y`</pre>", md: "```\nx`\r`\r`y`\r```"},
		{name: "links", text: "site me", ents: []TextEntity{tfLink(0, 4, "http://a.b/(x)"), tfMention(5, 2, 42)},
			mdv2: "[site](http://a.b/(x\\)) [me](tg://user?id=42)", html: "<a href=\"http://a.b/(x)\">site</a> <a href=\"tg://user?id=42\">me</a>", mdErrSub: "contains ')'"},
		{name: "legacy link as own text", text: "a)b(", ents: []TextEntity{tfLink(0, 3, "a)b")},
			mdv2: "[a\\)b](a\\)b)\\(", html: "<a href=\"a)b\">a)b</a>(", md: "[a)b]\r("},
		{name: "backslash before entity", text: "\\x", ents: []TextEntity{tfE("bold", 1, 1)},
			mdv2: "\\\\*x*", html: "\\<b>x</b>", md: "\\\r*x*"},
		{name: "code inside bold is split", text: "abc", ents: []TextEntity{tfE("bold", 0, 3), tfE("code", 1, 1)},
			mdv2: "*a*`b`*c*", html: "<b>a</b><code>b</code><b>c</b>", md: "*a*`b`*c*"},
		{name: "auto-detected types skipped", text: "@a #b", ents: []TextEntity{tfE("mention", 0, 2), tfE("hashtag", 3, 2), tfE("bold", 3, 2)},
			mdv2: "@a *\\#b*", html: "@a <b>#b</b>", md: "@a *#b*"},
		{name: "empty and irrelevant fields ignored", text: "ab", ents: []TextEntity{{Type: "bold", Offset: 0, Length: 1, URL: "x", UserID: 3}, tfE("italic", 1, 0)},
			mdv2: "*a*b", html: "<b>a</b>b", md: "*a*b"},
		{name: "non-BMP", text: "👍🏽 𝄞x", ents: []TextEntity{tfE("bold", 5, 3)},
			mdv2: "👍🏽 *𝄞x*", html: "👍🏽 <b>𝄞x</b>", md: "👍🏽 *𝄞x*"},
		{name: "bold with star", text: "2*3", ents: []TextEntity{tfE("bold", 0, 3)},
			mdv2: "*2\\*3*", html: "<b>2*3</b>", mdErrSub: "contains '*'"},
		{name: "language with space", text: "x", ents: []TextEntity{tfPre(0, 1, "a b")},
			mdv2Err: "whitespace", html: "<pre><code class=\"language-a b\">x</code></pre>", mdErrSub: "whitespace"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := RenderMarkdownV2(c.text, c.ents)
			if c.mdv2Err != "" {
				if err == nil || !strings.Contains(err.Error(), c.mdv2Err) {
					t.Errorf("RenderMarkdownV2 = %q, %v; want error containing %q", got, err, c.mdv2Err)
				}
			} else if err != nil || got != c.mdv2 {
				t.Errorf("RenderMarkdownV2 = %q, %v; want %q", got, err, c.mdv2)
			}
			if got, err := RenderHTML(c.text, c.ents); err != nil || got != c.html {
				t.Errorf("RenderHTML = %q, %v; want %q", got, err, c.html)
			}
			got, err = RenderMarkdown(c.text, c.ents)
			if c.mdErrSub != "" {
				if err == nil || !strings.Contains(err.Error(), c.mdErrSub) {
					t.Errorf("RenderMarkdown = %q, %v; want error containing %q", got, err, c.mdErrSub)
				}
			} else if err != nil || got != c.md {
				t.Errorf("RenderMarkdown = %q, %v; want %q", got, err, c.md)
			}
			tfCheckRenders(t, c.text, c.ents, "")
		})
	}
}

func TestRenderErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		text string
		ents []TextEntity
		sub  string
	}{
		{"crossing", "abcd", []TextEntity{tfE("bold", 0, 3), tfE("italic", 1, 3)}, "overlap"},
		{"out of range", "ab", []TextEntity{tfE("bold", 1, 2)}, "outside"},
		{"negative", "ab", []TextEntity{tfE("bold", -1, 2)}, "outside"},
		{"huge length", "ab", []TextEntity{tfE("bold", 1, int(^uint(0)>>1))}, "outside"},
		{"splits surrogate pair", "𝄞", []TextEntity{tfE("bold", 0, 1)}, "surrogate"},
		{"carriage return", "a\rb", nil, "carriage return"},
		{"invalid utf8", "a\xff", nil, "UTF-8"},
		{"unknown type", "a", []TextEntity{tfE("spoiler", 0, 1)}, "unsupported entity type"},
		{"empty url", "a", []TextEntity{tfLink(0, 1, "")}, "URL"},
		{"control char url", "a", []TextEntity{tfLink(0, 1, "http://a\n")}, "URL"},
		{"url is a mention", "a", []TextEntity{tfLink(0, 1, "tg://user?id=1")}, "text_mention"},
		{"mention without id", "a", []TextEntity{tfMention(0, 1, 0)}, "user id"},
	} {
		for mode, render := range tfRenderers {
			if _, err := render(c.text, c.ents); err == nil || !strings.Contains(err.Error(), c.sub) {
				t.Errorf("%s %s: error %v, want one containing %q", c.name, mode, err, c.sub)
			}
		}
	}
	if _, err := RenderMarkdown("abc", []TextEntity{tfE("bold", 0, 3), tfE("italic", 1, 1)}); err == nil || !strings.Contains(err.Error(), "cannot nest") {
		t.Errorf("legacy nesting: %v", err)
	}
	if _, err := RenderMarkdown("a]", []TextEntity{tfLink(0, 2, "http://a.b")}); err == nil {
		t.Errorf("legacy link text with ]: no error")
	}
	if _, err := RenderMarkdown("a_", []TextEntity{tfE("italic", 0, 2)}); err == nil {
		t.Errorf("legacy italic with _: no error")
	}
}

func TestEscapes(t *testing.T) {
	all := "_*[]()~`>#+-=|{}.!\\ a é 👍"
	for _, c := range []struct{ got, want string }{
		{EscapeMarkdownV2(all), "\\_\\*\\[\\]\\(\\)\\~\\`\\>\\#\\+\\-\\=\\|\\{\\}\\.\\!\\\\ a é 👍"},
		{EscapeMarkdownV2Code(all), "_*[]()~\\`>#+-=|{}.!\\\\ a é 👍"},
		{EscapeMarkdownV2LinkURL(all), "_*[](\\)~`>#+-=|{}.!\\\\ a é 👍"},
		{EscapeHTML(`<a href="x">&amp;</a>`), "&lt;a href=&quot;x&quot;&gt;&amp;amp;&lt;/a&gt;"},
		{EscapeMarkdown(all), "\\_\\*\\[]()~\\`>#+-=|{}.!\\ a é 👍"},
		{EscapeMarkdownV2("plain"), "plain"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	// Escaped text parses back to itself, in every position it is meant for.
	for _, s := range []string{all, "", "\\", "\\*", "a\\", "``", "&lt;", "<b>", "x\x00y", "\\\\_"} {
		tfEscapeRoundTrip(t, s)
	}
}

func tfEscapeRoundTrip(t *testing.T, s string) {
	t.Helper()
	if !utf8.ValidString(s) || strings.ContainsRune(s, '\r') {
		return
	}
	check := func(what, in, text string, ents []TextEntity, parse func(string) (string, []TextEntity, error)) {
		t.Helper()
		gotText, gotEnts, err := parse(in)
		if err != nil || gotText != text || !tfEqual(gotEnts, ents) {
			t.Errorf("%s of %q: parse(%q) = %q, %+v, %v; want %q, %+v", what, s, in, gotText, gotEnts, err, text, ents)
		}
	}
	check("EscapeMarkdownV2", EscapeMarkdownV2(s), s, nil, ParseMarkdownV2)
	check("EscapeHTML", EscapeHTML(s), s, nil, ParseHTML)
	check("EscapeMarkdown", EscapeMarkdown(s), s, nil, ParseMarkdown)
	if s != "" {
		n := UTF16Len(s)
		check("EscapeMarkdownV2Code", "`"+EscapeMarkdownV2Code(s)+"`", s, []TextEntity{tfE("code", 0, n)}, ParseMarkdownV2)
		check("EscapeMarkdownV2LinkURL", "[x](http://a.b/"+EscapeMarkdownV2LinkURL(s)+")", "x", tfLinkOrNil("http://a.b/"+s), ParseMarkdownV2)
	}
}

func tfLinkOrNil(url string) []TextEntity {
	if !markupValidURL(url) {
		return nil
	}
	return []TextEntity{tfLink(0, 1, url)}
}

var tfParsers = map[string]func(string) (string, []TextEntity, error){
	"MarkdownV2": ParseMarkdownV2,
	"HTML":       ParseHTML,
	"Markdown":   ParseMarkdown,
}

var tfRenderers = map[string]func(string, []TextEntity) (string, error){
	"MarkdownV2": RenderMarkdownV2,
	"HTML":       RenderHTML,
	"Markdown":   RenderMarkdown,
}

// tfCheckInvariants checks what every successful parse must return: valid
// UTF-8 without CR, and non-empty, in-range, sorted, laminar entities in the
// normal form (markupFix leaves them alone).
func tfCheckInvariants(t *testing.T, text string, ents []TextEntity) {
	t.Helper()
	if !utf8.ValidString(text) || strings.ContainsRune(text, '\r') {
		t.Fatalf("bad text %q", text)
	}
	if ents != nil && len(ents) == 0 {
		t.Fatalf("empty non-nil entity slice")
	}
	n := UTF16Len(text)
	for i, e := range ents {
		if e.Length <= 0 || e.Offset < 0 || e.Offset+e.Length > n {
			t.Fatalf("entity %d %+v out of range (text %d units)", i, e, n)
		}
		if i > 0 {
			p := ents[i-1]
			if p.Offset > e.Offset || p.Offset == e.Offset && p.Length < e.Length {
				t.Fatalf("entities not sorted: %+v", ents)
			}
		}
	}
	again := markupFix(append([]TextEntity(nil), ents...))
	if !tfEqual(again, ents) {
		t.Fatalf("entities not in normal form:\n  %+v\nfix gives\n  %+v", ents, again)
	}
	if _, err := markupPrepare(text, ents); err != nil {
		t.Fatalf("parsed entities rejected by the renderers: %v", err)
	}
}

// tfCheckRenders renders text+entities in every mode and parses the result
// back. A renderer may refuse what its mode cannot express, except that it
// must accept anything its own parser produced (sameMode); when it succeeds,
// the parse must give back the text and the normalised entities.
func tfCheckRenders(t *testing.T, text string, ents []TextEntity, sameMode string) {
	t.Helper()
	spans, err := markupPrepare(text, ents)
	if err != nil {
		return
	}
	want := make([]TextEntity, len(spans))
	for i, sp := range spans {
		want[i] = sp.TextEntity
	}
	for mode, render := range tfRenderers {
		out, err := render(text, ents)
		if err != nil {
			if mode == sameMode {
				t.Fatalf("Render%s(%q, %+v) failed on its own parser's output: %v", mode, text, ents, err)
			}
			continue
		}
		gotText, gotEnts, err := tfParsers[mode](out)
		if err != nil || gotText != text || !tfEqual(gotEnts, want) {
			t.Fatalf("%s round trip of %q %+v:\nrendered %q\nparsed   %q %+v %v\nwant     %q %+v", mode, text, ents, out, gotText, gotEnts, err, text, want)
		}
	}
}

// tfBenchText builds a realistic 4096-character MarkdownV2 message: prose
// with every entity type, links, mentions, code, pre blocks, escapes and
// non-BMP characters.
func tfBenchText() string {
	segments := []string{
		"*Daily digest:* the _quick_ brown fox jumps over the __lazy__ dog\\. ",
		"Visit [our site](https://example.com/path?q=1&r=\\(2\\)) or ping [the admin](tg://user?id=123456789)\\! ",
		"Run `go test \\-run=^$ \\-bench=\\.` to measure; ~old price~ *new _price_ 👍🏽*\\. ",
		"```go\nfunc main() { fmt.Println(\"a \\\\ b \\` c\") }\n```\n",
		"Numbers: 1\\+1\\=2, list \\- item \\(one\\) \\{two\\} \\#three 𝄞 — *bold __under ~strike~__*\n",
		"Plain prose keeps most of a real message: words, commas, and sentences without markup at all\\. ",
	}
	var b strings.Builder
	runes := 0
	for k := 0; ; k++ {
		seg := segments[k%len(segments)]
		n := utf8.RuneCountInString(seg)
		if runes+n > 4096 {
			break
		}
		b.WriteString(seg)
		runes += n
	}
	b.WriteString(strings.Repeat("x", 4096-runes))
	return b.String()
}

func TestBenchTextIsValid(t *testing.T) {
	s := tfBenchText()
	if n := utf8.RuneCountInString(s); n != 4096 {
		t.Fatalf("bench text has %d characters", n)
	}
	text, ents, err := ParseMarkdownV2(s)
	if err != nil || len(ents) < 100 {
		t.Fatalf("bench text: %d entities, %v", len(ents), err)
	}
	tfCheckInvariants(t, text, ents)
	tfCheckRenders(t, text, ents, "MarkdownV2")
}

func BenchmarkParseMarkdownV2_4096(b *testing.B) {
	s := tfBenchText()
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ParseMarkdownV2(s); err != nil {
			b.Fatal(err)
		}
	}
}

// Random text and random laminar entities: whatever a renderer accepts must
// parse back to the text and the normalised entities. This reaches
// combinations (splits around code, same-range stacks, adjacent italics and
// underlines, links next to parentheses) that byte-level fuzzing of the
// parsers finds only slowly.
func TestRenderRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "b", " ", "\n", "_", "*", "`", "``", "```", "[", "]", "(", ")", "\\", "~", "<", ">", "&", "&amp;", "\"", ".", "!", "|", "é", "👍🏽", "𝄞", "\x00", "\t"}
	types := []string{"bold", "italic", "underline", "strikethrough", "code", "pre", "text_link", "text_mention"}
	urls := []string{"http://a.b/", "http://a.b/(x)", "a)b", "x\\y", "https://e.x/?q=\"<&>\""}
	langs := []string{"", "go", "c++", "a b"}
	accepted := map[string]int{}
	for iter := 0; iter < 50000; iter++ {
		var sb strings.Builder
		for n := rng.IntN(12); n > 0; n-- {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		text := sb.String()
		// Boundaries on code points only.
		var cuts []int
		u := 0
		cuts = append(cuts, 0)
		for _, r := range text {
			u++
			if r >= 0x10000 {
				u++
			}
			cuts = append(cuts, u)
		}
		var ents []TextEntity
		for n := rng.IntN(6); n > 0; n-- {
			a, b := cuts[rng.IntN(len(cuts))], cuts[rng.IntN(len(cuts))]
			if a > b {
				a, b = b, a
			}
			e := TextEntity{Type: types[rng.IntN(len(types))], Offset: a, Length: b - a}
			switch e.Type {
			case "text_link":
				e.URL = urls[rng.IntN(len(urls))]
				if rng.IntN(4) == 0 {
					e.URL = text[tfByteOff(text, a):tfByteOff(text, b)]
				}
			case "text_mention":
				e.UserID = rng.Int64N(1<<40) + 1
			case "pre":
				e.Language = langs[rng.IntN(len(langs))]
			}
			crossing := false
			for _, o := range ents {
				oa, ob := o.Offset, o.Offset+o.Length
				if a < ob && oa < b && !(oa <= a && b <= ob) && !(a <= oa && ob <= b) {
					crossing = true
				}
			}
			if !crossing {
				ents = append(ents, e)
			}
		}
		for mode, render := range tfRenderers {
			if _, err := render(text, ents); err == nil {
				accepted[mode]++
			}
		}
		tfCheckRenders(t, text, ents, "")
		if t.Failed() {
			return
		}
	}
	t.Logf("accepted per mode: %v", accepted)
}

func tfByteOff(s string, u16 int) int {
	u := 0
	for i, r := range s {
		if u >= u16 {
			return i
		}
		u++
		if r >= 0x10000 {
			u++
		}
	}
	return len(s)
}

func TestMarkdownV2EscapeRange(t *testing.T) {
	// Any character 1-126 may be escaped; 127 and non-ASCII may not (the
	// backslash is then literal), and NUL is never escaped.
	for c := 1; c <= 126; c++ {
		if c == '\r' {
			continue // escaped or not, a CR is dropped from the text
		}
		if text, _, err := ParseMarkdownV2("\\" + string(rune(c))); err != nil || text != string(rune(c)) {
			t.Errorf("escape of %d: %q, %v", c, text, err)
		}
	}
	for _, s := range []string{"\\\x7f", "\\\x00", "\\é"} {
		if text, _, err := ParseMarkdownV2(s); err != nil || text != s {
			t.Errorf("%q: %q, %v", s, text, err)
		}
	}
	for c := 0; c < 256; c++ {
		if got, want := markupMDV2Special(byte(c), false), strings.IndexByte(markupMDV2Reserved, byte(c)) >= 0; got != want {
			t.Errorf("markupMDV2Special(%q) = %v", rune(c), got)
		}
	}
}
