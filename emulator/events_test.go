package emulator_test

// One test per row of the specification's "Events" table and per rule under
// it, named after the row.

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

// message | new incoming message of any kind, including service messages.
func TestEventMessage(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	sent := v.send("/start hello")
	us := v.drain()
	if len(us) != 1 || us[0].Message == nil || us[0].Message.MessageID != sent.MessageID {
		t.Fatalf("private message: %+v", us)
	}
	m := us[0].Message
	if m.From.ID != v.user.ID || m.Chat.ID != v.user.ID || m.Chat.Type != botapi.ChatTypePrivate ||
		len(m.Entities) != 1 || m.Entities[0].Type != botapi.MessageEntityTypeBotCommand || m.Entities[0].Length != 6 {
		t.Fatalf("message %+v", m)
	}
	g := v.group(botapi.ChatTypeGroup)
	bob := v.emu.NewUser("Bob", "bob")
	ok(t, v.emu.Join(g.ID, bob.ID))
	_, err := v.emu.Send(bob.ID, emulator.InChat(g.ID), "hi all")
	ok(t, err)
	ok(t, v.emu.Leave(g.ID, bob.ID))
	v.text(g.ID, "the bot's own message is not an update")
	us = v.drain()
	if len(us) != 3 || len(us[0].Message.NewChatMembers) != 1 || us[0].Message.NewChatMembers[0].ID != bob.ID ||
		us[1].Message.Text.Value() != "hi all" || us[2].Message.LeftChatMember == nil {
		t.Fatalf("group messages: %+v", kinds(us))
	}
	// A bot joining a group learns it from new_chat_members.
	other := v.emu.NewUser("Carol", "")
	g2, _ := v.emu.NewChat(botapi.ChatTypeSupergroup, "g2", "", other.ID)
	ok(t, v.emu.Join(g2.ID, v.me.ID))
	us = v.drain()
	if len(us) != 1 || us[0].Message.NewChatMembers[0].ID != v.me.ID {
		t.Fatalf("bot added: %+v", us)
	}
}

// edited_message | a known message is edited.
func TestEventEditedMessage(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	m := v.send("tyop")
	v.drain()
	_, err := v.emu.Edit(v.user.ID, emulator.Private(v.me.ID), m.MessageID, "typo")
	ok(t, err)
	us := v.drain()
	if len(us) != 1 || us[0].EditedMessage == nil || us[0].EditedMessage.Text.Value() != "typo" || !us[0].EditedMessage.EditDate.IsSet() {
		t.Fatalf("%+v", us)
	}
}

// channel_post | new channel post.
func TestEventChannelPost(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	ch := v.group(botapi.ChatTypeChannel)
	m, err := v.emu.Send(v.user.ID, emulator.InChat(ch.ID), "news")
	ok(t, err)
	us := v.drain()
	if len(us) != 1 || us[0].ChannelPost == nil || us[0].ChannelPost.MessageID != m.MessageID ||
		us[0].ChannelPost.SenderChat == nil || us[0].ChannelPost.From != nil {
		t.Fatalf("%+v", us)
	}
	// The bot's own post carries the channel as sender, no from.
	post := v.text(ch.ID, "from the bot")
	if post.SenderChat == nil || post.SenderChat.ID != ch.ID || post.From != nil {
		t.Fatalf("bot post %+v", post)
	}
}

// edited_channel_post | a known channel post is edited.
func TestEventEditedChannelPost(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	ch := v.group(botapi.ChatTypeChannel)
	m, err := v.emu.Send(v.user.ID, emulator.InChat(ch.ID), "news")
	ok(t, err)
	v.drain()
	_, err = v.emu.Edit(v.user.ID, emulator.InChat(ch.ID), m.MessageID, "more news")
	ok(t, err)
	us := v.drain()
	if len(us) != 1 || us[0].EditedChannelPost == nil || us[0].EditedChannelPost.Text.Value() != "more news" {
		t.Fatalf("%+v", us)
	}
}

