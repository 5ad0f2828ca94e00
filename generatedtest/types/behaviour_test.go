package types

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

func mustMarshal(t *testing.T, v json.Marshaler) string {
	t.Helper()
	out, err := v.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestUnknownUpdateKind(t *testing.T) {
	in := `{"update_id":7,"chat_join_request":{"chat":{"id":-100,"type":"supergroup","title":"x"},"from":{"id":1,"is_bot":false,"first_name":"A"},"date":1700000000}}`
	var u botapi.Update
	if err := u.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatalf("a newer update kind must decode: %v", err)
	}
	if u.Kind() != "chat_join_request" || u.Kind().Known() {
		t.Fatalf("Kind() = %q (known %v)", u.Kind(), u.Kind().Known())
	}
	if u.UnknownKey != "chat_join_request" || !bytes.HasPrefix(u.UnknownRaw, []byte(`{"chat":{"id":-100`)) {
		t.Fatalf("unknown kind not kept: %q %s", u.UnknownKey, u.UnknownRaw)
	}
	if u.Chat() != nil || u.Sender() != nil {
		t.Fatal("helpers must be nil for an unknown kind")
	}
	if got := mustMarshal(t, &u); got != in {
		t.Fatalf("unknown kind not written back:\n got %s\nwant %s", got, in)
	}
}

func TestUpdateKindAndHelpers(t *testing.T) {
	cases := []struct {
		file   string
		kind   botapi.UpdateType
		chat   int64
		sender int64
	}{
		{"Update__message_text.json", botapi.UpdateTypeMessage, 283749102, 283749102},
		{"Update__channel_post.json", botapi.UpdateTypeChannelPost, -1009876543210, 0},
		{"Update__callback_query.json", botapi.UpdateTypeCallbackQuery, 0, 283749102},
		{"Update__poll_answer.json", botapi.UpdateTypePollAnswer, 0, 0},
	}
	for _, c := range cases {
		var u botapi.Update
		if err := u.UnmarshalJSON(readFile(t, c.file)); err != nil {
			t.Fatal(err)
		}
		if u.Kind() != c.kind || !u.Kind().Known() {
			t.Errorf("%s: Kind() = %q, want %q", c.file, u.Kind(), c.kind)
		}
		var chat, sender int64
		if ch := u.Chat(); ch != nil {
			chat = ch.ID
		}
		if s := u.Sender(); s != nil {
			sender = s.ID
		}
		if chat != c.chat || sender != c.sender {
			t.Errorf("%s: Chat()/Sender() = %d/%d, want %d/%d", c.file, chat, sender, c.chat, c.sender)
		}
	}
}

func TestUnknownUnionVariants(t *testing.T) {
	in := `{"chat_id":1,"text":"x","reply_markup":{"web_app_keyboard":[{"text":"open"}],"extra":true}}`
	var p botapi.SendMessageParams
	if err := p.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	um, ok := p.ReplyMarkup.(*botapi.UnknownReplyMarkup)
	if !ok || string(um.Raw) != `{"web_app_keyboard":[{"text":"open"}],"extra":true}` {
		t.Fatalf("unknown ReplyMarkup not kept: %#v", p.ReplyMarkup)
	}
	if got := mustMarshal(t, &p); got != in {
		t.Fatalf("got %s", got)
	}

	in = `{"chat_id":1,"media":[{"type":"sticker","media":"CAAC","emoji":"x"},{"media":"no-type"},{"type":"photo","media":"AgAC"}]}`
	var g botapi.SendMediaGroupParams
	if err := g.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	u0, ok0 := g.Media[0].(*botapi.UnknownInputMedia)
	u1, ok1 := g.Media[1].(*botapi.UnknownInputMedia)
	_, ok2 := g.Media[2].(*botapi.InputMediaPhoto)
	if !ok0 || u0.Type != "sticker" || !ok1 || u1.Type != "" || !ok2 {
		t.Fatalf("media = %#v", g.Media)
	}
	if got := mustMarshal(t, &g); got != in {
		t.Fatalf("got %s", got)
	}
}

