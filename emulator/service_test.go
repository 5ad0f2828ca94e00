package emulator_test

// Behaviour beyond the three tables: message kinds, edits and their
// results, copy and forward, files, errors, the control API over HTTP.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// Every method of the generated Service is implemented by the emulator
// itself, none falls through to the embedded Unimplemented (a method whose
// signature drifted after a regeneration would, silently).
func TestEveryMethodImplemented(t *testing.T) {
	svc := reflect.TypeOf((*botapiserver.Service)(nil)).Elem()
	emu := reflect.TypeOf(&emulator.Emulator{})
	for i := range svc.NumMethod() {
		if !svc.Method(i).IsExported() {
			continue // mustEmbedUnimplementedService
		}
		name := svc.Method(i).Name
		m, found := emu.MethodByName(name)
		if !found {
			t.Errorf("%s missing", name)
			continue
		}
		file, _ := runtime.FuncForPC(m.Func.Pointer()).FileLine(m.Func.Pointer())
		if filepath.Base(filepath.Dir(file)) != "emulator" {
			t.Errorf("%s answers as Unimplemented (from %s)", name, file)
		}
	}
}

func TestSendEveryKind(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	chat := botapi.ChatRefFromInteger64(v.user.ID)
	up := func(name, data string) botapi.InputFile { return botapi.Upload(name, strings.NewReader(data)) }
	var ids []int64
	add := func(m *botapi.Message, err error) *botapi.Message {
		t.Helper()
		ok(t, err)
		ids = append(ids, m.MessageID)
		return m
	}
	txt := add(v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: chat, Text: "<b>bold</b> and <a href=\"tg://user?id=" + itoa(v.user.ID) + "\">you</a>", ParseMode: botapi.Some(botapi.ParseModeHTML)}))
	if txt.Text.Value() != "bold and you" || len(txt.Entities) != 2 || txt.Entities[0].Type != "bold" ||
		txt.Entities[1].Type != "text_mention" || txt.Entities[1].User == nil || txt.Entities[1].User.FirstName != "Alice" {
		t.Fatalf("entities %+v", txt)
	}
	ph := add(v.bot.SendPhoto(v.ctx, &botapi.SendPhotoParams{ChatID: chat, Photo: botapi.Upload("cat.png", bytes.NewReader(pngImage(40, 30))), Caption: botapi.Some("_cat_"), ParseMode: botapi.Some(botapi.ParseModeMarkdownV2)}))
	if len(ph.Photo) != 1 || ph.Photo[0].Width != 40 || ph.Photo[0].Height != 30 || ph.Caption.Value() != "cat" || ph.CaptionEntities[0].Type != "italic" {
		t.Fatalf("photo %+v", ph)
	}
	_, err := v.bot.SendPhoto(v.ctx, &botapi.SendPhotoParams{ChatID: chat, Photo: up("x.png", "not an image")})
	wantErr(t, err, 400, "IMAGE_PROCESS_FAILED")
	again := add(v.bot.SendPhoto(v.ctx, &botapi.SendPhotoParams{ChatID: chat, Photo: botapi.FileID(ph.Photo[0].FileID)}))
	if again.Photo[0].FileUniqueID != ph.Photo[0].FileUniqueID {
		t.Fatal("resending by file_id changed file_unique_id")
	}
	_, err = v.bot.SendPhoto(v.ctx, &botapi.SendPhotoParams{ChatID: chat, Photo: botapi.FileID("nope")})
	wantErr(t, err, 400, "wrong file identifier")
	au := add(v.bot.SendAudio(v.ctx, &botapi.SendAudioParams{ChatID: chat, Audio: up("song.mp3", "ID3"), Performer: botapi.Some("P"), Duration: botapi.Some(3)}))
	vid := add(v.bot.SendVideo(v.ctx, &botapi.SendVideoParams{ChatID: chat, Video: up("v.mp4", "mp4"), Width: botapi.Some(640)}))
	an := add(v.bot.SendAnimation(v.ctx, &botapi.SendAnimationParams{ChatID: chat, Animation: up("a.gif", "GIF89a")}))
	vo := add(v.bot.SendVoice(v.ctx, &botapi.SendVoiceParams{ChatID: chat, Voice: up("v.ogg", "OggS\x00\x02")}))
	vn := add(v.bot.SendVideoNote(v.ctx, &botapi.SendVideoNoteParams{ChatID: chat, VideoNote: up("n.mp4", "mp4"), Length: botapi.Some(240)}))
	ven := add(v.bot.SendVenue(v.ctx, &botapi.SendVenueParams{ChatID: chat, Latitude: 1, Longitude: 2, Title: "T", Address: "A"}))
	co := add(v.bot.SendContact(v.ctx, &botapi.SendContactParams{ChatID: chat, PhoneNumber: "+1", FirstName: "C"}))
	di := add(v.bot.SendDice(v.ctx, &botapi.SendDiceParams{ChatID: chat, Emoji: botapi.Some(botapi.DiceEmoji("🎰"))}))
	if au.Audio == nil || au.Audio.Performer.Value() != "P" || au.Audio.Duration != 3 || au.Audio.MIMEType.Value() != "audio/mpeg" ||
		vid.Video == nil || vid.Video.Width != 640 || an.Animation == nil || an.Document == nil || vo.Voice == nil ||
		vn.VideoNote == nil || vn.VideoNote.Length != 240 || ven.Venue == nil || ven.Location == nil || co.Contact == nil ||
		di.Dice == nil || di.Dice.Value < 1 || di.Dice.Value > 64 {
		t.Fatalf("kinds: %+v %+v %+v %+v %+v %+v %+v %+v %+v", au, vid, an, vo, vn, ven, co, di, ph)
	}
	notOgg := add(v.bot.SendVoice(v.ctx, &botapi.SendVoiceParams{ChatID: chat, Voice: up("v.wav", "RIFF....WAVE")}))
	if notOgg.Voice != nil || notOgg.Document == nil {
		t.Fatal("a voice that is not OGG is sent as a document")
	}
	for i := 1; i < len(ids); i++ {
		if ids[i] != ids[i-1]+1 {
			t.Fatalf("message ids per chat must increase by one: %v", ids)
		}
	}
	if sent := v.emu.Sent(v.me.ID); len(sent) != len(ids) {
		t.Fatalf("control Sent: %d records for %d messages", len(sent), len(ids))
	}
	// Replies.
	rep := add(v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: chat, Text: "re", ReplyToMessageID: botapi.Some(txt.MessageID)}))
	if rep.ReplyToMessage == nil || rep.ReplyToMessage.MessageID != txt.MessageID {
		t.Fatal("reply_to_message missing")
	}
	_, err = v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: chat, Text: "re", ReplyToMessageID: botapi.Some(int64(9999))})
	wantErr(t, err, 400, "reply message not found")
	add(v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: chat, Text: "re", ReplyToMessageID: botapi.Some(int64(9999)), AllowSendingWithoutReply: botapi.Some(true)}))
}

