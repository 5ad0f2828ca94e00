package bench

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
	gojson "github.com/grbit/go-json" // what telego v1.6.0 uses by default (internal/json)
	"github.com/mymmrac/telego"
	"github.com/mymmrac/telego/telegoapi"

	"github.com/apigen/apigen/bench/internal/fixtures"
	"github.com/apigen/apigen/generated/botapi"
)

// payloads are realistic bodies written from the spec (bench/testdata;
// the api90 module decodes the same bytes).
var payloads = func() map[string][]byte {
	p, err := fixtures.Payloads("testdata")
	if err != nil {
		panic(err)
	}
	return p
}()

// ---------------------------------------------------------------- decoders

type lib struct {
	name   string
	decode func(data []byte) error
}

func decodeUpdate() []lib {
	return []lib{
		{"apigen", func(data []byte) error { var u botapi.Update; return u.UnmarshalJSON(data) }},
		{"telego", func(data []byte) error { var u telego.Update; return gojson.Unmarshal(data, &u) }},
		{"tgbotapi", func(data []byte) error { var u tgbotapi.Update; return json.Unmarshal(data, &u) }},
		{"jx", func(data []byte) error { var u hwUpdate; return hwDecodeUpdate(data, &u) }},
		{"jxapi", func(data []byte) error { var u botapi.Update; return hwapiDecodeUpdate(data, &u) }},
		{"map", func(data []byte) error { var m map[string]any; return json.Unmarshal(data, &m) }},
	}
}

// decodeGetUpdates follows each library's own response path.
func decodeGetUpdates() []lib {
	return []lib{
		{"apigen", func(data []byte) error {
			var ups []botapi.Update
			st, err := botapi.UnmarshalResponseArray(data, &ups)
			if err == nil && (!st.OK || len(ups) != 100) {
				err = fmt.Errorf("bad result: %+v %d", st, len(ups))
			}
			return err
		}},
		{"telego", func(data []byte) error {
			var resp telegoapi.Response
			if err := gojson.Unmarshal(data, &resp); err != nil {
				return err
			}
			var ups []telego.Update
			return gojson.Unmarshal(resp.Result, &ups)
		}},
		{"tgbotapi", func(data []byte) error {
			var resp tgbotapi.APIResponse
			if err := json.Unmarshal(data, &resp); err != nil {
				return err
			}
			var ups []tgbotapi.Update
			return json.Unmarshal(resp.Result, &ups)
		}},
		{"jx", func(data []byte) error {
			ups, err := hwDecodeGetUpdates(data)
			if err == nil && len(ups) != 100 {
				err = fmt.Errorf("bad result: %d", len(ups))
			}
			return err
		}},
		{"jxapi", func(data []byte) error {
			ups, err := hwapiDecodeGetUpdates(data)
			if err == nil && len(ups) != 100 {
				err = fmt.Errorf("bad result: %d", len(ups))
			}
			return err
		}},
		{"map", func(data []byte) error { var m map[string]any; return json.Unmarshal(data, &m) }},
	}
}

// ---------------------------------------------------------------- encoders

type enc struct {
	name   string
	encode func() ([]byte, error)
	// reused is the library's path that keeps its output buffer across
	// calls (fixtures.AppendReused, fixtures.EncoderReused); nil where the
	// column has none.
	reused func() ([]byte, error)
}

func sendMessageEncoders() []enc {
	ours := botapi.SendMessageParams{
		ChatID:    botapi.ChatRefFromInteger64(-1001234567890),
		Text:      fixtures.OrderText,
		ParseMode: botapi.Some(botapi.ParseModeHTML),
		Entities: []botapi.MessageEntity{
			{Type: botapi.MessageEntityTypeHashtag, Offset: 11, Length: 5},
			{Type: botapi.MessageEntityTypeURL, Offset: 45, Length: 26},
		},
		DisableWebPagePreview: botapi.Some(true),
		ReplyToMessageID:      botapi.Some[int64](18233),
		ReplyMarkup: &botapi.InlineKeyboardMarkup{InlineKeyboard: [][]botapi.InlineKeyboardButton{
			{{Text: "Track", URL: botapi.Some("https://example.com/t/4711")}, {Text: "Cancel", CallbackData: botapi.Some("cancel:4711")}},
		}},
	}
	tg := telego.SendMessageParams{
		ChatID:    telego.ChatID{ID: -1001234567890},
		Text:      ours.Text,
		ParseMode: "HTML",
		Entities: []telego.MessageEntity{
			{Type: "hashtag", Offset: 11, Length: 5},
			{Type: "url", Offset: 45, Length: 26},
		},
		LinkPreviewOptions: &telego.LinkPreviewOptions{IsDisabled: true},
		ReplyParameters:    &telego.ReplyParameters{MessageID: 18233},
		ReplyMarkup: &telego.InlineKeyboardMarkup{InlineKeyboard: [][]telego.InlineKeyboardButton{
			{{Text: "Track", URL: "https://example.com/t/4711"}, {Text: "Cancel", CallbackData: "cancel:4711"}},
		}},
	}
	asMap := map[string]any{
		"chat_id": -1001234567890, "text": ours.Text, "parse_mode": "HTML",
		"entities": []any{
			map[string]any{"type": "hashtag", "offset": 11, "length": 5},
			map[string]any{"type": "url", "offset": 45, "length": 26},
		},
		"disable_web_page_preview": true, "reply_to_message_id": 18233,
		"reply_markup": map[string]any{"inline_keyboard": []any{[]any{
			map[string]any{"text": "Track", "url": "https://example.com/t/4711"},
			map[string]any{"text": "Cancel", "callback_data": "cancel:4711"},
		}}},
	}
	hw := hwSendMessage{
		ChatID: -1001234567890, Text: ours.Text, ParseMode: "HTML",
		Entities:              []hwEntity{{Type: "hashtag", Offset: 11, Length: 5}, {Type: "url", Offset: 45, Length: 26}},
		DisableWebPagePreview: true, ReplyToMessageID: 18233,
		ReplyMarkup: &hwKeyboard{InlineKeyboard: [][]hwButton{
			{{Text: "Track", URL: "https://example.com/t/4711"}, {Text: "Cancel", CallbackData: "cancel:4711"}},
		}},
	}
	return []enc{
		{"apigen", ours.MarshalJSON, fixtures.AppendReused(ours.AppendJSON)},
		{"telego", func() ([]byte, error) { return gojson.Marshal(&tg) }, fixtures.EncoderReused(&tg, fixtures.GoJSON)},
		{"jx", func() ([]byte, error) { return hwMarshal(&hw), nil }, nil},
		// go-telegram-bot-api sends form values, not JSON: no JSON encoder to compare.
		{"map", func() ([]byte, error) { return json.Marshal(asMap) }, nil},
	}
}

