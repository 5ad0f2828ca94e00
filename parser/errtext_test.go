package parser

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/parser/internal/resolve"
)

// TestWideTableHeaderGivesHugeError: a table header of 100 000 columns was
// quoted whole in its error, an 889 KB line; an error's message is cut at
// maxMsg bytes and says how long it was, and the table is refused at its
// column bound first.
func TestWideTableHeaderGivesHugeError(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Bot API\n\n## Available types\n\n#### User\n\nThis object represents a user.\n\n")
	row := func(cell func(i int) string) {
		for i := 0; i < 20000; i++ {
			b.WriteString("|" + cell(i))
		}
		b.WriteString("|\n")
	}
	row(func(i int) string { return "Field" })
	row(func(i int) string { return "-" })
	row(func(i int) string { return "x" })
	_, err := Parse([]byte(b.String()), Options{Name: "wide.md"})
	if err == nil {
		t.Fatal("no error")
	}
	for _, line := range strings.Split(err.Error(), "\n") {
		if len(line) > 1000 {
			t.Fatalf("a %d-byte error line: %.200s", len(line), line)
		}
	}
	// The column bound (docs/input-limits.md) now refuses the header before
	// anything quotes it; a long message from elsewhere is still clipped.
	if !strings.Contains(err.Error(), "wide.md:9:") {
		t.Fatalf("error %.600s", err)
	}
	if got := (&resolve.Error{File: "f", Line: 2, Msg: strings.Repeat("Field|", 20000)}).Error(); len(got) > 1000 || !strings.HasSuffix(got, " bytes)") {
		t.Fatalf("long message not clipped: %.600s", got)
	}
	// Short messages are whole.
	if got := (&resolve.Error{File: "f", Line: 2, Msg: "é" + strings.Repeat("a", 397) + "b"}).Error(); !strings.HasSuffix(got, "ab") {
		t.Fatalf("short message cut: %q", got)
	}
}