func TestEditResults(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	chat := botapi.ChatRefFromInteger64(v.user.ID)
	m, err := v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: chat, Text: "v1", ReplyMarkup: keyboard("a")})
	ok(t, err)
	p := &botapi.EditMessageTextParams{ChatID: chat, Text: "*v2*", ParseMode: botapi.Some(botapi.ParseModeMarkdownV2), ReplyMarkup: keyboard("b")}
	p.MessageID = m.MessageID
	res, err := v.bot.EditMessageText(v.ctx, p)
	ok(t, err)
	got, isMsg := res.AsMessage()
	if !isMsg || got.Text.Value() != "v2" || got.Entities[0].Type != "bold" || got.ReplyMarkup.InlineKeyboard[0][0].Text != "b" || !got.EditDate.IsSet() {
		t.Fatalf("edited %+v", got)
	}
	_, err = v.bot.EditMessageText(v.ctx, p)
	wantErr(t, err, 400, "message is not modified")
	rm := &botapi.EditMessageReplyMarkupParams{ChatID: chat}
	rm.MessageID = m.MessageID
	res, err = v.bot.EditMessageReplyMarkup(v.ctx, rm)
	ok(t, err)
	if got, _ := res.AsMessage(); got.ReplyMarkup != nil {
		t.Fatal("reply markup not removed")
	}
	// A user's message, and a message with a reply keyboard, cannot be edited.
	um := v.send("mine")
	p.MessageID = um.MessageID
	_, err = v.bot.EditMessageText(v.ctx, p)
	wantErr(t, err, 400, "message can't be edited")
	kb, err := v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: chat, Text: "kb", ReplyMarkup: &botapi.ReplyKeyboardMarkup{Keyboard: [][]botapi.KeyboardButton{{{Text: "x"}}}}})
	ok(t, err)
	p.MessageID = kb.MessageID
	_, err = v.bot.EditMessageText(v.ctx, p)
	wantErr(t, err, 400, "message can't be edited")
	_, err = v.bot.EditMessageText(v.ctx, &botapi.EditMessageTextParams{InlineMessageID: "x", Text: "t"})
	wantErr(t, err, 400, "MESSAGE_ID_INVALID")
	// Caption and media.
	ph, err := v.bot.SendPhoto(v.ctx, &botapi.SendPhotoParams{ChatID: chat, Photo: botapi.Upload("p.png", bytes.NewReader(pngImage(2, 2)))})
	ok(t, err)
	cp := &botapi.EditMessageCaptionParams{ChatID: chat, Caption: botapi.Some("new caption")}
	cp.MessageID = ph.MessageID
	res, err = v.bot.EditMessageCaption(v.ctx, cp)
	ok(t, err)
	if got, _ := res.AsMessage(); got.Caption.Value() != "new caption" {
		t.Fatal("caption not edited")
	}
	mp := &botapi.EditMessageMediaParams{ChatID: chat, Media: &botapi.InputMediaVideo{Media: botapi.Upload("v.mp4", strings.NewReader("mp4"))}}
	mp.MessageID = ph.MessageID
	res, err = v.bot.EditMessageMedia(v.ctx, mp)
	ok(t, err)
	if got, _ := res.AsMessage(); got.Video == nil || got.Photo != nil {
		t.Fatalf("media not replaced: %+v", got)
	}
}

