package parser_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/spec"
)

// TestInlineUnionDocSaidOnce is the defect where a union made from a type
// cell ("InputFile or String") got the description "InputFile or String",
// which the documentation then said after its own "is one of InputFile,
// String": the document gives such a union no text, so the schema gives it
// none, and its variants are said once, where it is documented.
func TestInlineUnionDocSaidOnce(t *testing.T) {
	s, err := loader.FromSpec(spec.Document(), "spec.md", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"InputFileOrString", "ReplyMarkup", "MessageOrTrue"} {
		u := s.Union(name)
		if u == nil {
			t.Fatalf("no union %s", name)
		}
		if u.Description != "" {
			t.Errorf("%s: description %q, which only lists its variants again", name, u.Description)
		}
	}
	if u := s.Union("ChatRef"); u == nil || !strings.Contains(u.Description, "chat identifier") {
		t.Errorf("ChatRef lost the description the document gives it: %+v", u)
	}
}

// TestHeadingNoteAndSentenceAreTwoSentences is the defect where a
// variant-table union's heading note ("InputMedia (content of a media
// message to send)") ran into the section's sentence: "content of a media
// message to send One of the five variants below.".
func TestHeadingNoteAndSentenceAreTwoSentences(t *testing.T) {
	s, err := loader.FromSpec(spec.Document(), "spec.md", nil)
	if err != nil {
		t.Fatal(err)
	}
	d := s.Union("InputMedia").Description
	if !strings.HasPrefix(d, "content of a media message to send. One of") {
		t.Errorf("InputMedia description %q: want the heading's note ended before the sentence", d)
	}
}
