// This file is copied next to the package generated from
// specgen.NewShapes(5.0 document) and run there by
// TestNewShapesBuildAndRoundTrip: payloads that use the new shapes decode
// into the right variant and re-encode unchanged; validators and the
// client's uploads work through either union of a shared variant.
package botapi

import (
	"encoding/json"
	"strings"
	"testing"
)

// A variant of two unions implements both interfaces.
var (
	_ InputMedia      = (*InputMediaPhoto)(nil)
	_ InputMediaAlbum = (*InputMediaPhoto)(nil)
	_ InputMedia      = (*InputMediaVideo)(nil)
	_ InputMediaAlbum = (*InputMediaVideo)(nil)
	_ InputMedia      = (*InputMediaCachedPhoto)(nil)
)

type codec interface {
	json.Marshaler
	json.Unmarshaler
}

// roundTrip decodes in into v, checks the decoded value with check and that
// encoding gives in back.
func roundTrip(t *testing.T, in string, v codec, check func()) {
	t.Helper()
	if err := v.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatalf("decode %s: %v", in, err)
	}
	check()
	out, err := v.MarshalJSON()
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	if string(out) != in {
		t.Fatalf("round trip changed the payload:\n got %s\nwant %s", out, in)
	}
}

func TestMessageOrInaccessibleMessage(t *testing.T) {
	chat := `"chat":{"id":-100123,"type":"supergroup","title":"t"}`
	var q CallbackQuery
	roundTrip(t, `{"id":"1","from":{"id":7,"is_bot":false,"first_name":"A"},"message":{`+chat+`,"message_id":5,"date":0},"chat_instance":"c"}`, &q, func() {
		m, ok := q.Message.(*InaccessibleMessage)
		if !ok || m.MessageID != 5 || m.Chat.ID != -100123 {
			t.Fatalf("date 0 (the stated constant) must give InaccessibleMessage, got %#v", q.Message)
		}
	})
	roundTrip(t, `{"id":"1","from":{"id":7,"is_bot":false,"first_name":"A"},"message":{"message_id":5,"date":1700000000,`+chat+`,"text":"hi"},"chat_instance":"c"}`, &q, func() {
		m, ok := q.Message.(*Message)
		if !ok || m.Date != 1700000000 || m.Text.Or("") != "hi" {
			t.Fatalf("a dated message must give Message, got %#v", q.Message)
		}
	})
}

// TestUnionRepeatedMemberLastOccurrenceDecides: the union's one variant
// without a constant (Message) is decoded at once and kept unless its
// value holds another variant's constant (date 0); otherwise the scan
// reads the whole object. Either way the last occurrence of a repeated
// "date" decides, the one the decoded value keeps, so the choice and the
// value agree (the first occurrence used to decide the variant while the
// decoder kept the last: an InaccessibleMessage dated 1700000000).
func TestUnionRepeatedMemberLastOccurrenceDecides(t *testing.T) {
	const chat = `"chat":{"id":-100123,"type":"supergroup","title":"t"}`
	for _, c := range []struct {
		dates        string
		inaccessible bool
		date         int64
	}{
		{`"date":0,` + chat + `,"date":1700000000`, false, 1700000000},
		{`"date":1700000000,` + chat + `,"date":0`, true, 0},
		{`"date":0,` + chat, true, 0},
	} {
		var q CallbackQuery
		in := `{"id":"1","from":{"id":7,"is_bot":false,"first_name":"A"},"message":{"message_id":5,` + c.dates + `},"chat_instance":"c"}`
		if err := q.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatal(err)
		}
		switch m := q.Message.(type) {
		case *InaccessibleMessage:
			if !c.inaccessible || int64(m.Date) != c.date {
				t.Errorf("%s: got InaccessibleMessage dated %d", c.dates, m.Date)
			}
		case *Message:
			if c.inaccessible || int64(m.Date) != c.date {
				t.Errorf("%s: got Message dated %d", c.dates, m.Date)
			}
		default:
			t.Errorf("%s: got %#v", c.dates, q.Message)
		}
	}
}

