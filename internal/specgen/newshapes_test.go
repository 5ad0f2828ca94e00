package specgen_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/apigen/apigen/internal/specgen"
	"github.com/apigen/apigen/internal/specgen/specgentest"
	"github.com/apigen/apigen/spec"
)

// TestNewShapesParse parses the 5.0 document with the four edits of issue
// 11 and checks what the schema records for each.
func TestNewShapesParse(t *testing.T) {
	doc, err := specgen.NewShapes(spec.Document())
	if err != nil {
		t.Fatal(err)
	}
	s := specgentest.Load(t, doc, "new-shapes.md")
	check := func(what string, got, want any) {
		t.Helper()
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	// 1. One object, a variant of two unions.
	check("InputMediaPhoto unions", s.Object("InputMediaPhoto").Unions, []string{"InputMedia", "InputMediaAlbum"})
	check("InputMediaAlbum variants", len(s.Union("InputMediaAlbum").Variants), 2)
	check("sendAlbum multipart", s.Method("sendAlbum").Multipart, true)
	// 2. Two variants with the tag "photo", told apart by their members.
	im := s.Union("InputMedia")
	check("InputMedia photo", []any{im.Variants[0].Tag, im.Variants[0].Requires}, []any{"photo", []string{"media"}})
	check("InputMedia cached photo", []any{im.Variants[1].Tag, im.Variants[1].Requires}, []any{"photo", []string{"media", "photo_file_id"}})
	// 3. Object unions no single member tells apart.
	mi := s.Union("MessageOrInaccessibleMessage")
	if mi == nil || mi.Variants[1].Const == nil || mi.Variants[1].Const.Field != "date" || mi.Variants[1].Const.JSON != "0" {
		t.Errorf("MessageOrInaccessibleMessage = %+v", mi)
	}
	check("ChatLocationOrVenue requires", [][]string{s.Union("ChatLocationOrVenue").Variants[0].Requires, s.Union("ChatLocationOrVenue").Variants[1].Requires},
		[][]string{{"location", "address"}, {"location", "title", "address"}})
	// 4. Prose stays a plain string.
	if c := s.Object("Message").Field("caption_kind").Constraints; c != nil {
		t.Errorf("Message.caption_kind constraints = %+v, want none (the list is prose, not an enum)", c)
	}
}

// TestNewShapesBuildAndRoundTrip generates the package for the edited
// document, builds and vets it, and runs testdata/newshapes inside it:
// payloads with the new shapes decode into the right variant and re-encode
// unchanged; validators and the client's uploads work through either union
// of the shared variant (client against the generated server).
func TestNewShapesBuildAndRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated package")
	}
	doc, err := specgen.NewShapes(spec.Document())
	if err != nil {
		t.Fatal(err)
	}
	out := specgentest.Generate(t, specgentest.Load(t, doc, "new-shapes.md"))
	shapes, err := os.ReadFile("testdata/newshapes/shapes_test.go")
	if err != nil {
		t.Fatal(err)
	}
	uploads, err := os.ReadFile("testdata/newshapes/uploads_test.go")
	if err != nil {
		t.Fatal(err)
	}
	specgentest.GoModule(t, out, map[string][]byte{"shapes_test.go": shapes, "uploads_test.go": uploads},
		[]string{"vet", "./..."}, []string{"test", "-count=1", "./..."})
}

func TestNewShapesNeedsTheDocument(t *testing.T) {
	_, err := specgen.NewShapes([]byte("# Another document\n"))
	if err == nil || !strings.Contains(err.Error(), "no longer contains") {
		t.Fatalf("err = %v", err)
	}
}
