package interop

import (
	"context"
	"errors"
	"strings"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
	"github.com/mymmrac/telego"
	ta "github.com/mymmrac/telego/telegoapi"
	tu "github.com/mymmrac/telego/telegoutil"

	"github.com/apigen/apigen/generated/botapi"
)

func checkKeyboard(t *testing.T, rm botapi.ReplyMarkup) {
	t.Helper()
	kb, ok := rm.(*botapi.InlineKeyboardMarkup)
	if !ok {
		t.Fatalf("reply_markup %T", rm)
	}
	if len(kb.InlineKeyboard) != 1 || len(kb.InlineKeyboard[0]) != 2 {
		t.Fatalf("keyboard %+v", kb.InlineKeyboard)
	}
	a, b := kb.InlineKeyboard[0][0], kb.InlineKeyboard[0][1]
	if a.Text != "Yes" || a.CallbackData.Value() != "vote:yes" || a.URL.IsSet() ||
		b.Text != "Docs" || b.URL.Value() != "https://example.com/docs?x=1&y=2" || b.CallbackData.IsSet() {
		t.Fatalf("buttons %+v %+v", a, b)
	}
}

func TestGoTelegramBotAPI(t *testing.T) {
	m, srv := start(t)
	bot, err := tgbotapi.NewBotAPIWithAPIEndpoint(token, srv.URL+"/bot%s/%s") // calls getMe
	if err != nil {
		t.Fatal(err)
	}
	if bot.Self.UserName != "interop_bot" || bot.Self.ID != 123456789 || !bot.Self.IsBot {
		t.Fatalf("getMe: %+v", bot.Self)
	}

	// sendMessage with an inline keyboard (urlencoded).
	msg := tgbotapi.NewMessage(-1001234567890, "Vote *now* ✓")
	msg.ParseMode = tgbotapi.ModeMarkdownV2
	msg.DisableNotification = true
	msg.ReplyMarkup = tgbotapi.NewInlineKeyboardMarkup(tgbotapi.NewInlineKeyboardRow(
		tgbotapi.NewInlineKeyboardButtonData("Yes", "vote:yes"),
		tgbotapi.NewInlineKeyboardButtonURL("Docs", "https://example.com/docs?x=1&y=2")))
	sent, err := bot.Send(msg)
	if err != nil {
		t.Fatal(err)
	}
	p := m.last["sendMessage"].(*botapi.SendMessageParams)
	if chatOf(t, p.ChatID) != int64(-1001234567890) || p.Text != "Vote *now* ✓" || p.ParseMode.Value() != botapi.ParseModeMarkdownV2 ||
		!p.DisableNotification.Value() || sent.Chat.ID != -1001234567890 || sent.Text != "Vote *now* ✓" {
		t.Fatalf("sendMessage %+v / %+v", p, sent)
	}
	checkKeyboard(t, p.ReplyMarkup)

	// Photo upload (multipart).
	photo := tgbotapi.NewPhoto(42, tgbotapi.FileBytes{Name: "cat.png", Bytes: []byte("\x89PNG\r\n\x1a\nbinary\x00data")})
	photo.Caption = "a cat"
	if _, err := bot.Send(photo); err != nil {
		t.Fatal(err)
	}
	if f := m.files["photo"]; f != (file{Upload: true, Name: "cat.png", Data: "\x89PNG\r\n\x1a\nbinary\x00data"}) {
		t.Fatalf("photo %+v", f)
	}
	if pp := m.last["sendPhoto"].(*botapi.SendPhotoParams); pp.Caption.Value() != "a cat" || chatOf(t, pp.ChatID) != int64(42) {
		t.Fatalf("sendPhoto %+v", pp)
	}

	// Media group: two uploads (attach://file-0, attach://file-1) and a file_id.
	group := tgbotapi.NewMediaGroup(42, []interface{}{
		tgbotapi.NewInputMediaPhoto(tgbotapi.FileBytes{Name: "one.jpg", Bytes: []byte("ONE")}),
		tgbotapi.NewInputMediaPhoto(tgbotapi.FileBytes{Name: "two.jpg", Bytes: []byte("TWO")}),
		tgbotapi.NewInputMediaPhoto(tgbotapi.FileID("AgACAgIAAx-existing")),
	})
	msgs, err := bot.SendMediaGroup(group)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 3 || m.files["media0"] != (file{Upload: true, Name: "one.jpg", Data: "ONE"}) ||
		m.files["media1"] != (file{Upload: true, Name: "two.jpg", Data: "TWO"}) || m.files["media2"] != (file{Ref: "AgACAgIAAx-existing"}) {
		t.Fatalf("media group %d %+v", len(msgs), m.files)
	}

	// Quiz poll with correct_option_id 0.
	poll := tgbotapi.NewPoll(42, "2+2?", "4", "5")
	poll.Type = "quiz"
	poll.CorrectOptionID = 0
	poll.IsAnonymous = false
	if _, err := bot.Send(poll); err != nil {
		t.Fatal(err)
	}
	q := m.last["sendPoll"].(*botapi.SendPollParams)
	if v, ok := q.CorrectOptionID.Get(); !ok || v != 0 || q.Type.Value() != botapi.PollTypeQuiz || strings.Join(q.Options, "|") != "4|5" ||
		q.IsAnonymous.Value() || !q.IsAnonymous.IsSet() || q.Question != "2+2?" {
		t.Fatalf("sendPoll %+v", q)
	}

	// getUpdates.
	ups, err := bot.GetUpdates(tgbotapi.UpdateConfig{Offset: 500, Limit: 10, Timeout: 0, AllowedUpdates: []string{"message", "callback_query"}})
	if err != nil {
		t.Fatal(err)
	}
	u := m.last["getUpdates"].(*botapi.GetUpdatesParams)
	if len(ups) != 1 || ups[0].UpdateID != 501 || ups[0].Message.Text != "/start" || u.Offset.Value() != 500 || u.Limit.Value() != 10 ||
		len(u.AllowedUpdates) != 2 || u.AllowedUpdates[1] != botapi.UpdateTypeCallbackQuery {
		t.Fatalf("getUpdates %+v / %+v", ups, u)
	}

	// getFile + download.
	f, err := bot.GetFile(tgbotapi.FileConfig{FileID: "photo-1"})
	if err != nil {
		t.Fatal(err)
	}
	if m.last["getFile"].(*botapi.GetFileParams).FileID != "photo-1" || f.FilePath != "photos/file_0.jpg" {
		t.Fatalf("getFile %+v", f)
	}
	// The library hard-codes the cloud download host (FileEndpoint), so the
	// link is built against the test server the same way.
	if got := download(t, srv.URL+"/file/bot"+token+"/"+f.FilePath); got != fileData {
		t.Fatalf("download %q", got)
	}

	// A wrong token is rejected.
	if _, err := tgbotapi.NewBotAPIWithAPIEndpoint("1:wrong", srv.URL+"/bot%s/%s"); err == nil || !strings.Contains(err.Error(), "Unauthorized") {
		t.Fatalf("wrong token: %v", err)
	}
}

