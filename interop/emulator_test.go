package interop

// Whole bot conversations against the reference service (package emulator)
// over loopback, one per client library: the user sends /start, the bot
// answers with an inline keyboard, the user presses a button, the bot
// answers the callback and edits the message, the bot sends a photo and a
// quiz poll that closes by itself (open_period; the test advances the
// emulator's clock). The user side and the checks are shared; each test
// drives the bot side with its library only.

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
	"github.com/mymmrac/telego"
	ta "github.com/mymmrac/telego/telegoapi"
	tu "github.com/mymmrac/telego/telegoutil"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

// conversation is the user's side and the checks.
type conversation struct {
	t    *testing.T
	emu  controls
	url  string // the emulator's address
	at   string // the version served when not the seed's ("9.0")
	bot  botapi.User
	user botapi.User
	kbd  int64 // the keyboard message
}

// controls is the emulator's control API the conversations use: the Go
// methods of an in-process emulator, or the HTTP API of an emulator
// program (httpControls).
type controls interface {
	AddBot(token string) (botapi.User, error)
	NewUser(firstName, username string) botapi.User
	Send(from int64, w emulator.Where, text string) (botapi.Message, error)
	Press(from int64, w emulator.Where, id int64, data string) (string, error)
	CallbackAnswer(queryID string) (emulator.CallbackAnswer, bool)
	Message(from int64, w emulator.Where, id int64) (botapi.Message, bool)
	Sent(botID int64) []emulator.Sent
	Advance(d time.Duration) time.Time
}

func newConversation(t *testing.T) *conversation {
	t.Helper()
	emu := emulator.New(emulator.Config{Clock: emulator.ManualClock(time.Now().Truncate(time.Second))})
	t.Cleanup(emu.Shutdown)
	srv := httptest.NewServer(emu.Handler())
	t.Cleanup(srv.Close)
	bot, err := emu.AddBot(token)
	if err != nil {
		t.Fatal(err)
	}
	return startConversation(t, emu, srv.URL, "", bot)
}

// startConversation: the user sends /start.
func startConversation(t *testing.T, emu controls, url, at string, bot botapi.User) *conversation {
	t.Helper()
	c := &conversation{t: t, emu: emu, url: url, at: at, bot: bot, user: emu.NewUser("Alice", "alice")}
	if _, err := emu.Send(c.user.ID, emulator.Private(bot.ID), "/start"); err != nil {
		t.Fatal(err)
	}
	return c
}

// sawStart checks the bot's first update.
func (c *conversation) sawStart(text string, chat int64, isCommand bool) {
	c.t.Helper()
	if text != "/start" || chat != c.user.ID || !isCommand {
		c.t.Fatalf("first update: text %q chat %d command %v", text, chat, isCommand)
	}
}

// press makes the user press "Blue" under the keyboard message.
func (c *conversation) press(msgID int64) {
	c.t.Helper()
	c.kbd = msgID
	if _, err := c.emu.Press(c.user.ID, emulator.Private(c.bot.ID), msgID, "color:blue"); err != nil {
		c.t.Fatal(err)
	}
}

// sawCallback checks the callback update.
func (c *conversation) sawCallback(data string, msgID int64) {
	c.t.Helper()
	if data != "color:blue" || msgID != c.kbd {
		c.t.Fatalf("callback: data %q message %d", data, msgID)
	}
}

// afterEdit checks the answer and the edited message, then closes the
// poll by moving the clock past open_period.
func (c *conversation) afterEdit(queryID string) {
	c.t.Helper()
	if a, _ := c.emu.CallbackAnswer(queryID); !a.Answered || a.Text != "You chose blue" {
		c.t.Fatalf("callback answer %+v", a)
	}
	m, _ := c.emu.Message(c.user.ID, emulator.Private(c.bot.ID), c.kbd)
	if m.Text.Value() != "Blue it is" || !m.EditDate.IsSet() || m.ReplyMarkup != nil {
		c.t.Fatalf("edited message %+v", m)
	}
}

