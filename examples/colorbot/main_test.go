package main

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/examples/botapi"
)

// TestColorEndToEnd runs the bot's Poll against the reference service
// (package emulator) over loopback: a user sends /start, presses Blue, and
// the service's record shows the keyboard, the callback answer, the edit,
// the picture and the quiz.
func TestColorEndToEnd(t *testing.T) {
	const token = "123456:colorbot"
	emu := emulator.New(emulator.Config{Clock: emulator.ManualClock(time.Now().Truncate(time.Second))})
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
	if _, err := emu.Send(user.ID, chat, "/start@"+bot.Username.Value()+" now"); err != nil {
		t.Fatal(err)
	}
	first := sentBy(1)[0].Message
	if want := "Pick a colour, says " + bot.FirstName; first.Text.Value() != want || first.ReplyToMessage != nil {
		t.Fatalf("first message %q (reply to %v), want %q without a quote", first.Text.Value(), first.ReplyToMessage, want)
	}
	qid, err := emu.Press(user.ID, chat, first.MessageID, "color:blue")
	if err != nil {
		t.Fatal(err)
	}
	var methods []string
	var photo, quiz bool
	for _, s := range sentBy(4) {
		methods = append(methods, s.Method)
		photo = photo || len(s.Message.Photo) == 1 && s.Message.Photo[0].Width == 8 && s.Message.ReplyToMessage == nil
		quiz = quiz || s.Message.Poll != nil && string(s.Message.Poll.Type) == string(botapi.PollTypeQuiz) && s.Message.Poll.CorrectOptionID.Value() == 1
	}
	if got := strings.Join(methods, ","); got != "sendMessage,editMessageText,sendPhoto,sendPoll" || !photo || !quiz {
		t.Fatalf("the bot sent %s (photo %v, quiz %v)", got, photo, quiz)
	}
	if m, _ := emu.Message(user.ID, chat, first.MessageID); m.Text.Value() != "Blue it is" || !m.EditDate.IsSet() {
		t.Fatalf("edited message %+v", m)
	}
	if a, _ := emu.CallbackAnswer(qid); !a.Answered || a.Text != "You chose blue" {
		t.Fatalf("callback answer %+v", a)
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
}
