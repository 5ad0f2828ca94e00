package emulator

// Spec: Endpoints › Callbacks and commands: answerCallbackQuery.

import (
	"context"

	"github.com/apigen/apigen/generated/botapi"
)

// AnswerCallbackQuery implements answerCallbackQuery: once per query, by
// the bot that received it.
func (e *Emulator) AnswerCallbackQuery(ctx context.Context, p *botapi.AnswerCallbackQueryParams) error {
	return e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		q := e.callbacks[p.CallbackQueryID]
		if q == nil || q.bot != b.user.ID || q.answered {
			return bad("query is too old and response timeout expired or query ID is invalid")
		}
		q.answered = true
		q.answer = CallbackAnswer{Answered: true, Text: p.Text.Value(), ShowAlert: p.ShowAlert.Value(), URL: p.URL.Value(), CacheTime: int64(p.CacheTime.Value())}
		return nil
	})
}
