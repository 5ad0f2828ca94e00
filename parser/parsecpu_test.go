package parser_test

import (
	"testing"

	"github.com/apigen/apigen/internal/publishedpages"
	"github.com/apigen/apigen/parser"
)

// BenchmarkParsePublishedPage parses the 9.0 published page (from
// ../shared, skipped when absent): the parse CPU of the newest page the
// repository's tests read.
func BenchmarkParsePublishedPage(b *testing.B) {
	page := publishedpages.Read(b, "../../shared/spec/published", "bot-api-9.0.html.gz")
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		if _, err := parser.Parse(page, parser.Options{Name: "bot-api-9.0.html", HTML: true}); err != nil {
			b.Fatal(err)
		}
	}
}
