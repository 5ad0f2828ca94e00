package main

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/examples/botapi"
	"github.com/apigen/apigen/examples/botapi/botapiserver"
)

// fakeService is a tiny Bot API behind the generated server stubs: it hands
// out queued updates by offset and records what the bot calls.
type fakeService struct {
	botapiserver.Unimplemented
	mu        sync.Mutex
	queue     []botapi.Update
	confirmed int64
	calls     []string
	photo     []byte
	poll      *botapi.SendPollParams
	keyboard  *botapi.InlineKeyboardMarkup
	done      chan struct{}
}

func (s *fakeService) record(call string) {
	s.calls = append(s.calls, call)
	if len(s.calls) == 5 {
		close(s.done) // keyboard, two answers, photo, poll
	}
}

func (s *fakeService) GetMe(ctx context.Context) (*botapi.User, error) {
	return &botapi.User{ID: 1, IsBot: true, FirstName: "Quiz", Username: botapi.Some("quizbot")}, nil
}

func (s *fakeService) GetUpdates(ctx context.Context, p *botapi.GetUpdatesParams) ([]botapi.Update, error) {
	s.mu.Lock()
	off := p.Offset.Value()
	s.confirmed = max(s.confirmed, off)
	var out []botapi.Update
	for _, u := range s.queue {
		if u.UpdateID >= off {
			out = append(out, u)
		}
	}
	s.mu.Unlock()
	if len(out) == 0 && p.Timeout.Value() > 0 {
		<-ctx.Done() // long poll: nothing new until the bot stops
		return nil, ctx.Err()
	}
	return out, nil
}

func (s *fakeService) SendMessage(ctx context.Context, p *botapi.SendMessageParams) (*botapi.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keyboard, _ = p.ReplyMarkup.(*botapi.InlineKeyboardMarkup)
	s.record("sendMessage " + p.Text)
	return &botapi.Message{MessageID: 100, Chat: botapi.Chat{ID: 42, Type: botapi.ChatTypePrivate}}, nil
}

func (s *fakeService) AnswerCallbackQuery(ctx context.Context, p *botapi.AnswerCallbackQueryParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.record("answerCallbackQuery " + p.CallbackQueryID)
	return nil
}

func (s *fakeService) SendPhoto(ctx context.Context, p *botapi.SendPhotoParams) (*botapi.Message, error) {
	data, err := io.ReadAll(p.Photo.Reader())
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.photo = data
	s.record("sendPhoto " + p.Photo.Name())
	return &botapi.Message{MessageID: 101, Chat: botapi.Chat{ID: 42, Type: botapi.ChatTypePrivate}}, nil
}

func (s *fakeService) SendPoll(ctx context.Context, p *botapi.SendPollParams) (*botapi.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.poll = p
	s.record("sendPoll " + p.Question)
	return &botapi.Message{MessageID: 102, Chat: botapi.Chat{ID: 42, Type: botapi.ChatTypePrivate}}, nil
}

func update(t *testing.T, js string) botapi.Update {
	t.Helper()
	var u botapi.Update
	if err := u.UnmarshalJSON([]byte(js)); err != nil {
		t.Fatal(err)
	}
	return u
}

