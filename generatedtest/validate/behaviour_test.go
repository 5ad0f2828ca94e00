// Package validate tests the validators generated for the full spec
// (generated/botapi/validate_gen.go): one table per constraint kind and
// rule, with each boundary accepted and the first value past it rejected,
// and the problem text asserted.
package validate

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	. "github.com/apigen/apigen/generated/botapi"
)

// validator is anything with a generated Validate method.
type validator interface{ Validate() error }

type tcase struct {
	name string
	v    validator
	want []string // problems as "path: reason"; none = valid
}

func run(t *testing.T, cases []tcase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Helper()
			expect(t, c.v.Validate(), c.want...)
		})
	}
}

func expect(t *testing.T, err error, want ...string) {
	t.Helper()
	if len(want) == 0 {
		if err != nil {
			t.Fatalf("want valid, got %v", err)
		}
		return
	}
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want *ValidationError %q, got %v", want, err)
	}
	var got []string
	for _, p := range ve.Problems {
		got = append(got, p.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems:\n  got  %q\n  want %q", got, want)
	}
	if ve.Error() != strings.Join(want, "; ") {
		t.Fatalf("Error() = %q", ve.Error())
	}
}

var chat = ChatRefFromInteger64(42)

func msg(text string) *SendMessageParams {
	return &SendMessageParams{ChatID: chat, Text: text}
}

func msgMode(text string, mode ParseMode) *SendMessageParams {
	p := msg(text)
	p.ParseMode = Some(mode)
	return p
}

func withMarkup(p *SendMessageParams, m ReplyMarkup) *SendMessageParams {
	p.ReplyMarkup = m
	return p
}

func cb(text, data string) InlineKeyboardButton {
	return InlineKeyboardButton{Text: text, CallbackData: Some(data)}
}

func keyboard(rows ...[]InlineKeyboardButton) *InlineKeyboardMarkup {
	return &InlineKeyboardMarkup{InlineKeyboard: rows}
}

func row(b ...InlineKeyboardButton) []InlineKeyboardButton { return b }

func photo(id string) *InputMediaPhoto {
	return &InputMediaPhoto{Media: FileID(id)}
}

// document sets thumb because the 5.0 schema marks InputMediaDocument.thumb
// required (the spec's table lists it without "Optional").
func document(id string) *InputMediaDocument {
	return &InputMediaDocument{Media: FileID(id), Thumb: FileID("thumb")}
}

func audio(id string) *InputMediaAudio {
	return &InputMediaAudio{Media: FileID(id)}
}

func album(items ...InputMedia) *SendMediaGroupParams {
	return &SendMediaGroupParams{ChatID: chat, Media: items}
}

func photos(n int) []InputMedia {
	out := make([]InputMedia, n)
	for i := range out {
		out[i] = photo("p")
	}
	return out
}

func poll(options ...string) *SendPollParams {
	return &SendPollParams{ChatID: chat, Question: "Q?", Options: options}
}

func options(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "o"
	}
	return out
}

func commands(n int) *SetMyCommandsParams {
	p := &SetMyCommandsParams{Commands: []BotCommand{}}
	for i := 0; i < n; i++ {
		p.Commands = append(p.Commands, BotCommand{Command: "c", Description: "desc"})
	}
	return p
}

func rep(s string, n int) string { return strings.Repeat(s, n) }

func TestRequired(t *testing.T) {
	run(t, []tcase{
		{"all set", msg("hi"), nil},
		{"union unset", &SendMessageParams{Text: "hi"}, []string{"chat_id: required, not set"}},
		{"slice nil", &SendMediaGroupParams{ChatID: chat}, []string{"media: required, not set"}},
		{"InputFile unset", &SetChatPhotoParams{ChatID: chat}, []string{"photo: required, not set"}},
		{"union of files unset", &SendPhotoParams{ChatID: chat}, []string{"photo: required, not set"}},
		{"nil element", album(photo("a"), nil), []string{"media[1]: required, not set"}},
		{"typed nil element", album(photo("a"), (*InputMediaPhoto)(nil)), []string{"media[1]: required, not set"}},
		{"nested required", album(photo("a"), &InputMediaPhoto{}), []string{"media[1].media: required, not set"}},
		{"several at once", &SendMediaGroupParams{}, []string{"chat_id: required, not set", "media: required, not set"}},
		// The zero value of a required string is a value: setWebhook's url
		// is documented as "empty string removes the webhook".
		{"empty required string", &SetWebhookParams{}, nil},
	})
}