func keyboard(data ...string) *botapi.InlineKeyboardMarkup {
	var row []botapi.InlineKeyboardButton
	for _, d := range data {
		row = append(row, botapi.InlineKeyboardButton{Text: d, CallbackData: botapi.Some(d)})
	}
	return &botapi.InlineKeyboardMarkup{InlineKeyboard: [][]botapi.InlineKeyboardButton{row}}
}

// callback_query | a user presses a callback button of an inline keyboard;
// must be answered with answerCallbackQuery.
func TestEventCallbackQuery(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	m, err := v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Text: "pick", ReplyMarkup: keyboard("a", "b")})
	ok(t, err)
	id, err := v.emu.Press(v.user.ID, emulator.Private(v.me.ID), m.MessageID, "b")
	ok(t, err)
	if _, err := v.emu.Press(v.user.ID, emulator.Private(v.me.ID), m.MessageID, "zzz"); err == nil {
		t.Fatal("pressed a button that does not exist")
	}
	us := v.drain()
	if len(us) != 1 || us[0].CallbackQuery == nil {
		t.Fatalf("%+v", us)
	}
	q := us[0].CallbackQuery
	if q.ID != id || q.Data.Value() != "b" || q.From.ID != v.user.ID || q.Message.MessageID != m.MessageID || q.ChatInstance == "" {
		t.Fatalf("callback %+v", q)
	}
	if a, _ := v.emu.CallbackAnswer(id); a.Answered {
		t.Fatal("answered before the bot answered")
	}
	ok(t, v.bot.AnswerCallbackQuery(v.ctx, &botapi.AnswerCallbackQueryParams{CallbackQueryID: id, Text: botapi.Some("done"), ShowAlert: botapi.Some(true)}))
	if a, _ := v.emu.CallbackAnswer(id); !a.Answered || a.Text != "done" || !a.ShowAlert {
		t.Fatalf("answer %+v", a)
	}
	wantErr(t, v.bot.AnswerCallbackQuery(v.ctx, &botapi.AnswerCallbackQueryParams{CallbackQueryID: id}), 400, "query ID is invalid")
}

// poll | a poll is stopped, or a poll sent by the bot changes state.
func TestEventPoll(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	m := v.sendPoll(&botapi.SendPollParams{OpenPeriod: botapi.Some(60)})
	ok(t, v.emu.Vote(v.user.ID, m.Poll.ID, 1))
	us := v.drain()
	if len(us) != 1 || us[0].Poll == nil || us[0].Poll.TotalVoterCount != 1 || us[0].Poll.Options[1].VoterCount != 1 || us[0].Poll.IsClosed {
		t.Fatalf("vote: %+v", us)
	}
	v.emu.Advance(time.Minute)
	us = v.drain()
	if len(us) != 1 || !us[0].Poll.IsClosed || us[0].Poll.TotalVoterCount != 1 {
		t.Fatalf("stop: %+v", us)
	}
}

// poll_answer | a user changes their answer in a non-anonymous poll sent by
// the bot.
func TestEventPollAnswer(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	anon := v.sendPoll(&botapi.SendPollParams{})
	ok(t, v.emu.Vote(v.user.ID, anon.Poll.ID, 0))
	if us := v.drain(); slices.Contains(kinds(us), "poll_answer") {
		t.Fatal("poll_answer for an anonymous poll")
	}
	named := v.sendPoll(&botapi.SendPollParams{IsAnonymous: botapi.Some(false)})
	ok(t, v.emu.Vote(v.user.ID, named.Poll.ID, 2))
	ok(t, v.emu.Vote(v.user.ID, named.Poll.ID)) // retract
	us := v.drain()
	var answers []botapi.PollAnswer
	for _, u := range us {
		if u.PollAnswer != nil {
			answers = append(answers, *u.PollAnswer)
		}
	}
	if len(answers) != 2 || answers[0].User.ID != v.user.ID || !slices.Equal(answers[0].OptionIDs, []int{2}) || len(answers[1].OptionIDs) != 0 {
		t.Fatalf("answers %+v", answers)
	}
	quiz := v.sendPoll(&botapi.SendPollParams{Type: botapi.Some(botapi.PollTypeQuiz), CorrectOptionID: botapi.Some(1)})
	ok(t, v.emu.Vote(v.user.ID, quiz.Poll.ID, 0))
	if err := v.emu.Vote(v.user.ID, quiz.Poll.ID, 1); err == nil {
		t.Fatal("a quiz answer was changed")
	}
}