func TestCopyAndForward(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	g := v.group(botapi.ChatTypeSupergroup)
	orig := v.send("forward me")
	fw, err := v.bot.ForwardMessage(v.ctx, &botapi.ForwardMessageParams{ChatID: botapi.ChatRefFromInteger64(g.ID), FromChatID: botapi.ChatRefFromInteger64(v.user.ID), MessageID: orig.MessageID})
	ok(t, err)
	if fw.ForwardFrom == nil || fw.ForwardFrom.ID != v.user.ID || fw.Text.Value() != "forward me" || !fw.ForwardDate.IsSet() {
		t.Fatalf("forward %+v", fw)
	}
	id, err := v.bot.CopyMessage(v.ctx, &botapi.CopyMessageParams{ChatID: botapi.ChatRefFromInteger64(g.ID), FromChatID: botapi.ChatRefFromInteger64(v.user.ID), MessageID: orig.MessageID})
	ok(t, err)
	sent := v.emu.Sent(v.me.ID)
	last := sent[len(sent)-1].Message
	if last.MessageID != id.MessageID || last.ForwardFrom != nil || last.Text.Value() != "forward me" {
		t.Fatalf("copy %+v", last)
	}
	_, err = v.bot.ForwardMessage(v.ctx, &botapi.ForwardMessageParams{ChatID: botapi.ChatRefFromInteger64(g.ID), FromChatID: botapi.ChatRefFromInteger64(v.user.ID), MessageID: 999})
	wantErr(t, err, 400, "not found")
}

