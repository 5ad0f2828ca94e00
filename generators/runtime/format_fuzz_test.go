package runtime

import (
	"errors"
	"strings"
	"testing"
)

// Fuzz targets for the parse_mode parsers. For any input a parser must not
// panic; an error must be a *ParseError; a success must satisfy the output
// invariants, and rendering the result in its own mode must succeed and
// parse back to the same text and entities. Rendering in the other modes may
// fail (they express less), but when it succeeds it must round-trip too.

func tfFuzzSeeds(f *testing.F, cases []tfCase, extra ...string) {
	for _, c := range cases {
		f.Add(c.in)
	}
	for _, s := range extra {
		f.Add(s)
	}
}

func tfFuzzParse(t *testing.T, mode, s string) {
	text, ents, err := tfParsers[mode](s)
	if err != nil {
		tfCheckPlain(t, mode, s)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset > len(s) || !strings.HasPrefix(err.Error(), "can't parse entities: ") {
			t.Fatalf("%s(%q): bad error %#v", mode, s, err)
		}
		return
	}
	tfCheckPlain(t, mode, s)
	tfCheckInvariants(t, text, ents)
	tfCheckRenders(t, text, ents, mode)
	tfEscapeRoundTrip(t, text)
}

func FuzzParseMarkdownV2(f *testing.F) {
	tfFuzzSeeds(f, tfMarkdownV2Cases,
		"___a_\r__b__ *c `d` e* [f](tg://user?id=1)",
		"```py\nprint(1)\n``` ~*_x_*~ [*y*](http://a.b/\\))",
		"[a [b](c) d](e)", "_a__b___\r_", "\\", "``````", "```\r\r```",
		tfBenchText()[:300])
	f.Fuzz(func(t *testing.T, s string) { tfFuzzParse(t, "MarkdownV2", s) })
}

func FuzzParseHTML(f *testing.F) {
	tfFuzzSeeds(f, tfHTMLCases,
		`<b>a<i>b<code>c</code>d</i>e</b><a href="tg://user?id=5">m</a>`,
		`<pre><code class='language-c++'>x</code></pre><a>http://x.y</a>`,
		"<a href=a.b>&#x1F44D;&#128077;</a>&amp;&quot&#13;", "<b/>", "</>", "<a href='x>'>y</a>")
	f.Fuzz(func(t *testing.T, s string) { tfFuzzParse(t, "HTML", s) })
}

func FuzzParseMarkdown(f *testing.F) {
	tfFuzzSeeds(f, tfMarkdownCases,
		"*a*_b_`c`[d](e)```f\ng```", "[a)b] (c)", "\\\\*x*", "```\n````", "[x]\r(y)", "``` \n```")
	f.Fuzz(func(t *testing.T, s string) { tfFuzzParse(t, "Markdown", s) })
}

// tfCheckPlain: the validator's counting shortcut (validatePlain) agrees
// with a full parse on every input: same error, same lengths.
func tfCheckPlain(t *testing.T, mode, s string) {
	t.Helper()
	plain, _, perr := ParseFormatted(mode, s)
	for _, unit := range []int{validateCharacters, validateBytes} {
		n, lf, err := validatePlain(mode, s, unit)
		if (err == nil) != (perr == nil) || (err != nil && err.Error() != perr.Error()) {
			t.Fatalf("validatePlain(%s, %q): error %v, ParseFormatted %v", mode, s, err, perr)
		}
		if err == nil && (n != validateLen(plain, unit) || lf != strings.Count(plain, "\n")) {
			t.Fatalf("validatePlain(%s, %q, %d) = %d, %d; parsed text %q", mode, s, unit, n, lf, plain)
		}
	}
}

// TestValidatePlainAgrees runs tfCheckPlain over many generated texts made
// of each mode's markup characters, escapes, entities, line breaks and
// multi-byte characters, with and without markup.
func TestValidatePlainAgrees(t *testing.T) {
	pieces := []string{"a", "b c", " ", "\n", "\r", "\\", "*", "_", "__", "`", "```", "[", "]", "(", ")", "~", ">", "#", "+", "-", "=", "|",
		"{", "}", ".", "!", "<", "&", "&lt;", "&#10;", "&#x1F600;", "&amp", "<b>", "</b>", "<i>", "</i>", "<a href=\"http://x\">", "</a>",
		"<code>", "</code>", "[t](http://e.com)", "é", "😀", "\xff", "\\*", "\\_", "pre\n", "tg://user?id=1"}
	seed := uint64(1)
	next := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int(seed>>33) % n
	}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for k := next(8); k >= 0; k-- {
			b.WriteString(pieces[next(len(pieces))])
		}
		for _, mode := range []string{"HTML", "MarkdownV2", "Markdown", "html", "markdownv2"} {
			tfCheckPlain(t, mode, b.String())
		}
	}
}
