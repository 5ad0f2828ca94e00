package chatwindow_test

import (
	"context"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

// botClient is the fixture's bot, driven step by step.
type botClient struct {
	c      *botapi.Client
	offset int64
}

func newBotClient(f *fixture) *botClient {
	return &botClient{c: botapi.NewClient("777:x", botapi.WithBaseURL(f.srv.URL))}
}

// sendButton sends a message with one callback button; its id.
func (b *botClient) sendButton(t *testing.T, chat int64) int64 {
	t.Helper()
	m, err := b.c.SendMessage(context.Background(), &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(chat), Text: "press",
		ReplyMarkup: botapi.InlineKeyboard(botapi.Row(botapi.CallbackDataButton("Go", "go")))})
	if err != nil {
		t.Fatal(err)
	}
	return m.MessageID
}

// answerAll answers the callback queries waiting.
func (b *botClient) answerAll(t *testing.T, text string) {
	t.Helper()
	us, err := b.c.GetUpdates(context.Background(), &botapi.GetUpdatesParams{Offset: botapi.Some(b.offset)})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range us {
		b.offset = u.UpdateID + 1
		if u.CallbackQuery != nil {
			if err := b.c.AnswerCallbackQuery(context.Background(), &botapi.AnswerCallbackQueryParams{CallbackQueryID: u.CallbackQuery.ID, Text: botapi.Some(text)}); err != nil {
				t.Fatal(err)
			}
		}
	}
}