// Issue 35: an empty ReplyParameters{} validated on a page package,
// though its message_id is required: a required identifier left 0 is
// unset (identifiers are never 0), here forwardMessage's message_id.
func TestRequiredIdentifierZeroIsUnset(t *testing.T) {
	run(t, []tcase{
		{"message_id 0", &ForwardMessageParams{ChatID: chat, FromChatID: chat}, []string{"message_id: required, not set"}},
		{"message_id set", &ForwardMessageParams{ChatID: chat, FromChatID: chat, MessageID: 7}, nil},
	})
}

func TestLengthCharacters(t *testing.T) {
	// Characters are Unicode code points: "é" is 2 bytes and "😀" is 4 bytes
	// (2 UTF-16 units), each one character.
	run(t, []tcase{
		{"min", msg("a"), nil},
		{"below min", msg(""), []string{"text: 0 characters, at least 1"}},
		{"max ascii", msg(rep("a", 4096)), nil},
		{"max two-byte", msg(rep("é", 4096)), nil},
		{"max astral", msg(rep("😀", 4096)), nil},
		{"past max", msg(rep("é", 4097)), []string{"text: 4097 characters, at most 4096"}},
		{"poll question max", poll("a", "b"), nil},
		{"poll question past max", &SendPollParams{ChatID: chat, Question: rep("q", 301), Options: options(2)}, []string{"question: 301 characters, at most 300"}},
		{"title min", &SetChatTitleParams{ChatID: chat, Title: "t"}, nil},
		{"title below min", &SetChatTitleParams{ChatID: chat, Title: ""}, []string{"title: 0 characters, at least 1"}},
		{"optional unset", &SetChatDescriptionParams{ChatID: chat}, nil},
		{"optional max", &SetChatDescriptionParams{ChatID: chat, Description: Some(rep("d", 255))}, nil},
		{"optional past max", &SetChatDescriptionParams{ChatID: chat, Description: Some(rep("d", 256))}, []string{"description: 256 characters, at most 255"}},
		{"object field max", commands(1), nil},
		{"object field below min", &SetMyCommandsParams{Commands: []BotCommand{{Command: "c", Description: "de"}}}, []string{"commands[0].description: 2 characters, at least 3"}},
	})
}

func TestLengthBytes(t *testing.T) {
	k := func(data string) validator { return withMarkup(msg("hi"), keyboard(row(cb("a", "x"), cb("b", data)))) }
	run(t, []tcase{
		{"max", k(rep("x", 64)), nil},
		{"max multibyte", k(rep("é", 32)), nil},
		{"past max", k(rep("x", 65)), []string{"reply_markup.inline_keyboard[0][1].callback_data: 65 bytes, at most 64"}},
		{"past max multibyte", k(rep("é", 33)), []string{"reply_markup.inline_keyboard[0][1].callback_data: 66 bytes, at most 64"}},
		{"min", k("x"), nil},
		{"below min", k(""), []string{"reply_markup.inline_keyboard[0][1].callback_data: 0 bytes, at least 1"}},
		{"vcard max", &SendContactParams{ChatID: chat, PhoneNumber: "1", FirstName: "a", Vcard: Some(rep("v", 2048))}, nil},
		{"vcard past max", &SendContactParams{ChatID: chat, PhoneNumber: "1", FirstName: "a", Vcard: Some(rep("v", 2049))}, []string{"vcard: 2049 bytes, at most 2048"}},
	})
}

