package emulator_test

import (
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

// heap is the live heap after a collection.
func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// memoryCase builds n of something in emu and reports the bytes each
// holds, while held and after the message retention has passed (what
// stays when nothing refers to it any more).
type memoryCase struct {
	name string
	make func(b *testing.B, emu *emulator.Emulator, bot botapi.User, user botapi.User, i int)
}

var memoryCases = []memoryCase{
	{"user", func(b *testing.B, emu *emulator.Emulator, _, _ botapi.User, i int) {
		emu.NewUser("User "+strconv.Itoa(i), "")
	}},
	{"group", func(b *testing.B, emu *emulator.Emulator, _, user botapi.User, i int) {
		if _, err := emu.NewChat(botapi.ChatTypeGroup, "Group", "", user.ID); err != nil {
			b.Fatal(err)
		}
	}},
	{"private_chat", func(b *testing.B, emu *emulator.Emulator, bot, _ botapi.User, i int) {
		u := emu.NewUser("U", "")
		if _, err := emu.Send(u.ID, emulator.Private(bot.ID), "hi"); err != nil {
			b.Fatal(err)
		}
	}},
	{"message", func(b *testing.B, emu *emulator.Emulator, bot, user botapi.User, i int) {
		if _, err := emu.Send(user.ID, emulator.Private(bot.ID), "a message of some forty characters, say"); err != nil {
			b.Fatal(err)
		}
	}},
}

// BenchmarkMemory reports bytes per user, group, private chat (with one
// message) and message (a 40-character text with its pending update):
// "B/held" while held, "B/kept" after 49 hours of clock (message and
// update retention) have passed. emulator/README.md shows the table.
//
//	go test ./emulator/ -run '^$' -bench Memory -benchtime 20000x
func BenchmarkMemory(b *testing.B) {
	for _, c := range memoryCases {
		b.Run(c.name, func(b *testing.B) {
			emu := emulator.New(emulator.Config{Clock: emulator.ManualClock(time.Now())})
			defer emu.Shutdown()
			bot, _ := emu.AddBot(token)
			user := emu.NewUser("Alice", "")
			n := b.N
			before := heap()
			b.ResetTimer()
			for i := range n {
				c.make(b, emu, bot, user, i)
			}
			b.StopTimer()
			held := heap()
			emu.Advance(49 * time.Hour)
			kept := heap()
			b.ReportMetric(float64(int64(held)-int64(before))/float64(n), "B/held")
			b.ReportMetric(float64(int64(kept)-int64(before))/float64(n), "B/kept")
			runtime.KeepAlive(emu)
		})
	}
}
