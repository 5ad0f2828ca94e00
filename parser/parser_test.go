package parser_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

func defaultSchema(t testing.TB) *schema.Schema {
	t.Helper()
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFullSpecCounts pins the size of the parsed 5.0 schema, so that a
// parser change that loses (or invents) rows shows up as a count change.
func TestFullSpecCounts(t *testing.T) {
	got := defaultSchema(t).Count()
	want := schema.Counts{
		Objects: 55, OpaqueObjects: 11, Fields: 311, Unions: 5, Enums: 8, EnumValues: 56,
		Methods: 56, Params: 272, Constraints: 98, Rules: 13, Shorthands: 4,
	}
	if got != want {
		t.Errorf("counts changed:\n got  %+v\n want %+v", got, want)
	}
}

func field(t *testing.T, s *schema.Schema, owner, name string) *schema.Field {
	t.Helper()
	if o := s.Object(owner); o != nil {
		if f := o.Field(name); f != nil {
			return f
		}
	}
	if m := s.Method(owner); m != nil {
		if f := m.Param(name); f != nil {
			return f
		}
	}
	t.Fatalf("%s.%s not in schema", owner, name)
	return nil
}

// TestFullSpecFacts checks facts stated in each kind of place in the document.
func TestFullSpecFacts(t *testing.T) {
	s := defaultSchema(t)
	check := func(what string, got, want any) {
		t.Helper()
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	// 64-bit integers where the document says so.
	check("Chat.id type", field(t, s, "Chat", "id").Type, "Integer64")
	check("Message.migrate_to_chat_id type", field(t, s, "Message", "migrate_to_chat_id").Type, "Integer64")
	check("ChatRef integer variant", s.Union("ChatRef").Variants[0].Type, "Integer64")
	// Float number spelling, bare names from Common conventions, media tables.
	check("Location.latitude", field(t, s, "Location", "latitude").Type, "Float")
	check("Animation.file_id", field(t, s, "Animation", "file_id").Type, "String")
	check("Animation.duration required", field(t, s, "Animation", "duration").Required, true)
	check("Animation.thumb", field(t, s, "Animation", "thumb").Type, "PhotoSize")
	check("UserProfilePhotos.photos", field(t, s, "UserProfilePhotos", "photos").Type, "Array of Array of PhotoSize")
	// Object notes in multi-object tables.
	check("KeyboardButton string form", s.Object("KeyboardButton").StringForm != "", true)
	check("ChatPermissions all optional", field(t, s, "ChatPermissions", "can_pin_messages").Required, false)
	check("KeyboardButton rule", s.Object("KeyboardButton").Rules[0].Fields, []string{"request_contact", "request_location", "request_poll"})
	check("InlineKeyboardButton rule", s.Object("InlineKeyboardButton").Rules[0].Kind, schema.RuleExactlyOne)
	check("pay position", field(t, s, "InlineKeyboardButton", "pay").Constraints.Position, "first_in_first_row")
	cb := field(t, s, "InlineKeyboardButton", "callback_data").Constraints.Length
	check("callback_data bytes", fmt.Sprintf("%d-%d %s", *cb.Min, *cb.Max, cb.Unit), "1-64 bytes")
	check("BotCommand pattern", field(t, s, "BotCommand", "command").Constraints.Pattern, "^[a-z0-9_]*$")
	// InputMedia variants: common fields, extras, discriminator, attach:// uploads.
	u := s.Union("InputMedia")
	check("InputMedia discriminator", u.Discriminator, "type")
	check("InputMedia variants", len(u.Variants), 5)
	check("InputMediaVideo.media", field(t, s, "InputMediaVideo", "media").Type, "InputFileOrString")
	check("InputMediaVideo.type fixed", field(t, s, "InputMediaVideo", "type").Constraints.Fixed, "video")
	check("InputMediaAnimation.width", field(t, s, "InputMediaAnimation", "width").Type, "Integer")
	// Methods: shorthands, groups, constraints, rules, results.
	check("sendMessage params", len(s.Method("sendMessage").Params), 9)
	check("sendMessage.reply_markup", field(t, s, "sendMessage", "reply_markup").Type, "ReplyMarkup")
	check("sendMessage.reply_markup from", field(t, s, "sendMessage", "reply_markup").From, "SEND_OPTS")
	check("sendMessage.text after parsing", field(t, s, "sendMessage", "text").Constraints.Length.AfterEntityParsing, true)
	check("sendVenue.longitude", field(t, s, "sendVenue", "longitude").Type, "Float")
	check("promoteChatMember.can_pin_messages", field(t, s, "promoteChatMember", "can_pin_messages").Type, "Boolean")
	check("sendPoll.correct_option_id zero", field(t, s, "sendPoll", "correct_option_id").ZeroMeaningful, true)
	check("sendPoll.is_anonymous default", field(t, s, "sendPoll", "is_anonymous").Constraints.Default, true)
	check("sendPoll.options each", *field(t, s, "sendPoll", "options").Constraints.Each.Length.Max, 100)
	check("sendPoll.explanation line feeds", *field(t, s, "sendPoll", "explanation").Constraints.MaxLineFeeds, 2)
	check("sendPoll.close_date ahead", *field(t, s, "sendPoll", "close_date").Constraints.Ahead.Max, 600)
	check("sendContact.vcard", field(t, s, "sendContact", "vcard").Constraints.Length.Unit, "bytes")
	check("setMyCommands.commands", *field(t, s, "setMyCommands", "commands").Constraints.Items.Max, 100)
	check("setWebhook.certificate upload only", field(t, s, "setWebhook", "certificate").Constraints.UploadOnly, true)
	check("sendChatAction.action enum", field(t, s, "sendChatAction", "action").Constraints.Enum, "ChatAction")
	check("sendDice.emoji enum", field(t, s, "sendDice", "emoji").Constraints.Enum, "DiceEmoji")
	check("sendDice emoji values (row broken across lines)", len(s.Enum("DiceEmoji").Values), 5)
	check("DiceEmoji slot machine", s.Enum("DiceEmoji").Values[4].Value, "\U0001F3B0")
	check("sendPoll rules", len(s.Method("sendPoll").Rules), 2)
	check("sendMediaGroup rule", s.Method("sendMediaGroup").Rules[0].Kinds, []string{"InputMediaDocument", "InputMediaAudio"})
	check("sendMediaGroup multipart", s.Method("sendMediaGroup").Multipart, true)
	check("sendMediaGroup variants", field(t, s, "sendMediaGroup", "media").Constraints.Each.Variants, []string{"InputMediaAudio", "InputMediaDocument", "InputMediaPhoto", "InputMediaVideo"})
	check("editMessageText rule", s.Method("editMessageText").Rules[0].Groups, [][]string{{"chat_id", "message_id"}, {"inline_message_id"}})
	check("editMessageText result", s.Method("editMessageText").Returns, "MessageOrTrue")
	check("stopMessageLiveLocation result", s.Method("stopMessageLiveLocation").Returns, "MessageOrTrue")
	check("getChatAdministrators result", s.Method("getChatAdministrators").Returns, "Array of ChatMember")
	check("exportChatInviteLink result", s.Method("exportChatInviteLink").Returns, "String")
	check("copyMessage caption note", field(t, s, "copyMessage", "caption").Description, "if omitted the original caption is kept")
	// Enums from text, the formatting section, the events table and the overlay.
	check("ParseMode", field(t, s, "editMessageCaption", "parse_mode").Constraints.Enum, "ParseMode")
	check("PollType", field(t, s, "sendPoll", "type").Constraints.Enum, "PollType")
	check("UpdateType values", len(s.Enum("UpdateType").Values), 11)
	check("allowed_updates (the document's update types)", field(t, s, "getUpdates", "allowed_updates").Constraints.Each.Enum, "UpdateType")
	check("overlay entries", len(s.Overlay), 2)
	// Opaque objects and versions.
	check("Sticker opaque", s.Object("Sticker").Opaque, true)
	check("version", s.Version, "5.0")
	check("sendDice since", s.Method("sendDice").Since, "4.7")
	check("Poll.explanation since", field(t, s, "Poll", "explanation").Since, "4.8")
	check("Chat.linked_chat_id since", field(t, s, "Chat", "linked_chat_id").Since, "5.0")
	check("Venue.location since (not a getChat addition)", field(t, s, "Venue", "location").Since, "")
	check("darts since", s.Enum("DiceEmoji").Values[1].Since, "4.8")
	// Other sections kept as data.
	check("request rules", len(s.RequestRules), 6)
	check("limits", len(s.Limits), 25)
	check("states", len(s.States), 21)
	check("errors", len(s.Errors), 5)
	check("auth", len(s.Auth), 5)
	check("events", len(s.Events.Kinds), 8)
	check("formatting rules", len(s.Formatting.Rules), 5)
}

// TestHTMLParsesTheSame renders the spec to HTML and parses that: the HTML
// path uses the same code and must give the same schema.
func TestHTMLParsesTheSame(t *testing.T) {
	md := spec.Document()
	fromMD, err := parser.Parse(md, parser.Options{Name: "spec"})
	if err != nil {
		t.Fatal(err)
	}
	html, err := document.RenderHTML(md)
	if err != nil {
		t.Fatal(err)
	}
	fromHTML, err := parser.Parse(html, parser.Options{Name: "spec", HTML: true})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := schema.Marshal(fromMD)
	b, _ := schema.Marshal(fromHTML)
	if !bytes.Equal(a, b) {
		t.Fatal("schema from rendered HTML differs from schema from Markdown")
	}
}

// TestThirdPartyHTML parses an HTML rendering made by a stock Markdown
// renderer (no line attributes, inline Markdown applied): the structure
// (objects, fields, types, methods, parameters, unions, enums) must be the
// same; only source lines and prose may differ.
func TestThirdPartyHTML(t *testing.T) {
	var buf bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(spec.Document(), &buf); err != nil {
		t.Fatal(err)
	}
	fromHTML, err := parser.Parse(buf.Bytes(), parser.Options{Name: "spec.html", HTML: true})
	if err != nil {
		t.Fatal(err)
	}
	fromMD, err := parser.Parse(spec.Document(), parser.Options{Name: "spec"})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := structure(fromMD), structure(fromHTML); a != b {
		t.Errorf("structure differs:\n%s", diffLines(a, b))
	}
}

func structure(s *schema.Schema) string {
	var b strings.Builder
	for _, o := range s.Objects {
		fmt.Fprintf(&b, "object %s opaque=%v\n", o.Name, o.Opaque)
		for _, f := range o.Fields {
			fmt.Fprintf(&b, "  %s %s %v\n", f.Name, f.Type, f.Required)
		}
	}
	for _, m := range s.Methods {
		fmt.Fprintf(&b, "method %s -> %s\n", m.Name, m.Returns)
		for _, f := range m.Params {
			fmt.Fprintf(&b, "  %s %s %v\n", f.Name, f.Type, f.Required)
		}
	}
	for _, u := range s.Unions {
		fmt.Fprintf(&b, "union %s %d\n", u.Name, len(u.Variants))
	}
	for _, e := range s.Enums {
		fmt.Fprintf(&b, "enum %s %d\n", e.Name, len(e.Values))
	}
	return b.String()
}

func diffLines(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range al {
		if i >= len(bl) || al[i] != bl[i] {
			other := "<end>"
			if i < len(bl) {
				other = bl[i]
			}
			return fmt.Sprintf("line %d: %q vs %q", i+1, al[i], other)
		}
	}
	return "(longer)"
}

// TestModifiedSpec edits a copy of the spec the way a new API version would
// (a new object, a new method using a shorthand, a field with a new
// constraint, a new version entry) and checks that it parses into the
// expected schema with no code change.
func TestModifiedSpec(t *testing.T) {
	md := string(spec.Document())
	edit := func(old, new string) {
		t.Helper()
		if !strings.Contains(md, old) {
			t.Fatalf("spec no longer contains %q", old)
		}
		md = strings.Replace(md, old, new, 1)
	}
	// A new object with its own section.
	edit("### MessageId\n", "### Reaction\n\n| Field | Type | Notes |\n|---|---|---|\n| emoji | String | Required. 1-8 characters |\n| count | Integer | Required |\n| chosen_by | Array of User | Optional |\n\n### MessageId\n")
	// A new field with a new constraint on an existing object.
	edit("| heading | Integer | Optional. Degrees, 1-360; active live locations only |",
		"| heading | Integer | Optional. Degrees, 1-360; active live locations only |\n| | altitude | Float | Optional. Meters, 0-9000 |")
	// A new method using shorthands.
	edit("| sendChatAction |", "| sendReaction | chat_id (Required); message_id (Integer, Required); reaction (String, Required, 1-8 characters); is_big (Boolean, Optional, default false); SEND_OPTS | Message |\n| sendChatAction |")
	// A new version entry.
	edit("- The path carries no version segment.", "- Versions listed: 5.1 (December 1, 2020).\n- 5.1 added sendReaction, Reaction, Location.altitude.\n- The path carries no version segment.")

	s, err := loader.FromSpec([]byte(md), "modified.md", nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != "5.1" {
		t.Errorf("version %q, want 5.1", s.Version)
	}
	r := s.Object("Reaction")
	if r == nil || len(r.Fields) != 3 || r.Since != "5.1" || r.Fields[2].Type.String() != "Array of User" {
		t.Fatalf("Reaction = %+v", r)
	}
	alt := field(t, s, "Location", "altitude")
	if alt.Type.Name != "Float" || *alt.Constraints.Range.Max != 9000 || alt.Since != "5.1" {
		t.Errorf("Location.altitude = %+v", alt)
	}
	m := s.Method("sendReaction")
	if m == nil || m.Since != "5.1" || m.Returns.Name != "Message" {
		t.Fatalf("sendReaction = %+v", m)
	}
	if len(m.Params) != 8 || m.Params[0].Type.Name != "ChatRef" || m.Params[7].Name != "reply_markup" || m.Params[7].From != "SEND_OPTS" {
		t.Errorf("sendReaction params = %v", m.Params)
	}
	if l := field(t, s, "sendReaction", "reaction").Constraints.Length; *l.Max != 8 {
		t.Errorf("reaction length = %+v", l)
	}
	if got, want := s.Count().Methods, defaultSchema(t).Count().Methods+1; got != want {
		t.Errorf("methods = %d, want %d", got, want)
	}
}

// TestParseErrorsNameTheLine checks that bad input is a clear error with its
// line, never a panic.
func TestParseErrorsNameTheLine(t *testing.T) {
	md := string(spec.Document())
	cases := []struct {
		name, old, new, want string
	}{
		{"unknown type word", "| is_bot | Boolean | Required |", "| is_bot | Bolean | Required |", `spec.md:65: User.is_bot: unknown type "Bolean"`},
		{"unknown type in parameters", "file_id (String, Required) | File.", "file_id (Strnig, Required) | File.", `unknown type "Strnig"`},
		{"unknown shorthand", "SEND_OPTS | Message |\n| forwardMessage", "SEND_OPTIONS | Message |\n| forwardMessage", "SEND_OPTIONS is not a defined shorthand"},
		{"required-ness missing", "only_if_banned (Boolean, Optional;", "only_if_banned (Boolean;", "says neither Required nor Optional"},
		{"unknown table", "| Area | Limit |", "| Area | Limits |", "unknown table shape"},
		{"duplicate object", "### MessageId\n", "### User\n", "object User is already defined at line 60"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(md, c.old) {
				t.Fatalf("spec no longer contains %q", c.old)
			}
			bad := strings.Replace(md, c.old, c.new, 1)
			_, err := loader.FromSpec([]byte(bad), "spec.md", nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error = %v, want it to contain %q", err, c.want)
			}
			if !strings.HasPrefix(err.Error(), "spec.md:") {
				t.Errorf("error does not start with file:line: %v", err)
			}
		})
	}
}

func BenchmarkParse(b *testing.B) {
	md := spec.Document()
	b.SetBytes(int64(len(md)))
	for b.Loop() {
		if _, err := parser.Parse(md, parser.Options{Name: "spec"}); err != nil {
			b.Fatal(err)
		}
	}
}
