package docs

import (
	"strings"
	"testing"
)

// tidyBySplitting is tidyMarkdown as it was written first (split into
// lines, trim, join), the reference for the one-copy version.
func tidyBySplitting(head string, b []byte) []byte {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	var out []string
	blank := false
	for _, ln := range lines {
		ln = strings.TrimRight(ln, " \t")
		if ln == "" {
			if blank {
				continue
			}
			blank = true
		} else {
			blank = false
		}
		out = append(out, ln)
	}
	return []byte(head + strings.Join(out, "\n") + "\n")
}

// TestTidyMarkdownInOneCopyIsTheSplitVersion: the one-pass tidyMarkdown
// must write what splitting into lines and joining them wrote.
func TestTidyMarkdownInOneCopyIsTheSplitVersion(t *testing.T) {
	for _, in := range []string{
		"", "\n", " \t\n ", "a", "a\n", "\n\n a \t\n\n\n\tb  \n \n\nc", "a\n\n\n", "x\u00a0\n\n\u00a0",
		"# T\n\n\n| a | b |  \n|---|---|\t\n\n\n\n## U\ntext \n",
	} {
		want := tidyBySplitting("<!-- h -->\n", []byte(in))
		if got := tidyMarkdown("<!-- h -->\n", []byte(in)); string(got) != string(want) {
			t.Errorf("tidyMarkdown(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzTidyMarkdown(f *testing.F) {
	f.Add("a \n\n\n b\t\n")
	f.Fuzz(func(t *testing.T, in string) {
		if got, want := tidyMarkdown("h\n", []byte(in)), tidyBySplitting("h\n", []byte(in)); string(got) != string(want) {
			t.Errorf("tidyMarkdown(%q) = %q, want %q", in, got, want)
		}
	})
}