// Errors as the service answers them: 400, 401, 403, 404, 409, 429.
func TestErrors(t *testing.T) {
	v := newEnv(t, emulator.Config{FloodLimit: 2})
	chat := botapi.ChatRefFromInteger64(v.user.ID)
	_, err := v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: chat, Text: "hi"})
	wantErr(t, err, 403, "bot can't initiate conversation with a user")
	_, err = v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(-42), Text: "hi"})
	wantErr(t, err, 400, "chat not found")
	_, err = v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromString("@nobody"), Text: "hi"})
	wantErr(t, err, 400, "chat not found")
	v.start()
	ok(t, v.emu.Block(v.user.ID, v.me.ID))
	_, err = v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: chat, Text: "hi"})
	wantErr(t, err, 403, "bot was blocked by the user")
	v.send("back")
	v.text(v.user.ID, "1")
	v.text(v.user.ID, "2")
	_, err = v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: chat, Text: "3"})
	wantErr(t, err, 429, "Too Many Requests: retry after 1")
	var apiErr *botapi.Error
	if !errorsAs(err, &apiErr) || apiErr.RetryAfter != 1 {
		t.Fatalf("retry_after %+v", apiErr)
	}
	v.emu.Advance(1e9)
	v.text(v.user.ID, "3")
	other, _ := v.emu.NewChat(botapi.ChatTypeSupergroup, "closed", "closedgroup", v.user.ID)
	_, err = v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromString("@closedgroup"), Text: "hi"})
	wantErr(t, err, 403, "bot is not a member of the supergroup chat")
	ok(t, v.emu.Join(other.ID, v.me.ID))
	ok(t, v.emu.SetMember(other.ID, v.me.ID, botapi.ChatMember{Status: botapi.ChatMemberStatusKicked}))
	_, err = v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(other.ID), Text: "hi"})
	wantErr(t, err, 403, "bot was kicked from the supergroup chat")
	resp, err := http.Get(v.srv.URL + "/bot" + token + "/noSuchMethod")
	ok(t, err)
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Fatalf("unknown method: %s", resp.Status)
	}
	resp, err = http.Get(v.srv.URL + "/botnot-a-token/getMe")
	ok(t, err)
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Fatalf("malformed token: %s", resp.Status)
	}
	listed := newEnv(t, emulator.Config{Tokens: []string{token}})
	_, err = listed.client("999:other").GetMe(listed.ctx)
	wantErr(t, err, 401, "Unauthorized")
	_, err = listed.bot.GetMe(listed.ctx)
	ok(t, err)
}

func errorsAs(err error, target **botapi.Error) bool {
	e, isAPI := err.(*botapi.Error)
	if isAPI {
		*target = e
	}
	return isAPI
}

// The HTTP control API drives the same conversation as the Go one.
func TestControlHTTP(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	call := func(action string, in map[string]any, out any) {
		t.Helper()
		body, _ := json.Marshal(in)
		req, _ := http.NewRequest("POST", v.srv.URL+"/control/"+action, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+v.emu.ControlToken())
		resp, err := http.DefaultClient.Do(req)
		ok(t, err)
		defer resp.Body.Close()
		var env struct {
			OK          bool            `json:"ok"`
			Result      json.RawMessage `json:"result"`
			Description string          `json:"description"`
		}
		ok(t, json.NewDecoder(resp.Body).Decode(&env))
		if !env.OK {
			t.Fatalf("%s: %s", action, env.Description)
		}
		if out != nil {
			ok(t, json.Unmarshal(env.Result, out))
		}
	}
	var bob botapi.User
	call("user", map[string]any{"first_name": "Bob", "username": "bob"}, &bob)
	var bot botapi.User
	call("bot", map[string]any{"token": token}, &bot)
	call("send", map[string]any{"user_id": bob.ID, "bot_id": bot.ID, "text": "/start"}, nil)
	us := v.drain()
	if len(us) != 1 || us[0].Message.From.ID != bob.ID {
		t.Fatalf("%+v", us)
	}
	m, err := v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(bob.ID), Text: "k", ReplyMarkup: keyboard("go")})
	ok(t, err)
	var q struct {
		ID string `json:"callback_query_id"`
	}
	call("press", map[string]any{"user_id": bob.ID, "bot_id": bot.ID, "message_id": m.MessageID, "data": "go"}, &q)
	ok(t, v.bot.AnswerCallbackQuery(v.ctx, &botapi.AnswerCallbackQueryParams{CallbackQueryID: q.ID, Text: botapi.Some("ok")}))
	var a emulator.CallbackAnswer
	call("callback_answer", map[string]any{"callback_query_id": q.ID}, &a)
	if a.Text != "ok" {
		t.Fatalf("answer %+v", a)
	}
	var sent []struct {
		Method  string         `json:"method"`
		Message botapi.Message `json:"message"`
	}
	call("sent", map[string]any{"bot_id": bot.ID}, &sent)
	if len(sent) != 1 || sent[0].Message.Text.Value() != "k" {
		t.Fatalf("sent %+v", sent)
	}
	var now int64
	call("advance", map[string]any{"seconds": 90}, &now)
	if now != v.emu.Now().Unix() {
		t.Fatal("advance")
	}
	req, _ := http.NewRequest("POST", v.srv.URL+"/control/nope", strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+v.emu.ControlToken())
	resp, err := http.DefaultClient.Do(req)
	ok(t, err)
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Fatal("unknown action accepted")
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// A file given by HTTP URL is fetched by the service.
func TestSendByURL(t *testing.T) {
	v := newEnv(t, emulator.Config{Local: true}) // the files server is on loopback, which the cloud refuses (TestSendByURLRefusesReservedAddresses)
	v.start()
	img := pngImage(7, 5)
	files := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/cat.png" {
			http.NotFound(w, r)
			return
		}
		w.Write(img)
	}))
	defer files.Close()
	m, err := v.bot.SendPhoto(v.ctx, &botapi.SendPhotoParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Photo: botapi.FileURL(files.URL + "/cat.png")})
	ok(t, err)
	if m.Photo[0].Width != 7 {
		t.Fatalf("photo %+v", m.Photo)
	}
	f, err := v.bot.GetFile(v.ctx, &botapi.GetFileParams{FileID: m.Photo[0].FileID})
	ok(t, err)
	if !bytes.Equal(v.download(f.FilePath.Value()), img) {
		t.Fatal("downloaded bytes differ")
	}
	_, err = v.bot.SendPhoto(v.ctx, &botapi.SendPhotoParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Photo: botapi.FileURL(files.URL + "/missing.png")})
	wantErr(t, err, 400, "failed to get HTTP URL content")
}