func TestItems(t *testing.T) {
	run(t, []tcase{
		{"album min", album(photos(2)...), nil},
		{"album below min", album(photos(1)...), []string{"media: 1 item, at least 2"}},
		{"album empty", album([]InputMedia{}...), []string{"media: 0 items, at least 2"}},
		{"album max", album(photos(10)...), nil},
		{"album past max", album(photos(11)...), []string{"media: 11 items, at most 10"}},
		{"poll options min", poll(options(2)...), nil},
		{"poll options below min", poll(options(1)...), []string{"options: 1 item, at least 2"}},
		{"poll options max", poll(options(10)...), nil},
		{"poll options past max", poll(options(11)...), []string{"options: 11 items, at most 10"}},
		{"poll option length max", poll("a", rep("o", 100)), nil},
		{"poll option length past max", poll("a", rep("o", 101)), []string{"options[1]: 101 characters, at most 100"}},
		{"poll option empty", poll("", "b"), []string{"options[0]: 0 characters, at least 1"}},
		{"commands none", commands(0), nil},
		{"commands max", commands(100), nil},
		{"commands past max", commands(101), []string{"commands: 101 items, at most 100"}},
	})
}

func TestAfterEntityParsing(t *testing.T) {
	bold := "*" + rep("a", 4096) + "*" // 4098 characters as written, 4096 after parsing
	run(t, []tcase{
		{"markdownv2 max", msgMode(bold, ParseModeMarkdownV2), nil},
		{"markdownv2 past max", msgMode("*"+rep("a", 4097)+"*", ParseModeMarkdownV2), []string{"text: 4097 characters after entity parsing, at most 4096"}},
		{"html max", msgMode("<b>"+rep("é", 4096)+"</b>", ParseModeHTML), nil},
		{"html entity counts once", msgMode(rep("&amp;", 4096), ParseModeHTML), nil},
		{"html past max", msgMode(rep("&amp;", 4097), ParseModeHTML), []string{"text: 4097 characters after entity parsing, at most 4096"}},
		{"empty after parsing", msgMode("**", ParseModeMarkdownV2), []string{"text: 0 characters after entity parsing, at least 1"}},
		{"no mode counts as written", msg(bold), []string{"text: 4098 characters, at most 4096"}},
		{"markup error", msgMode("*bold", ParseModeMarkdownV2), []string{"text: can't parse entities: Can't find end of Bold entity at byte offset 0 (parse mode MarkdownV2)"}},
		{"unknown mode: enum problem, text as written", msgMode("*a*", "markdownv3"), []string{`parse_mode: unknown value "markdownv3", want one of MarkdownV2, HTML, Markdown`}},
		{"caption in album item", album(&InputMediaPhoto{Media: FileID("a"), Caption: Some("<i>" + rep("c", 1025) + "</i>"), ParseMode: Some(ParseModeHTML)}, photo("b")),
			[]string{"media[0].caption: 1025 characters after entity parsing, at most 1024"}},
		{"caption params max", &SendPhotoParams{ChatID: chat, Photo: FileID("p"), Caption: Some("_" + rep("c", 1024) + "_"), ParseMode: Some(ParseModeMarkdown)}, nil},
	})
}

func TestLineFeeds(t *testing.T) {
	quiz := func(expl string, mode ParseMode) *SendPollParams {
		p := poll("a", "b")
		p.Explanation = Some(expl)
		if mode != "" {
			p.ExplanationParseMode = Some(mode)
		}
		return p
	}
	run(t, []tcase{
		{"max", quiz("a\nb\nc", ""), nil},
		{"past max", quiz("a\nb\nc\nd", ""), []string{"explanation: 3 line feeds, at most 2"}},
		// explanation pairs with explanation_parse_mode, not parse_mode.
		{"max after parsing", quiz("*a*\n_b_\nc", ParseModeMarkdownV2), nil},
		{"past max after parsing", quiz("<b>a\nb</b>\nc\nd", ParseModeHTML), []string{"explanation: 3 line feeds after entity parsing, at most 2"}},
		{"length max after parsing", quiz("*"+rep("e", 200)+"*", ParseModeMarkdownV2), nil},
		{"length past max after parsing", quiz("*"+rep("e", 201)+"*", ParseModeMarkdownV2), []string{"explanation: 201 characters after entity parsing, at most 200"}},
		{"markup error", quiz("<b>x", ParseModeHTML), []string{"explanation: can't parse entities: Can't find end tag corresponding to start tag \"b\" (parse mode HTML)"}},
	})
}

