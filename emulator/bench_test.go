package emulator_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

// BenchmarkExchange: a user writes to a bot (control API), the bot fetches
// the update and answers over loopback HTTP with the generated client
// (getUpdates confirming the previous one, then sendMessage).
func BenchmarkExchange(b *testing.B) {
	emu := emulator.New(emulator.Config{Clock: emulator.ManualClock(time.Now())})
	defer emu.Shutdown()
	srv := httptest.NewServer(emu.Handler())
	defer srv.Close()
	me, _ := emu.AddBot(token)
	user := emu.NewUser("Alice", "")
	bot := botapi.NewClient(token, botapi.WithBaseURL(srv.URL))
	ctx := context.Background()
	var next int64
	b.ReportAllocs()
	for b.Loop() {
		if _, err := emu.Send(user.ID, emulator.Private(me.ID), "ping"); err != nil {
			b.Fatal(err)
		}
		us, err := bot.GetUpdates(ctx, offset(next))
		if err != nil || len(us) != 1 {
			b.Fatal(err, len(us))
		}
		next = us[0].UpdateID + 1
		if _, err := bot.SendMessage(ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(user.ID), Text: "pong"}); err != nil {
			b.Fatal(err)
		}
	}
}