func TestDiscriminatorWrittenAutomatically(t *testing.T) {
	p := botapi.SendMediaGroupParams{
		ChatID: botapi.ChatRefFromString("@chan"),
		Media: []botapi.InputMedia{
			&botapi.InputMediaPhoto{Media: botapi.FileID("AgAC")},
			&botapi.InputMediaVideo{Media: botapi.FileURL("https://example.com/v.mp4"), Width: botapi.Some(0)},
		},
	}
	want := `{"chat_id":"@chan","media":[{"type":"photo","media":"AgAC"},{"type":"video","media":"https://example.com/v.mp4","width":0}]}`
	if got := mustMarshal(t, &p); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// TestInputFileForms: an "InputFile or String" value is an InputFile; its
// JSON string decodes to a FileURL for an absolute http(s) URL, to an
// upload reference for attach://<part>, and to a FileID otherwise, and
// encodes back unchanged. An upload without a part has no JSON form.
func TestInputFileForms(t *testing.T) {
	for _, c := range []struct {
		in, kind string
	}{
		{"AgACAgIAAxkBAAIB", "file_id:AgACAgIAAxkBAAIB"},
		{"https://example.com/a.jpg", "url:https://example.com/a.jpg"},
		{"HTTP://example.com/a.jpg", "url:HTTP://example.com/a.jpg"},
		{"http://", "file_id:http://"},
		{"https:relative", "file_id:https:relative"},
		{"ftp://example.com/a.jpg", "file_id:ftp://example.com/a.jpg"},
		{"attach://photo1", "attach://photo1"},
	} {
		in := `{"chat_id":1,"photo":` + strconv.Quote(c.in) + `}`
		var p botapi.SendPhotoParams
		if err := p.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if got := p.Photo.String(); got != c.kind {
			t.Errorf("%s: decoded as %s, want %s", c.in, got, c.kind)
		}
		if c.kind == "attach://photo1" && !p.Photo.IsUpload() {
			t.Errorf("%s: not an upload reference", c.in)
		}
		if got := mustMarshal(t, &p); got != in {
			t.Errorf("%s: re-encoded as %s", c.in, got)
		}
	}
	p := botapi.SendPhotoParams{ChatID: botapi.ChatRefFromInteger64(1), Photo: botapi.Upload("cat.png", strings.NewReader("x"))}
	if _, err := p.MarshalJSON(); err == nil || !strings.Contains(err.Error(), "multipart") {
		t.Fatalf("upload encoded without a part: %v", err)
	}
	var unset botapi.SendPhotoParams
	unset.ChatID = botapi.ChatRefFromInteger64(1)
	if _, err := unset.MarshalJSON(); err == nil || !strings.Contains(err.Error(), "SendPhotoParams.photo") {
		t.Fatalf("unset required photo: %v", err)
	}
	if got := mustMarshal(t, &botapi.InputMediaVideo{Media: botapi.FileID("v")}); got != `{"type":"video","media":"v"}` {
		t.Fatalf("unset optional thumb written: %s", got)
	}
}

func TestOpaqueByteEqual(t *testing.T) {
	sticker := `{ "file_id" : "CAAC", "nested": {"a":[1, 2.50, "\u00e9"]} }`
	in := `{"message_id":1,"date":2,"chat":{"id":3,"type":"private"},"sticker":` + sticker + `}`
	var m botapi.Message
	if err := m.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	if string(m.Sticker.Raw) != sticker {
		t.Fatalf("raw = %s", m.Sticker.Raw)
	}
	out := mustMarshal(t, &m)
	if !strings.Contains(out, `"sticker":`+sticker) {
		t.Fatalf("opaque object not written back byte for byte: %s", out)
	}
	var s botapi.StickerSet
	set := `{"name":"x",  "stickers":[]}`
	if err := s.UnmarshalJSON([]byte(set)); err != nil || mustMarshal(t, &s) != set {
		t.Fatalf("StickerSet: %v %s", err, s.Raw)
	}
}

func TestKeyboardButtonFromString(t *testing.T) {
	in := `{"keyboard":[["Yes","No"],[{"text":"Phone","request_contact":true}]],"resize_keyboard":true}`
	var k botapi.ReplyKeyboardMarkup
	if err := k.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	if k.Keyboard[0][0].Text != "Yes" || k.Keyboard[0][1].Text != "No" || !k.Keyboard[1][0].RequestContact.Value() {
		t.Fatalf("keyboard = %+v", k.Keyboard)
	}
	want := `{"keyboard":[[{"text":"Yes"},{"text":"No"}],[{"text":"Phone","request_contact":true}]],"resize_keyboard":true}`
	if got := mustMarshal(t, &k); got != want {
		t.Fatalf("got %s", got)
	}
}

func TestMessageOrTrue(t *testing.T) {
	var r botapi.MessageOrTrue
	if err := r.UnmarshalJSON([]byte("true")); err != nil || !r.AsTrue() {
		t.Fatalf("true: %v %+v", err, r)
	}
	if _, ok := r.AsMessage(); ok {
		t.Fatal("true decoded as a Message")
	}
	if mustMarshal(t, r) != "true" {
		t.Fatal("true not written back")
	}
	if err := r.UnmarshalJSON([]byte(`{"message_id":5,"date":1,"chat":{"id":2,"type":"group","title":"g"},"text":"edited"}`)); err != nil {
		t.Fatal(err)
	}
	m, ok := r.AsMessage()
	if !ok || m.MessageID != 5 || m.Text.Value() != "edited" || r.AsTrue() {
		t.Fatalf("object: %+v", r)
	}
	if err := r.UnmarshalJSON([]byte("false")); err == nil {
		t.Fatal("false must not decode as True")
	}
	if err := r.UnmarshalJSON([]byte(`"x"`)); err == nil {
		t.Fatal("a string must not decode as MessageOrTrue")
	}
}

func TestMeaningfulZerosSentUnsetOmitted(t *testing.T) {
	poll := botapi.SendPollParams{
		ChatID:          botapi.ChatRefFromInteger64(1),
		Question:        "q",
		Options:         []string{"a", "b"},
		IsAnonymous:     botapi.Some(false),
		Type:            botapi.Some(botapi.PollTypeQuiz),
		CorrectOptionID: botapi.Some(0),
	}
	want := `{"chat_id":1,"question":"q","options":["a","b"],"is_anonymous":false,"type":"quiz","correct_option_id":0}`
	if got := mustMarshal(t, &poll); got != want {
		t.Fatalf("sendPoll:\n got %s\nwant %s", got, want)
	}
	up := botapi.GetUpdatesParams{Offset: botapi.Some[int64](0)}
	if got := mustMarshal(t, &up); got != `{"offset":0}` {
		t.Fatalf("getUpdates: %s", got)
	}
	loc := botapi.SendLocationParams{ChatID: botapi.ChatRefFromInteger64(1), Latitude: 0, Longitude: 0}
	if got := mustMarshal(t, &loc); got != `{"chat_id":1,"latitude":0,"longitude":0}` {
		t.Fatalf("sendLocation: %s", got)
	}
	// Empty but non-nil arrays are sent; nil ones are not.
	up = botapi.GetUpdatesParams{AllowedUpdates: []botapi.UpdateType{}}
	if got := mustMarshal(t, &up); got != `{"allowed_updates":[]}` {
		t.Fatalf("empty allowed_updates: %s", got)
	}
	// Decoding keeps zero apart from unset.
	var p botapi.Poll
	if err := p.UnmarshalJSON([]byte(`{"id":"1","question":"q","options":[],"total_voter_count":0,"is_closed":false,"is_anonymous":false,"type":"quiz","allows_multiple_answers":false,"correct_option_id":0}`)); err != nil {
		t.Fatal(err)
	}
	if v, ok := p.CorrectOptionID.Get(); !ok || v != 0 || p.OpenPeriod.IsSet() || p.Explanation.IsSet() {
		t.Fatalf("poll = %+v", p)
	}
	// null means unset.
	if err := p.UnmarshalJSON([]byte(`{"id":"1","question":"q","options":[],"total_voter_count":0,"is_closed":false,"is_anonymous":false,"type":"quiz","allows_multiple_answers":false,"correct_option_id":null,"explanation_entities":null}`)); err != nil || p.CorrectOptionID.IsSet() || p.ExplanationEntities != nil {
		t.Fatalf("null: %v %+v", err, p)
	}
}

func TestUnsetRequiredUnionIsAnError(t *testing.T) {
	p := botapi.SendMessageParams{Text: "hi"}
	if _, err := p.MarshalJSON(); err == nil || !strings.Contains(err.Error(), "SendMessageParams.chat_id") {
		t.Fatalf("err = %v", err)
	}
	e := botapi.EditMessageMediaParams{InlineMessageID: "x"}
	if _, err := e.MarshalJSON(); err == nil || !strings.Contains(err.Error(), "media") {
		t.Fatalf("err = %v", err)
	}
	g := botapi.SendMediaGroupParams{ChatID: botapi.ChatRefFromInteger64(1), Media: []botapi.InputMedia{nil}}
	if _, err := g.MarshalJSON(); err == nil {
		t.Fatal("a nil InputMedia element must be an error")
	}
}

func TestErrorsCarryThePath(t *testing.T) {
	var u botapi.Update
	err := u.UnmarshalJSON([]byte(`{"update_id":1,"message":{"message_id":1,"date":1,"chat":{"id":"abc","type":"private"}}}`))
	if err == nil || !strings.Contains(err.Error(), "message.chat.id") {
		t.Fatalf("err = %v", err)
	}
	var k botapi.ReplyKeyboardMarkup
	err = k.UnmarshalJSON([]byte(`{"keyboard":[["a"],["b",{"text":1}]]}`))
	if err == nil || !strings.Contains(err.Error(), "keyboard[1][1].text") {
		t.Fatalf("err = %v", err)
	}
	var ups []botapi.Update
	_, err = botapi.UnmarshalResponseArray([]byte(`{"ok":true,"result":[{"update_id":1},{"update_id":"x"}]}`), &ups)
	if err == nil || !strings.Contains(err.Error(), "result[1].update_id") {
		t.Fatalf("err = %v", err)
	}
}

func TestOpenEnums(t *testing.T) {
	var c botapi.Chat
	if err := c.UnmarshalJSON([]byte(`{"id":1,"type":"forum"}`)); err != nil {
		t.Fatal(err)
	}
	if c.Type != "forum" || c.Type.Known() || !botapi.ChatTypeSupergroup.Known() {
		t.Fatalf("type = %q", c.Type)
	}
	if len(botapi.DiceEmojiValues()) != 5 || botapi.DiceEmojiSlotMachine != "🎰" {
		t.Fatal("DiceEmoji values")
	}
	if mustMarshal(t, &c) != `{"id":1,"type":"forum"}` {
		t.Fatal("unknown enum value not written back")
	}
}

func TestInputFile(t *testing.T) {
	up := botapi.Upload("cat.jpg", strings.NewReader("jpeg"))
	if !up.IsUpload() || up.Name() != "cat.jpg" || up.Reader() == nil || !up.IsSet() {
		t.Fatalf("upload = %v", up)
	}
	p := botapi.SetChatPhotoParams{ChatID: botapi.ChatRefFromInteger64(1), Photo: up}
	if _, err := p.MarshalJSON(); err == nil {
		t.Fatal("an upload without a multipart part has no JSON form")
	}
	p.Photo = botapi.FileID("AgAC")
	if got := mustMarshal(t, &p); got != `{"chat_id":1,"photo":"AgAC"}` {
		t.Fatalf("got %s", got)
	}
	var d botapi.SetChatPhotoParams
	if err := d.UnmarshalJSON([]byte(`{"chat_id":1,"photo":"attach://part1"}`)); err != nil || !d.Photo.IsUpload() {
		t.Fatalf("attach: %v %v", err, d.Photo)
	}
	if got := mustMarshal(t, &d); got != `{"chat_id":1,"photo":"attach://part1"}` {
		t.Fatalf("attach written back as %s", got)
	}
	if err := d.UnmarshalJSON([]byte(`{"chat_id":1,"photo":"https://x.example/p.jpg"}`)); err != nil || !d.Photo.IsURL() {
		t.Fatalf("url: %v %v", err, d.Photo)
	}
	var unset botapi.SetChatPhotoParams
	unset.ChatID = botapi.ChatRefFromInteger64(1)
	if _, err := unset.MarshalJSON(); err == nil {
		t.Fatal("unset required InputFile must be an error")
	}
}

func TestTrailingGarbageAndTypeErrors(t *testing.T) {
	var u botapi.User
	for _, in := range []string{`{"id":1} x`, `{"id":1.5}`, `{"id":1,"is_bot":"yes"}`, `[]`} {
		if err := u.UnmarshalJSON([]byte(in)); err == nil {
			t.Errorf("%s: want an error", in)
		}
	}
	var jerr interface{ Unwrap() error }
	err := u.UnmarshalJSON([]byte(`{"id":"x"}`))
	if !errors.As(err, &jerr) {
		t.Logf("error type %T", err)
	}
}

func TestResponse(t *testing.T) {
	var m botapi.Message
	st, err := botapi.UnmarshalResponse([]byte(`{"result":{"message_id":9,"date":1,"chat":{"id":1,"type":"private"}},"ok":true}`), &m)
	if err != nil || !st.OK || m.MessageID != 9 {
		t.Fatalf("%v %+v %+v", err, st, m)
	}
	st, err = botapi.UnmarshalResponse([]byte(`{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 5","parameters":{"retry_after":5}}`), &m)
	if err != nil || st.OK || st.ErrorCode != 429 || string(st.Parameters) != `{"retry_after":5}` {
		t.Fatalf("%v %+v", err, st)
	}
	ups := []botapi.Update{{UpdateID: 1}}
	out, err := botapi.MarshalArray(ups)
	if err != nil || string(out) != `[{"update_id":1}]` {
		t.Fatalf("%v %s", err, out)
	}
	back, err := botapi.UnmarshalArray[botapi.Update](out)
	if err != nil || len(back) != 1 || back[0].UpdateID != 1 {
		t.Fatalf("%v %+v", err, back)
	}
}

// TestResponseArraySizes: arrays of every length decode completely, in both
// key orders of the envelope, whatever the first element's size (the slice
// is grown once to an estimate after the first element), and a reused
// slice is replaced, not appended to.
func TestResponseArraySizes(t *testing.T) {
	big := `{"update_id":%d,"message":{"message_id":1,"date":1,"chat":{"id":1,"type":"private"},"text":"` + strings.Repeat("x", 300) + `"}}`
	for _, n := range []int{0, 1, 2, 3, 17, 100, 1000} {
		for _, firstSmall := range []bool{false, true} {
			var parts []string
			for i := 0; i < n; i++ {
				if i == 0 && firstSmall {
					parts = append(parts, fmt.Sprintf(`{"update_id":%d}`, i))
				} else {
					parts = append(parts, fmt.Sprintf(big, i))
				}
			}
			arr := "[" + strings.Join(parts, ",") + "]"
			for _, body := range []string{`{"ok":true,"result":` + arr + `}`, `{"result":` + arr + `,"ok":true}`} {
				ups := make([]botapi.Update, 5)
				st, err := botapi.UnmarshalResponseArray([]byte(body), &ups)
				if err != nil || !st.OK || len(ups) != n {
					t.Fatalf("n=%d: %d updates, %+v, %v", n, len(ups), st, err)
				}
				for i := range ups {
					if ups[i].UpdateID != int64(i) || (i > 0 || !firstSmall) != (ups[i].Message != nil) {
						t.Fatalf("n=%d: update %d = %+v", n, i, ups[i])
					}
				}
				all, err := botapi.UnmarshalArray[botapi.Update]([]byte(arr))
				if err != nil || len(all) != n {
					t.Fatalf("UnmarshalArray n=%d: %d, %v", n, len(all), err)
				}
			}
		}
	}
}

// TestCommaAfterRequiredMember: a member that follows a required member
// (always written) carries its comma in its pre-encoded key; members before
// the first required one, optional ones in between and an unset required
// member (written as null, with an error) still give valid JSON.
func TestCommaAfterRequiredMember(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    json.Marshaler
		want string
	}{
		{"only required", botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(1), Text: "a"},
			`{"chat_id":1,"text":"a"}`},
		{"optional after required", botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(1), Text: "a", DisableNotification: botapi.Some(false)},
			`{"chat_id":1,"text":"a","disable_notification":false}`},
		{"optional first", botapi.InlineKeyboardButton{Text: "t", CallbackData: botapi.Some("d")},
			`{"text":"t","callback_data":"d"}`},
		{"no required member", botapi.User{ID: 5, FirstName: "F", Username: botapi.Some("u")},
			`{"id":5,"is_bot":false,"first_name":"F","username":"u"}`},
	} {
		if got := mustMarshal(t, tc.v); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
	out, err := botapi.SendMessageParams{Text: "a"}.MarshalJSON()
	if err == nil || out != nil {
		t.Errorf("unset chat_id: got %s, %v; want an error", out, err)
	}
}