// TestUnionLikelyVariantFallsBackToTheScan: when the variant decoded at
// once fails (here a message without its required date), the decoder
// rewinds and the scan decides as before: no variant's members are all
// present, so the value is kept as the unknown variant, byte for byte.
func TestUnionLikelyVariantFallsBackToTheScan(t *testing.T) {
	var q CallbackQuery
	raw := `{"message_id":5,"chat":{"id":-100123,"type":"supergroup","title":"t"}}`
	in := `{"id":"1","from":{"id":7,"is_bot":false,"first_name":"A"},"message":` + raw + `,"chat_instance":"c"}`
	if err := q.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	u, ok := q.Message.(*UnknownMessageOrInaccessibleMessage)
	if !ok || string(u.Raw) != raw {
		t.Fatalf("want the unknown variant with the raw message, got %#v", q.Message)
	}
	if q.ChatInstance != "c" {
		t.Fatalf("the reader did not come back to where the message ends: chat_instance %q", q.ChatInstance)
	}
}

func TestMostSpecificVariant(t *testing.T) {
	base := `"message_id":1,"date":1700000000,"chat":{"id":1,"type":"private"}`
	var m Message
	roundTrip(t, `{`+base+`,"place":{"location":{"longitude":2.35,"latitude":48.85},"address":"Paris"}}`, &m, func() {
		if _, ok := m.Place.(*ChatLocation); !ok {
			t.Fatalf("location+address must give ChatLocation, got %#v", m.Place)
		}
	})
	roundTrip(t, `{`+base+`,"place":{"location":{"longitude":2.35,"latitude":48.85},"title":"Louvre","address":"Paris"}}`, &m, func() {
		if v, ok := m.Place.(*Venue); !ok || v.Title != "Louvre" {
			t.Fatalf("location+title+address must give Venue (the most specific), got %#v", m.Place)
		}
	})
	// Prose is not an enum: caption_kind is a plain optional string.
	roundTrip(t, `{`+base+`,"caption_kind":"any words"}`, &m, func() {
		var s string = m.CaptionKind.Or("")
		if s != "any words" {
			t.Fatalf("caption_kind = %q", s)
		}
	})
}

func TestSharedTag(t *testing.T) {
	var p EditMessageMediaParams
	roundTrip(t, `{"chat_id":1,"message_id":2,"media":{"type":"photo","media":"AgADcached","photo_file_id":"AgADxyz"}}`, &p, func() {
		if c, ok := p.Media.(*InputMediaCachedPhoto); !ok || c.PhotoFileID != "AgADxyz" {
			t.Fatalf("tag photo with photo_file_id must give InputMediaCachedPhoto, got %#v", p.Media)
		}
	})
	roundTrip(t, `{"chat_id":1,"message_id":2,"media":{"type":"photo","media":"AgADplain"}}`, &p, func() {
		if _, ok := p.Media.(*InputMediaPhoto); !ok {
			t.Fatalf("tag photo without photo_file_id must give InputMediaPhoto, got %#v", p.Media)
		}
	})
	// Encoding writes the tag of each variant.
	out, err := (&EditMessageMediaParams{ChatID: ChatRefFromInteger64(1), MessageID: 2,
		Media: &InputMediaCachedPhoto{Media: FileID("m"), PhotoFileID: "p"}}).MarshalJSON()
	if err != nil || !strings.Contains(string(out), `"media":{"type":"photo"`) {
		t.Fatalf("encoding must write the tag: %s %v", out, err)
	}
}