func TestRange(t *testing.T) {
	updates := func(limit int) validator { return &GetUpdatesParams{Limit: Some(limit)} }
	loc := func(acc float64) validator {
		return &SendLocationParams{ChatID: chat, HorizontalAccuracy: Some(acc)}
	}
	run(t, []tcase{
		{"int min", updates(1), nil},
		{"int below min", updates(0), []string{"limit: 0, at least 1"}},
		{"int max", updates(100), nil},
		{"int past max", updates(101), []string{"limit: 101, at most 100"}},
		{"unset", &GetUpdatesParams{}, nil},
		{"float min", loc(0), nil},
		{"float below min", loc(-0.5), []string{"horizontal_accuracy: -0.5, at least 0"}},
		{"float max", loc(1500), nil},
		{"float past max", loc(1500.25), []string{"horizontal_accuracy: 1500.25, at most 1500"}},
		{"float NaN", loc(math.NaN()), []string{"horizontal_accuracy: NaN, want a finite number"}},
		{"live period", &SendLocationParams{ChatID: chat, LivePeriod: Some(59), Heading: Some(361), ProximityAlertRadius: Some(100000)},
			[]string{"live_period: 59, at least 60", "heading: 361, at most 360"}},
	})
}

func TestEnum(t *testing.T) {
	run(t, []tcase{
		{"known", &SendChatActionParams{ChatID: chat, Action: ChatActionTyping}, nil},
		{"unknown", &SendChatActionParams{ChatID: chat, Action: "dancing"}, []string{`action: unknown value "dancing", want one of typing, upload_photo, record_video, upload_video, record_voice, upload_voice, upload_document, find_location, record_video_note, upload_video_note`}},
		{"case matters", msgMode("a", "html"), []string{`parse_mode: unknown value "html", want one of MarkdownV2, HTML, Markdown`}},
		{"array element", &GetUpdatesParams{AllowedUpdates: []UpdateType{UpdateTypeMessage, "reaction"}}, []string{`allowed_updates[1]: unknown value "reaction", want one of message, edited_message, channel_post, edited_channel_post, callback_query, poll, poll_answer, inline_query, chosen_inline_result, shipping_query, pre_checkout_query`}},
		{"nested object", &SendMessageParams{ChatID: chat, Text: "hi", Entities: []MessageEntity{{Type: MessageEntityTypeBold, Length: 2}, {Type: "spoiler"}}},
			[]string{`entities[1].type: unknown value "spoiler", want one of mention, hashtag, cashtag, bot_command, url, email, phone_number, bold, italic, underline, strikethrough, code, pre, text_link, text_mention`}},
		{"dice emoji", &SendDiceParams{ChatID: chat, Emoji: Some(DiceEmojiDarts)}, nil},
		{"long value is shortened", &SendDiceParams{ChatID: chat, Emoji: Some(DiceEmoji(rep("x", 50)))}, []string{`emoji: unknown value "` + rep("x", 37) + `"..., want one of 🎲, 🎯, 🏀, ⚽, 🎰`}},
	})
}

