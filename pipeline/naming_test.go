package pipeline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
)

// The defects of naming: a schema fragment with a name a page can have
// used to stop generation ("collides with", "cannot become a Go
// identifier"). Each fragment is written here; each must now generate a
// package that builds and vets, with the names naming's rule gives
// (docs/naming.md) and one warning per name that was disambiguated.

const namingHeader = "title: T\nversion: \"10.1\"\nsource: t.md\n"

// namedPackage generates the package of the schema fragment yml, builds
// and vets it, and returns its declarations (declared) and the warnings.
func namedPackage(t *testing.T, yml string) (map[string]bool, []schema.Warning) {
	t.Helper()
	s, err := schema.Unmarshal([]byte(namingHeader + yml))
	if err != nil {
		t.Fatal(err)
	}
	return builtPackage(t, s, "t.md")
}

// builtPackage checks s, generates its package (every backend), builds
// and vets it, and returns its declarations and the warnings.
func builtPackage(t *testing.T, s *schema.Schema, source string) (map[string]bool, []schema.Warning) {
	t.Helper()
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	outs, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: source, ImportPath: "named/botapi"})
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	buildFiles(t, outs.Go, outs.Server)
	return declared(t, outs.Go), outs.Warnings
}

// buildFiles writes the package's files and its server package's
// (imported as named/botapi) in a module of their own and builds and vets
// them (not in -short).
func buildFiles(t *testing.T, files, server []output.File) {
	t.Helper()
	root := t.TempDir()
	if _, err := output.Write(filepath.Join(root, "botapi"), files); err != nil {
		t.Fatal(err)
	}
	if _, err := output.Write(filepath.Join(root, "botapi", "botapiserver"), server); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module named\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if testing.Short() {
		return
	}
	for _, args := range [][]string{{"build", "./botapi/..."}, {"vet", "./botapi/..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// wantNames fails unless every name is declared and the warnings name
// exactly the constructs renamed.
func wantNames(t *testing.T, decl map[string]bool, ws []schema.Warning, names []string, renamed ...string) {
	t.Helper()
	for _, n := range names {
		if !decl[n] {
			t.Errorf("%s is not declared", n)
		}
	}
	var got []string
	for _, w := range ws {
		got = append(got, w.Construct)
		if !strings.Contains(w.Text, "its Go name is ") || !strings.Contains(w.Settle, "docs/naming.md") {
			t.Errorf("warning %q does not say the name given and the rule", w.Message("t.md"))
		}
	}
	slices.Sort(got)
	slices.Sort(renamed)
	if !slices.Equal(got, renamed) {
		t.Errorf("warnings for %q, want for %q", got, renamed)
	}
}

// enumOf is a fragment with one object holding an enum of values, and a
// method returning it.
func enumOf(values ...string) string {
	var b strings.Builder
	b.WriteString("methods:\n  - {name: getItem, group: g, returns: Item}\n")
	b.WriteString("objects:\n  - name: Item\n    fields:\n      - {name: marker, type: String, required: true, constraints: {enum: ItemMarker}}\nenums:\n  - name: ItemMarker\n    values:\n")
	for _, v := range values {
		b.WriteString("      - " + v + "\n")
	}
	return b.String()
}

// TestEnumValuesDifferingOnlyInCase: "a" and "A" both spell ItemMarkerA;
// neither is older, so both are qualified by their case.
func TestEnumValuesDifferingOnlyInCase(t *testing.T) {
	d, w := namedPackage(t, enumOf(`{value: a}`, `{value: A}`, `{value: i}`, `{value: I}`, `{value: "1"}`))
	wantNames(t, d, w, []string{"ItemMarkerALower", "ItemMarkerAUpper", "ItemMarkerILower", "ItemMarkerIUpper", "ItemMarker1"},
		"enum value ItemMarker.A", "enum value ItemMarker.I", "enum value ItemMarker.a", "enum value ItemMarker.i")
}

// TestEnumValueOfDigits: "1" cannot start an identifier, but the constant
// starts with its type's name.
func TestEnumValueOfDigits(t *testing.T) {
	d, w := namedPackage(t, enumOf(`{value: "1"}`, `{value: "2_5"}`, `{value: "3d"}`))
	wantNames(t, d, w, []string{"ItemMarker1", "ItemMarker2_5", "ItemMarker3D"})
}

// TestEnumValueEmpty: the empty value is spelt Empty.
func TestEnumValueEmpty(t *testing.T) {
	d, w := namedPackage(t, enumOf(`{value: ""}`, `{value: full}`))
	wantNames(t, d, w, []string{"ItemMarkerEmpty", "ItemMarkerFull"})
}

// TestEnumValueGoKeyword: keywords and predeclared names are exported
// words after the type's name.
func TestEnumValueGoKeyword(t *testing.T) {
	d, w := namedPackage(t, enumOf(`{value: type}`, `{value: default}`, `{value: func}`, `{value: nil}`, `{value: string}`))
	wantNames(t, d, w, []string{"ItemMarkerType", "ItemMarkerDefault", "ItemMarkerFunc", "ItemMarkerNil", "ItemMarkerString"})
}

// TestEnumValuePunctuationAndEmoji: a value without letters is spelt rune
// by rune; "+1" and "-1" both spell ItemMarker1 and are told apart by
// their punctuation.
func TestEnumValuePunctuationAndEmoji(t *testing.T) {
	d, w := namedPackage(t, enumOf(`{value: "-"}`, `{value: "+"}`, `{value: "😀"}`, `{value: "+1"}`, `{value: "-1"}`, `{value: "👍👎"}`))
	wantNames(t, d, w, []string{"ItemMarkerMinus", "ItemMarkerPlus", "ItemMarkerU1F600", "ItemMarker1Plus", "ItemMarker1Minus", "ItemMarkerU1F44DU1F44E"},
		"enum value ItemMarker.+1", "enum value ItemMarker.-1")
}

// TestObjectNamedLikeARuntimeType: the package's own names win; the API's
// type takes Type.
func TestObjectNamedLikeARuntimeType(t *testing.T) {
	var b strings.Builder
	b.WriteString("objects:\n")
	names := []string{"Client", "Error", "Opt", "Router", "Upload", "Some", "Service", "Handler"}
	for _, n := range names {
		b.WriteString("  - {name: " + n + ", fields: [{name: note, type: String, required: true}]}\n")
	}
	b.WriteString("methods:\n  - {name: getThings, group: g, returns: True, params: [")
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("{name: " + strings.ToLower(n) + ", type: " + n + ", required: false}")
	}
	b.WriteString("]}\n")
	d, w := namedPackage(t, b.String())
	var want, renamed []string
	for _, n := range names {
		want = append(want, n+"Type")
		renamed = append(renamed, "object "+n)
	}
	wantNames(t, d, w, want, renamed...)
}

// TestFieldsDifferingOnlyInCase: fields "id" and "ID" both spell ID.
func TestFieldsDifferingOnlyInCase(t *testing.T) {
	d, w := namedPackage(t, `objects:
  - name: Item
    fields:
      - {name: id, type: Integer, required: true}
      - {name: ID, type: String, required: true}
methods:
  - {name: getItem, group: g, returns: Item, params: [{name: id, type: Integer, required: true}, {name: Id, type: String, required: false}]}
`)
	wantNames(t, d, w, []string{"Item"}, "field Item.ID", "field Item.id", "parameter getItem.Id", "parameter getItem.id")
}

// TestNamesCollidingAfterCamelCase: chat_id, chatId and ChatID spell one
// name; the older keeps it, the others are qualified.
func TestNamesCollidingAfterCamelCase(t *testing.T) {
	d, w := namedPackage(t, `objects:
  - name: chat_member
    fields: [{name: chat_id, type: Integer, required: true}, {name: chatId, type: Integer, required: false, since: "10.1"}]
  - {name: ChatMember, since: "10.1", fields: [{name: note, type: String, required: true}]}
methods:
  - {name: getChatMember, group: g, returns: chat_member, params: [{name: chat_id, type: Integer, required: true}]}
`)
	wantNames(t, d, w, []string{"ChatMember", "ChatMemberMixed", "GetChatMemberParams"}, "field chat_member.chatId", "object ChatMember")
}

// TestNamingIsStableWhenAValueIsAdded: a later page adds values and types
// that spell names the earlier page gave; every earlier name stays.
func TestNamingIsStableWhenAValueIsAdded(t *testing.T) {
	before := enumOf(`{value: a}`, `{value: i}`, `{value: "1"}`) + "  - name: Kind\n    values: [{value: x}, {value: X}]\n"
	after := enumOf(`{value: A, since: "10.1"}`, `{value: a}`, `{value: "+1", since: "10.1"}`, `{value: i}`, `{value: "1"}`) +
		"  - name: Kind\n    values: [{value: x}, {value: X}, {value: \"x \", since: \"10.1\"}]\n"
	after = strings.Replace(after, "objects:\n", "objects:\n  - {name: ItemMarkerA, since: \"10.1\", fields: [{name: note, type: String, required: true}]}\n", 1)
	d1, _ := namedPackage(t, before)
	d2, w := namedPackage(t, after)
	for n := range d1 {
		if !d2[n] {
			t.Errorf("%s was renamed when values and a type were added", n)
		}
	}
	wantNames(t, d2, w, []string{"ItemMarkerA", "ItemMarkerAUpper", "ItemMarker1Plus", "ItemMarkerAMixed", "KindXLower", "KindXUpper", "KindXLowerSpace"},
		"enum value ItemMarker.A", "enum value ItemMarker.+1", "object ItemMarkerA", "enum value Kind.x", "enum value Kind.X", "enum value Kind.x ")
}

// TestObjectNamedLikeAUnionHelper: an object the document names like a
// constructor or the unknown variant the package makes from a union's name
// keeps its name; the made name is disambiguated, with a warning.
func TestObjectNamedLikeAUnionHelper(t *testing.T) {
	d, w := namedPackage(t, `objects:
  - {name: ChatRefFromInteger, fields: [{name: note, type: String, required: true}]}
  - {name: UnknownMedia, fields: [{name: note, type: String, required: true}]}
  - {name: Photo, fields: [{name: type, type: String, required: true, constraints: {fixed: photo}}, {name: file_id, type: String, required: true}]}
  - {name: Video, fields: [{name: type, type: String, required: true, constraints: {fixed: video}}, {name: file_id, type: String, required: true}]}
unions:
  - name: ChatRef
    variants: [{type: Integer}, {type: String}]
  - name: Media
    discriminator: type
    variants: [{type: Photo, tag: photo}, {type: Video, tag: video}]
methods:
  - {name: send, group: g, returns: True, params: [{name: chat, type: ChatRef, required: true}, {name: media, type: Media, required: true}, {name: note, type: ChatRefFromInteger, required: false}, {name: other, type: UnknownMedia, required: false}]}
`)
	wantNames(t, d, w, []string{"ChatRefFromInteger", "ChatRefFromIntegerMixed", "UnknownMedia", "UnknownMediaMixed"},
		"constructor of union ChatRef variant Integer", "unknown variant of union Media")
}

// TestFieldNamedLikeAMethod: a field spelling a method the package adds to
// its struct (Validate; Kind of an object whose fields are kinds) takes
// Field; the method keeps its name.
func TestFieldNamedLikeAMethod(t *testing.T) {
	d, w := namedPackage(t, `objects:
  - name: Event
    fields:
      - {name: validate, type: Boolean, required: false}
      - {name: kind, type: String, required: false}
      - {name: photo, type: String, required: false}
      - {name: video, type: String, required: false}
    rules: [{kind: at_most_one, fields: [photo, video]}]
methods:
  - {name: send, group: g, returns: True, params: [{name: event, type: Event, required: true}, {name: validate, type: Boolean, required: false}]}
`)
	wantNames(t, d, w, []string{"Event"}, "field Event.validate", "field Event.kind", "parameter send.validate")
	for _, want := range []string{"ValidateField", "KindField"} {
		if !strings.Contains(strings.Join(warningTexts(w), "\n"), want) {
			t.Errorf("warnings %v do not give %s", w, want)
		}
	}
}

func warningTexts(ws []schema.Warning) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Text)
	}
	return out
}
