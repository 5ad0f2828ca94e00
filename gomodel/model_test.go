package gomodel

// Tests of the model's decisions on small schemas written here: the Go
// names, type shapes, union kinds, optional representation, uploads,
// results and collisions every backend reads instead of deriving them.

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/schema"
)

func TestShortName(t *testing.T) {
	for note, want := range map[string]string{
		"chat identifier": "ChatID",
		"username of a channel, in the form @channelusername": "Username",
		"":                                    "",
		"a very long descriptive phrase here": "",
		"file identifier":                     "FileID",
	} {
		if got := shortName(note); got != want {
			t.Errorf("shortName(%q) = %q, want %q", note, got, want)
		}
	}
}

func TestIsIdentifierDescription(t *testing.T) {
	for desc, want := range map[string]bool{
		"the id of the first update to return": true,
		"Unique identifier of the chat":        true,
		"Number of updates":                    false,
		"identifies nothing":                   false,
	} {
		if got := idDescription.MatchString(desc); got != want {
			t.Errorf("%q: %v, want %v", desc, got, want)
		}
	}
}

// build parses a YAML schema, checks it and builds its model.
func build(t *testing.T, yml string) *Model {
	t.Helper()
	m, err := buildErr(t, yml)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func buildErr(t *testing.T, yml string) (*Model, error) {
	t.Helper()
	s, err := schema.Unmarshal([]byte(yml))
	if err != nil {
		t.Fatalf("schema: %v", err)
	}
	if err := s.Check(); err != nil {
		t.Fatalf("check: %v", err)
	}
	return Build(s, Options{Package: "p", Reserved: []string{"Opt", "Some", "True", "InputFile"}})
}

const header = "title: T\nversion: \"1\"\nsource: t.md\n"

// chat: an object with identifiers, initialisms, optional scalars and an
// optional object; getChat returns it, getChats an array, close True.
const chatSchema = header + `
objects:
  - name: Chat
    fields:
      - {name: id, type: Integer, required: true}
      - {name: photo_url, type: String, required: false}
      - {name: member_count, type: Integer, required: false}
      - {name: linked_chat_id, type: Integer, required: false}
      - {name: correct_option_id, type: Integer, required: false, zero_meaningful: true}
      - {name: big, type: Integer64, required: true}
      - {name: ratio, type: Float, required: false}
      - {name: is_html, type: Boolean, required: false}
      - {name: pinned, type: Chat, required: false}
      - {name: admins, type: Array of Chat, required: false}
      - {name: kind, type: String, required: false, constraints: {enum: ChatType}}
enums:
  - name: ChatType
    values: [{value: private}, {value: supergroup}]
methods:
  - {name: getChat, group: g, returns: Chat, params: [{name: chat_id, type: Integer, required: true}]}
  - {name: getChats, group: g, returns: Array of Chat}
  - {name: close, group: g, returns: True}
  - {name: getCount, group: g, returns: Integer}
`

func TestGoNamesWithInitialisms(t *testing.T) {
	m := build(t, chatSchema)
	st := m.Object("Chat")
	for wire, want := range map[string]string{"id": "ID", "photo_url": "PhotoURL", "linked_chat_id": "LinkedChatID", "is_html": "IsHTML"} {
		if got := st.Field(wire).GoName; got != want {
			t.Errorf("field %s: Go name %s, want %s", wire, got, want)
		}
	}
	if me := m.Method("getChat"); me.GoName != "GetChat" || me.Params.GoName != "GetChatParams" {
		t.Errorf("method getChat: %s, params %s", me.GoName, me.Params.GoName)
	}
	if got := m.Enum("ChatType").Const("supergroup"); got != "ChatTypeSupergroup" {
		t.Errorf("enum constant %s, want ChatTypeSupergroup", got)
	}
}

// TestTypeShapes: one representation for all optional fields (Opt[T] for
// scalars, a pointer for objects, nil for slices) and their unset values,
// the integer-width rule (identifiers and Integer64 are int64, a
// zero-meaningful *_id is int), and enums as their named type with the
// String codec.
func TestTypeShapes(t *testing.T) {
	m := build(t, chatSchema)
	st := m.Object("Chat")
	// The Go type of each field, and the literal of its unset value.
	for wire, want := range map[string][2]string{
		"id":                {"int64", "0"},
		"photo_url":         {"Opt[string]", "Opt[string]{}"},
		"member_count":      {"Opt[int]", "Opt[int]{}"},
		"linked_chat_id":    {"Opt[int64]", "Opt[int64]{}"},
		"correct_option_id": {"Opt[int]", "Opt[int]{}"},
		"big":               {"int64", "0"},
		"ratio":             {"Opt[float64]", "Opt[float64]{}"},
		"is_html":           {"Opt[bool]", "Opt[bool]{}"},
		"pinned":            {"*Chat", "nil"},
		"admins":            {"[]Chat", "nil"},
		"kind":              {"Opt[ChatType]", "Opt[ChatType]{}"},
	} {
		typ := st.Field(wire).Type
		if got := typ.String(); got != want[0] {
			t.Errorf("field %s: %s, want %s", wire, got, want[0])
		}
		if got := renderCode(typ.Zero()); got != want[1] {
			t.Errorf("zero of %s: %s, want %s", wire, got, want[1])
		}
	}
	if got := renderCode(st.Field("admins").Type.Elem.Zero()); got != "Chat{}" {
		t.Errorf("zero of an element of admins: %s", got)
	}
	if f := st.Field("linked_chat_id"); !f.Identifier {
		t.Error("linked_chat_id is not an identifier")
	}
	if f := st.Field("correct_option_id"); f.Identifier {
		t.Error("a zero-meaningful correct_option_id is an identifier")
	}
	kind := st.Field("kind").Type.Elem
	if kind.Prim != PrimString || kind.Conv() != "ChatType" || kind.Prim.JSON() != "Str" || kind.Prim.Text() != "String" {
		t.Errorf("enum: prim %v, conv %q, codec %s/%s", kind.Prim, kind.Conv(), kind.Prim.JSON(), kind.Prim.Text())
	}
	if id := st.Field("id").Type; !id.IsInteger() || id.Prim.JSON() != "Int64" || id.HasIsSet() || id.Nilable() {
		t.Errorf("id: %+v", id)
	}
	if p := st.Field("pinned").Type; !p.Nilable() || p.HasIsSet() || p.Base().Struct != st {
		t.Errorf("pinned: %+v", p)
	}
	if o := st.Field("ratio").Type; !o.HasIsSet() || o.Nilable() {
		t.Errorf("ratio: %+v", o)
	}
}

// TestMethodReturn: what a Go call returns next to its error.
func TestMethodReturn(t *testing.T) {
	m := build(t, chatSchema)
	for name, want := range map[string]string{"getChat": "*Chat", "getChats": "[]Chat", "getCount": "int", "close": ""} {
		me := m.Method(name)
		got := ""
		if me.Return != nil {
			got = me.Return.String()
		}
		if got != want {
			t.Errorf("%s returns %q, want %q", name, got, want)
		}
	}
	if !m.Method("close").Result.IsTrue() {
		t.Error("close: result is not True")
	}
}

const unionSchema = header + `
objects:
  - name: Photo
    fields:
      - {name: type, type: String, required: true, constraints: {fixed: photo}}
      - {name: media, type: InputFileOrString, required: true}
  - name: Video
    fields:
      - {name: type, type: String, required: true, constraints: {fixed: video}}
      - {name: media, type: InputFileOrString, required: true}
      - {name: thumb, type: InputFile, required: false}
  - name: Keyboard
    fields:
      - {name: keyboard, type: Array of Array of String, required: true}
  - name: Remove
    fields:
      - {name: remove_keyboard, type: Boolean, required: true}
unions:
  - name: InputFileOrString
    variants: [{type: InputFile}, {type: String}]
  - name: ChatRef
    variants: [{type: Integer, note: chat identifier}, {type: String, note: "username of a channel, in the form @channelusername"}]
  - name: Media
    discriminator: type
    variants: [{type: Photo, tag: photo}, {type: Video, tag: video}]
  - name: Markup
    variants: [{type: Keyboard, requires: [keyboard]}, {type: Remove, requires: [remove_keyboard]}]
methods:
  - name: sendMedia
    group: g
    returns: True
    multipart: true
    params:
      - {name: chat_id, type: ChatRef, required: true}
      - {name: media, type: Array of Media, required: true}
      - {name: markup, type: Markup, required: false}
  - name: sendText
    group: g
    returns: True
    params:
      - {name: chat_id, type: ChatRef, required: true}
`

// TestUnionsByKind: a discriminated union of objects and one told apart by
// members are interfaces; a union with a primitive variant is a value
// struct; "InputFile or String" is InputFile itself.
func TestUnionsByKind(t *testing.T) {
	m := build(t, unionSchema)
	for name, want := range map[string]UnionKind{"Media": TaggedUnion, "Markup": KeyedUnion, "ChatRef": ValueUnion} {
		if u := m.Union(name); u == nil || u.Kind != want {
			t.Errorf("union %s: %v, want kind %v", name, u, want)
		}
	}
	if !m.IsFileUnion("InputFileOrString") || m.Union("InputFileOrString") != nil {
		t.Error("InputFile or String is not represented by InputFile")
	}
	if f := m.Object("Photo").Field("media"); f.Type.Kind != File || !f.FileUnion {
		t.Errorf("Photo.media: %s, file union %v", f.Type, f.FileUnion)
	}
	if m.Object("Photo").Field("type") != nil {
		t.Error("the discriminator is a field of the variant")
	}
	if st := m.Object("Photo"); st.Tagged != m.Union("Media") || st.Tag != "photo" {
		t.Errorf("Photo: tagged %v, tag %q", st.Tagged, st.Tag)
	}
	cr := m.Union("ChatRef")
	if cr.FileVariant() != nil {
		t.Error("ChatRef has a file variant")
	}
	sv := cr.StringVariant()
	if sv == nil || sv.Form != "@channelusername" || sv.JSONKind != "string" || sv.Ctor != "ChatRefFromString" {
		t.Errorf("ChatRef's String variant: %+v", sv)
	}
	if iv := cr.Variants[0]; iv.Short != "ChatID" || iv.JSONKind != "number" || iv.Type.String() != "int64" {
		t.Errorf("ChatRef's Integer variant: %+v", iv)
	}
	if v := m.Union("Markup").Variant("Keyboard"); v.Key != "keyboard" || v.Type.String() != "*Keyboard" {
		t.Errorf("Markup's Keyboard variant: key %q, type %s", v.Key, v.Type)
	}
}

// TestValueUnionKindsAreNamed: the kind a value union holds is read and
// written through a named constant per variant (chatRefKindString), decided
// here like every other name, so generated code never compares the kind
// with a bare number.
func TestValueUnionKindsAreNamed(t *testing.T) {
	cr := build(t, unionSchema).Union("ChatRef")
	var got []string
	for _, v := range cr.Variants {
		got = append(got, v.Kind+"="+strconv.Itoa(v.Index))
	}
	if want := "chatRefKindInteger=1 chatRefKindString=2"; strings.Join(got, " ") != want {
		t.Errorf("ChatRef's kinds: %s, want %s", strings.Join(got, " "), want)
	}
}

// TestUploads: which fields, structs, unions and methods can carry an
// upload, at any depth.
func TestUploads(t *testing.T) {
	m := build(t, unionSchema)
	for name, want := range map[string]bool{"sendMedia": true, "sendText": false} {
		if got := m.Method(name).Uploads; got != want {
			t.Errorf("%s uploads: %v, want %v", name, got, want)
		}
	}
	if !m.Union("Media").Uploads || m.Union("Markup").Uploads || m.Union("ChatRef").Uploads {
		t.Error("union uploads: Media must, Markup and ChatRef must not")
	}
	media := m.Method("sendMedia").Params.Field("media")
	if !media.Uploads || !media.Type.Uploads() || media.Type.String() != "[]Media" {
		t.Errorf("sendMedia.media: %s, uploads %v", media.Type, media.Uploads)
	}
	if !m.Object("Video").Field("thumb").Uploads || !m.Object("Keyboard").Sent {
		t.Error("Video.thumb does not upload, or Keyboard is not sent")
	}
}

// TestCollisionsAreDisambiguated: two declarations with one Go name are
// never an error: each gets a name by naming's rule and a warning naming
// both.
func TestCollisionsAreDisambiguated(t *testing.T) {
	for name, c := range map[string]struct {
		yml  string
		want []string
	}{
		"objects": {header + `
objects:
  - {name: chat_member, fields: [{name: id, type: Integer, required: true}]}
  - {name: ChatMember, fields: [{name: id, type: Integer, required: true}]}
`, []string{"ChatMemberLowerUnderscore", "ChatMemberMixed"}},
		"fields": {header + `
objects:
  - name: Chat
    fields:
      - {name: photo_url, type: String, required: true}
      - {name: photo_URL, type: String, required: true}
`, []string{"PhotoURLLowerUnderscore", "PhotoURLMixedUnderscore"}},
		"params struct": {header + `
objects:
  - {name: GetChatParams, fields: [{name: id, type: Integer, required: true}]}
methods:
  - {name: getChat, group: g, returns: True, params: [{name: chat_id, type: Integer, required: true}]}
`, []string{"GetChatParamsMixed"}},
		"reserved": {header + `
objects:
  - {name: Opt, fields: [{name: id, type: Integer, required: true}]}
`, []string{"OptType"}},
	} {
		s, err := schema.Unmarshal([]byte(c.yml))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m, err := Build(s, Options{Package: "p", Reserved: []string{"Opt"}})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		// The Go names' warnings (a name told apart without case in the
		// docs and the OpenAPI export warns of its own).
		var goNames []schema.Warning
		for _, w := range m.Warnings {
			if strings.HasPrefix(w.Text, "its Go name") {
				goNames = append(goNames, w)
			}
		}
		if len(goNames) != len(c.want) {
			t.Errorf("%s: warnings %v, want one for each of %v", name, m.Warnings, c.want)
			continue
		}
		for i, w := range goNames {
			if !strings.Contains(w.Text, "its Go name is "+c.want[i]+",") {
				t.Errorf("%s: warning %q, want the name %s", name, w.Text, c.want[i])
			}
		}
	}
}

func TestStringFormAndKind(t *testing.T) {
	m := build(t, header+`
objects:
  - name: Button
    string_form: a plain String may replace the object
    fields:
      - {name: text, type: String, required: true}
      - {name: url, type: String, required: false}
  - name: Message
    fields:
      - {name: message_id, type: Integer, required: true}
      - {name: chat, type: Chat, required: true}
  - name: Chat
    fields:
      - {name: id, type: Integer, required: true}
  - name: Update
    fields:
      - {name: update_id, type: Integer, required: true}
      - {name: message, type: Message, required: false}
      - {name: edited_message, type: Message, required: false}
    rules:
      - {kind: at_most_one, fields: [message, edited_message], text: at most one}
`)
	if sf := m.Object("Button").StringForm; sf == nil || sf.Name != "text" {
		t.Errorf("Button's string form: %v", sf)
	}
	k := m.Object("Update").Kind
	if k == nil || len(k.Fields) != 2 || k.Method != "Kind" {
		t.Fatalf("Update's kind accessor: %+v", k)
	}
	if len(k.Helpers) != 1 || k.Helpers[0].Method != "Chat" || k.Helpers[0].Struct != m.Object("Chat") {
		t.Errorf("Update's helpers: %+v", k.Helpers)
	}
}

func TestBadUnionsAreErrors(t *testing.T) {
	_, err := buildErr(t, header+`
unions:
  - name: Num
    variants: [{type: Integer}, {type: Float}]
`)
	if err == nil || !strings.Contains(err.Error(), "cannot be told apart") {
		t.Errorf("two JSON numbers in one union: %v", err)
	}
}

// renderCode renders a jennifer expression as Go source.
func renderCode(c jen.Code) string {
	return fmt.Sprintf("%#v", jen.Null().Add(c))
}

// TestAttachStringIsAFileUnion: a String that may name an attach:// upload
// (constraints.attach, as the published page's InputMedia media is read)
// gets the Go type of an "InputFile or String": an InputFile of any form,
// which makes its object, union and method carry uploads. The defect was a
// plain string, so an album from the page could not upload.
func TestAttachStringIsAFileUnion(t *testing.T) {
	m := build(t, header+`
objects:
  - name: InputSnap
    fields:
      - {name: picture, type: String, required: true, constraints: {attach: true}}
      - {name: preview, type: String, required: false, constraints: {attach: true}}
      - {name: label, type: String, required: false}
methods:
  - name: sendSnaps
    group: g
    returns: "True"
    multipart: true
    params:
      - {name: snaps, type: Array of InputSnap, required: true, json_serialized: true}
`)
	o := m.Object("InputSnap")
	for _, name := range []string{"picture", "preview"} {
		f := o.Field(name)
		if f.Type.Kind != File || !f.FileUnion || !f.Uploads {
			t.Errorf("%s: %s (kind %v), file union %v, uploads %v; want an InputFile of any form", name, f.Type, f.Type.Kind, f.FileUnion, f.Uploads)
		}
	}
	if f := o.Field("label"); f.Type.Kind == File || f.FileUnion {
		t.Errorf("label: %s, a String without attach is a string", f.Type)
	}
	if !o.Uploads || !m.Method("sendSnaps").Uploads {
		t.Error("InputSnap and sendSnaps must carry uploads")
	}
}

// TestUnionIntegerHeldByIdentifiersIsInt64: a value union's Integer variant
// follows the integer-width rule of the fields holding the union. Every
// holder an identifier (chat_id, from_chat_id): int64, as a plain chat_id
// would be; any other holder: int.
func TestUnionIntegerHeldByIdentifiersIsInt64(t *testing.T) {
	m := build(t, header+`
unions:
  - name: IntegerOrString
    variants: [{type: Integer}, {type: String}]
  - name: CountOrString
    variants: [{type: Integer}, {type: String}]
  - name: Mixed
    variants: [{type: Integer}, {type: String}]
objects:
  - name: Target
    fields:
      - {name: chat_id, type: IntegerOrString, required: true}
      - {name: count, type: CountOrString, required: false}
      - {name: user_id, type: Mixed, required: false}
      - {name: amount, type: Mixed, required: false}
methods:
  - {name: forward, group: g, returns: True, params: [{name: from_chat_id, type: Array of IntegerOrString, required: true}]}
`)
	for union, want := range map[string]string{"IntegerOrString": "int64", "CountOrString": "int", "Mixed": "int"} {
		if got := m.Union(union).Variants[0].Type.String(); got != want {
			t.Errorf("%s's Integer variant: %s, want %s", union, got, want)
		}
	}
}

// Issue 35: a page's callback query holds a message that may be
// inaccessible; both variants carry chat and message_id, yet reading them
// took a type switch. Every interface union offers the fields all its
// variants carry alike (same wire name, same Go type) as Get<Field>
// methods; a field only some variants have, or typed differently, is left
// out.
func TestUnionOffersFieldsEveryVariantCarries(t *testing.T) {
	m := build(t, header+`
objects:
  - name: Room
    fields: [{name: id, type: Integer, required: true}]
  - name: Note
    fields:
      - {name: note_id, type: Integer, required: true}
      - {name: room, type: Room, required: true}
      - {name: text, type: String, required: true}
      - {name: stamp, type: Integer, required: true}
  - name: GoneNote
    fields:
      - {name: room, type: Room, required: true}
      - {name: note_id, type: Integer, required: true}
      - {name: stamp, type: String, required: true}
      - {name: gone, type: Boolean, required: true}
  - name: Tap
    fields:
      - {name: id, type: String, required: true}
      - {name: note, type: MaybeNote, required: false}
unions:
  - name: MaybeNote
    variants: [{type: Note, requires: [text]}, {type: GoneNote, requires: [gone]}]
`)
	u := m.Union("MaybeNote")
	var got []string
	for _, c := range u.Common {
		got = append(got, c.Method+" "+c.Type.String())
	}
	if want := "GetNoteID int64, GetRoom Room"; strings.Join(got, ", ") != want {
		t.Errorf("MaybeNote's common methods: %q, want %q", strings.Join(got, ", "), want)
	}
	if g := m.Object("GoneNote").Getters; len(g) != 2 || g[0].Method != "GetNoteID" {
		t.Errorf("GoneNote's getters: %v", g)
	}
}

// Issue 35: the README wrote botapi.ChatID(…) and botapi.Username(…),
// names from the seed's notes; a page's "Integer or String" has no notes,
// so its package spelt them IntegerOrStringFromInteger only. A variant
// without a note is named after the fields holding the union: the
// identifier most of them are (chat_id) and the alternative their
// description states after " or ".
func TestNotelessChatReferenceGetsTheSeedsShortNames(t *testing.T) {
	m := build(t, header+`
unions:
  - name: IntegerOrString
    variants: [{type: Integer}, {type: String}]
  - name: CountOrString
    variants: [{type: Integer}, {type: String}]
objects:
  - name: Target
    fields:
      - {name: chat_id, type: IntegerOrString, required: true, description: Unique identifier for the target chat or username of the target channel (in the format @channelusername)}
      - {name: count, type: CountOrString, required: false, description: A number or a word}
methods:
  - {name: forward, group: g, returns: True, params: [{name: from_chat_id, type: IntegerOrString, required: true, description: Unique identifier for the chat where the original message was sent (or channel username in the format @channelusername)}, {name: chat_id, type: IntegerOrString, required: true, description: Unique identifier for the target chat or username of the target channel}]}
`)
	u := m.Union("IntegerOrString")
	if a, b := u.Variants[0].Short, u.Variants[1].Short; a != "ChatID" || b != "Username" {
		t.Errorf("IntegerOrString's short constructors: %q, %q, want ChatID, Username", a, b)
	}
	if c := m.Union("CountOrString"); c.Variants[0].Short != "" || c.Variants[1].Short != "" {
		t.Errorf("CountOrString is held by no identifier, yet named %q, %q", c.Variants[0].Short, c.Variants[1].Short)
	}
}

// Issue 35: a page's correct_option_id ("0-based identifier of the
// correct answer option") has no overlay marking its zero, so it was an
// int64 identifier there and an int in the seed's package: the same bot
// did not compile against both. A 0-based position is never an
// identifier.
func TestZeroBasedIntegerIsNoIdentifier(t *testing.T) {
	if isIdentifier(&schema.Field{Name: "correct_option_id", Type: schema.Named(schema.Integer), Description: "0-based identifier of the correct answer option"}) {
		t.Error("a 0-based position is an identifier")
	}
	if !isIdentifier(&schema.Field{Name: "option_id", Type: schema.Named(schema.Integer), Description: "Identifier of the option"}) {
		t.Error("option_id is no identifier")
	}
}

// TestFileFormsOfAnyValue: which forms of InputFile a value takes is the
// model's answer for every value, array elements included: a plain
// InputFile is an upload, a file union or an attach String any form, and a
// variants restriction or upload_only narrows it.
func TestFileFormsOfAnyValue(t *testing.T) {
	m := build(t, header+`
unions:
  - name: FileOrRef
    variants: [{type: InputFile}, {type: String}]
objects:
  - name: Pack
    fields:
      - {name: plain, type: InputFile, required: true}
      - {name: either, type: FileOrRef, required: true}
      - {name: attached, type: Array of String, required: false, constraints: {each: {attach: true}}}
      - {name: ref_only, type: FileOrRef, required: false, constraints: {variants: [String]}}
      - {name: upload_only, type: FileOrRef, required: false, constraints: {upload_only: true}}
      - {name: nothing, type: FileOrRef, required: false, constraints: {upload_only: true, variants: [String]}}
methods:
  - name: sendPack
    group: g
    returns: "True"
    multipart: true
    params:
      - {name: pack, type: Pack, required: true, json_serialized: true}
`)
	o := m.Object("Pack")
	for name, want := range map[string][2]bool{
		"plain": {true, false}, "either": {true, true}, "attached": {true, true},
		"ref_only": {false, true}, "upload_only": {true, false},
	} {
		ft := o.Field(name).Type
		if ft.Kind == Slice {
			ft = ft.Elem
		}
		up, ref, err := ft.FileForms()
		if err != nil || [2]bool{up, ref} != want {
			t.Errorf("%s: upload %v, reference %v, %v; want %v", name, up, ref, err, want)
		}
	}
	if _, _, err := o.Field("nothing").Type.FileForms(); err == nil || !strings.Contains(err.Error(), "no form") {
		t.Errorf("nothing: %v, want an error saying no form is allowed", err)
	}
}

// Issue 35: a poll's options were an Array of String at the seed and an
// Array of InputPollOption (a text, later with formatting) from 7.3, so
// no bot wrote them once for both. A params struct's list of text values,
// strings or objects made from a String alone, gets With<Field> taking
// plain strings; a list of enum values or of objects needing more than a
// text gets none.
func TestStringListsWrapTheSoleStringField(t *testing.T) {
	m := build(t, header+`
enums:
  - name: Kind
    values: [{value: a}, {value: b}]
objects:
  - name: Choice
    fields:
      - {name: text, type: String, required: true}
      - {name: text_mode, type: String, required: false}
  - name: Pair
    fields:
      - {name: left, type: String, required: true}
      - {name: right, type: String, required: true}
methods:
  - name: ask
    group: g
    returns: "True"
    params:
      - {name: words, type: Array of String, required: true}
      - {name: choices, type: Array of Choice, required: true}
      - {name: pairs, type: Array of Pair, required: false}
      - {name: kinds, type: Array of String, required: false, constraints: {each: {enum: Kind}}}
`)
	var got []string
	for _, l := range m.Method("ask").Params.Lists {
		w := "strings"
		if l.Wrap != nil {
			w = l.Wrap.GoName + "." + l.Into.GoName
		}
		got = append(got, l.Method+" "+w)
	}
	if want := "WithWords strings, WithChoices Choice.Text"; strings.Join(got, ", ") != want {
		t.Errorf("AskParams' string lists: %q, want %q", strings.Join(got, ", "), want)
	}
	if s := m.Object("Pair").Sole(); s != nil {
		t.Errorf("Pair has two required fields, yet Sole is %s", s.Name)
	}
}

// Issue 35: a callback query's message became a union of the message and
// an inaccessible message, which had no Reply, so q.Message.Reply stopped
// compiling. The object of an update's kind is a referent (its identifier,
// its places); the one union it is a variant of whose common fields cover
// them offers its replies and answers, as the object does.
func TestUnionOffersTheRepliesOfItsVariant(t *testing.T) {
	m := build(t, header+`
objects:
  - name: Room
    fields: [{name: id, type: Integer, required: true}]
  - name: Note
    fields:
      - {name: note_id, type: Integer, required: true}
      - {name: room, type: Room, required: true}
      - {name: text, type: String, required: true}
  - name: GoneNote
    fields:
      - {name: note_id, type: Integer, required: true}
      - {name: room, type: Room, required: true}
      - {name: gone, type: Boolean, required: true}
  - name: Tap
    fields:
      - {name: id, type: String, required: true}
      - {name: note, type: MaybeNote, required: false}
  - name: Event
    fields:
      - {name: event_id, type: Integer, required: true}
      - {name: note, type: Note, required: false}
      - {name: tap, type: Tap, required: false}
    rules:
      - {kind: at_most_one, fields: [note, tap], text: At most one is present}
unions:
  - name: MaybeNote
    variants: [{type: Note, requires: [text]}, {type: GoneNote, requires: [gone]}]
`)
	r := m.Object("Note").Referent
	if r == nil || r.Own == nil || r.Own.Name != "note_id" || len(r.Places) != 1 || r.Places[0].Name != "room" {
		t.Fatalf("Note's referent: %+v", r)
	}
	u := m.Union("MaybeNote")
	if r.Via != u || u.Offers != r {
		t.Errorf("MaybeNote: Via %v, Offers %v; want the union to offer Note's helpers", r.Via, u.Offers)
	}
	if r.Reply.Params != "NoteReply" || r.Answer.Result != "AnswerNote" {
		t.Errorf("helper names %+v %+v", r.Reply, r.Answer)
	}
	if m.Object("GoneNote").Referent != nil {
		t.Error("GoneNote is no kind's object, yet a referent")
	}
}

// TestIdentifierWordingFoundBeforeTheExpression: idBeforeOf, the cheap test
// run before idDescription, holds wherever the expression matches.
func TestIdentifierWordingFoundBeforeTheExpression(t *testing.T) {
	for _, d := range []string{
		"the id of the first update", "The ID of a chat", "Unique identifier of the message", "an Identifier Of x",
		"a ID OF y", "An id of", "the id ofx", "the idea of it", "id of", "Identifier of", "UNIQUE IDENTIFIER OF THE", "é the id of é",
	} {
		if idDescription.MatchString(d) && !idBeforeOf(d) {
			t.Errorf("%q: the expression matches, idBeforeOf does not", d)
		}
	}
	for _, d := range []string{"Identifier for the chat", "the idea", "the id", "0-based index of"} {
		if idBeforeOf(d) {
			t.Errorf("%q: idBeforeOf holds without \"id of\"", d)
		}
	}
}

// TestDiscriminatorNamedRaw: the unknown variant of a discriminated union
// holds the tag in a field named after the discriminator, beside Raw (the
// whole object) and the struct's methods; a discriminator raw (or
// marshal_json) used to stop the model ("collides with the Raw field").
// The package's own names win: the tag's field takes Field, with a
// warning.
func TestDiscriminatorNamedRaw(t *testing.T) {
	for disc, want := range map[string]string{"raw": "RawField", "marshal_json": "MarshalJSONField", "type": "Type"} {
		m := build(t, header+`
objects:
  - name: Photo
    fields: [{name: `+disc+`, type: String, required: true, constraints: {fixed: photo}}, {name: url, type: String, required: true}]
  - name: Video
    fields: [{name: `+disc+`, type: String, required: true, constraints: {fixed: video}}, {name: url, type: String, required: true}]
unions:
  - name: Media
    discriminator: `+disc+`
    variants: [{type: Photo, tag: photo}, {type: Video, tag: video}]
methods:
  - {name: getMedia, group: g, returns: Media}
`)
		u := m.Union("Media")
		if u.UnknownTag != want {
			t.Errorf("discriminator %s: the unknown variant's tag field is %s, want %s", disc, u.UnknownTag, want)
		}
		warned := false
		for _, w := range m.Warnings {
			warned = warned || strings.Contains(w.Text, want)
		}
		if warned != (want != "Type") {
			t.Errorf("discriminator %s: warned %v: %v", disc, warned, m.Warnings)
		}
	}
}
