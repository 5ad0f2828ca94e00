package runtime

import (
	"strings"
	"testing"
)

// benchScriptTexts are ~300-byte texts in one script each (the bench
// module's fixtures.ScriptTexts, repeated here so the writer's string path
// can be measured without regenerating the package).
var benchScriptTexts = []struct{ name, text string }{
	{"Cyrillic", strings.Repeat("Ваш заказ №4711 отправлен! Отследить: https://example.com/t/4711. Спасибо, что выбрали нас. ", 4)},
	{"CJK", strings.Repeat("您的订单4711已发货！请点击链接查看物流信息。感谢您的惠顾，祝您生活愉快。ご注文ありがとうございます。", 4)},
	{"Devanagari", strings.Repeat("आपका ऑर्डर 4711 भेज दिया गया है! यहाँ ट्रैक करें। धन्यवाद। ", 5)},
	{"Emoji", strings.Repeat("🎉🚚📦 Shipped! 👍🏽❤️🔥 Merci 🇫🇷 👨‍👩‍👧 ", 8)},
	{"Mixed", strings.Repeat("<b>Заказ №4711</b> 🚚 отправлен — 您的订单已发货 ✅ <i>Danke!</i>\n", 4)},
}

func BenchmarkWriterStrScripts(b *testing.B) {
	for _, tc := range benchScriptTexts {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.text)))
			buf := make([]byte, 0, 4096)
			for b.Loop() {
				buf = jsonAppendStr(buf[:0], tc.text)
			}
		})
	}
}