// closePoll checks what the bot sent and moves the clock past open_period.
func (c *conversation) closePoll() {
	c.t.Helper()
	var methods []string
	var photo, poll bool
	for _, s := range c.emu.Sent(c.bot.ID) {
		methods = append(methods, s.Method)
		photo = photo || len(s.Message.Photo) == 1 && s.Message.Photo[0].Width == 8
		poll = poll || s.Message.Poll != nil && s.Message.Poll.Type == botapi.PollTypeQuiz && !s.Message.Poll.IsClosed
	}
	if got := strings.Join(methods, ","); got != "sendMessage,editMessageText,sendPhoto,sendPoll" || !photo || !poll {
		c.t.Fatalf("the bot sent %s (photo %v, open quiz %v)", got, photo, poll)
	}
	c.emu.Advance(5 * time.Second)
}

// sawClosed checks the last update: the quiz closed by itself.
func (c *conversation) sawClosed(isPoll, closed bool, correct int) {
	c.t.Helper()
	if !isPoll || !closed || correct != 1 {
		c.t.Fatalf("poll update: poll %v closed %v correct %d", isPoll, closed, correct)
	}
}

func pngBytes() []byte {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 6)))
	return b.Bytes()
}

func TestEmulatorConversationGoTelegramBotAPI(t *testing.T) {
	conversationGoTelegramBotAPI(t, newConversation(t))
}

func conversationGoTelegramBotAPI(t *testing.T, c *conversation) {
	bot, err := tgbotapi.NewBotAPIWithAPIEndpoint(token, c.url+"/bot%s/%s")
	if err != nil {
		t.Fatal(err)
	}
	next := 0
	poll := func() []tgbotapi.Update {
		t.Helper()
		us, err := bot.GetUpdates(tgbotapi.UpdateConfig{Offset: next})
		if err != nil {
			t.Fatal(err)
		}
		if len(us) > 0 {
			next = us[len(us)-1].UpdateID + 1
		}
		return us
	}
	us := poll()
	if len(us) != 1 || us[0].Message == nil {
		t.Fatalf("updates %+v", us)
	}
	chat := us[0].Message.Chat.ID
	c.sawStart(us[0].Message.Text, chat, us[0].Message.IsCommand())

	msg := tgbotapi.NewMessage(chat, "Pick a colour")
	msg.ReplyMarkup = tgbotapi.NewInlineKeyboardMarkup(tgbotapi.NewInlineKeyboardRow(
		tgbotapi.NewInlineKeyboardButtonData("Red", "color:red"), tgbotapi.NewInlineKeyboardButtonData("Blue", "color:blue")))
	sent, err := bot.Send(msg)
	if err != nil {
		t.Fatal(err)
	}
	c.press(int64(sent.MessageID))

	us = poll()
	if len(us) != 1 || us[0].CallbackQuery == nil {
		t.Fatalf("updates %+v", us)
	}
	q := us[0].CallbackQuery
	c.sawCallback(q.Data, int64(q.Message.MessageID))
	if _, err := bot.Request(tgbotapi.NewCallback(q.ID, "You chose blue")); err != nil {
		t.Fatal(err)
	}
	if _, err := bot.Send(tgbotapi.NewEditMessageText(chat, q.Message.MessageID, "Blue it is")); err != nil {
		t.Fatal(err)
	}
	c.afterEdit(q.ID)

	if _, err := bot.Send(tgbotapi.NewPhoto(chat, tgbotapi.FileBytes{Name: "blue.png", Bytes: pngBytes()})); err != nil {
		t.Fatal(err)
	}
	quiz := tgbotapi.NewPoll(chat, "Which one is blue?", "red", "blue")
	quiz.Type = "quiz"
	quiz.CorrectOptionID = 1
	quiz.OpenPeriod = 5
	if _, err := bot.Send(quiz); err != nil {
		t.Fatal(err)
	}
	c.closePoll()
	us = poll()
	if len(us) != 1 || us[0].Poll == nil {
		t.Fatalf("updates %+v", us)
	}
	c.sawClosed(true, us[0].Poll.IsClosed, int(us[0].Poll.CorrectOptionID))
}

