package dispatchtest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

const benchUpdate = `{"update_id":1,"message":{"message_id":7,"date":1,"chat":{"id":42,"type":"private"},"from":{"id":42,"is_bot":false,"first_name":"U"},"text":"/start@quizbot now","entities":[{"type":"bot_command","offset":0,"length":14}]}}`

func benchRouter() *botapi.Router {
	r := botapi.NewRouter(botapi.DispatchBotUsername("quizbot"))
	r.Use(botapi.Recover())
	nop := func(context.Context, *botapi.Message) error { return nil }
	r.OnCallbackQuery(func(context.Context, *botapi.CallbackQuery) error { return nil }, botapi.DataPrefix("quiz:"))
	r.OnMessage(nop, botapi.Command("help"))
	r.OnMessage(nop, botapi.Command("start"))
	r.OnMessage(nop)
	return r
}

// BenchmarkDispatch: routing of one decoded update through middleware,
// a kind switch and command filters to its handler, in the caller's
// goroutine.
func BenchmarkDispatch(b *testing.B) {
	r := benchRouter()
	u := decode(b, benchUpdate)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := r.Dispatch(ctx, &u); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWebhookDispatcher: one webhook delivery, in process, through the
// dispatcher: decode, hand-off to the worker pool (per-chat queue), routing,
// handler, answer. BenchmarkWebhookBare is the same delivery through the
// bare WebhookHandler; the difference is the dispatcher's overhead.
func BenchmarkWebhookDispatcher(b *testing.B) {
	benchWebhook(b, benchRouter().Webhook(nil))
}

func BenchmarkWebhookBare(b *testing.B) {
	benchWebhook(b, botapi.WebhookHandler(func(ctx context.Context, u *botapi.Update) (botapi.WebhookReply, error) { return nil, nil }))
}

func benchWebhook(b *testing.B, h http.Handler) {
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/hook", strings.NewReader(benchUpdate)))
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}
