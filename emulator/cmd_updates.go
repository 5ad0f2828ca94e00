package emulator

// Spec: Endpoints › Receiving updates and bot lifecycle (getUpdates,
// setWebhook, deleteWebhook, getWebhookInfo, getMe, logOut, close) and
// setMyCommands/getMyCommands of Callbacks and commands; States and
// transitions: Update, Update delivery, Webhook, Bot instance.

import (
	"context"
	"net"
	"net/url"
	"strconv"
	"strings"
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

// GetUpdates implements getUpdates: confirmation by offset, negative offset,
// limit, long polling, allowed_updates; 409 while a webhook is set or when a
// newer getUpdates call takes over. Every look at the queue runs under
// the lock, taken for each look (acting, then pollAgain, pollTakenOver,
// pollLeft), never held while waiting.
func (e *Emulator) GetUpdates(ctx context.Context, p *botapi.GetUpdatesParams) ([]botapi.Update, error) {
	var (
		b        *bot
		mine     chan struct{}
		limit    = 100
		timeout  int
		out      []botapi.Update
		wait     chan struct{}
		deadline time.Time
	)
	err := e.acting(ctx, noChat, nil, func(found *bot, _ *chat) error {
		b = found
		if b.hook != nil {
			return errWebhookActive
		}
		b.expireLocked(e.now())
		if off, ok := p.Offset.Get(); ok {
			b.applyOffset(off)
		}
		if p.AllowedUpdates != nil {
			b.allowed = append([]botapi.UpdateType(nil), p.AllowedUpdates...)
		}
		if l, ok := p.Limit.Get(); ok {
			limit = min(max(l, 1), 100) // the reference server clamps
		}
		timeout, _ = p.Timeout.Get()
		timeout = min(max(timeout, 0), int(longPollMax/time.Second))
		if b.poller != nil {
			close(b.poller) // the older call answers 409
		}
		mine = make(chan struct{})
		b.poller = mine
		deadline = time.Now().Add(time.Duration(timeout) * time.Second)
		out, wait = b.takeOrWait(limit, mine, timeout <= 0)
		return nil
	})
	for err == nil && wait != nil {
		timer := time.NewTimer(time.Until(deadline))
		select {
		case <-wait:
		case <-mine:
			err = e.pollTakenOver(b)
		case <-ctx.Done():
			// The client is gone: whatever is answered, nobody reads it;
			// an empty result keeps it out of the 500s (error hook).
			e.pollLeft(b, mine)
			return []botapi.Update{}, nil
		case <-timer.C:
			timeout = 0
		}
		timer.Stop()
		if err != nil {
			break
		}
		out, wait, err = e.pollAgain(b, limit, mine, timeout <= 0)
	}
	return out, err
}

// pollAgain is a long poll's look at the queue after a wait: the updates,
// or the channel to wait on when there are none yet and now is false.
func (e *Emulator) pollAgain(b *bot, limit int, mine chan struct{}, now bool) ([]botapi.Update, chan struct{}, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if b.hook != nil {
		return nil, nil, errWebhookActive
	}
	out, wait := b.takeOrWait(limit, mine, now)
	return out, wait, nil
}

// pollTakenOver is the answer of a long poll a newer getUpdates call (or a
// webhook) took over.
func (e *Emulator) pollTakenOver(b *bot) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if b.hook != nil {
		return errWebhookActive
	}
	return conflict("terminated by other getUpdates request; make sure that only one bot instance is running")
}

// pollLeft forgets a long poll whose client has gone.
func (e *Emulator) pollLeft(b *bot, mine chan struct{}) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if b.poller == mine {
		b.poller = nil
	}
}

// longPollMax caps a long poll's timeout, as the reference server does (a
// variable for tests).
var longPollMax = 50 * time.Second

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

var errWebhookActive = conflict("can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first")

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

// SetWebhook implements setWebhook: an empty url removes the webhook.
func (e *Emulator) SetWebhook(ctx context.Context, p *botapi.SetWebhookParams) error {
	return e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		if p.DropPendingUpdates.Value() {
			b.dropPending()
		}
		if p.AllowedUpdates != nil {
			b.allowed = append([]botapi.UpdateType(nil), p.AllowedUpdates...)
		}
		if p.URL == "" {
			b.stopWebhook()
			return nil
		}
		hookURL, err := webhookURL(p.URL, e.cfg.Local)
		if err != nil {
			return err
		}
		maxConns := defaultMaxConns
		if n, ok := p.MaxConnections.Get(); ok {
			maxConns = n
		}
		b.stopWebhook()
		b.hook = &webhook{
			url: hookURL, ip: p.IPAddress.Value(), maxConns: maxConns,
			cert: p.Certificate.IsSet(), stop: make(chan struct{}),
		}
		if b.poller != nil {
			close(b.poller)
			b.poller = nil
		}
		for i := range b.queue {
			b.queue[i].delivering = false
			b.queue[i].attempts = 0
		}
		e.wg.Add(1)
		go e.deliver(b, b.hook)
		return nil
	})
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

