package main

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/apigen/apigen/examples/botapi"
)

//go:embed quiz.png
var quizPNG []byte

// newBot is the whole bot: /start offers a keyboard, its buttons answer
// the callback and send a picture or a quiz poll to the same chat.
func newBot() *botapi.Router {
	r := botapi.NewRouter()
	r.Use(botapi.Recover(), botapi.Timeout(30*time.Second), botapi.Logging(nil))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		return m.Reply(ctx, &botapi.SendMessageParams{Text: "Ready?", ReplyMarkup: botapi.InlineKeyboard(botapi.Row(
			botapi.CallbackDataButton("Picture", "quiz:photo"), botapi.CallbackDataButton("Question", "quiz:poll")))})
	}, botapi.Command("start"))
	r.OnCallbackQuery(func(ctx context.Context, q *botapi.CallbackQuery) error {
		if err := q.Answer(ctx, &botapi.AnswerCallbackQueryParams{Text: botapi.Some("Here it comes")}); err != nil || q.Message == nil {
			return err
		}
		if q.Data.Value() == "quiz:photo" {
			return q.Message.Reply(ctx, &botapi.SendPhotoParams{
				Photo: botapi.Upload("quiz.png", bytes.NewReader(quizPNG)), Caption: botapi.Some("What colour is this?")})
		}
		return q.Message.Reply(ctx, (&botapi.SendPollParams{Question: "2 + 2 = ?",
			Type: botapi.Some(botapi.PollTypeQuiz), CorrectOptionID: botapi.Some(1)}).WithOptions("3", "4", "5"))
	}, botapi.DataPrefix("quiz:"))
	return r
}

func main() {
	token, base := os.Getenv("BOT_TOKEN"), os.Getenv("BOT_API_URL")
	if token == "" || base == "" {
		fmt.Fprintln(os.Stderr, "quizbot: set BOT_TOKEN and BOT_API_URL")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	c := botapi.NewClient(token, botapi.WithBaseURL(base))
	if err := newBot().Poll(ctx, c, &botapi.GetUpdatesParams{Timeout: botapi.Some(30)}); err != nil {
		fmt.Fprintln(os.Stderr, "quizbot:", err)
		os.Exit(1)
	}
}
