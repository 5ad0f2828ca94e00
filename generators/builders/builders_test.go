package builders_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/builders"
	"github.com/apigen/apigen/internal/seedtest"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// parse, replace: the seed document and one passage of it changed.
var (
	parse   = seedtest.Parse
	replace = seedtest.Replace
)

func builderFile(t *testing.T, s *schema.Schema) string {
	t.Helper()
	return seedtest.File(t, s, builders.Generate, builders.FileName)
}

func wantAll(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("builders_gen.go lacks %q", w)
		}
	}
}

// TestBuildersFromSeed: the seed document's keyboards, buttons and flag
// markups get their constructors, named from the schema.
func TestBuildersFromSeed(t *testing.T) {
	got := builderFile(t, parse(t, string(spec.Document())))
	wantAll(t, got,
		"func Row[C any](cells ...C) []C {",
		"func InlineKeyboard(rows ...[]InlineKeyboardButton) *InlineKeyboardMarkup {",
		"func Keyboard(rows ...[]KeyboardButton) *ReplyKeyboardMarkup {",
		"func CallbackDataButton(text string, callbackData string) InlineKeyboardButton {",
		"func URLButton(text string, url string) InlineKeyboardButton {",
		"func PayButton(text string) InlineKeyboardButton {",
		"func RequestPollButton(text string, requestPoll *KeyboardButtonPollType) KeyboardButton {",
		"func RequestContactButton(text string) KeyboardButton {",
		"func TextButton(text string) KeyboardButton {",
		"func RemoveKeyboard() *ReplyKeyboardRemove {",
		"func NewForceReply() *ForceReply {",
		"func (o *ReplyKeyboardMarkup) WithResizeKeyboard(v bool) *ReplyKeyboardMarkup {",
	)
	// The exactly_one rule of InlineKeyboardButton has no plain constructor.
	if strings.Contains(got, "func TextInlineKeyboardButton") || strings.Count(got, "func TextButton") != 1 {
		t.Error("a plain constructor for a cell whose rule needs one member")
	}
}

// TestBuildersFollowTheDocument: a member added to a button by a newer
// document gets its constructor with no change to the generator; a
// member both buttons gain gets the qualified names on both, and the
// package compiles.
func TestBuildersFollowTheDocument(t *testing.T) {
	doc := string(spec.Document())
	doc = replace(t, doc, "| | pay | Boolean | Optional. Pass true for a Pay button; must be the first button of the first row |\n",
		"| | pay | Boolean | Optional. Pass true for a Pay button; must be the first button of the first row |\n| | copy_text | String | Optional. Copied to the clipboard |\n| | web_app | String | Optional. A web app |\n")
	doc = replace(t, doc, "| | | | request_contact, request_location and request_poll are mutually exclusive |\n",
		"| | web_app | String | Optional. A web app |\n| | | | request_contact, request_location, request_poll and web_app are mutually exclusive |\n")
	s := parse(t, doc)
	got := builderFile(t, s)
	wantAll(t, got,
		"func CopyTextButton(text string, copyText string) InlineKeyboardButton {",
		"func InlineKeyboardWebAppButton(text string, webApp string) InlineKeyboardButton {",
		"func KeyboardWebAppButton(text string, webApp string) KeyboardButton {",
		"func CallbackDataButton(text string, callbackData string) InlineKeyboardButton {",
	)
	if strings.Contains(got, "func WebAppButton") {
		t.Error("a member two buttons share kept the short name")
	}
	if testing.Short() {
		return
	}
	out, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "spec.md", ImportPath: "x/botapi"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n\ngo 1.26.0\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "botapi"), 0o755)
	for _, f := range out.Go {
		if err := os.WriteFile(filepath.Join(dir, "botapi", f.Path), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := output.Write(filepath.Join(dir, "botapi", "botapiserver"), out.Server); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet: %v\n%s", err, b)
	}
}