// webhookURL applies the cloud rules (HTTPS, ports 443, 80, 88, 8443, no
// reserved addresses) or, in local mode, accepts any HTTP(S) URL. A URL
// without a scheme is read as https, as the reference server reads it; the
// URL to use is returned.
func webhookURL(raw string, local bool) (string, error) {
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return "", bad("bad webhook: invalid webhook URL specified")
	}
	if local {
		return raw, nil
	}
	if u.Scheme != "https" {
		return "", bad("bad webhook: HTTPS url must be provided for webhook")
	}
	port := u.Port()
	switch port {
	case "", "443", "80", "88", "8443":
	default:
		return "", bad("bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443")
	}
	if ip := net.ParseIP(u.Hostname()); ip != nil && reservedIP(ip) {
		return "", bad("bad webhook: IP address " + ip.String() + " is reserved")
	}
	if h := strings.ToLower(u.Hostname()); h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return "", bad("bad webhook: IP address 127.0.0.1 is reserved")
	}
	return raw, nil
}

// DeleteWebhook implements deleteWebhook.
func (e *Emulator) DeleteWebhook(ctx context.Context, p *botapi.DeleteWebhookParams) error {
	return e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		if p.DropPendingUpdates.Value() {
			b.dropPending()
		}
		b.stopWebhook()
		return nil
	})
}

// GetWebhookInfo implements getWebhookInfo.
func (e *Emulator) GetWebhookInfo(ctx context.Context) (*botapi.WebhookInfo, error) {
	var out *botapi.WebhookInfo
	err := e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		b.expireLocked(e.now())
		info := &botapi.WebhookInfo{}
		info.PendingUpdateCount = len(b.queue)
		if h := b.hook; h != nil {
			info.URL = h.url
			info.HasCustomCertificate = h.cert
			info.MaxConnections.Set(h.maxConns)
			if h.ip != "" {
				info.IPAddress = botapi.Some(h.ip)
			}
			if len(b.allowed) > 0 {
				info.AllowedUpdates = append([]botapi.UpdateType(nil), b.allowed...)
			}
		}
		if !b.lastHook.date.IsZero() {
			info.LastErrorDate.Set(unix(b.lastHook.date))
			info.LastErrorMessage = botapi.Some(b.lastHook.msg)
		}
		out = info
		return nil
	})
	return out, err
}

// GetMe implements getMe.
func (e *Emulator) GetMe(ctx context.Context) (*botapi.User, error) {
	var out *botapi.User
	err := e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		u := *b.user
		u.CanJoinGroups = botapi.Some(true)
		u.CanReadAllGroupMessages = botapi.Some(true) // privacy mode is not emulated: bots see every group message
		u.SupportsInlineQueries = botapi.Some(false)
		out = &u
		return nil
	})
	return out, err
}

// LogOut implements logOut: the bot is logged out of the cloud server and
// cannot log back in for 10 minutes (local mode: at once).
func (e *Emulator) LogOut(ctx context.Context) error {
	return e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		b.loggedOut = e.now()
		b.stopWebhook()
		return nil
	})
}

// Close implements close: refused with 429 during the first 10 minutes
// after launch, and while a webhook is set; afterwards the instance is
// closed and the next request launches it again.
func (e *Emulator) Close(ctx context.Context) error {
	return e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		if b.hook != nil {
			return bad("delete the webhook first (deleteWebhook), then call close")
		}
		if left := b.launched.Add(closeBlock).Sub(e.now()); left > 0 {
			return tooMany(left)
		}
		b.launched = time.Time{}
		if b.poller != nil {
			close(b.poller)
			b.poller = nil
		}
		return nil
	})
}

// SetMyCommands implements setMyCommands.
func (e *Emulator) SetMyCommands(ctx context.Context, p *botapi.SetMyCommandsParams) error {
	return e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		b.commands = append([]botapi.BotCommand{}, p.Commands...)
		return nil
	})
}

// GetMyCommands implements getMyCommands.
func (e *Emulator) GetMyCommands(ctx context.Context) ([]botapi.BotCommand, error) {
	var out []botapi.BotCommand
	err := e.acting(ctx, noChat, nil, func(b *bot, _ *chat) error {
		out = append([]botapi.BotCommand{}, b.commands...)
		return nil
	})
	return out, err
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

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
