package emulator

// Spec: Endpoints › Receiving updates and bot lifecycle (getUpdates,
// setWebhook, deleteWebhook, getWebhookInfo, getMe, logOut, close) and
// setMyCommands/getMyCommands of Callbacks and commands; States and
// transitions: Update, Update delivery, Webhook, Bot instance.

import (
	"context"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

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

var errWebhookActive = conflict("can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first")

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