func TestPattern(t *testing.T) {
	cmd := func(c string) validator {
		return &SetMyCommandsParams{Commands: []BotCommand{{Command: c, Description: "desc"}}}
	}
	run(t, []tcase{
		{"match", cmd("start_2"), nil},
		{"max", cmd(rep("a", 32)), nil},
		{"past max", cmd(rep("a", 33)), []string{"commands[0].command: 33 characters, at most 32"}},
		{"upper case", cmd("Start"), []string{`commands[0].command: "Start" does not match ^[a-z0-9_]*$ (only lowercase English letters, digits, underscores)`}},
		{"whole string", cmd("start now"), []string{`commands[0].command: "start now" does not match ^[a-z0-9_]*$ (only lowercase English letters, digits, underscores)`}},
		{"direct object", &BotCommand{Command: "-", Description: "desc"}, []string{`command: "-" does not match ^[a-z0-9_]*$ (only lowercase English letters, digits, underscores)`}},
	})
}

func TestNoEmoji(t *testing.T) {
	title := func(s string) validator {
		return &SetChatAdministratorCustomTitleParams{ChatID: chat, UserID: 1, CustomTitle: s}
	}
	run(t, []tcase{
		{"plain", title("Boss"), nil},
		{"empty", title(""), nil},
		{"max", title(rep("é", 16)), nil},
		{"past max", title(rep("é", 17)), []string{"custom_title: 17 characters, at most 16"}},
		{"letters and text symbols", title("Γειά, ©® №1 ★☀✔"), nil},
		{"emoji", title("Boss😀"), []string{`custom_title: emoji "😀" (U+1F600) at character 5, emoji are not allowed`}},
		{"bmp emoji", title("⚽ fan"), []string{`custom_title: emoji "⚽" (U+26BD) at character 1, emoji are not allowed`}},
		{"flag", title("🇫🇷"), []string{`custom_title: emoji "🇫" (U+1F1EB) at character 1, emoji are not allowed`}},
		{"presentation selector", title("a☀\uFE0F"), []string{`custom_title: emoji "☀️" (U+2600) at character 2, emoji are not allowed`}},
		{"keycap", title("No 1\uFE0F\u20E3"), []string{`custom_title: emoji "1️" (U+31) at character 4, emoji are not allowed`}},
	})
}

func TestUploadOnly(t *testing.T) {
	run(t, []tcase{
		{"upload", &SetChatPhotoParams{ChatID: chat, Photo: Upload("a.jpg", strings.NewReader("x"))}, nil},
		{"file_id", &SetChatPhotoParams{ChatID: chat, Photo: FileID("abc")}, []string{"photo: must be an uploaded file (Upload), not a file_id or URL"}},
		{"url", &SetChatPhotoParams{ChatID: chat, Photo: FileURL("https://example.com/a.jpg")}, []string{"photo: must be an uploaded file (Upload), not a file_id or URL"}},
		{"optional unset", &SetWebhookParams{URL: "https://example.com"}, nil},
		{"optional upload", &SetWebhookParams{URL: "https://example.com", Certificate: Upload("cert.pem", strings.NewReader("x"))}, nil},
		{"optional file_id", &SetWebhookParams{URL: "https://example.com", Certificate: FileID("c")}, []string{"certificate: must be an uploaded file (Upload), not a file_id or URL"}},
	})
}

// TestFileForms: a parameter typed "InputFile or String" is an InputFile
// that takes every form; only an unset required one is a problem.
func TestFileForms(t *testing.T) {
	send := func(f InputFile) *SendPhotoParams { return &SendPhotoParams{ChatID: chat, Photo: f} }
	run(t, []tcase{
		{"upload", send(Upload("cat.png", strings.NewReader("x"))), nil},
		{"file_id", send(FileID("AgAC")), nil},
		{"url", send(FileURL("https://example.com/cat.png")), nil},
		{"unset", send(InputFile{}), []string{"photo: required, not set"}},
		{"media forms", album(&InputMediaPhoto{Media: Upload("a.jpg", strings.NewReader("x"))}, &InputMediaPhoto{Media: FileURL("https://example.com/b.jpg")}), nil},
		{"media unset", album(&InputMediaPhoto{}, photo("b")), []string{"media[0].media: required, not set"}},
		{"thumb upload", album(&InputMediaDocument{Media: FileID("d"), Thumb: Upload("t.jpg", strings.NewReader("x"))}, document("e")), nil},
	})
}