// Inside an album an audio stays an audio, a document a document, and a
// photo or video becomes a photo or a video.
func TestEditMediaInAlbum(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	ms, err := v.bot.SendMediaGroup(v.ctx, &botapi.SendMediaGroupParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Media: photos(2)})
	ok(t, err)
	p := &botapi.EditMessageMediaParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Media: &botapi.InputMediaDocument{Media: botapi.Upload("d.txt", strings.NewReader("d"))}}
	p.MessageID = ms[0].MessageID
	_, err = v.bot.EditMessageMedia(v.ctx, p)
	wantErr(t, err, 400, "photo or video")
	p.Media = &botapi.InputMediaVideo{Media: botapi.Upload("v.mp4", strings.NewReader("v"))}
	res, err := v.bot.EditMessageMedia(v.ctx, p)
	ok(t, err)
	if m, _ := res.AsMessage(); m.Video == nil || m.MediaGroupID != ms[0].MediaGroupID {
		t.Fatalf("%+v", m)
	}
}

// Chat information and administration beyond the table rows.
func TestChatInfo(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	g := v.group(botapi.ChatTypeSupergroup)
	ref := botapi.ChatRefFromInteger64(g.ID)
	bob := v.emu.NewUser("Bob", "")
	ok(t, v.emu.Join(g.ID, bob.ID))
	n, err := v.bot.GetChatMembersCount(v.ctx, &botapi.GetChatMembersCountParams{ChatID: ref})
	ok(t, err)
	if n != 3 {
		t.Fatalf("members %d", n)
	}
	ok(t, v.bot.SetChatPermissions(v.ctx, &botapi.SetChatPermissionsParams{ChatID: ref, Permissions: botapi.ChatPermissions{CanSendMessages: botapi.Some(true)}}))
	ok(t, v.bot.SetChatPhoto(v.ctx, &botapi.SetChatPhotoParams{ChatID: ref, Photo: botapi.Upload("g.png", bytes.NewReader(pngImage(4, 4)))}))
	c, err := v.bot.GetChat(v.ctx, &botapi.GetChatParams{ChatID: ref})
	ok(t, err)
	if c.Photo == nil || c.Permissions == nil || c.Permissions.CanSendPolls.IsSet() || !c.Permissions.CanSendMessages.Value() {
		t.Fatalf("chat %+v", c)
	}
	ok(t, v.bot.DeleteChatPhoto(v.ctx, &botapi.DeleteChatPhotoParams{ChatID: ref}))
	wantErr(t, v.bot.DeleteChatPhoto(v.ctx, &botapi.DeleteChatPhotoParams{ChatID: ref}), 400, "CHAT_NOT_MODIFIED")
	wantErr(t, v.bot.SetChatStickerSet(v.ctx, &botapi.SetChatStickerSetParams{ChatID: ref, StickerSetName: "x"}), 400, "STICKERSET_INVALID")
	ok(t, v.bot.DeleteChatStickerSet(v.ctx, &botapi.DeleteChatStickerSetParams{ChatID: ref}))
	ok(t, v.bot.LeaveChat(v.ctx, &botapi.LeaveChatParams{ChatID: ref}))
	_, err = v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: ref, Text: "still here?"})
	wantErr(t, err, 403, "bot is not a member of the supergroup chat")
}