// pollOptions50 is the one adapter telego needs: telego v1.6 speaks Bot API
// 9.x, whose sendPoll options are InputPollOption objects; a 5.0 service
// takes strings (see TestTelego: without it the service answers 400). It
// rewrites only that field of sendPoll and passes everything else through.
type pollOptions50 struct{ ta.Caller }

func (p pollOptions50) Call(ctx context.Context, url string, data *ta.RequestData) (*ta.Response, error) {
	if strings.HasSuffix(url, "/sendPoll") && data != nil && data.BodyRaw != nil {
		var body map[string]any
		if json.Unmarshal(data.BodyRaw, &body) == nil {
			if opts, ok := body["options"].([]any); ok {
				for i, o := range opts {
					if m, ok := o.(map[string]any); ok {
						opts[i] = m["text"]
					}
				}
				raw, _ := json.Marshal(body)
				data = &ta.RequestData{ContentType: data.ContentType, BodyRaw: raw}
			}
		}
	}
	return p.Caller.Call(ctx, url, data)
}

func TestEmulatorConversationTelego(t *testing.T) { conversationTelego(t, newConversation(t)) }

func conversationTelego(t *testing.T, c *conversation) {
	ctx := context.Background()
	var caller ta.Caller = pollOptions50{ta.DefaultFastHTTPCaller}
	if c.at != "" {
		caller = ta.DefaultFastHTTPCaller // the emulator speaks telego's version
	}
	bot, err := telego.NewBot(token, telego.WithAPIServer(c.url), telego.WithDiscardLogger(), telego.WithAPICaller(caller))
	if err != nil {
		t.Fatal(err)
	}
	next := 0
	poll := func() []telego.Update {
		t.Helper()
		us, err := bot.GetUpdates(ctx, &telego.GetUpdatesParams{Offset: next})
		if err != nil {
			t.Fatal(err)
		}
		if len(us) > 0 {
			next = us[len(us)-1].UpdateID + 1
		}
		return us
	}
	us := poll()
	if len(us) != 1 || us[0].Message == nil {
		t.Fatalf("updates %+v", us)
	}
	m := us[0].Message
	isCmd := len(m.Entities) == 1 && m.Entities[0].Type == telego.EntityTypeBotCommand
	c.sawStart(m.Text, m.Chat.ID, isCmd)
	chat := tu.ID(m.Chat.ID)

	sent, err := bot.SendMessage(ctx, tu.Message(chat, "Pick a colour").WithReplyMarkup(tu.InlineKeyboard(tu.InlineKeyboardRow(
		tu.InlineKeyboardButton("Red").WithCallbackData("color:red"), tu.InlineKeyboardButton("Blue").WithCallbackData("color:blue")))))
	if err != nil {
		t.Fatal(err)
	}
	c.press(int64(sent.MessageID))

	us = poll()
	if len(us) != 1 || us[0].CallbackQuery == nil {
		t.Fatalf("updates %+v", us)
	}
	q := us[0].CallbackQuery
	c.sawCallback(q.Data, int64(q.Message.GetMessageID()))
	if err := bot.AnswerCallbackQuery(ctx, tu.CallbackQuery(q.ID).WithText("You chose blue")); err != nil {
		t.Fatal(err)
	}
	if _, err := bot.EditMessageText(ctx, &telego.EditMessageTextParams{ChatID: chat, MessageID: q.Message.GetMessageID(), Text: "Blue it is"}); err != nil {
		t.Fatal(err)
	}
	c.afterEdit(q.ID)

	if _, err := bot.SendPhoto(ctx, tu.Photo(chat, tu.FileFromBytes(pngBytes(), "blue.png"))); err != nil {
		t.Fatal(err)
	}
	if _, err := bot.SendPoll(ctx, tu.Poll(chat, "Which one is blue?", tu.PollOption("red"), tu.PollOption("blue")).
		WithType(telego.PollTypeQuiz).WithCorrectOptionID(1).WithOpenPeriod(5)); err != nil {
		t.Fatal(err)
	}
	c.closePoll()
	us = poll()
	if len(us) != 1 || us[0].Poll == nil {
		t.Fatalf("updates %+v", us)
	}
	c.sawClosed(true, us[0].Poll.IsClosed, us[0].Poll.CorrectOptionID)
}

