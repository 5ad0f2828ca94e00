package bench

// Text in many scripts and emoji (issue 25): bot traffic is mostly not
// ASCII, and the JSON string writer's fast path used to stop at the first
// byte above 0x7F. BenchmarkString writes one string as a JSON value with
// apigen's writer (through ChatRef's String variant, whose encoder is the
// writer alone), telego's go-json and encoding/json;
// BenchmarkEncode/SendMessageIntl encodes a realistic non-ASCII sendMessage.

import (
	"encoding/json"
	"io"
	"testing"

	gojson "github.com/grbit/go-json"
	"github.com/mymmrac/telego"

	"github.com/apigen/apigen/bench/internal/fixtures"
	"github.com/apigen/apigen/generated/botapi"
)

// scriptTexts are ~300-character texts, each in one script or mixed with
// emoji (shared with the api90 module).
var scriptTexts = fixtures.ScriptTexts

func BenchmarkString(b *testing.B) {
	for _, tc := range scriptTexts {
		for _, l := range stringEncoders(tc.Text) {
			benchEncoder(b, tc.Name+"/"+l.name, len(tc.Text), l)
		}
	}
}

// stringEncoders write text as a JSON value: apigen's writer, go-json
// (telego's encoder) and encoding/json (go-telegram-bot-api's); TestRatios
// names the last two by the libraries that use them.
func stringEncoders(text string) []enc {
	ref := botapi.ChatRefFromString(text)
	return []enc{
		{"apigen", ref.MarshalJSON, fixtures.AppendReused(ref.AppendJSON)},
		{"gojson", func() ([]byte, error) { return gojson.Marshal(text) }, fixtures.EncoderReused(text, fixtures.GoJSON)},
		{"encjson", func() ([]byte, error) { return json.Marshal(text) }, fixtures.EncoderReused(text, encodingJSON)},
	}
}

// sendMessageIntlEncoders is sendMessage with HTML markup, emoji, Cyrillic
// and CJK text and a 2x3 inline keyboard.
func sendMessageIntlEncoders() []enc {
	var ourKb [][]botapi.InlineKeyboardButton
	var tgKb [][]telego.InlineKeyboardButton
	for _, row := range fixtures.IntlKeyboard {
		var o []botapi.InlineKeyboardButton
		var t []telego.InlineKeyboardButton
		for _, x := range row {
			ob := botapi.InlineKeyboardButton{Text: x.Text}
			tb := telego.InlineKeyboardButton{Text: x.Text, URL: x.URL, CallbackData: x.Data}
			if x.URL != "" {
				ob.URL = botapi.Some(x.URL)
			} else {
				ob.CallbackData = botapi.Some(x.Data)
			}
			o, t = append(o, ob), append(t, tb)
		}
		ourKb, tgKb = append(ourKb, o), append(tgKb, t)
	}
	ours := botapi.SendMessageParams{
		ChatID:           botapi.ChatRefFromInteger64(fixtures.IntlChatID),
		Text:             fixtures.IntlText,
		ParseMode:        botapi.Some(botapi.ParseModeHTML),
		ReplyToMessageID: botapi.Some[int64](fixtures.IntlReplyTo),
		ReplyMarkup:      &botapi.InlineKeyboardMarkup{InlineKeyboard: ourKb},
	}
	tg := telego.SendMessageParams{
		ChatID:          telego.ChatID{ID: fixtures.IntlChatID},
		Text:            fixtures.IntlText,
		ParseMode:       "HTML",
		ReplyParameters: &telego.ReplyParameters{MessageID: fixtures.IntlReplyTo},
		ReplyMarkup:     &telego.InlineKeyboardMarkup{InlineKeyboard: tgKb},
	}
	return []enc{
		{"apigen", ours.MarshalJSON, fixtures.AppendReused(ours.AppendJSON)},
		{"telego", func() ([]byte, error) { return gojson.Marshal(&tg) }, fixtures.EncoderReused(&tg, fixtures.GoJSON)},
	}
}

// encodingJSON is encoding/json's streaming Encoder (go-telegram-bot-api's
// encoder), with HTML escaping off.
func encodingJSON(w io.Writer) func(any) error {
	e := json.NewEncoder(w)
	e.SetEscapeHTML(false)
	return e.Encode
}

func init() {
	encodeCases = append(encodeCases, struct {
		name string
		encs func() []enc
	}{"SendMessageIntl", sendMessageIntlEncoders})
}

// TestStringFixturesAgree keeps BenchmarkString honest: apigen writes every
// text exactly as encoding/json does (without HTML escaping, which neither
// apigen nor telego applies to '<', '>' and '&').
func TestStringFixturesAgree(t *testing.T) {
	for _, tc := range scriptTexts {
		got, err := botapi.ChatRefFromString(tc.Text).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back string
		if err := json.Unmarshal(got, &back); err != nil || back != tc.Text {
			t.Errorf("%s: %s does not read back (%v)", tc.Name, got, err)
		}
	}
	for _, tc := range scriptTexts {
		for _, e := range stringEncoders(tc.Text) {
			checkEncoder(t, tc.Name, e)
		}
	}
	for _, e := range sendMessageIntlEncoders() {
		checkEncoder(t, "SendMessageIntl", e)
	}
}
