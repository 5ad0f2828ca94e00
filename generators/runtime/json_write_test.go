package runtime

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// stdEncode is encoding/json with SetEscapeHTML(false), minus the newline.
func stdEncode(t testing.TB, v any) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

func writerStrings() []string {
	s := []string{
		"", "a", "hello world", `"`, `\`, "/", "<>&", "\b\f\n\r\t", "\x00\x01\x1f\x7f",
		"héllo wörld ✓ 😀", "日本語のテキスト", "\u2028\u2029", "a\u2028b\u2029c",
		"\xff", "abc\xffdef", "\xc3", "\xc3(", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf",
		"0123456789abcdef0123456789abcdef", "0123456789abcdef\n0123456789\"abcdef", "long ascii run then é",
		strings.Repeat("x", 100) + "\x00" + strings.Repeat("y", 7), "\ufffd", "\U0010ffff",
		// Runs of non-ASCII text (the multi-byte fast path) in many
		// scripts, with escapes and bad bytes inside the runs.
		"Привет, мир! Как дела?", "<b>Заказ №4711</b> отправлен 🚚", "你好，世界。今天天气很好！", "こんにちは、世界 🌸🎌",
		"مرحبا بالعالم", "שלום עולם", "नमस्ते दुनिया", "สวัสดีชาวโลก", "Γειά σου Κόσμε", "안녕하세요 세계",
		"👨‍👩‍👧‍👦🏳️‍🌈🇺🇦👍🏽", "Привет\nмир\t\"ok\"\\", "мир\u2028мир\u2029", "мир\xffмир", "мир\xd0", "日本\xe6\x97",
		"😀\xf0\x9f\x98", "\xe0\x80\x80мир", "\xed\xbf\xbfмир", "\xf0\x80\x80\x80мир", "\xf4\x8f\xbf\xbfмир", "\xc1\xbfмир",
	}
	for c := 0; c < 256; c++ {
		s = append(s, string([]byte{byte(c)}), "abcdefgh"+string([]byte{byte(c)})+"ijklmnop")
	}
	return s
}

// TestWriterStrMultiByteFastPathMatchesStdlib: non-ASCII text is copied
// by an inline UTF-8 check instead of decoding each rune; every lead byte
// with continuation bytes at each boundary of the valid ranges (and the
// sequence cut short) must still come out as encoding/json writes it.
func TestWriterStrMultiByteFastPathMatchesStdlib(t *testing.T) {
	edges := []byte{0x00, 0x22, 0x41, 0x5c, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xa7, 0xa8, 0xa9, 0xaa, 0xbf, 0xc0, 0xc2, 0xe2, 0xf0, 0xff}
	w := &jsonWriter{}
	for lead := 0x80; lead < 0x100; lead++ {
		for _, c1 := range edges {
			for _, c2 := range edges {
				for _, c3 := range edges {
					seq := string([]byte{byte(lead), c1, c2, c3})
					// Also inside runs of two-byte letters, at every lane of
					// an eight-byte window.
					for _, s := range []string{seq, "ж" + seq[:3], "жжжж" + seq, "ж" + seq + "жжжж", "жж" + seq + "жжжжж", "жжж" + seq[:3] + "жжжж", "日日" + seq + "日日日", "日" + seq[:3] + "日日日", "日日日" + seq[:2] + "日日"} {
						w.Reset()
						w.Str(s)
						if want := stdEncode(t, s); string(w.Bytes()) != want {
							t.Fatalf("Str(%q) = %s, want %s", s, w.Bytes(), want)
						}
					}
				}
			}
		}
	}
}

func TestWriterStrMatchesStdlib(t *testing.T) {
	w := &jsonWriter{}
	for _, s := range writerStrings() {
		w.Reset()
		w.Str(s)
		if want := stdEncode(t, s); string(w.Bytes()) != want {
			t.Errorf("Str(%q) = %s, want %s", s, w.Bytes(), want)
		}
		w.Reset()
		w.StrBytes([]byte(s))
		if want := stdEncode(t, s); string(w.Bytes()) != want {
			t.Errorf("StrBytes(%q) = %s, want %s", s, w.Bytes(), want)
		}
	}
}

func TestWriterFloatMatchesStdlib(t *testing.T) {
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 0.2, 0.3, 1.5, 100, 1e6, 1e20, 1e21, 1e22,
		123456789, 1e-6, 1e-7, 9.999999e-7, 1.7976931348623157e308, 5e-324, -2.5e-10,
		math.MaxInt64, 52.520008, 3.141592653589793, 1e100, 12345678.9}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		f := math.Float64frombits(rng.Uint64())
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			floats = append(floats, f)
		}
		floats = append(floats, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(50)-25)))
	}
	w := &jsonWriter{}
	for _, f := range floats {
		w.Reset()
		w.Float64(f)
		if want := stdEncode(t, f); string(w.Bytes()) != want {
			t.Fatalf("Float64(%v) = %s, want %s", f, w.Bytes(), want)
		}
		// And the reader gets the same bits back.
		got, err := jsonNewReader(w.Bytes()).Float64()
		if err != nil || math.Float64bits(got) != math.Float64bits(f) {
			t.Fatalf("round trip %v: %v, %v", f, got, err)
		}
	}
}

func TestWriterNaNInf(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		w := &jsonWriter{}
		w.ArrStart()
		w.Float64(1)
		w.Float64(f)
		w.ArrEnd()
		if string(w.Bytes()) != "[1,null]" || w.Err() == nil {
			t.Errorf("Float64(%v): %s, err %v", f, w.Bytes(), w.Err())
		}
		w.Reset()
		if w.Err() != nil {
			t.Error("Reset must clear Err")
		}
	}
}

func TestWriterStructure(t *testing.T) {
	w := jsonGetWriter()
	defer jsonPutWriter(w)
	w.ObjStart()
	w.Field("a")
	w.Int(1)
	w.Field("empty_obj")
	w.ObjStart()
	w.ObjEnd()
	w.Field("empty_arr")
	w.ArrStart()
	w.ArrEnd()
	w.Field("arr")
	w.ArrStart()
	w.Int64(-2)
	w.ObjStart()
	w.Field("x")
	w.Null()
	w.ObjEnd()
	w.ArrStart()
	w.ArrEnd()
	w.Bool(true)
	w.Bool(false)
	w.Uint64(math.MaxUint64)
	w.Raw([]byte(`{"raw":[1]}`))
	w.Raw(nil)
	w.Str("s")
	w.ArrEnd()
	w.Field("we\"ird\n<key>")
	w.Float64(2.5)
	w.ObjEnd()
	want := `{"a":1,"empty_obj":{},"empty_arr":[],"arr":[-2,{"x":null},[],true,false,18446744073709551615,{"raw":[1]},null,"s"],"we\"ird\n<key>":2.5}`
	if string(w.Bytes()) != want {
		t.Errorf("got  %s\nwant %s", w.Bytes(), want)
	}
	if !json.Valid(w.Bytes()) {
		t.Error("invalid JSON")
	}
}

// benchEncodeUpdate is the encoder apigen would generate for benchUpdate
// (omitempty fields are skipped when zero, as encoding/json does).
func benchEncodeUpdate(w *jsonWriter, v *benchUpdate) {
	w.ObjStart()
	w.Field("update_id")
	w.Int64(v.UpdateID)
	if v.Message != nil {
		w.Field("message")
		benchEncodeMessage(w, v.Message)
	}
	w.ObjEnd()
}

func benchEncodeMessage(w *jsonWriter, v *benchMessage) {
	w.ObjStart()
	w.Field("message_id")
	w.Int64(v.MessageID)
	if v.From != nil {
		w.Field("from")
		u := v.From
		w.ObjStart()
		w.Field("id")
		w.Int64(u.ID)
		w.Field("is_bot")
		w.Bool(u.IsBot)
		w.Field("first_name")
		w.Str(u.FirstName)
		if u.LastName != "" {
			w.Field("last_name")
			w.Str(u.LastName)
		}
		if u.Username != "" {
			w.Field("username")
			w.Str(u.Username)
		}
		if u.LanguageCode != "" {
			w.Field("language_code")
			w.Str(u.LanguageCode)
		}
		if u.IsPremium {
			w.Field("is_premium")
			w.Bool(u.IsPremium)
		}
		w.ObjEnd()
	}
	w.Field("chat")
	w.ObjStart()
	w.Field("id")
	w.Int64(v.Chat.ID)
	w.Field("type")
	w.Str(v.Chat.Type)
	if v.Chat.Title != "" {
		w.Field("title")
		w.Str(v.Chat.Title)
	}
	if v.Chat.Username != "" {
		w.Field("username")
		w.Str(v.Chat.Username)
	}
	w.ObjEnd()
	w.Field("date")
	w.Int64(v.Date)
	if v.EditDate != 0 {
		w.Field("edit_date")
		w.Int64(v.EditDate)
	}
	if v.Text != "" {
		w.Field("text")
		w.Str(v.Text)
	}
	if len(v.Entities) > 0 {
		w.Field("entities")
		w.ArrStart()
		for i := range v.Entities {
			e := &v.Entities[i]
			w.ObjStart()
			w.Field("type")
			w.Str(e.Type)
			w.Field("offset")
			w.Int(e.Offset)
			w.Field("length")
			w.Int(e.Length)
			if e.URL != "" {
				w.Field("url")
				w.Str(e.URL)
			}
			w.ObjEnd()
		}
		w.ArrEnd()
	}
	if v.Caption != "" {
		w.Field("caption")
		w.Str(v.Caption)
	}
	if len(v.Photo) > 0 {
		w.Field("photo")
		w.ArrStart()
		for i := range v.Photo {
			p := &v.Photo[i]
			w.ObjStart()
			w.Field("file_id")
			w.Str(p.FileID)
			w.Field("file_unique_id")
			w.Str(p.FileUniqueID)
			w.Field("width")
			w.Int(p.Width)
			w.Field("height")
			w.Int(p.Height)
			if p.FileSize != 0 {
				w.Field("file_size")
				w.Int64(p.FileSize)
			}
			w.ObjEnd()
		}
		w.ArrEnd()
	}
	if v.Location != nil {
		w.Field("location")
		w.ObjStart()
		w.Field("latitude")
		w.Float64(v.Location.Latitude)
		w.Field("longitude")
		w.Float64(v.Location.Longitude)
		w.ObjEnd()
	}
	if v.ReplyToMessage != nil {
		w.Field("reply_to_message")
		benchEncodeMessage(w, v.ReplyToMessage)
	}
	w.ObjEnd()
}

func benchMarshal(v *benchUpdate) []byte {
	w := jsonGetWriter()
	defer jsonPutWriter(w)
	benchEncodeUpdate(w, v)
	return append([]byte(nil), w.Bytes()...)
}

func benchValue(t testing.TB) *benchUpdate {
	var v benchUpdate
	if err := json.Unmarshal([]byte(benchPayload), &v); err != nil {
		t.Fatal(err)
	}
	return &v
}

func TestBenchEncoderMatchesStdlib(t *testing.T) {
	v := benchValue(t)
	got := benchMarshal(v)
	if want := stdEncode(t, v); string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if n := testing.AllocsPerRun(100, func() {
		w := jsonGetWriter()
		benchEncodeUpdate(w, v)
		jsonPutWriter(w)
	}); n != 0 {
		t.Errorf("allocs = %v, want 0", n)
	}
	var back benchUpdate
	if err := benchUnmarshal(got, &back); err != nil || !reflect.DeepEqual(&back, v) {
		t.Errorf("round trip: %v", err)
	}
}

func FuzzJSONWriterStr(f *testing.F) {
	for _, s := range writerStrings() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w := &jsonWriter{}
		w.Str(s)
		if want := stdEncode(t, s); string(w.Bytes()) != want {
			t.Fatalf("Str(%q) = %s, want %s", s, w.Bytes(), want)
		}
		got, err := jsonNewReader(w.Bytes()).Str()
		if err != nil {
			t.Fatal(err)
		}
		if utf8.ValidString(s) && got != s {
			t.Fatalf("round trip %q -> %q", s, got)
		}
	})
}

func BenchmarkWriterMessage(b *testing.B) {
	v := benchValue(b)
	b.SetBytes(int64(len(benchMarshal(v))))
	b.ReportAllocs()
	for b.Loop() {
		w := jsonGetWriter()
		benchEncodeUpdate(w, v)
		jsonPutWriter(w)
	}
}

// BenchmarkWriterMessageCopy includes the copy out of the pooled buffer,
// which is what a Marshal-style API returning []byte costs.
func BenchmarkWriterMessageCopy(b *testing.B) {
	v := benchValue(b)
	b.SetBytes(int64(len(benchMarshal(v))))
	b.ReportAllocs()
	for b.Loop() {
		_ = benchMarshal(v)
	}
}

func BenchmarkWriterMessageStdlib(b *testing.B) {
	v := benchValue(b)
	b.SetBytes(int64(len(benchMarshal(v))))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

// TestJSONWriterStrOverlappingTail covers the tail of a string shorter than
// eight bytes, which is checked by one load overlapping bytes already
// passed: every special byte or rune at every position of strings of 8 to
// 20 bytes, also right after a multi-byte rune that the overlapping load
// sees again.
func TestJSONWriterStrOverlappingTail(t *testing.T) {
	specials := []string{`"`, `\`, "\n", "\x01", "é", "\u2028", "\xff", "€"}
	for n := 0; n <= 20; n++ {
		for p := 0; p <= n; p++ {
			for _, sp := range specials {
				for _, prefix := range []string{"", "é", "\u2029"} {
					base := strings.Repeat("a", n)
					s := prefix + base[:p] + sp + base[p:]
					w := &jsonWriter{}
					w.Str(s)
					if want := stdEncode(t, s); string(w.Bytes()) != want {
						t.Fatalf("Str(%q) = %s, want %s", s, w.Bytes(), want)
					}
				}
			}
		}
	}
}

// TestWriterStrFourByteRunsMatchStdlib: emoji text (four-byte sequences
// mixed with three-byte joiners and variation selectors, ASCII and
// U+2028) is copied one sequence per step by jsonSkipRunes; every lead
// byte with continuation bytes at the edges of the valid ranges, cut short
// or not, next to emoji at every offset, must come out as encoding/json
// writes it.
func TestWriterStrFourByteRunsMatchStdlib(t *testing.T) {
	edges := []byte{0x00, 0x22, 0x5c, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xa8, 0xa9, 0xbf, 0xc0, 0xe2, 0xf0, 0xff}
	w := &jsonWriter{}
	for lead := 0x80; lead < 0x100; lead++ {
		for _, c1 := range edges {
			for _, c2 := range edges {
				for _, c3 := range edges {
					seq := string([]byte{byte(lead), c1, c2, c3})
					for _, s := range []string{"😀" + seq, "😀" + seq[:3], "😀" + seq[:2], "😀😀" + seq + "😀",
						"👍🏽" + seq + "❤️🔥", "a😀" + seq[:3] + "\u200d😀", "😀 " + seq + " 😀😀", "😀\u2028" + seq, "😀é" + seq + "é😀"} {
						w.Reset()
						w.Str(s)
						if want := stdEncode(t, s); string(w.Bytes()) != want {
							t.Fatalf("Str(%q) = %s, want %s", s, w.Bytes(), want)
						}
					}
				}
			}
		}
	}
}

// TestWriterStrThreeByteWordsMatchStdlib: the three-byte loop also takes a
// single sequence with the ASCII byte after it, and an ASCII byte before a
// sequence (short Devanagari or Thai words between spaces); every lead
// byte with continuation bytes at the edges of the valid ranges, next to
// such words and escaped ASCII at every offset, must come out as
// encoding/json writes it.
func TestWriterStrThreeByteWordsMatchStdlib(t *testing.T) {
	edges := []byte{0x00, 0x20, 0x22, 0x5c, 0x7f, 0x80, 0x9f, 0xa0, 0xa8, 0xa9, 0xbf, 0xc0, 0xe0, 0xe2, 0xed, 0xf0, 0xff}
	w := &jsonWriter{}
	for lead := 0x80; lead < 0x100; lead++ {
		for _, c1 := range edges {
			for _, c2 := range edges {
				for _, c3 := range edges {
					seq := string([]byte{byte(lead), c1, c2, c3})
					for _, s := range []string{"नम " + seq + "नम नम", "न " + seq[:3] + " नमनम", "नमस" + seq[:2] + "नम ", "नम\"" + seq + " नमस",
						" न " + seq + "न न न", "नम\u2028 " + seq + "न\nनम", "नमस्ते" + seq[:3] + "!नम"} {
						w.Reset()
						w.Str(s)
						if want := stdEncode(t, s); string(w.Bytes()) != want {
							t.Fatalf("Str(%q) = %s, want %s", s, w.Bytes(), want)
						}
					}
				}
			}
		}
	}
}

// TestKeyAfterScalarWritesWhatKeyAfterThenTheValueWrites: the generated
// encoders write a scalar member with one call (keyAfterStr, ...) instead
// of keyAfter then the value's writer, to keep the package small; the bytes
// and the writer's state (the error of a NaN, the next comma) must be the
// same, at the start of a buffer and when an append has to grow it.
func TestKeyAfterScalarWritesWhatKeyAfterThenTheValueWrites(t *testing.T) {
	const k = `,"name":`
	cases := []struct {
		name     string
		one, two func(w *jsonWriter)
	}{
		{"Str", func(w *jsonWriter) { w.keyAfterStr(k, "héllo \"x\"\n") }, func(w *jsonWriter) { w.keyAfter(k); w.Str("héllo \"x\"\n") }},
		{"Int", func(w *jsonWriter) { w.keyAfterInt(k, -42) }, func(w *jsonWriter) { w.keyAfter(k); w.Int(-42) }},
		{"Int64", func(w *jsonWriter) { w.keyAfterInt64(k, math.MinInt64) }, func(w *jsonWriter) { w.keyAfter(k); w.Int64(math.MinInt64) }},
		{"Float64", func(w *jsonWriter) { w.keyAfterFloat64(k, 1e-7) }, func(w *jsonWriter) { w.keyAfter(k); w.Float64(1e-7) }},
		{"Float64 NaN", func(w *jsonWriter) { w.keyAfterFloat64(k, math.NaN()) }, func(w *jsonWriter) { w.keyAfter(k); w.Float64(math.NaN()) }},
		{"Bool", func(w *jsonWriter) { w.keyAfterBool(k, false) }, func(w *jsonWriter) { w.keyAfter(k); w.Bool(false) }},
		{"True", func(w *jsonWriter) { w.keyAfterTrue(k) }, func(w *jsonWriter) { w.keyAfter(k); w.True() }},
	}
	for _, c := range cases {
		for _, size := range []int{0, 3, 64} {
			write := func(f func(w *jsonWriter)) (string, error) {
				w := jsonWriter{buf: make([]byte, 0, size)}
				w.ObjStart()
				w.key(`"a":`)
				w.Int(1)
				f(&w)
				w.Str("next") // shows whether the comma state matches
				w.ObjEnd()
				return string(w.buf), w.err
			}
			got, gotErr := write(c.one)
			want, wantErr := write(c.two)
			if got != want || (gotErr == nil) != (wantErr == nil) {
				t.Errorf("%s (capacity %d): %s, %v; keyAfter then the value: %s, %v", c.name, size, got, gotErr, want, wantErr)
			}
		}
	}
}

// TestUnleadRemovesOnlyALeadingComma: an object whose first member was
// written with its comma baked in loses that comma, and nothing else.
func TestUnleadRemovesOnlyALeadingComma(t *testing.T) {
	for in, want := range map[string]string{
		`[{,"a":1,"b":2}`: `[{"a":1,"b":2}`,
		`[{"a":1,"b":2}`:  `[{"a":1,"b":2}`,
		`[{}`:             `[{}`,
	} {
		w := &jsonWriter{buf: []byte(in)}
		w.unlead(2)
		if string(w.buf) != want {
			t.Errorf("unlead(%s) = %s, want %s", in, w.buf, want)
		}
	}
}