func messageEncoders() []enc {
	data := payloads["message"]
	var ou botapi.Update
	var tu telego.Update
	var bu tgbotapi.Update
	var mu map[string]any
	for _, err := range []error{ou.UnmarshalJSON(data), gojson.Unmarshal(data, &tu), json.Unmarshal(data, &bu), json.Unmarshal(data, &mu)} {
		if err != nil {
			panic(err)
		}
	}
	return []enc{
		{"apigen", ou.Message.MarshalJSON, nil},
		{"telego", func() ([]byte, error) { return gojson.Marshal(tu.Message) }, nil},
		{"tgbotapi", func() ([]byte, error) { return json.Marshal(bu.Message) }, nil},
		{"map", func() ([]byte, error) { return json.Marshal(mu["message"]) }, nil},
	}
}

// ---------------------------------------------------------------- benchmarks

var decodeCases = []struct {
	name, payload string
	libs          func() []lib
}{
	{"MessageUpdate", "message", decodeUpdate},
	{"PhotoUpdate", "photo", decodeUpdate},
	{"CallbackUpdate", "callback", decodeUpdate},
	{"PollUpdate", "poll", decodeUpdate},
	{"GetUpdates100", "getUpdates100", decodeGetUpdates},
}

var encodeCases = []struct {
	name string
	encs func() []enc
}{
	{"SendMessage", sendMessageEncoders},
	{"Message", messageEncoders},
}

func BenchmarkDecode(b *testing.B) {
	for _, c := range decodeCases {
		data := payloads[c.payload]
		for _, l := range c.libs() {
			b.Run(c.name+"/"+l.name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					if err := l.decode(data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, c := range encodeCases {
		for _, e := range c.encs() {
			benchEncoder(b, c.name+"/"+e.name, 0, e)
		}
	}
}

// TestPayloadsDecode keeps the benchmarks honest in CI: every library
// accepts every payload, and our encoders produce valid JSON. It is fast.
func TestPayloadsDecode(t *testing.T) {
	for _, c := range decodeCases {
		for _, l := range c.libs() {
			if err := l.decode(payloads[c.payload]); err != nil {
				t.Errorf("%s/%s: %v", c.name, l.name, err)
			}
		}
	}
	for _, c := range encodeCases {
		for _, e := range c.encs() {
			checkEncoder(t, c.name, e)
		}
	}
}

// benchEncoder runs e, and its reused-buffer path as name+"/reused".
func benchEncoder(b *testing.B, name string, size int, e enc) {
	for _, v := range []struct {
		suffix string
		encode func() ([]byte, error)
	}{{"", e.encode}, {"/reused", e.reused}} {
		if v.encode == nil {
			continue
		}
		b.Run(name+v.suffix, func(b *testing.B) {
			if size > 0 {
				b.SetBytes(int64(size))
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := v.encode(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// checkEncoder checks that e writes valid JSON and that its reused-buffer
// path writes the same value, call after call (the buffer is reused).
// apigen's two paths write the same bytes; the Encoders may differ from
// Marshal in spelling only (HTML escaping off, a final newline).
func checkEncoder(t *testing.T, name string, e enc) {
	t.Helper()
	out, err := e.encode()
	if err != nil || !json.Valid(out) {
		t.Errorf("%s/%s: %v %s", name, e.name, err, out)
		return
	}
	if e.reused == nil {
		return
	}
	for range 2 {
		again, err := e.reused()
		same := err == nil && sameJSON(again, out)
		if e.name == "apigen" {
			same = err == nil && string(again) == string(out)
		}
		if !same {
			t.Errorf("%s/%s into a reused buffer: %v\n%s\nwant %s", name, e.name, err, again, out)
		}
	}
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}