func TestSharedVariantInBothUnions(t *testing.T) {
	var p SendAlbumParams
	roundTrip(t, `{"chat_id":1,"media":[{"type":"photo","media":"a"},{"type":"video","media":"b","width":640}]}`, &p, func() {
		if len(p.Media) != 2 {
			t.Fatalf("media = %#v", p.Media)
		}
		if _, ok := p.Media[0].(*InputMediaPhoto); !ok {
			t.Fatalf("media[0] = %#v", p.Media[0])
		}
		if v, ok := p.Media[1].(*InputMediaVideo); !ok || v.Width.Or(0) != 640 {
			t.Fatalf("media[1] = %#v", p.Media[1])
		}
	})
	// The validators check the shared variant through either union.
	long := strings.Repeat("x", 1025)
	album := &SendAlbumParams{ChatID: ChatRefFromInteger64(1), Media: []InputMediaAlbum{
		&InputMediaPhoto{Media: FileID("a"), Caption: Some(long)}, &InputMediaVideo{Media: FileID("b")}}}
	if err := album.Validate(); err == nil || !strings.Contains(err.Error(), "media[0].caption") {
		t.Fatalf("album caption over 1024 characters: %v", err)
	}
	edit := &EditMessageMediaParams{ChatID: ChatRefFromInteger64(1), MessageID: 2, Media: &InputMediaPhoto{Media: FileID("a"), Caption: Some(long)}}
	if err := edit.Validate(); err == nil || !strings.Contains(err.Error(), "media.caption") {
		t.Fatalf("media caption over 1024 characters: %v", err)
	}
}

// receivedCallbackQuery decodes in as a client reads what it receives
// (tolerant, or strict as WithStrictDecoding) and returns the query, the
// error and what was tolerated.
func receivedCallbackQuery(in string, strict bool) (CallbackQuery, error, []Tolerated) {
	var q CallbackQuery
	r := jsonGetReceived([]byte(in), strict)
	defer jsonPutReader(r)
	err := q.decodeJSON(r)
	if err == nil {
		err = r.End()
	}
	return q, err, jsonTolerated([]byte(in), r.notes)
}

// TestUnionMemberOfWrongKindIsKeptAsUnknown (issue 32): a union value of a
// JSON kind the union does not allow, or whose variant does not decode, is
// kept as the union's Unknown value with its raw JSON by a tolerant
// reader, and the rest of the enclosing object still decodes; a strict
// reader refuses it.
func TestUnionMemberOfWrongKindIsKeptAsUnknown(t *testing.T) {
	from := `"from":{"id":7,"is_bot":false,"first_name":"A"}`
	for _, c := range []struct{ raw, problem string }{
		{`"gone"`, "expected MessageOrInaccessibleMessage object, found string"},
		{`{"message_id":5,"date":1700000000,"chat":{"id":"x","type":"private"}}`, "at chat.id: expected integer, found string"},
	} {
		in := `{"id":"1",` + from + `,"message":` + c.raw + `,"chat_instance":"c"}`
		q, err, tol := receivedCallbackQuery(in, false)
		if err != nil {
			t.Fatalf("%s: tolerant: %v", c.raw, err)
		}
		u, ok := q.Message.(*UnknownMessageOrInaccessibleMessage)
		if !ok || string(u.Raw) != c.raw || q.ChatInstance != "c" || q.From.ID != 7 {
			t.Fatalf("%s: got %#v, chat_instance %q", c.raw, q.Message, q.ChatInstance)
		}
		if len(tol) != 1 || tol[0].Path != "message" || !strings.Contains(tol[0].Problem, c.problem) {
			t.Errorf("%s: tolerated %v, want the message named with %q", c.raw, tol, c.problem)
		}
		if _, err, _ := receivedCallbackQuery(in, true); err == nil {
			t.Errorf("%s: strict reader accepted it", c.raw)
		}
	}
	// The likely variant tried and abandoned leaves no note behind: a
	// message without its date is told apart by the scan, as before.
	in := `{"id":"1",` + from + `,"message":{"message_id":5,"chat":{"id":1,"type":"private"}},"chat_instance":"c"}`
	q, err, tol := receivedCallbackQuery(in, false)
	if _, ok := q.Message.(*UnknownMessageOrInaccessibleMessage); err != nil || !ok || len(tol) != 0 {
		t.Errorf("got %#v, %v, tolerated %v", q.Message, err, tol)
	}
}