func TestVariants(t *testing.T) {
	anim := &InputMediaAnimation{Media: FileID("a")}
	run(t, []tcase{
		{"allowed", album(photo("a"), &InputMediaVideo{Media: FileID("v")}), nil},
		{"not allowed", album(photo("a"), anim), []string{`media[1]: type "animation" is not allowed here, want one of photo, video, audio, document`}},
		{"unknown variant", album(photo("a"), &UnknownInputMedia{Type: "sticker", Raw: []byte(`{"type":"sticker"}`)}), []string{`media[1]: unknown type "sticker", want one of photo, video, animation, audio, document`}},
		{"unrestricted use", &EditMessageMediaParams{InlineMessageID: "i", Media: anim}, nil},
		{"unknown reply markup", withMarkup(msg("hi"), &UnknownReplyMarkup{Raw: []byte(`{"x":1}`)}), []string{"reply_markup: unknown variant, want an object with one of the keys inline_keyboard, keyboard, remove_keyboard, force_reply"}},
	})
}

func TestAhead(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	defer func(old func() time.Time) { ValidationNow = old }(ValidationNow)
	ValidationNow = func() time.Time { return now }
	closing := func(d int) validator {
		p := poll("a", "b")
		p.CloseDate = Some(int(now.Unix()) + d)
		return p
	}
	run(t, []tcase{
		{"min", closing(5), nil},
		{"below min", closing(4), []string{"close_date: 1700000004 is 4 seconds ahead of now, at least 5 seconds ahead"}},
		{"max", closing(600), nil},
		{"past max", closing(601), []string{"close_date: 1700000601 is 601 seconds ahead of now, at most 600 seconds ahead"}},
		{"past", closing(-10), []string{"close_date: 1699999990 is 10 seconds in the past, at least 5 seconds ahead"}},
	})
}

func TestMutuallyExclusive(t *testing.T) {
	reply := func(b ...KeyboardButton) validator {
		return withMarkup(msg("hi"), &ReplyKeyboardMarkup{Keyboard: [][]KeyboardButton{b}})
	}
	run(t, []tcase{
		{"none", reply(KeyboardButton{Text: "a"}), nil},
		{"one", reply(KeyboardButton{Text: "a", RequestContact: Some(true)}), nil},
		{"two", reply(KeyboardButton{Text: "a"}, KeyboardButton{Text: "b", RequestContact: Some(true), RequestPoll: &KeyboardButtonPollType{}}),
			[]string{"reply_markup.keyboard[0][1]: request_contact, request_poll are all set, at most one of request_contact, request_location, request_poll may be"}},
		// sendPoll: open_period and close_date ("not with close_date").
		{"poll timers", func() validator {
			p := poll("a", "b")
			p.OpenPeriod = Some(5)
			p.CloseDate = Some(int(time.Now().Unix()) + 60)
			return p
		}(), []string{"open_period, close_date are all set, at most one of open_period, close_date may be"}},
	})
}

func TestExactlyOne(t *testing.T) {
	run(t, []tcase{
		{"one", withMarkup(msg("hi"), keyboard(row(cb("a", "1")))), nil},
		{"none", withMarkup(msg("hi"), keyboard(row(cb("a", "1"), InlineKeyboardButton{Text: "b"}))),
			[]string{"reply_markup.inline_keyboard[0][1]: none of url, login_url, callback_data, switch_inline_query, switch_inline_query_current_chat, callback_game, pay is set, exactly one must be"}},
		{"two", withMarkup(msg("hi"), keyboard(row(InlineKeyboardButton{Text: "b", URL: Some("https://x"), SwitchInlineQuery: Some("")}))),
			[]string{"reply_markup.inline_keyboard[0][0]: url, switch_inline_query are all set, exactly one of url, login_url, callback_data, switch_inline_query, switch_inline_query_current_chat, callback_game, pay may be"}},
		{"empty string counts as set", withMarkup(msg("hi"), keyboard(row(InlineKeyboardButton{Text: "b", SwitchInlineQueryCurrentChat: Some("")}))), nil},
		{"direct object", &InlineKeyboardButton{Text: "b"}, []string{"none of url, login_url, callback_data, switch_inline_query, switch_inline_query_current_chat, callback_game, pay is set, exactly one must be"}},
	})
}

