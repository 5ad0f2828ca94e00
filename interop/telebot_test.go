package interop

import (
	"context"
	"testing"

	tele "gopkg.in/telebot.v3"

	"github.com/apigen/apigen/generated/botapi"
)

func (m *memService) EditMessageText(ctx context.Context, p *botapi.EditMessageTextParams) (botapi.MessageOrTrue, error) {
	m.rec("editMessageText", p)
	msg := m.msg(p.ChatID)
	msg.MessageID = p.MessageID
	msg.Text = botapi.Some(p.Text)
	return botapi.MessageOrTrueFromMessage(msg), nil
}

// TestTelebot drives the generated server with telebot v3, which sends
// "switch_inline_query_current_chat": "" on every inline button beside the
// member it means: the server must accept that as the reference server
// does (an empty String beside a non-empty member is not a second choice).
func TestTelebot(t *testing.T) {
	m, srv := start(t)
	bot, err := tele.NewBot(tele.Settings{URL: srv.URL, Token: token, Offline: true})
	if err != nil {
		t.Fatal(err)
	}
	me, err := bot.Raw("getMe", nil)
	if err != nil || len(me) == 0 {
		t.Fatalf("getMe: %v", err)
	}
	markup := &tele.ReplyMarkup{InlineKeyboard: [][]tele.InlineButton{{
		{Text: "Yes", Data: "vote:yes"},
		{Text: "Docs", URL: "https://example.com/docs?x=1&y=2"},
	}}}
	chat := &tele.Chat{ID: -1001234567890}
	sent, err := bot.Send(chat, "Vote *now* ✓", &tele.SendOptions{ParseMode: tele.ModeMarkdownV2, ReplyMarkup: markup})
	if err != nil {
		t.Fatal(err)
	}
	p := m.last["sendMessage"].(*botapi.SendMessageParams)
	if chatOf(t, p.ChatID) != int64(-1001234567890) || p.Text != "Vote *now* ✓" || p.ParseMode.Value() != botapi.ParseModeMarkdownV2 ||
		sent.Chat.ID != -1001234567890 || sent.ID == 0 {
		t.Fatalf("sendMessage %+v / %+v", p, sent)
	}
	kb := p.ReplyMarkup.(*botapi.InlineKeyboardMarkup)
	if a := kb.InlineKeyboard[0][0]; a.CallbackData.Value() != "vote:yes" {
		t.Fatalf("button %+v", a)
	}

	edited, err := bot.Edit(sent, "Voted ✓", markup)
	if err != nil {
		t.Fatal(err)
	}
	e := m.last["editMessageText"].(*botapi.EditMessageTextParams)
	if chatOf(t, e.ChatID) != int64(-1001234567890) || e.MessageID != int64(sent.ID) || e.Text != "Voted ✓" || e.ReplyMarkup == nil || edited.Text != "Voted ✓" {
		t.Fatalf("editMessageText %+v / %+v", e, edited)
	}
}
