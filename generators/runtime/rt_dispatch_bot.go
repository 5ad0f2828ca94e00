package runtime

// Runtime of the dispatcher's bot-library layer (part dispatch, with
// rt_dispatch.go): filters typed by what they look at, commands read from
// command entities, the handler context's client and bot user, reply
// options, calls that return their result, and retries with back-off for
// the calls a bot makes to start (getMe, webhook set-up) and for long
// polling. Generic over the update and payload types; dispatch_gen.go
// instantiates it.

import (
	"context"
	"errors"
	"log/slog"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// ---------------------------------------------------------------- typed filters

// dispatchFilter is the generated Filter (an alias, declared by the
// dispatch backend so that a schema may use the name when no dispatcher
// is generated).
type dispatchFilter[T any] func(ctx context.Context, v T) bool

// dispatchAnd accepts a value every filter accepts (no filters: true).
func dispatchAnd[T any](filters ...dispatchFilter[T]) dispatchFilter[T] {
	return func(ctx context.Context, v T) bool {
		for _, f := range filters {
			if f != nil && !f(ctx, v) {
				return false
			}
		}
		return true
	}
}

// dispatchOr accepts a value some filter accepts (no filters: false).
func dispatchOr[T any](filters ...dispatchFilter[T]) dispatchFilter[T] {
	return func(ctx context.Context, v T) bool {
		for _, f := range filters {
			if f != nil && f(ctx, v) {
				return true
			}
		}
		return false
	}
}

// dispatchNot accepts a value f rejects.
func dispatchNot[T any](f dispatchFilter[T]) dispatchFilter[T] {
	return func(ctx context.Context, v T) bool { return !f(ctx, v) }
}

// dispatchFilters turns update filters into the core's form (nil ones
// dropped).
func dispatchFilters[U any](fs []dispatchFilter[*U]) []func(context.Context, *U) bool {
	out := make([]func(context.Context, *U) bool, 0, len(fs))
	for _, f := range fs {
		if f != nil {
			out = append(out, f)
		}
	}
	return out
}

// dispatchLift turns filters of a kind's payload into update filters:
// get takes the payload out of the update (the route only runs for
// updates of its kind, so it is set).
func dispatchLift[U, T any](fs []dispatchFilter[T], get func(*U) T) []func(context.Context, *U) bool {
	out := make([]func(context.Context, *U) bool, 0, len(fs))
	for _, f := range fs {
		if f != nil {
			out = append(out, func(ctx context.Context, u *U) bool { return f(ctx, get(u)) })
		}
	}
	return out
}

func dispatchStringFilter[T any](get func(T) (string, bool), pred func(string) bool) dispatchFilter[T] {
	return func(_ context.Context, v T) bool {
		s, ok := get(v)
		return ok && pred(s)
	}
}

func dispatchEqual[T any](get func(T) (string, bool), want []string) dispatchFilter[T] {
	return dispatchStringFilter(get, func(s string) bool {
		for _, w := range want {
			if s == w {
				return true
			}
		}
		return false
	})
}

func dispatchPrefix[T any](get func(T) (string, bool), prefix string) dispatchFilter[T] {
	return dispatchStringFilter(get, func(s string) bool { return strings.HasPrefix(s, prefix) })
}

func dispatchRegexp[T any](get func(T) (string, bool), re *regexp.Regexp) dispatchFilter[T] {
	return dispatchStringFilter(get, re.MatchString)
}

// dispatchCommand accepts a value whose command (get) is addressed to this
// bot and is one of names (none: any command).
func dispatchCommand[T any](get func(T) (CommandCall, bool), names []string) dispatchFilter[T] {
	return func(ctx context.Context, v T) bool {
		c, ok := get(v)
		if !ok || !c.For(BotUsername(ctx)) {
			return false
		}
		if len(names) == 0 {
			return true
		}
		for _, n := range names {
			if strings.EqualFold(strings.TrimPrefix(n, "/"), c.Name) {
				return true
			}
		}
		return false
	}
}

// dispatchCommandAt reads the command entity that starts text and is
// units UTF-16 code units long (entity offsets and lengths count UTF-16
// code units): "/start@quizbot" then the arguments after it.
func dispatchCommandAt(text string, units int) (CommandCall, bool) {
	end, n := 0, 0
	for end < len(text) && n < units {
		r, size := utf8.DecodeRuneInString(text[end:])
		end += size
		if l := utf16.RuneLen(r); l > 0 {
			n += l
		} else {
			n++
		}
	}
	if n != units || units < 2 || text[0] != '/' {
		return CommandCall{}, false
	}
	name, bot, _ := strings.Cut(text[1:end], "@")
	if name == "" {
		return CommandCall{}, false
	}
	return CommandCall{Name: name, Bot: bot, Args: strings.TrimFunc(text[end:], unicode.IsSpace)}, true
}

// ---------------------------------------------------------------- handler context

// ClientFrom is the Client of the dispatcher running the handler with
// context ctx (Poll's, or the one given to Webhook); nil outside a
// handler or when the dispatcher has none (Router.Dispatch).
func ClientFrom(ctx context.Context) *Client {
	if c := dispatchFrom(ctx); c != nil {
		return c.client
	}
	return nil
}

// dispatchMeFrom is the bot's own user as the dispatcher asked it (nil:
// unknown); BotUser in dispatch_gen.go gives it its type.
func dispatchMeFrom(ctx context.Context) any {
	if c := dispatchFrom(ctx); c != nil {
		return c.me
	}
	return nil
}

// ReplyOption changes what the reply helpers fill in.
type ReplyOption func(*dispatchReplyConfig)

type dispatchReplyConfig struct{ noQuote bool }

// NoQuote makes a reply helper send to the same place without referring
// to the message it answers (no reply-to reference is filled in).
func NoQuote() ReplyOption { return func(c *dispatchReplyConfig) { c.noQuote = true } }

// dispatchQuote reports whether the reply refers to what it answers.
func dispatchQuote(opts []ReplyOption) bool {
	var c dispatchReplyConfig
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return !c.noQuote
}

// dispatchCaller is a parameters struct that calls its method through a
// Client and returns the method's result.
type dispatchCaller[R any] interface {
	WebhookReply
	dispatchCall(ctx context.Context, c *Client) (R, error)
}

// dispatchDo calls p through the handler's Client and returns the result.
func dispatchDo[R any](ctx context.Context, p dispatchCaller[R]) (R, error) {
	c := ClientFrom(ctx)
	if c == nil {
		var zero R
		return zero, errors.New(p.clientMethod() + ": no Client in the handler's context (call from a Poll or Webhook handler, or use the Client)")
	}
	return p.dispatchCall(ctx, c)
}

// ---------------------------------------------------------------- retries

// DispatchLogger sets the logger of the dispatcher: retries at level Warn,
// and, unless DispatchOnError is set, handler and polling errors at level
// Error (default: as slog.Default() writes them while a program sets no
// slog default; see clientLogger).
func DispatchLogger(l *slog.Logger) DispatchOption {
	return func(c *dispatchConfig) { c.log = clientLogTo(l) }
}

// dispatchRetryable reports whether a failed call is worth repeating:
// network errors, 5xx answers and 429 (Too Many Requests, whose
// retry_after the back-off honours). Other answers (401 for a bad token,
// 404, 409 when another poller or a webhook is active) are not: repeating
// them cannot succeed, and neither can a client set up wrong (no base
// URL), nor parameters that fail validation.
func dispatchRetryable(err error) bool {
	var ae *Error
	if errors.As(err, &ae) {
		return ae.Code == 429 || ae.Code >= 500
	}
	var he *HTTPError
	if errors.As(err, &he) {
		return he.StatusCode == 429 || he.StatusCode >= 500
	}
	var ve *ValidationError
	var ce clientConfigError
	if errors.As(err, &ve) || errors.As(err, &ce) {
		return false
	}
	return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

// pause logs a retryable failure of what and waits the back-off b (1s,
// 2s, ... up to 30s; retry_after wins); it fails when ctx ends first.
func (c *dispatchCore[U]) pause(ctx context.Context, client *Client, b *clientBackoff, what string, err error) error {
	next := b.next
	if next == 0 {
		next = time.Second
	}
	c.cfg.log(ctx, slog.LevelWarn, "dispatch: retrying", slog.String("call", what), slog.Duration("backoff", next), slog.Any("error", err))
	return client.backoff(ctx, b, err)
}

// retry calls f until it succeeds, fails with an error not worth
// repeating, or ctx ends, backing off between attempts.
func (c *dispatchCore[U]) retry(ctx context.Context, client *Client, what string, f func(context.Context) error) error {
	var b clientBackoff
	for {
		err := f(ctx)
		if err == nil || ctx.Err() != nil || !dispatchRetryable(err) {
			if err != nil {
				return errors.New("dispatch: " + what + ": " + err.Error())
			}
			return nil
		}
		if client == nil {
			return errors.New("dispatch: " + what + ": " + err.Error())
		}
		if werr := c.pause(ctx, client, &b, what, err); werr != nil {
			return errors.New("dispatch: " + what + ": " + err.Error())
		}
	}
}

// identify returns the bot's username, asking the service (me) until it
// answers, with retries (Poll and Webhook call it; the first success is
// kept). me is nil when the schema has no such call.
func (c *dispatchCore[U]) identify(ctx context.Context, client *Client, me func(context.Context) (any, string, error)) (string, any, error) {
	r := c.root
	r.meMu.Lock()
	defer r.meMu.Unlock()
	if r.meOK || me == nil {
		return r.me, r.meUser, nil
	}
	var user any
	var name string
	err := c.retry(ctx, client, "asking the bot's own user", func(ctx context.Context) error {
		var err error
		user, name, err = me(ctx)
		return err
	})
	if err != nil {
		return "", nil, err
	}
	r.me, r.meUser, r.meOK = name, user, true
	return name, user, nil
}
