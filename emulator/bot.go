package emulator

// A bot: its identity and token, its update queue (States and
// transitions › Update, Update delivery), what it sent (the control API's
// sent), its chat actions and its flood window.

import (
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

// bot is the server side of one bot: its queue of updates and how it
// receives them.
type bot struct {
	token string
	user  *botapi.User

	queue   []queued // pending updates, update_id ascending
	nextID  int64    // next update_id
	allowed []botapi.UpdateType
	notify  chan struct{} // closed and replaced when the queue changes
	poller  chan struct{} // closed when a newer getUpdates call takes over

	hook     *webhook // nil: getUpdates
	lastHook hookErr  // kept across webhook changes, as getWebhookInfo reports it

	launched  time.Time // instance start (first request, or first after close)
	loggedOut time.Time // zero: logged in

	commands []botapi.BotCommand
	sent     []Sent
	actions  map[int64]chatAction // private chat (user id) or group id -> current action
	window   floodWindow          // messages sent in the current clock second (flood)
}

type queued struct {
	u          botapi.Update
	at         time.Time
	delivering bool
	attempts   int
}

type hookErr struct {
	date time.Time
	msg  string
}

type chatAction struct {
	action botapi.ChatAction
	until  time.Time
}

type floodWindow struct {
	second int64
	count  int
}

func newBot(token string, u *botapi.User) *bot {
	return &bot{token: token, user: u, nextID: firstUpdateID(time.Now()), notify: make(chan struct{}), actions: map[int64]chatAction{}}
}

// updateEpoch is where firstUpdateID counts from.
var updateEpoch = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

// firstUpdateID is the update_id of a bot's first update: the wall-clock
// milliseconds since updateEpoch. A restarted emulator therefore never
// reuses an update_id a running bot has seen (a bot confirms by offset
// and would silently drop reused ids as already seen), as long as no bot
// averaged more than 1000 updates a second over the previous run. The
// ids stay consecutive within a run and far below 2^53 (safe in
// JavaScript) for millennia.
func firstUpdateID(now time.Time) int64 {
	return max(1, now.Sub(updateEpoch).Milliseconds())
}

// wake tells waiting getUpdates calls and the webhook sender that the queue
// changed.
func (b *bot) wake() {
	close(b.notify)
	b.notify = make(chan struct{})
}

// allows reports whether updates of kind k are wanted (allowed_updates; an
// empty list means all).
func (b *bot) allows(k botapi.UpdateType) bool {
	if len(b.allowed) == 0 {
		return true
	}
	for _, a := range b.allowed {
		if a == k {
			return true
		}
	}
	return false
}

// emitLocked queues an update for b, if its allowed_updates wants the kind.
// The setting in force when the update is created decides, so a later
// change does not affect updates already queued (Events, rule 3).
func (e *Emulator) emitLocked(b *bot, u botapi.Update) {
	if !b.allows(u.Kind()) {
		return
	}
	e.files.scopeUpdate(&u, b.user.ID)
	u.UpdateID = b.nextID
	b.nextID++
	b.queue = append(b.queue, queued{u: u, at: e.now()})
	b.wake()
}

// expireLocked drops updates stored for more than 24 hours.
func (b *bot) expireLocked(now time.Time) {
	cut := 0
	for cut < len(b.queue) && now.Sub(b.queue[cut].at) >= updateRetention && !b.queue[cut].delivering {
		cut++
	}
	if cut > 0 {
		b.dropFront(cut)
	}
}

// dropFront removes the first n queued updates, releasing their memory.
func (b *bot) dropFront(n int) {
	clear(b.queue[:n])
	b.queue = b.queue[n:]
	if len(b.queue) == 0 {
		b.queue = nil
	}
}

// confirm drops the updates whose update_id is below offset.
func (b *bot) confirm(offset int64) {
	n := 0
	for n < len(b.queue) && b.queue[n].u.UpdateID < offset {
		n++
	}
	if n > 0 {
		b.dropFront(n)
	}
}

// applyOffset confirms the updates below a positive offset, or keeps only
// the last -off updates for a negative one (everything before is
// forgotten). off >= -len is checked before adding, so math.MinInt64 never
// overflows: it keeps everything.
func (b *bot) applyOffset(off int64) {
	switch n := int64(len(b.queue)); {
	case off > 0:
		b.confirm(off)
	case off < 0 && off > -n:
		b.dropFront(int(n + off))
	}
}

// takeOrWait returns the first limit updates when there are some or the
// caller does not wait (and ends its turn as the poller); otherwise the
// channel that says the queue changed.
func (b *bot) takeOrWait(limit int, mine chan struct{}, now bool) ([]botapi.Update, chan struct{}) {
	if len(b.queue) > 0 || now {
		if b.poller == mine {
			b.poller = nil
		}
		return b.take(limit), nil
	}
	return nil, b.notify
}

// take copies out the first limit updates (they stay queued until
// confirmed).
func (b *bot) take(limit int) []botapi.Update {
	n := min(limit, len(b.queue))
	out := make([]botapi.Update, n)
	for i := range n {
		out[i] = b.queue[i].u
	}
	return out
}

func (b *bot) dropPending() {
	kept := b.queue[:0]
	for _, q := range b.queue {
		if q.delivering { // already on the wire
			kept = append(kept, q)
		}
	}
	clear(b.queue[len(kept):])
	b.queue = kept
}

// flood applies the optional flood-control setting: at most limit
// messages per clock second (0: no limit).
func (b *bot) flood(limit int, now time.Time) error {
	if limit <= 0 {
		return nil
	}
	sec := now.Unix()
	if b.window.second != sec {
		b.window = floodWindow{second: sec}
	}
	if b.window.count >= limit {
		return tooMany(time.Unix(sec+1, 0).Sub(now))
	}
	b.window.count++
	return nil
}

// Sent is one message a bot sent or edited, as the control API reports it.
type Sent struct {
	Seq     int64          `json:"seq"`
	Method  string         `json:"method"`
	Message botapi.Message `json:"message"`
	// ReplyMarkup is the markup the bot attached, including reply keyboards
	// (which the Message itself cannot carry).
	ReplyMarkup botapi.ReplyMarkup `json:"reply_markup,omitempty"`
	at          time.Time
}

func (e *Emulator) recordLocked(b *bot, method string, m *botapi.Message, rm botapi.ReplyMarkup) {
	b.sent = append(b.sent, Sent{Seq: e.seq(), Method: method, Message: *m, ReplyMarkup: rm, at: e.now()})
}

func (b *bot) trimSentLocked(old time.Time) {
	n := 0
	for n < len(b.sent) && !b.sent[n].at.After(old) {
		n++
	}
	if n > 0 {
		clear(b.sent[:n])
		b.sent = b.sent[n:]
	}
}

// stopWebhook removes the webhook; its sender goroutine ends.
func (b *bot) stopWebhook() {
	if b.hook == nil {
		return
	}
	close(b.hook.stop)
	b.hook = nil
	for i := range b.queue {
		b.queue[i].delivering = false
		b.queue[i].attempts = 0
	}
	b.wake()
}

func (b *bot) indexOf(id int64) int {
	for i := range b.queue {
		if b.queue[i].u.UpdateID == id {
			return i
		}
	}
	return -1
}

func (b *bot) removeAt(i int) {
	if i == 0 {
		b.dropFront(1)
		return
	}
	b.queue = append(b.queue[:i], b.queue[i+1:]...)
	b.queue[len(b.queue) : len(b.queue)+1][0] = queued{}
}
