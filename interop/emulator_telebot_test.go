package interop

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	tele "gopkg.in/telebot.v3"
)

// The conversation with telebot v3 as a bot is written with it: its long
// poller and handlers (the other conversations poll step by step).
func TestEmulatorConversationTelebot(t *testing.T) {
	c := newConversation(t)
	b, err := tele.NewBot(tele.Settings{
		URL: c.srv.URL, Token: token,
		Client:  &http.Client{Transport: noEmptyInlineQueryChat{http.DefaultTransport}},
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

// noEmptyInlineQueryChat is the one adapter telebot needs. telebot v3.3
// writes every inline button with "switch_inline_query_current_chat":""
// next to its callback_data. The spec says exactly one optional field of a
// button is used and that this one "may be empty" (an empty value is a
// use), so the generated server's validation answers 400; the reference
// server takes the first field it knows and ignores the rest. The adapter
// drops the empty field from request bodies.
type noEmptyInlineQueryChat struct{ http.RoundTripper }

func (n noEmptyInlineQueryChat) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		body, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		for _, field := range [][]byte{[]byte(`,\"switch_inline_query_current_chat\":\"\"`), []byte(`,"switch_inline_query_current_chat":""`)} {
			body = bytes.ReplaceAll(body, field, nil)
		}
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(bytes.NewReader(body))
		req.ContentLength = int64(len(body))
	}
	return n.RoundTripper.RoundTrip(req)
}

// Without the adapter the service refuses telebot's inline buttons with a
// 400 naming the two fields (see noEmptyInlineQueryChat).
func TestTelebotEmptyInlineQueryChatRefused(t *testing.T) {
	c := newConversation(t)
	b, err := tele.NewBot(tele.Settings{URL: c.srv.URL, Token: token, Offline: true})
	if err != nil {
		t.Fatal(err)
	}
	kbd := &tele.ReplyMarkup{InlineKeyboard: [][]tele.InlineButton{{{Text: "Blue", Data: "color:blue"}}}}
	_, err = b.Send(&tele.User{ID: c.user.ID}, "Pick a colour", kbd)
	if err == nil || !strings.Contains(err.Error(), "callback_data, switch_inline_query_current_chat are all set") {
		t.Fatalf("want the validation 400, got %v", err)
	}
}
