package godoc

import (
	"slices"
	"strings"
	"testing"
)

// wrapByConcatenation is Wrap as it was first written (a string grown word
// by word), the reference for the version that builds each line once.
func wrapByConcatenation(text string, width int, lead string) []string {
	var lines []string
	indent := strings.Repeat(" ", len(lead))
	for i, para := range strings.Split(text, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		line := indent
		if i == 0 {
			line = lead
		}
		start := len(line)
		for _, w := range words {
			if len(line) > start && len(line)+1+len(w) > width {
				lines = append(lines, line)
				line = indent
				start = len(line)
			}
			if len(line) > start {
				line += " "
			}
			line += w
		}
		lines = append(lines, line)
	}
	return lines
}

// TestWrapBuildingLinesOnceIsTheConcatenatingVersion: Wrap must split
// exactly as the word-by-word version did.
func TestWrapBuildingLinesOnceIsTheConcatenatingVersion(t *testing.T) {
	long := strings.Repeat("word ", 40)
	for _, c := range []struct {
		text, lead string
		width      int
	}{
		{"", "", 20}, {"\n", "", 20}, {"a", "  - ", 20}, {long, "", 20}, {long, "  - ", 20},
		{long + "\n\n" + long, "  - ", 30}, {"averyveryverylongwordthatdoesnotfit x", "", 10},
		{"  spaced\t\tout  \n second para ", "* ", 12},
	} {
		want := wrapByConcatenation(c.text, c.width, c.lead)
		if got := Wrap(c.text, c.width, c.lead); !slices.Equal(got, want) {
			t.Errorf("Wrap(%q, %d, %q) = %q, want %q", c.text, c.width, c.lead, got, want)
		}
	}
}

func FuzzWrap(f *testing.F) {
	f.Add("some words\n\nand more words that wrap", 10, "  - ")
	f.Fuzz(func(t *testing.T, text string, width int, lead string) {
		if got, want := Wrap(text, width, lead), wrapByConcatenation(text, width, lead); !slices.Equal(got, want) {
			t.Errorf("Wrap(%q, %d, %q) = %q, want %q", text, width, lead, got, want)
		}
	})
}
