package emulator_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

var loadFor = flag.Duration("emulator.load", 0, "run TestLoad with 50 bots x 100 users for this long (make emulator-load); 0: the short CI version")

// TestLoad: bots long-poll over loopback HTTP with the generated client and
// echo every message; users (the control API) each keep one message in
// flight, cycling through the bots. The clock runs so that 24 simulated
// hours pass in two thirds of the run, so update and message retention
// work during it. Checks: every message reaches its bot exactly once (no lost, no
// duplicated update), every echo is sent, and what the emulator holds is
// bounded by retention (all of it is gone 24 h after the last message).
func TestLoad(t *testing.T) {
	bots, users, dur := 10, 20, 3*time.Second
	if *loadFor > 0 {
		bots, users, dur = 50, 100, *loadFor
	}
	clock := emulator.ManualClock(time.Now().Truncate(time.Second))
	emu := emulator.New(emulator.Config{Clock: clock, MessageRetention: 24 * time.Hour})
	t.Cleanup(emu.Shutdown)
	srv := httptest.NewServer(emu.Handler())
	t.Cleanup(srv.Close)
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4 * bots, MaxConnsPerHost: 0}}

	type botSide struct {
		me     botapi.User
		client *botapi.Client
		mu     sync.Mutex
		seen   map[string]bool
		dups   int
		echoes int
	}
	bs := make([]*botSide, bots)
	byID := map[int64]*botSide{}
	for i := range bs {
		tok := strconv.Itoa(1000+i) + ":load-token"
		me, err := emu.AddBot(tok)
		ok(t, err)
		bs[i] = &botSide{me: me, client: botapi.NewClient(tok, botapi.WithBaseURL(srv.URL), botapi.WithHTTPClient(hc)), seen: map[string]bool{}}
		byID[me.ID] = bs[i]
	}
	us := make([]botapi.User, users)
	echoed := map[int64]chan struct{}{}
	for i := range us {
		us[i] = emu.NewUser("user"+strconv.Itoa(i), "")
		echoed[us[i].ID] = make(chan struct{}, 1)
	}

	// Bots.
	botCtx, stopBots := context.WithCancel(context.Background())
	var botsDone sync.WaitGroup
	var botErr atomic.Value
	for _, b := range bs {
		botsDone.Add(1)
		go func() {
			defer botsDone.Done()
			var next int64
			for botCtx.Err() == nil {
				p := offset(next)
				setOpt(&p.Timeout, 1)
				got, err := b.client.GetUpdates(botCtx, p)
				if err != nil {
					if botCtx.Err() == nil {
						botErr.Store(err)
					}
					return
				}
				for _, u := range got {
					next = u.UpdateID + 1
					m := u.Message
					text := m.Text.Value()
					b.mu.Lock()
					if b.seen[text] {
						b.dups++
					}
					b.seen[text] = true
					b.mu.Unlock()
					if _, err := b.client.SendMessage(botCtx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(m.Chat.ID), Text: "echo " + text}); err != nil {
						if botCtx.Err() == nil {
							botErr.Store(err)
						}
						return
					}
					b.mu.Lock()
					b.echoes++
					b.mu.Unlock()
					echoed[m.From.ID] <- struct{}{}
				}
			}
		}()
	}

	// The clock: 24 simulated hours in two thirds of the run, so retention
	// drops messages during its last third. (An update would be lost only if
	// a bot took 24 simulated hours, here two seconds of a three-second run,
	// to fetch it.)
	step := 50 * time.Millisecond
	simPerStep := time.Duration(float64(36*time.Hour) * float64(step) / float64(dur))
	var maxMessages, maxPending int
	var maxHeap uint64
	clockDone := make(chan struct{})
	stopClock := make(chan struct{})
	go func() {
		defer close(clockDone)
		tick := time.NewTicker(step)
		defer tick.Stop()
		for n := 0; ; n++ {
			select {
			case <-stopClock:
				return
			case <-tick.C:
			}
			emu.Advance(simPerStep)
			s := emu.Stats()
			maxMessages, maxPending = max(maxMessages, s.Messages), max(maxPending, s.PendingUpdates)
			if n%10 == 0 {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				maxHeap = max(maxHeap, ms.HeapInuse)
			}
		}
	}()

	// Users.
	sentTo := make([]atomic.Int64, bots)
	var total atomic.Int64
	userCtx, stopUsers := context.WithTimeout(context.Background(), dur)
	defer stopUsers()
	var usersDone sync.WaitGroup
	start := time.Now()
	for ui, u := range us {
		usersDone.Add(1)
		go func() {
			defer usersDone.Done()
			for seq := 0; userCtx.Err() == nil; seq++ {
				bi := (ui + seq) % bots
				if _, err := emu.Send(u.ID, emulator.Private(bs[bi].me.ID), fmt.Sprintf("%d:%d", u.ID, seq)); err != nil {
					botErr.Store(err)
					return
				}
				sentTo[bi].Add(1)
				total.Add(1)
				select {
				case <-echoed[u.ID]:
				case <-botCtx.Done():
					return
				}
			}
		}()
	}
	usersDone.Wait()
	elapsed := time.Since(start)
	close(stopClock)
	<-clockDone
	// Every message still in flight gets its echo (bounded wait).
	eventually(t, "the last echoes", func() bool {
		n := 0
		for _, b := range bs {
			b.mu.Lock()
			n += b.echoes
			b.mu.Unlock()
		}
		return int64(n) == total.Load()
	})
	stopBots()
	botsDone.Wait()
	if err := botErr.Load(); err != nil {
		t.Fatal(err)
	}
	for i, b := range bs {
		if b.dups != 0 || int64(len(b.seen)) != sentTo[i].Load() || int64(b.echoes) != sentTo[i].Load() {
			t.Fatalf("bot %d: sent %d, received %d distinct, %d duplicates, %d echoes", i, sentTo[i].Load(), len(b.seen), b.dups, b.echoes)
		}
	}
	// Retention: a day after the last message nothing is held.
	created := 2 * total.Load() // each exchange is a user message and an echo
	emu.Advance(24 * time.Hour)
	s := emu.Stats()
	if s.Messages != 0 || s.PendingUpdates != 0 || s.SentRecords != 0 {
		t.Fatalf("after 24 h: %+v", s)
	}
	if int64(maxMessages) >= created {
		t.Fatalf("message retention freed nothing during the run: max held %d of %d created", maxMessages, created)
	}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	t.Logf("%d bots x %d users, %v: %d exchanges (%.0f/s), %d messages created; held at most %d messages and %d pending updates; heap in use at most %.1f MiB, %.1f MiB after retention",
		bots, users, elapsed.Round(time.Millisecond), total.Load(), float64(total.Load())/elapsed.Seconds(), created,
		maxMessages, maxPending, float64(maxHeap)/(1<<20), float64(ms.HeapInuse)/(1<<20))
}
