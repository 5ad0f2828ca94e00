package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/signal"

	"github.com/apigen/apigen/examples/botapi"
)

func newBot() *botapi.Router {
	r := botapi.NewRouter()
	r.Use(botapi.Recover())
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		_, err := botapi.ReplyMessage(ctx, m, &botapi.SendMessageParams{
			Text: "Pick a colour, says " + botapi.BotUser(ctx).FirstName,
			ReplyMarkup: botapi.InlineKeyboard(botapi.Row(
				botapi.CallbackDataButton("Red", "color:red"), botapi.CallbackDataButton("Blue", "color:blue"))),
		}, botapi.NoQuote())
		return err
	}, botapi.Command("start"))
	r.OnCallbackQuery(func(ctx context.Context, q *botapi.CallbackQuery) error {
		if _, err := botapi.AnswerCallbackQuery(ctx, q, &botapi.AnswerCallbackQueryParams{Text: botapi.Some("You chose blue")}); err != nil {
			return err
		}
		if _, err := botapi.AnswerMessage(ctx, q.Message, &botapi.EditMessageTextParams{Text: "Blue it is"}); err != nil {
			return err
		}
		var pic bytes.Buffer
		png.Encode(&pic, image.NewGray(image.Rect(0, 0, 8, 6)))
		if _, err := botapi.ReplyMessage(ctx, q.Message, &botapi.SendPhotoParams{Photo: botapi.Upload("blue.png", &pic)}, botapi.NoQuote()); err != nil {
			return err
		}
		_, err := botapi.ReplyMessage(ctx, q.Message, (&botapi.SendPollParams{Question: "Which one is blue?",
			Type: botapi.Some(botapi.PollTypeQuiz), CorrectOptionID: botapi.Some(1), OpenPeriod: botapi.Some(5)}).WithOptions("red", "blue"), botapi.NoQuote())
		return err
	}, botapi.DataEqual("color:blue"))
	return r
}

func main() {
	token, base := os.Getenv("BOT_TOKEN"), os.Getenv("BOT_API_URL")
	if token == "" || base == "" {
		fmt.Fprintln(os.Stderr, "colorbot: set BOT_TOKEN and BOT_API_URL")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	c := botapi.NewClient(token, botapi.WithBaseURL(base))
	if err := newBot().Poll(ctx, c, &botapi.GetUpdatesParams{Timeout: botapi.Some(30)}); err != nil {
		fmt.Fprintln(os.Stderr, "colorbot:", err)
		os.Exit(1)
	}
}
