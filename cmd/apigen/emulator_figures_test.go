package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

var versionsLoad = flag.Duration("emulator.versions", 0, "run TestEmulatorFiguresAtBothVersions for this long per load round (make emulator-load); 0: skip")

// TestEmulatorFiguresAtBothVersions measures, in one run and interleaved
// (two rounds), the seed's emulator program (cmd/apigen-emulator) and the
// one `apigen emulator` builds for the newest shared page, through the
// same harness over loopback HTTP: exchanges per second (bots long-poll
// and echo with the seed's generated client; users send through the
// control API, one message in flight each; every message must reach its
// bot once and be echoed), and the live heap per group and per
// message (the program's VmRSS before and after creating 5,000 groups,
// then 5,000 messages with their pending updates). Opt-in: make
// emulator-load.
func TestEmulatorFiguresAtBothVersions(t *testing.T) {
	if *versionsLoad == 0 {
		t.Skip("figures: make emulator-load (go test ./cmd/apigen/ -run TestEmulatorFiguresAtBothVersions -args -emulator.versions=20s)")
	}
	newest := emulatorAt(t, "bot-api-9.0.html.gz")
	seed := filepath.Join(t.TempDir(), "apigen-emulator")
	if out, err := exec.Command("go", "build", "-o", seed, "../apigen-emulator").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/apigen-emulator: %v\n%s", err, out)
	}
	for round := 1; round <= 2; round++ {
		for _, p := range []struct{ name, bin string }{{"5.0 (seed)", seed}, {"9.0", newest}} {
			rate := loadOver(t, p.bin, *versionsLoad)
			chat, msg := memoryOf(t, p.bin, 5000)
			t.Logf("round %d, %s: %.0f exchanges/s; %.0f B per group, %.0f B per message (live heap)", round, p.name, rate, chat, msg)
		}
	}
}

// loadOver runs 10 bots and 50 users against the program for dur and
// returns the exchanges (a user message and its echo) per second.
func loadOver(t *testing.T, bin string, dur time.Duration) float64 {
	const bots, users = 10, 50
	base := startProgram(t, bin, "-listen", "127.0.0.1:0", "-control-token", "figures")
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 200}}
	clients := make([]*botapi.Client, bots)
	ids := make([]int64, bots)
	for i := range clients {
		tok := strconv.Itoa(1000+i) + ":figures"
		var me struct{ ID int64 }
		(&controlAPI{base, "figures"}).do(t, "bot", map[string]any{"token": tok}, &me)
		ids[i] = me.ID
		clients[i] = botapi.NewClient(tok, botapi.WithBaseURL(base), botapi.WithHTTPClient(hc))
	}
	echoed := map[int64]chan struct{}{}
	uids := make([]int64, users)
	for i := range uids {
		var u struct{ ID int64 }
		(&controlAPI{base, "figures"}).do(t, "user", map[string]any{"first_name": "u" + strconv.Itoa(i)}, &u)
		uids[i] = u.ID
		echoed[u.ID] = make(chan struct{}, 1)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var wg sync.WaitGroup
	var failed atomic.Value
	var received atomic.Int64
	for _, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var next int64
			seen := map[string]bool{}
			for ctx.Err() == nil {
				p := &botapi.GetUpdatesParams{Offset: botapi.Some(next), Timeout: botapi.Some(1)}
				got, err := c.GetUpdates(ctx, p)
				if err != nil {
					if ctx.Err() == nil {
						failed.Store(err)
					}
					return
				}
				for _, u := range got {
					next = u.UpdateID + 1
					text := u.Message.Text.Value()
					if seen[text] {
						failed.Store(fmt.Errorf("duplicate %q", text))
					}
					seen[text] = true
					received.Add(1)
					if _, err := c.SendMessage(ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(u.Message.Chat.ID), Text: "echo " + text}); err != nil {
						if ctx.Err() == nil {
							failed.Store(err)
						}
						return
					}
					echoed[u.Message.From.ID] <- struct{}{}
				}
			}
		}()
	}
	var total atomic.Int64
	userCtx, stopUsers := context.WithTimeout(ctx, dur)
	defer stopUsers()
	var uwg sync.WaitGroup
	start := time.Now()
	for ui, uid := range uids {
		uwg.Add(1)
		go func() {
			defer uwg.Done()
			for seq := 0; userCtx.Err() == nil; seq++ {
				(&controlAPI{base, "figures"}).do(t, "send", map[string]any{"user_id": uid, "bot_id": ids[(ui+seq)%bots], "text": fmt.Sprintf("%d:%d", uid, seq)}, nil)
				total.Add(1)
				select {
				case <-echoed[uid]:
				case <-time.After(30 * time.Second):
					failed.Store(fmt.Errorf("user %d: no echo in 30 s", uid))
					return
				}
			}
		}()
	}
	uwg.Wait()
	elapsed := time.Since(start)
	stop()
	wg.Wait()
	if err := failed.Load(); err != nil {
		t.Fatal(err)
	}
	if received.Load() != total.Load() {
		t.Fatalf("sent %d messages, the bots received %d", total.Load(), received.Load())
	}
	return float64(total.Load()) / elapsed.Seconds()
}

// memoryOf starts the program and returns its live heap bytes per group
// and per message (a user's text and its pending update) over n of each
// (the control API's heap: after a collection).
func memoryOf(t *testing.T, bin string, n int) (perChat, perMessage float64) {
	base := startProgram(t, bin, "-listen", "127.0.0.1:0", "-control-token", "figures")
	var me, u struct{ ID int64 }
	(&controlAPI{base, "figures"}).do(t, "bot", map[string]any{"token": "999:figures"}, &me)
	(&controlAPI{base, "figures"}).do(t, "user", map[string]any{"first_name": "Alice"}, &u)
	heap := func() float64 {
		var h struct {
			HeapBytes float64 `json:"heap_bytes"`
		}
		(&controlAPI{base, "figures"}).do(t, "heap", map[string]any{}, &h)
		return h.HeapBytes
	}
	h0 := heap()
	for i := range n {
		(&controlAPI{base, "figures"}).do(t, "chat", map[string]any{"type": "group", "title": "g" + strconv.Itoa(i), "user_id": u.ID}, nil)
	}
	h1 := heap()
	for i := range n {
		(&controlAPI{base, "figures"}).do(t, "send", map[string]any{"user_id": u.ID, "bot_id": me.ID, "text": strings.Repeat("m", 30) + strconv.Itoa(i)}, nil)
	}
	h2 := heap()
	return (h1 - h0) / float64(n), (h2 - h1) / float64(n)
}