// TestArrayOfObjectsSizes: arrays of objects keep their first elements on
// the stack and count the rest when longer; every length gives the same
// elements in a slice of exactly that length (capacity too, for arrays
// ArrLen can count), an empty
// array a non-nil empty slice, and an error the index of its element,
// inside and past the stack buffer.
func TestArrayOfObjectsSizes(t *testing.T) {
	for _, n := range []int{0, 1, 3, 4, 5, 8, 9, 40} {
		var sizes []string
		for i := range n {
			sizes = append(sizes, fmt.Sprintf(`{"file_id":"f%d","file_unique_id":"u","width":%d,"height":1}`, i, i))
		}
		in := `{"message_id":1,"date":1,"chat":{"id":1,"type":"private"},"photo":[` + strings.Join(sizes, " , ") + `]}`
		var m botapi.Message
		if err := m.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatalf("%d sizes: %v", n, err)
		}
		// Exact capacity while the array is short enough for ArrLen's
		// look-ahead (40 elements are not: they grow by appending).
		if m.Photo == nil || len(m.Photo) != n || (n < 40 && cap(m.Photo) != n) {
			t.Fatalf("%d sizes: len %d cap %d nil %v", n, len(m.Photo), cap(m.Photo), m.Photo == nil)
		}
		for i, p := range m.Photo {
			if p.FileID != fmt.Sprintf("f%d", i) || p.Width != i {
				t.Fatalf("%d sizes: [%d] = %+v", n, i, p)
			}
		}
		if got := mustMarshal(t, &m); !strings.Contains(got, `"photo":[`+strings.Join(sizes, ",")+`]`) {
			t.Fatalf("%d sizes: round trip %s", n, got)
		}
		if n == 0 {
			continue
		}
		bad := strings.Replace(in, fmt.Sprintf(`"width":%d`, n-1), `"width":"x"`, 1)
		err := m.UnmarshalJSON([]byte(bad))
		if want := fmt.Sprintf("photo[%d].width", n-1); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%d sizes: err = %v, want the path %s", n, err, want)
		}
	}
}
