// Command telegobot is the README's bot ("A bot in 30 lines") written on
// telego: the same two handlers (ping answers pong, any other text is echoed
// as a reply), the same panic recovery and long polling. It exists to be
// built: compileweight.sh compares its compile cost and binary size with the
// README's bot on a generated package.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/mymmrac/telego"
	th "github.com/mymmrac/telego/telegohandler"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	bot, err := telego.NewBot(os.Getenv("BOT_TOKEN"), telego.WithAPIServer(os.Getenv("BOT_API_URL")))
	if err != nil {
		panic(err)
	}
	updates, err := bot.UpdatesViaLongPolling(ctx, &telego.GetUpdatesParams{Timeout: 30})
	if err != nil {
		panic(err)
	}
	h, err := th.NewBotHandler(bot, updates)
	if err != nil {
		panic(err)
	}
	h.Use(th.PanicRecovery())
	reply := func(ctx *th.Context, m telego.Message, text string) error {
		_, err := ctx.Bot().SendMessage(ctx, &telego.SendMessageParams{
			ChatID:          m.Chat.ChatID(),
			Text:            text,
			ReplyParameters: &telego.ReplyParameters{MessageID: m.MessageID},
		})
		return err
	}
	h.HandleMessage(func(ctx *th.Context, m telego.Message) error {
		return reply(ctx, m, "pong")
	}, th.CommandEqual("ping"))
	h.HandleMessage(func(ctx *th.Context, m telego.Message) error { // any other message
		if m.Text == "" {
			return nil // a photo, a sticker, …
		}
		return reply(ctx, m, m.Text) // echo it
	})
	if err := h.Start(); err != nil {
		panic(err)
	}
}