func TestOneOf(t *testing.T) {
	edit := func(chatSet, msgSet, inlineSet bool) validator {
		p := &EditMessageTextParams{Text: "t"}
		if chatSet {
			p.ChatID = chat
		}
		if msgSet {
			p.MessageID = 7
		}
		if inlineSet {
			p.InlineMessageID = "i"
		}
		return p
	}
	run(t, []tcase{
		{"chat and message", edit(true, true, false), nil},
		{"inline", edit(false, false, true), nil},
		{"none", edit(false, false, false), []string{"none given, want chat_id with message_id, or inline_message_id"}},
		{"partial", edit(true, false, false), []string{"message_id: required with chat_id with message_id (want chat_id with message_id, or inline_message_id)"}},
		{"partial other", edit(false, true, false), []string{"chat_id: required with chat_id with message_id (want chat_id with message_id, or inline_message_id)"}},
		{"both groups", edit(true, true, true), []string{"chat_id, message_id, inline_message_id are all set, want only chat_id with message_id, or inline_message_id"}},
		{"mixed", edit(true, false, true), []string{"chat_id, inline_message_id are all set, want only chat_id with message_id, or inline_message_id"}},
	})
}

func TestRequiredIf(t *testing.T) {
	quiz := func(typ string, correct bool) validator {
		p := poll("a", "b")
		if typ != "" {
			p.Type = Some(PollType(typ))
		}
		if correct {
			p.CorrectOptionID = Some(0) // 0 is a value
		}
		return p
	}
	run(t, []tcase{
		{"quiz with answer", quiz("quiz", true), nil},
		{"quiz without answer", quiz("quiz", false), []string{`correct_option_id: required when type is "quiz"`}},
		{"regular", quiz("regular", false), nil},
		{"default is regular", quiz("", false), nil},
	})
}

func TestSameKindItems(t *testing.T) {
	video := &InputMediaVideo{Media: FileID("v")}
	run(t, []tcase{
		{"photos and videos", album(photo("a"), video, photo("b")), nil},
		{"documents", album(document("a"), document("b")), nil},
		{"audios", album(audio("a"), audio("b")), nil},
		{"document with photo", album(photo("a"), document("b")), []string{"media: items [1] (document) and [0] (photo) cannot be in one group: document, audio items may only be grouped with items of their own kind"}},
		{"audio with document", album(audio("a"), document("b")), []string{"media: items [0] (audio) and [1] (document) cannot be in one group: document, audio items may only be grouped with items of their own kind"}},
	})
}

func TestPosition(t *testing.T) {
	pay := InlineKeyboardButton{Text: "Pay", Pay: Some(true)}
	game := InlineKeyboardButton{Text: "Play", CallbackGame: &CallbackGame{Raw: []byte(`{}`)}}
	run(t, []tcase{
		{"pay first", withMarkup(msg("hi"), keyboard(row(pay, cb("b", "1")))), nil},
		{"game first", withMarkup(msg("hi"), keyboard(row(game), row(cb("b", "1")))), nil},
		{"pay second in row", withMarkup(msg("hi"), keyboard(row(cb("b", "1"), pay))),
			[]string{"reply_markup.inline_keyboard[0][1].pay: allowed only in the first item of the first row ([0][0])"}},
		{"game in second row", withMarkup(msg("hi"), keyboard(row(cb("b", "1")), row(game))),
			[]string{"reply_markup.inline_keyboard[1][0].callback_game: allowed only in the first item of the first row ([0][0])"}},
		{"edit reply markup", &EditMessageReplyMarkupParams{InlineMessageID: "i", ReplyMarkup: keyboard(row(cb("b", "1"), pay))},
			[]string{"reply_markup.inline_keyboard[0][1].pay: allowed only in the first item of the first row ([0][0])"}},
	})
}

