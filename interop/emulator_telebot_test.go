package interop

import (
	"bytes"
	"testing"
	"time"

	tele "gopkg.in/telebot.v3"
)

// The conversation with telebot v3 as a bot is written with it: its long
// poller and handlers (the other conversations poll step by step).
func TestEmulatorConversationTelebot(t *testing.T) { conversationTelebot(t, newConversation(t)) }

func conversationTelebot(t *testing.T, c *conversation) {
	b, err := tele.NewBot(tele.Settings{
		URL: c.url, Token: token,
		Poller:  &tele.LongPoller{Timeout: time.Second},
		OnError: func(err error, _ tele.Context) { t.Errorf("telebot: %v", err) },
	})
	if err != nil {
		t.Fatal(err)
	}
	type start struct {
		text  string
		chat  int64
		cmd   bool
		kbdID int
	}
	started := make(chan start, 1)
	type pressed struct {
		data    string
		msgID   int
		queryID string
	}
	edited := make(chan pressed, 1)
	closed := make(chan tele.Poll, 1)

	b.Handle("/start", func(ctx tele.Context) error {
		m := ctx.Message()
		kbd := &tele.ReplyMarkup{InlineKeyboard: [][]tele.InlineButton{{
			{Text: "Red", Data: "color:red"}, {Text: "Blue", Data: "color:blue"}}}}
		sent, err := ctx.Bot().Send(ctx.Recipient(), "Pick a colour", kbd)
		if err != nil {
			return err
		}
		started <- start{text: m.Text, chat: m.Chat.ID, cmd: len(m.Entities) == 1 && m.Entities[0].Type == tele.EntityCommand, kbdID: sent.ID}
		return nil
	})
	b.Handle(tele.OnCallback, func(ctx tele.Context) error {
		q := ctx.Callback()
		if err := ctx.Respond(&tele.CallbackResponse{Text: "You chose blue"}); err != nil {
			return err
		}
		if err := ctx.Edit("Blue it is"); err != nil {
			return err
		}
		if err := ctx.Send(&tele.Photo{File: tele.FromReader(bytes.NewReader(pngBytes()))}); err != nil {
			return err
		}
		quiz := &tele.Poll{Type: tele.PollQuiz, Question: "Which one is blue?", CorrectOption: 1, OpenPeriod: 5, Anonymous: true}
		quiz.AddOptions("red", "blue")
		if err := ctx.Send(quiz); err != nil {
			return err
		}
		edited <- pressed{data: q.Data, msgID: q.Message.ID, queryID: q.ID}
		return nil
	})
	b.Handle(tele.OnPoll, func(ctx tele.Context) error {
		closed <- *ctx.Poll()
		return nil
	})
	go b.Start()
	defer b.Stop()

	wait := func(what string) <-chan time.Time { return time.After(30 * time.Second) }
	var s start
	select {
	case s = <-started:
	case <-wait("start"):
		t.Fatal("the bot did not answer /start")
	}
	c.sawStart(s.text, s.chat, s.cmd)
	c.press(int64(s.kbdID))
	var p pressed
	select {
	case p = <-edited:
	case <-wait("callback"):
		t.Fatal("the bot did not handle the button")
	}
	c.sawCallback(p.data, int64(p.msgID))
	c.afterEdit(p.queryID)
	c.closePoll()
	select {
	case poll := <-closed:
		c.sawClosed(true, poll.Closed, poll.CorrectOption)
	case <-wait("poll"):
		t.Fatal("no poll update")
	}
}

// TestTelebotEmptyInlineQueryChatAccepted: telebot v3.3 writes every
// inline button with "switch_inline_query_current_chat":"" next to its
// callback_data. The reference server takes the field that is set and
// ignores the empty one, and so does the generated server (an empty String
// beside a non-empty member is not a second choice, on the server side),
// so telebot needs no adapter.
func TestTelebotEmptyInlineQueryChatAccepted(t *testing.T) {
	c := newConversation(t)
	b, err := tele.NewBot(tele.Settings{URL: c.url, Token: token, Offline: true})
	if err != nil {
		t.Fatal(err)
	}
	kbd := &tele.ReplyMarkup{InlineKeyboard: [][]tele.InlineButton{{{Text: "Blue", Data: "color:blue"}}}}
	_, err = b.Send(&tele.User{ID: c.user.ID}, "Pick a colour", kbd)
	if err != nil {
		t.Fatalf("telebot's inline keyboard was refused: %v", err)
	}
}