// inline_query, chosen_inline_result, shipping_query, pre_checkout_query:
// their content is "not shown" (Events, rule 7), so the emulator never
// creates them; a bot may still subscribe to them.
func TestEventInlineAndPaymentKindsNotEmitted(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	_, err := v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{AllowedUpdates: []botapi.UpdateType{
		botapi.UpdateTypeInlineQuery, botapi.UpdateTypeChosenInlineResult, botapi.UpdateTypeShippingQuery, botapi.UpdateTypePreCheckoutQuery}})
	ok(t, err)
	v.send("not subscribed")
	if us := v.poll(); len(us) != 0 {
		t.Fatalf("%v", kinds(us))
	}
}

// receiver is a webhook endpoint recording the updates it gets.
type receiver struct {
	mu      sync.Mutex
	got     []botapi.Update
	fail    int // answer 500 to this many requests first
	reply   string
	inTurn  int
	maxTurn int
	hold    chan struct{}
	*httptest.Server
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.inTurn++
		r.maxTurn = max(r.maxTurn, r.inTurn)
		hold := r.hold
		r.mu.Unlock()
		if hold != nil {
			<-hold
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		r.inTurn--
		if req.Method != http.MethodPost || req.Header.Get("Content-Type") != "application/json" {
			w.WriteHeader(400)
			return
		}
		if r.fail > 0 {
			r.fail--
			w.WriteHeader(500)
			return
		}
		var u botapi.Update
		if err := u.UnmarshalJSON(body); err != nil {
			w.WriteHeader(400)
			return
		}
		r.got = append(r.got, u)
		if r.reply != "" {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, r.reply)
		}
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.got)
}

func (v *env) hook(r *receiver, p *botapi.SetWebhookParams) {
	v.t.Helper()
	p.URL = r.URL + "/secret-path"
	ok(v.t, v.bot.SetWebhook(v.ctx, p))
}

func (v *env) pending() int {
	v.t.Helper()
	info, err := v.bot.GetWebhookInfo(v.ctx)
	ok(v.t, err)
	return int(info.PendingUpdateCount)
}

// Rule 1: webhook delivery is an HTTP POST whose body is one JSON Update;
// rule 4: update_id orders them.
func TestEventWebhookDelivery(t *testing.T) {
	v := newEnv(t, emulator.Config{Local: true})
	r := newReceiver(t)
	v.hook(r, &botapi.SetWebhookParams{MaxConnections: botapi.Some(1)})
	for _, s := range []string{"1", "2", "3"} {
		v.send(s)
	}
	eventually(t, "three deliveries", func() bool { return r.count() == 3 })
	eventually(t, "confirmation", func() bool { return v.pending() == 0 })
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, u := range r.got {
		if u.Message == nil || u.Message.Text.Value() != []string{"1", "2", "3"}[i] || (i > 0 && u.UpdateID != r.got[i-1].UpdateID+1) {
			t.Fatalf("delivery %d: %+v", i, u)
		}
	}
}