// The generated client drives the same conversation.
func TestEmulatorConversationGeneratedClient(t *testing.T) {
	conversationGeneratedClient(t, newConversation(t))
}

func conversationGeneratedClient(t *testing.T, c *conversation) {
	ctx := context.Background()
	bot := botapi.NewClient(token, botapi.WithBaseURL(c.url))
	var next int64
	poll := func() []botapi.Update {
		t.Helper()
		p := &botapi.GetUpdatesParams{}
		setOpt(&p.Offset, next)
		us, err := bot.GetUpdates(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if len(us) > 0 {
			next = us[len(us)-1].UpdateID + 1
		}
		return us
	}
	us := poll()
	m := us[0].Message
	c.sawStart(m.Text.Value(), m.Chat.ID, len(m.Entities) == 1 && m.Entities[0].Type == botapi.MessageEntityTypeBotCommand)
	chat := botapi.ChatRefFromInteger64(m.Chat.ID)
	sent, err := bot.SendMessage(ctx, &botapi.SendMessageParams{ChatID: chat, Text: "Pick a colour", ReplyMarkup: &botapi.InlineKeyboardMarkup{
		InlineKeyboard: [][]botapi.InlineKeyboardButton{{{Text: "Red", CallbackData: botapi.Some("color:red")}, {Text: "Blue", CallbackData: botapi.Some("color:blue")}}}}})
	if err != nil {
		t.Fatal(err)
	}
	c.press(sent.MessageID)
	us = poll()
	q := us[0].CallbackQuery
	c.sawCallback(q.Data.Value(), q.Message.MessageID)
	if err := bot.AnswerCallbackQuery(ctx, &botapi.AnswerCallbackQueryParams{CallbackQueryID: q.ID, Text: botapi.Some("You chose blue")}); err != nil {
		t.Fatal(err)
	}
	ed := &botapi.EditMessageTextParams{ChatID: chat, Text: "Blue it is"}
	ed.MessageID = q.Message.MessageID
	if _, err := bot.EditMessageText(ctx, ed); err != nil {
		t.Fatal(err)
	}
	c.afterEdit(q.ID)
	if _, err := bot.SendPhoto(ctx, &botapi.SendPhotoParams{ChatID: chat, Photo: botapi.Upload("blue.png", bytes.NewReader(pngBytes()))}); err != nil {
		t.Fatal(err)
	}
	if _, err := bot.SendPoll(ctx, &botapi.SendPollParams{ChatID: chat, Question: "Which one is blue?", Options: []string{"red", "blue"},
		Type: botapi.Some(botapi.PollTypeQuiz), CorrectOptionID: botapi.Some(1), OpenPeriod: botapi.Some(5)}); err != nil {
		t.Fatal(err)
	}
	c.closePoll()
	us = poll()
	c.sawClosed(us[0].Poll != nil, us[0].Poll.IsClosed, us[0].Poll.CorrectOptionID.Value())
}

// setOpt sets an optional integer of whatever width the generated field has.
func setOpt[T ~int | ~int64](dst *botapi.Opt[T], v int64) { dst.Set(T(v)) }