// TestEveryProblemAtOnce shows that one error lists everything, in field
// order, with paths into nested values.
func TestEveryProblemAtOnce(t *testing.T) {
	p := &SendMessageParams{
		Text:      "*unclosed",
		ParseMode: Some(ParseModeMarkdownV2),
		ReplyMarkup: keyboard(
			row(cb("a", "ok"), cb("b", rep("x", 65))),
			row(InlineKeyboardButton{Text: "c"}),
		),
	}
	expect(t, p.Validate(),
		"chat_id: required, not set",
		"text: can't parse entities: Can't find end of Bold entity at byte offset 0 (parse mode MarkdownV2)",
		"reply_markup.inline_keyboard[0][1].callback_data: 65 bytes, at most 64",
		"reply_markup.inline_keyboard[1][0]: none of url, login_url, callback_data, switch_inline_query, switch_inline_query_current_chat, callback_game, pay is set, exactly one must be",
	)
}

// TestValidObjectsDirectly: objects a client sends have Validate too.
func TestValidObjectsDirectly(t *testing.T) {
	for _, v := range []validator{
		&ChatPermissions{}, &BotCommand{Command: "a", Description: "abc"}, photo("x"),
		keyboard(row(cb("a", "b"))), &ForceReply{}, &LoginURL{URL: "https://x"},
	} {
		if err := v.Validate(); err != nil {
			t.Errorf("%T: %v", v, err)
		}
	}
}

func sendMessage3x3() *SendMessageParams {
	p := msgMode("*Hello*, _world_\\! Choose one:", ParseModeMarkdownV2)
	var rows [][]InlineKeyboardButton
	for i := 0; i < 3; i++ {
		rows = append(rows, row(cb("a", "data-a"), cb("b", "data-b"), InlineKeyboardButton{Text: "u", URL: Some("https://example.com")}))
	}
	p.ReplyMarkup = keyboard(rows...)
	p.DisableNotification = Some(true)
	return p
}

func TestBenchmarkInputsValid(t *testing.T) {
	expect(t, sendMessage3x3().Validate())
	if n := testing.AllocsPerRun(100, func() { _ = plain3x3.Validate() }); n != 0 {
		t.Errorf("validating a valid plain-text sendMessage allocates %v times, want 0", n)
	}
}

var plain3x3 = func() *SendMessageParams {
	p := sendMessage3x3()
	p.ParseMode = Opt[ParseMode]{}
	return p
}()

func BenchmarkValidateSendMessage3x3(b *testing.B) {
	p := sendMessage3x3()
	b.ReportAllocs()
	for b.Loop() {
		if err := p.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidateSendMessage3x3Plain(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := plain3x3.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidateInvalid(b *testing.B) {
	p := sendMessage3x3()
	p.ReplyMarkup.(*InlineKeyboardMarkup).InlineKeyboard[2][1].CallbackData = Some(rep("x", 65))
	b.ReportAllocs()
	for b.Loop() {
		if err := p.Validate(); err == nil {
			b.Fatal("want error")
		}
	}
}

// markdownV2Text is 4096 characters of MarkdownV2 with bold, italic, code,
// links and escapes.
func markdownV2Text() string {
	var sb strings.Builder
	chunk := "*bold* _italic_ `code` [link](https://example.com/a) plain text \\. "
	for sb.Len()+len(chunk) <= 4096 {
		sb.WriteString(chunk)
	}
	sb.WriteString(rep("x", 4096-sb.Len()))
	return sb.String()
}

func BenchmarkParseMarkdownV2_4096(b *testing.B) {
	s := markdownV2Text()
	if len(s) != 4096 {
		b.Fatalf("len %d", len(s))
	}
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ParseFormatted("MarkdownV2", s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidateSendMessage4096MarkdownV2(b *testing.B) {
	p := msgMode(markdownV2Text(), ParseModeMarkdownV2)
	b.ReportAllocs()
	for b.Loop() {
		if err := p.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}
