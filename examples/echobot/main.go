package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/apigen/apigen/examples/botapi"
)

// reply returns the message that echoes an update's text back to its chat,
// or false when the update carries no text message.
func reply(u *botapi.Update) (*botapi.SendMessageParams, bool) {
	m := u.Message
	if m == nil {
		return nil, false
	}
	text, ok := m.Text.Get()
	if !ok || text == "" {
		return nil, false
	}
	return (&botapi.SendMessageParams{Text: text}).ReplyToMessage(m), true // fills chat_id and the reply-to reference
}

// run long-polls for updates and echoes every text message until ctx ends.
// The iterator keeps the offset right and backs off on errors.
func run(ctx context.Context, c *botapi.Client) error {
	params := &botapi.GetUpdatesParams{
		Timeout:        botapi.Some(30),
		AllowedUpdates: []botapi.UpdateType{botapi.UpdateTypeMessage},
	}
	for u, err := range c.Updates(ctx, params) {
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			fmt.Fprintln(os.Stderr, "echobot: getUpdates:", err)
			continue
		}
		p, ok := reply(&u)
		if !ok {
			continue
		}
		if _, err := c.SendMessage(ctx, p); err != nil {
			if ctx.Err() != nil {
				return nil // stopping
			}
			var apiErr *botapi.Error
			if errors.As(err, &apiErr) {
				fmt.Fprintf(os.Stderr, "echobot: sendMessage refused: %d %s\n", apiErr.Code, apiErr.Description)
				continue
			}
			return err
		}
	}
	return nil
}

func main() {
	base := flag.String("base-url", os.Getenv("BOT_API_URL"), "address of the Bot API server")
	flag.Parse()
	token := os.Getenv("BOT_TOKEN")
	if token == "" || *base == "" {
		fmt.Fprintln(os.Stderr, "echobot: set BOT_TOKEN and BOT_API_URL (or --base-url)")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, botapi.NewClient(token, botapi.WithBaseURL(*base))); err != nil {
		fmt.Fprintln(os.Stderr, "echobot:", err)
		os.Exit(1)
	}
}