// Rule 1: simultaneous connections up to max_connections.
func TestEventWebhookMaxConnections(t *testing.T) {
	v := newEnv(t, emulator.Config{Local: true})
	r := newReceiver(t)
	r.hold = make(chan struct{})
	v.hook(r, &botapi.SetWebhookParams{MaxConnections: botapi.Some(2)})
	for range 5 {
		v.send("x")
	}
	eventually(t, "two connections", func() bool { r.mu.Lock(); defer r.mu.Unlock(); return r.inTurn == 2 })
	r.mu.Lock()
	held := r.hold
	r.hold = nil // later deliveries pass at once
	r.mu.Unlock()
	for range 2 {
		held <- struct{}{}
	}
	eventually(t, "five deliveries", func() bool { return r.count() == 5 })
	if r.maxTurn != 2 {
		t.Fatalf("max simultaneous deliveries %d, want 2", r.maxTurn)
	}
}

// Rule 2: on unsuccessful delivery the service retries, then gives up;
// getWebhookInfo reports the last error.
func TestEventWebhookRetries(t *testing.T) {
	v := newEnv(t, emulator.Config{Local: true, WebhookRetries: 3, WebhookRetryDelay: time.Millisecond})
	r := newReceiver(t)
	r.fail = 2
	v.hook(r, &botapi.SetWebhookParams{})
	v.send("retried")
	eventually(t, "a delivery after two failures", func() bool { return r.count() == 1 })
	info, err := v.bot.GetWebhookInfo(v.ctx)
	ok(t, err)
	if !info.LastErrorDate.IsSet() || info.LastErrorMessage.Value() != "Wrong response from the webhook: 500 Internal Server Error" {
		t.Fatalf("last error %+v", info)
	}
	r.mu.Lock()
	r.fail = 3
	r.mu.Unlock()
	v.send("given up")
	eventually(t, "giving up", func() bool { return v.pending() == 0 })
	if r.count() != 1 {
		t.Fatalf("an update failing 3 times was delivered")
	}
}

// Rule 3: allowed_updates filters the kinds delivered; an empty list means
// all; updates created before the call are not affected; omitted keeps
// the previous setting.
func TestEventAllowedUpdates(t *testing.T) {
	v := newEnv(t, emulator.Config{})
	v.start()
	m, err := v.bot.SendMessage(v.ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(v.user.ID), Text: "k", ReplyMarkup: keyboard("x")})
	ok(t, err)
	v.send("before")
	us, err := v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{AllowedUpdates: []botapi.UpdateType{botapi.UpdateTypeCallbackQuery}})
	ok(t, err)
	if len(us) != 1 || us[0].Message == nil {
		t.Fatalf("an update created before the call must stay: %v", kinds(us))
	}
	v.last = us[0].UpdateID
	v.send("filtered")
	_, err = v.emu.Press(v.user.ID, emulator.Private(v.me.ID), m.MessageID, "x")
	ok(t, err)
	if us := v.drain(); len(us) != 1 || us[0].CallbackQuery == nil { // setting kept while omitted
		t.Fatalf("filtered: %v", kinds(us))
	}
	_, err = v.bot.GetUpdates(v.ctx, &botapi.GetUpdatesParams{AllowedUpdates: []botapi.UpdateType{}})
	ok(t, err)
	v.send("all again")
	if us := v.drain(); len(us) != 1 || us[0].Message == nil {
		t.Fatalf("an empty list means all: %v", kinds(us))
	}
}

// Rule 5 (and Common request rules, rule 5): the webhook response may carry
// a method call.
func TestEventWebhookReply(t *testing.T) {
	v := newEnv(t, emulator.Config{Local: true})
	r := newReceiver(t)
	reply, _ := json.Marshal(map[string]any{"method": "sendMessage", "chat_id": v.user.ID, "text": "answered in the webhook reply"})
	r.reply = string(reply)
	v.hook(r, &botapi.SetWebhookParams{})
	v.send("/start")
	eventually(t, "the reply's sendMessage", func() bool {
		for _, s := range v.emu.Sent(v.me.ID) {
			if s.Message.Text.Value() == "answered in the webhook reply" {
				return true
			}
		}
		return false
	})
}
