package bench

// Text in many scripts and emoji (issue 25): bot traffic is mostly not
// ASCII, and the JSON string writer's fast path used to stop at the first
// byte above 0x7F. BenchmarkString writes one string as a JSON value with
// apigen's writer (through ChatRef's String variant, whose encoder is the
// writer alone), telego's go-json and encoding/json;
// BenchmarkEncode/SendMessageIntl encodes a realistic non-ASCII sendMessage.

import (
	"encoding/json"
	"strings"
	"testing"

	gojson "github.com/grbit/go-json"
	"github.com/mymmrac/telego"

	"github.com/apigen/apigen/generated/botapi"
)

// scriptTexts are ~300-character texts, each in one script (with its
// punctuation, spaces and digits) or mixed with emoji.
var scriptTexts = []struct{ name, text string }{
	{"ASCII", strings.Repeat("Your order #4711 has shipped! Track it: https://example.com/t/4711. ", 5)[:300]},
	{"Cyrillic", strings.Repeat("Ваш заказ №4711 отправлен! Отследить: https://example.com/t/4711. Спасибо, что выбрали нас. ", 4)},
	{"CJK", strings.Repeat("您的订单4711已发货！请点击链接查看物流信息。感谢您的惠顾，祝您生活愉快。ご注文ありがとうございます。", 4)},
	{"Arabic", strings.Repeat("تم شحن طلبك رقم ٤٧١١! يمكنك تتبعه من هنا. شكرا لاختيارك متجرنا. ", 5)},
	{"Devanagari", strings.Repeat("आपका ऑर्डर 4711 भेज दिया गया है! यहाँ ट्रैक करें। धन्यवाद। ", 5)},
	{"Emoji", strings.Repeat("🎉🚚📦 Shipped! 👍🏽❤️🔥 Merci 🇫🇷 👨‍👩‍👧 ", 8)},
	{"Mixed", strings.Repeat("<b>Заказ №4711</b> 🚚 отправлен — 您的订单已发货 ✅ <i>Danke!</i>\n", 4)},
}

func BenchmarkString(b *testing.B) {
	for _, tc := range scriptTexts {
		libs := []enc{
			{"apigen", botapi.ChatRefFromString(tc.text).MarshalJSON},
			{"gojson", func() ([]byte, error) { return gojson.Marshal(tc.text) }},
			{"encjson", func() ([]byte, error) { return json.Marshal(tc.text) }},
		}
		for _, l := range libs {
			b.Run(tc.name+"/"+l.name, func(b *testing.B) {
				b.SetBytes(int64(len(tc.text)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := l.encode(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// sendMessageIntlEncoders is sendMessage with HTML markup, emoji, Cyrillic
// and CJK text and a 2x3 inline keyboard.
func sendMessageIntlEncoders() []enc {
	text := "<b>Заказ №4711 отправлен!</b> 🚚📦\n" +
		"Отследить посылку можно по ссылке ниже. Ожидаемая дата доставки — <i>пятница</i>.\n" +
		"您的订单已发货，预计周五送达。🎉\n" +
		"ご不明な点がございましたら、お気軽にお問い合わせください。🙏 Спасибо, что выбрали нас! ❤️"
	type btn struct{ text, url, data string }
	rows := [][]btn{
		{{"📍 Отследить", "https://example.com/t/4711", ""}, {"❌ Отменить", "", "cancel:4711"}, {"💬 Поддержка", "", "help:4711"}},
		{{"⭐ Оценить", "", "rate:4711"}, {"📄 Чек", "https://example.com/r/4711", ""}, {"🔁 Повторить", "", "again:4711"}},
	}
	var ourKb [][]botapi.InlineKeyboardButton
	var tgKb [][]telego.InlineKeyboardButton
	for _, row := range rows {
		var o []botapi.InlineKeyboardButton
		var t []telego.InlineKeyboardButton
		for _, x := range row {
			ob := botapi.InlineKeyboardButton{Text: x.text}
			tb := telego.InlineKeyboardButton{Text: x.text, URL: x.url, CallbackData: x.data}
			if x.url != "" {
				ob.URL = botapi.Some(x.url)
			} else {
				ob.CallbackData = botapi.Some(x.data)
			}
			o, t = append(o, ob), append(t, tb)
		}
		ourKb, tgKb = append(ourKb, o), append(tgKb, t)
	}
	ours := botapi.SendMessageParams{
		ChatID:           botapi.ChatRefFromInteger64(-1001234567890),
		Text:             text,
		ParseMode:        botapi.Some(botapi.ParseModeHTML),
		ReplyToMessageID: botapi.Some[int64](18233),
		ReplyMarkup:      &botapi.InlineKeyboardMarkup{InlineKeyboard: ourKb},
	}
	tg := telego.SendMessageParams{
		ChatID:          telego.ChatID{ID: -1001234567890},
		Text:            text,
		ParseMode:       "HTML",
		ReplyParameters: &telego.ReplyParameters{MessageID: 18233},
		ReplyMarkup:     &telego.InlineKeyboardMarkup{InlineKeyboard: tgKb},
	}
	return []enc{
		{"apigen", ours.MarshalJSON},
		{"telego", func() ([]byte, error) { return gojson.Marshal(&tg) }},
	}
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
		got, err := botapi.ChatRefFromString(tc.text).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back string
		if err := json.Unmarshal(got, &back); err != nil || back != tc.text {
			t.Errorf("%s: %s does not read back (%v)", tc.name, got, err)
		}
	}
	for _, e := range sendMessageIntlEncoders() {
		out, err := e.encode()
		if err != nil || !json.Valid(out) {
			t.Errorf("%s: %v %s", e.name, err, out)
		}
	}
}