func TestTelego(t *testing.T) {
	m, srv := start(t)
	bot, err := telego.NewBot(token, telego.WithAPIServer(srv.URL), telego.WithDiscardLogger())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	me, err := bot.GetMe(ctx)
	if err != nil || me.Username != "interop_bot" {
		t.Fatalf("getMe %+v %v", me, err)
	}

	// sendMessage with an inline keyboard (JSON body), to a username.
	sent, err := bot.SendMessage(ctx, tu.Message(tu.Username("@channel"), "Vote *now* ✓").
		WithParseMode(telego.ModeMarkdownV2).WithDisableNotification().
		WithReplyMarkup(tu.InlineKeyboard(tu.InlineKeyboardRow(
			tu.InlineKeyboardButton("Yes").WithCallbackData("vote:yes"),
			tu.InlineKeyboardButton("Docs").WithURL("https://example.com/docs?x=1&y=2")))))
	if err != nil {
		t.Fatal(err)
	}
	p := m.last["sendMessage"].(*botapi.SendMessageParams)
	if chatOf(t, p.ChatID) != "@channel" || p.Text != "Vote *now* ✓" || p.ParseMode.Value() != botapi.ParseModeMarkdownV2 ||
		!p.DisableNotification.Value() || sent.Text != "Vote *now* ✓" {
		t.Fatalf("sendMessage %+v", p)
	}
	checkKeyboard(t, p.ReplyMarkup)

	// Photo upload.
	if _, err := bot.SendPhoto(ctx, tu.Photo(tu.ID(42), tu.FileFromBytes([]byte("JPEG\x00\xff"), "dog.jpg")).WithCaption("a dog")); err != nil {
		t.Fatal(err)
	}
	if f := m.files["photo"]; f != (file{Upload: true, Name: "dog.jpg", Data: "JPEG\x00\xff"}) {
		t.Fatalf("photo %+v", f)
	}

	// Media group.
	msgs, err := bot.SendMediaGroup(ctx, tu.MediaGroup(tu.ID(42),
		tu.MediaPhoto(tu.FileFromBytes([]byte("ONE"), "one.jpg")),
		tu.MediaPhoto(tu.FileFromID("AgACAgIAAx-existing")),
		tu.MediaPhoto(tu.FileFromURL("https://example.com/three.jpg"))))
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 3 || m.files["media0"] != (file{Upload: true, Name: "one.jpg", Data: "ONE"}) ||
		m.files["media1"] != (file{Ref: "AgACAgIAAx-existing"}) || m.files["media2"] != (file{Ref: "https://example.com/three.jpg"}) {
		t.Fatalf("media group %+v", m.files)
	}

	// Quiz poll: telego v1.6 speaks Bot API 9.x, whose poll options are
	// InputPollOption objects; a 5.0 server expects strings and answers a
	// clear 400 instead of guessing.
	_, err = bot.SendPoll(ctx, tu.Poll(tu.ID(42), "2+2?", tu.PollOption("4"), tu.PollOption("5")).
		WithType(telego.PollTypeQuiz).WithCorrectOptionID(0).WithIsAnonymous(false))
	var apiErr *ta.Error
	if !errors.As(err, &apiErr) || apiErr.ErrorCode != 400 ||
		!strings.HasPrefix(apiErr.Description, `Bad Request: can't parse parameter "options" at options[0]: expected string, found object`) {
		t.Fatalf("sendPoll: %v", err)
	}
	if _, ok := m.last["sendPoll"]; ok {
		t.Fatal("the implementation must not be called")
	}

	// getUpdates.
	ups, err := bot.GetUpdates(ctx, &telego.GetUpdatesParams{Offset: 500, Limit: 10, AllowedUpdates: []string{"message"}})
	if err != nil {
		t.Fatal(err)
	}
	u := m.last["getUpdates"].(*botapi.GetUpdatesParams)
	if len(ups) != 1 || ups[0].UpdateID != 501 || u.Offset.Value() != 500 || u.Limit.Value() != 10 || len(u.AllowedUpdates) != 1 {
		t.Fatalf("getUpdates %+v", u)
	}

	// getFile + download through the library's own URL.
	f, err := bot.GetFile(ctx, &telego.GetFileParams{FileID: "photo-1"})
	if err != nil {
		t.Fatal(err)
	}
	if got := download(t, bot.FileDownloadURL(f.FilePath)); got != fileData || m.last["getFile"].(*botapi.GetFileParams).FileID != "photo-1" {
		t.Fatalf("download %q", got)
	}
}