// TestQuizEndToEnd runs the bot against the generated server stubs over
// HTTP: /start, then both buttons of its keyboard (one chat, so in order).
func TestQuizEndToEnd(t *testing.T) {
	const msg = `"message":{"message_id":7,"date":1,"chat":{"id":42,"type":"private"},"text":"Ready?"}`
	svc := &fakeService{done: make(chan struct{}), queue: []botapi.Update{
		update(t, `{"update_id":1,"message":{"message_id":5,"date":1,"chat":{"id":42,"type":"private"},"text":"/start@quizbot","entities":[{"type":"bot_command","offset":0,"length":14}]}}`),
		update(t, `{"update_id":2,"callback_query":{"id":"q1","from":{"id":42,"is_bot":false,"first_name":"A"},"chat_instance":"c",`+msg+`,"data":"quiz:photo"}}`),
		update(t, `{"update_id":3,"callback_query":{"id":"q2","from":{"id":42,"is_bot":false,"first_name":"A"},"chat_instance":"c",`+msg+`,"data":"quiz:poll"}}`),
	}}
	srv := httptest.NewServer(botapiserver.NewServer(svc))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		errc <- newBot().Poll(ctx, botapi.NewClient("123:abc", botapi.WithBaseURL(srv.URL)), &botapi.GetUpdatesParams{Timeout: botapi.Some(30)})
	}()
	select {
	case <-svc.done:
	case <-time.After(30 * time.Second):
		t.Fatal("the bot did not make its five calls")
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	svc.mu.Lock()
	defer svc.mu.Unlock()
	want := "sendMessage Ready? | answerCallbackQuery q1 | sendPhoto quiz.png | answerCallbackQuery q2 | sendPoll 2 + 2 = ?"
	if got := strings.Join(svc.calls, " | "); got != want {
		t.Errorf("calls\n got %s\nwant %s", got, want)
	}
	if svc.keyboard == nil || len(svc.keyboard.InlineKeyboard) != 1 || len(svc.keyboard.InlineKeyboard[0]) != 2 {
		t.Errorf("keyboard %+v", svc.keyboard)
	}
	if !bytes.Equal(svc.photo, quizPNG) {
		t.Errorf("uploaded %d bytes, want the %d of quiz.png", len(svc.photo), len(quizPNG))
	}
	if p := svc.poll; p == nil || p.Type.Value() != botapi.PollTypeQuiz || p.CorrectOptionID.Value() != 1 || p.ReplyToMessageID.Value() != 7 {
		t.Errorf("poll %+v", p)
	}
	if svc.confirmed != 4 {
		t.Errorf("confirmed offset %d, want 4", svc.confirmed)
	}
}

// TestQuizAgainstEmulator runs the bot's Poll against the reference
// service (package emulator) over loopback: a user sends /start and
// presses both buttons; the service's record shows the keyboard, the
// callback answers, the picture and the quiz, each a reply to the keyboard
// message.
func TestQuizAgainstEmulator(t *testing.T) {
	const token = "123456:quizbot"
	emu := emulator.New(emulator.Config{})
	t.Cleanup(emu.Shutdown)
	srv := httptest.NewServer(emu.Handler())
	t.Cleanup(srv.Close)
	bot, err := emu.AddBot(token)
	if err != nil {
		t.Fatal(err)
	}
	user := emu.NewUser("Alice", "alice")
	chat := emulator.Private(bot.ID)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		errc <- newBot().Poll(ctx, botapi.NewClient(token, botapi.WithBaseURL(srv.URL)), &botapi.GetUpdatesParams{Timeout: botapi.Some(10)})
	}()
	sentBy := func(n int) []emulator.Sent {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if s := emu.Sent(bot.ID); len(s) >= n {
				return s
			}
		}
		t.Fatalf("the bot sent %d things, want %d", len(emu.Sent(bot.ID)), n)
		return nil
	}
	if _, err := emu.Send(user.ID, chat, "/start"); err != nil {
		t.Fatal(err)
	}
	kbd := sentBy(1)[0].Message
	var queries []string
	for i, data := range []string{"quiz:photo", "quiz:poll"} {
		q, err := emu.Press(user.ID, chat, kbd.MessageID, data)
		if err != nil {
			t.Fatal(err)
		}
		queries = append(queries, q)
		sentBy(2 + i) // one at a time: the answer and the send of a press, then the next
	}
	var methods []string
	for _, s := range sentBy(3) {
		methods = append(methods, s.Method)
		if s.Method != "sendMessage" && (s.Message.ReplyToMessage == nil || s.Message.ReplyToMessage.MessageID != kbd.MessageID) {
			t.Errorf("%s is not a reply to the keyboard message", s.Method)
		}
	}
	if got := strings.Join(methods, ","); got != "sendMessage,sendPhoto,sendPoll" || kbd.Text.Value() != "Ready?" {
		t.Fatalf("the bot sent %s (first text %q)", got, kbd.Text.Value())
	}
	for _, q := range queries {
		if a, _ := emu.CallbackAnswer(q); !a.Answered || a.Text != "Here it comes" {
			t.Errorf("callback answer %+v", a)
		}
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
}
