package runtime

// Runtime of the generated dispatcher (dispatch_gen.go): routing through
// filters and groups, middleware, the worker pool that keeps the updates of
// one chat in order, long polling with a graceful shutdown that confirms
// exactly the handled updates, webhook serving, command parsing and Send.
// Owned by the dispatch backend (generators/dispatch).
//
// Identifiers are exported API or start with "dispatch" because this file
// is pasted into generated packages next to generated names. It depends on
// the standard library, on the types and client runtime (Client,
// WebhookReply) and on no generated name: everything that knows the update
// type is generic over it, and dispatch_gen.go instantiates it.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
)

// ---------------------------------------------------------------- commands

// CommandCall is a command at the start of a text: "/start@quizbot deep
// link" is Name "start", Bot "quizbot", Args "deep link".
type CommandCall struct {
	Name string
	Bot  string
	Args string
}

// ParseCommand reads a command at the start of text: a slash, a name, an
// optional @botname, then the arguments after the first white space. It
// reports false when text does not start with a command.
func ParseCommand(text string) (CommandCall, bool) {
	if len(text) < 2 || text[0] != '/' {
		return CommandCall{}, false
	}
	word, args := text[1:], ""
	if i := strings.IndexFunc(word, unicode.IsSpace); i >= 0 {
		word, args = word[:i], strings.TrimSpace(word[i:])
	}
	name, bot, _ := strings.Cut(word, "@")
	if name == "" {
		return CommandCall{}, false
	}
	return CommandCall{Name: name, Bot: bot, Args: args}, true
}

// For reports whether the command is addressed to the bot named username
// (without "@"): a command without @botname is addressed to every bot, one
// with @botname only to that bot (compared case-insensitively). When the
// username is unknown only commands without @botname are.
func (c CommandCall) For(username string) bool {
	return c.Bot == "" || (username != "" && strings.EqualFold(c.Bot, username))
}

// ---------------------------------------------------------------- options

// DispatchOption configures a Router (NewRouter).
type DispatchOption func(*dispatchConfig)

type dispatchConfig struct {
	workers    int
	maxPending int
	shutdown   time.Duration
	username   string
	onError    func(ctx context.Context, err error)
	log        clientLogger // DispatchLogger's, else clientLogDefault
	// onUndecodable gets each received update that does not decode.
	onUndecodable func(ctx context.Context, e *ItemDecodeError)
}

// DispatchWorkers sets how many handlers run at the same time (default 32).
// The updates of one chat are always handled one after another, in order.
func DispatchWorkers(n int) DispatchOption {
	return func(c *dispatchConfig) {
		if n > 0 {
			c.workers = n
		}
	}
}

// DispatchMaxPending sets how many received updates may wait or run at once
// (default 1024); beyond that, long polling waits before fetching more and
// webhook deliveries wait for room.
func DispatchMaxPending(n int) DispatchOption {
	return func(c *dispatchConfig) {
		if n > 0 {
			c.maxPending = n
		}
	}
}

// DispatchShutdownTimeout bounds how long Poll waits, after its context is
// done, for the handlers of the updates it received (default 30s). When it
// expires, updates not started yet are dropped, the contexts of running
// handlers are cancelled, and only the handled updates are confirmed.
func DispatchShutdownTimeout(d time.Duration) DispatchOption {
	return func(c *dispatchConfig) {
		if d > 0 {
			c.shutdown = d
		}
	}
}

// DispatchBotUsername sets the bot's username (without "@") that commands
// may be addressed to. Without it, Poll and Webhook ask the service once.
func DispatchBotUsername(name string) DispatchOption {
	return func(c *dispatchConfig) { c.username = strings.TrimPrefix(name, "@") }
}

// DispatchOnError receives every error a handler returns (wrapped with the
// update's identifier and kind; a recovered panic is a *PanicError) and the
// errors of long polling. The default logs them with the DispatchLogger.
func DispatchOnError(f func(ctx context.Context, err error)) DispatchOption {
	return func(c *dispatchConfig) { c.onError = f }
}

// DispatchOnUndecodable receives each update Poll or Webhook cannot decode
// (its id, raw JSON and the error). Such an update is confirmed, counted as
// handled, and the ones after it are handled in order: it costs that update
// alone. The default logs it with the DispatchLogger.
func DispatchOnUndecodable(f func(ctx context.Context, e *ItemDecodeError)) DispatchOption {
	return func(c *dispatchConfig) { c.onUndecodable = f }
}

func dispatchOptions(opts []DispatchOption) *dispatchConfig {
	c := &dispatchConfig{workers: 32, maxPending: 1024, shutdown: 30 * time.Second}
	for _, o := range opts {
		o(c)
	}
	if c.log == nil {
		c.log = clientLogDefault
	}
	if c.onUndecodable == nil {
		c.onUndecodable = clientLogUndecodable(c.log)
	}
	if c.onError == nil {
		write := c.log
		c.onError = func(ctx context.Context, err error) {
			write(ctx, slog.LevelError, "dispatch", slog.Any("error", err))
		}
	}
	return c
}

// ---------------------------------------------------------------- handler context

// dispatchCall is what a handler's context knows about its delivery.
type dispatchCall struct {
	client   *Client
	username string
	me       any // the bot's own user (getMe), nil when unknown
	webhook  bool
	mu       sync.Mutex
	reply    WebhookReply
}

type dispatchCtxKey struct{}

func dispatchFrom(ctx context.Context) *dispatchCall {
	c, _ := ctx.Value(dispatchCtxKey{}).(*dispatchCall)
	return c
}

// BotUsername is the username of the bot whose dispatcher runs the handler
// with context ctx ("" when unknown or outside a handler).
func BotUsername(ctx context.Context) string {
	if c := dispatchFrom(ctx); c != nil {
		return c.username
	}
	return ""
}

// Send calls the API method whose parameters p are, on behalf of the
// update being handled (the generated Reply and Answer helpers end here).
// In a webhook delivery the first Send becomes the answer in the response
// body (the service reports no result); every other Send is a call through
// the dispatcher's Client whose result is discarded. Call the Client's
// typed method instead when the result matters.
func Send(ctx context.Context, p WebhookReply) error {
	c := dispatchFrom(ctx)
	if c == nil {
		return errors.New(p.clientMethod() + ": Send outside a dispatcher handler")
	}
	if c.webhook {
		c.mu.Lock()
		if c.reply == nil {
			c.reply = p
			c.mu.Unlock()
			return nil
		}
		c.mu.Unlock()
	}
	if c.client == nil {
		return errors.New(p.clientMethod() + ": the dispatcher has no Client")
	}
	return c.client.call(ctx, p.clientMethod(), p, nil)
}

// ---------------------------------------------------------------- middleware

// PanicError is a handler panic recovered by the Recover middleware.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("handler panic: %v", e.Value) }

func dispatchRecover[U any](next func(context.Context, *U) error) func(context.Context, *U) error {
	return func(ctx context.Context, u *U) (err error) {
		defer func() {
			if v := recover(); v != nil {
				err = &PanicError{Value: v, Stack: debug.Stack()}
			}
		}()
		return next(ctx, u)
	}
}

func dispatchTimeout[U any](d time.Duration, next func(context.Context, *U) error) func(context.Context, *U) error {
	return func(ctx context.Context, u *U) error {
		ctx, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		return next(ctx, u)
	}
}

func dispatchLogging[U any](l *slog.Logger, info func(*U) dispatchUpdateInfo, next func(context.Context, *U) error) func(context.Context, *U) error {
	if l == nil {
		l = slog.Default()
	}
	return func(ctx context.Context, u *U) error {
		start := time.Now()
		err := next(ctx, u)
		i := info(u)
		attrs := []slog.Attr{slog.Int64("update_id", i.ID), slog.String("kind", i.Kind)}
		if i.Keyed {
			attrs = append(attrs, slog.Int64("chat", i.Key))
		}
		attrs = append(attrs, slog.Duration("took", time.Since(start)))
		if err != nil {
			l.LogAttrs(ctx, slog.LevelError, "update failed", append(attrs, slog.Any("error", err))...)
		} else {
			l.LogAttrs(ctx, slog.LevelInfo, "update handled", attrs...)
		}
		return err
	}
}

// ---------------------------------------------------------------- routing

// dispatchUpdateInfo is what the dispatcher needs to know of an update: its
// identifier, its kind, and the chat (or else user) whose updates are
// handled in order.
type dispatchUpdateInfo struct {
	ID    int64
	Kind  string
	Key   int64
	Keyed bool
}

type (
	dispatchHandler[U any]    func(context.Context, *U) error
	dispatchMiddleware[U any] func(func(context.Context, *U) error) func(context.Context, *U) error
)

// dispatchCore is a Router's state: the root holds the configuration, each
// group its filters, middleware and entries in registration order.
type dispatchCore[U any] struct {
	cfg     *dispatchConfig
	root    *dispatchCore[U]
	parent  *dispatchCore[U]
	kind    func(*U) int
	info    func(*U) dispatchUpdateInfo
	fail    func(dispatchUpdateInfo, error) error // wraps a handler's error (the generated DispatchError, whose Kind has the kinds' type)
	filters []func(context.Context, *U) bool
	mw      []dispatchMiddleware[U]
	entries []*dispatchEntry[U]

	once  sync.Once
	chain dispatchHandler[U]

	pollErr error // the error that stopped poll, if not ctx

	meMu   sync.Mutex
	me     string
	meUser any
	meOK   bool
}

// dispatchEntry is a route (a kind, filters, a handler) or a group.
type dispatchEntry[U any] struct {
	kind    int
	filters []func(context.Context, *U) bool
	handle  dispatchHandler[U]
	group   *dispatchCore[U]
	owner   *dispatchCore[U]
	once    sync.Once
	chain   dispatchHandler[U]
}

func newDispatchCore[U any](opts []DispatchOption, kind func(*U) int, info func(*U) dispatchUpdateInfo, fail func(dispatchUpdateInfo, error) error) *dispatchCore[U] {
	c := &dispatchCore[U]{cfg: dispatchOptions(opts), kind: kind, info: info, fail: fail}
	c.root = c
	if c.cfg.username != "" {
		c.me, c.meOK = c.cfg.username, true
	}
	return c
}

func (c *dispatchCore[U]) use(mw dispatchMiddleware[U]) { c.mw = append(c.mw, mw) }

func (c *dispatchCore[U]) handle(kind int, h dispatchHandler[U], filters []func(context.Context, *U) bool) {
	c.entries = append(c.entries, &dispatchEntry[U]{kind: kind, filters: filters, handle: h, owner: c})
}

func (c *dispatchCore[U]) group(filters []func(context.Context, *U) bool) *dispatchCore[U] {
	g := &dispatchCore[U]{cfg: c.cfg, root: c.root, parent: c, kind: c.kind, info: c.info, fail: c.fail, filters: filters}
	c.entries = append(c.entries, &dispatchEntry[U]{kind: -1, group: g, owner: c})
	return g
}

func dispatchAll[U any](ctx context.Context, u *U, fs []func(context.Context, *U) bool) bool {
	for _, f := range fs {
		if !f(ctx, u) {
			return false
		}
	}
	return true
}

// match returns the first route, in registration order, of kind k whose
// filters (and whose groups' filters) accept u.
func (c *dispatchCore[U]) match(ctx context.Context, u *U, k int) *dispatchEntry[U] {
	for _, e := range c.entries {
		if e.group != nil {
			if dispatchAll(ctx, u, e.group.filters) {
				if m := e.group.match(ctx, u, k); m != nil {
					return m
				}
			}
			continue
		}
		if e.kind == k && dispatchAll(ctx, u, e.filters) {
			return e
		}
	}
	return nil
}

// routeChain is the route's handler inside the middleware of its groups
// (the root's middleware wraps every dispatch, matched or not).
func (e *dispatchEntry[U]) routeChain() dispatchHandler[U] {
	e.once.Do(func() {
		h := e.handle
		for g := e.owner; g != nil && g != g.root; g = g.parent {
			for i := len(g.mw) - 1; i >= 0; i-- {
				h = g.mw[i](h)
			}
		}
		e.chain = h
	})
	return e.chain
}

// dispatch runs u through the root's middleware and the first matching
// route. Middleware and routes must be registered before the first update.
func (c *dispatchCore[U]) dispatch(ctx context.Context, u *U) error {
	r := c.root
	r.once.Do(func() {
		var h dispatchHandler[U] = func(ctx context.Context, u *U) error {
			k := r.kind(u)
			if k < 0 {
				return nil
			}
			e := r.match(ctx, u, k)
			if e == nil {
				return nil
			}
			return e.routeChain()(ctx, u)
		}
		for i := len(r.mw) - 1; i >= 0; i-- {
			h = r.mw[i](h)
		}
		r.chain = h
	})
	return r.chain(ctx, u)
}

// direct dispatches u in the caller's goroutine; a context from no
// dispatcher gets the username the router knows and no Client.
func (c *dispatchCore[U]) direct(ctx context.Context, u *U) error {
	if dispatchFrom(ctx) == nil {
		r := c.root
		r.meMu.Lock()
		name, me := r.me, r.meUser
		r.meMu.Unlock()
		ctx = context.WithValue(ctx, dispatchCtxKey{}, &dispatchCall{username: name, me: me})
	}
	return c.dispatch(ctx, u)
}

// ---------------------------------------------------------------- workers

var errDispatchDropped = errors.New("dispatch: shutting down before the update was handled")

type dispatchJob[U any] struct {
	ctx  context.Context
	u    *U
	done func(handled bool, err error)
}

// dispatchPool runs jobs on at most cfg.workers goroutines, the jobs of
// one key one after another in submission order, jobs of different keys in
// parallel. At most cfg.maxPending jobs wait or run.
type dispatchPool[U any] struct {
	c       *dispatchCore[U]
	slots   chan struct{}
	pending chan struct{}
	mu      sync.Mutex
	queues  map[int64][]dispatchJob[U] // keys with a running job -> jobs waiting behind it
	wg      sync.WaitGroup
	abort   atomic.Bool
}

func newDispatchPool[U any](c *dispatchCore[U]) *dispatchPool[U] {
	return &dispatchPool[U]{
		c:       c,
		slots:   make(chan struct{}, c.cfg.workers),
		pending: make(chan struct{}, c.cfg.maxPending),
		queues:  map[int64][]dispatchJob[U]{},
	}
}

// submit hands j to the pool; it waits while maxPending jobs are pending
// and fails only when ctx is done first.
func (p *dispatchPool[U]) submit(ctx context.Context, j dispatchJob[U]) error {
	select {
	case p.pending <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	i := p.c.info(j.u)
	p.mu.Lock()
	if i.Keyed {
		if q, ok := p.queues[i.Key]; ok {
			p.queues[i.Key] = append(q, j)
			p.mu.Unlock()
			return nil
		}
		p.queues[i.Key] = nil // the key is running: later jobs queue behind j
	}
	p.wg.Add(1)
	p.mu.Unlock()
	go p.run(i.Key, i.Keyed, j)
	return nil
}

func (p *dispatchPool[U]) run(key int64, keyed bool, j dispatchJob[U]) {
	defer p.wg.Done()
	p.slots <- struct{}{}
	defer func() { <-p.slots }()
	for {
		p.exec(j)
		if !keyed {
			return
		}
		p.mu.Lock()
		q := p.queues[key]
		if len(q) == 0 {
			delete(p.queues, key)
			p.mu.Unlock()
			return
		}
		j = q[0]
		q[0] = dispatchJob[U]{}
		p.queues[key] = q[1:]
		p.mu.Unlock()
	}
}

func (p *dispatchPool[U]) exec(j dispatchJob[U]) {
	defer func() { <-p.pending }()
	if p.abort.Load() {
		j.done(false, errDispatchDropped)
		return
	}
	err := p.c.dispatch(j.ctx, j.u)
	if err != nil {
		err = p.c.fail(p.c.info(j.u), err)
	}
	j.done(true, err)
}

// drain waits for every submitted job; after timeout, jobs not started are
// dropped and cancel ends the contexts of running handlers, which are then
// waited for.
func (p *dispatchPool[U]) drain(timeout time.Duration, cancel context.CancelFunc) {
	done := make(chan struct{})
	go func() {
		p.wg.Wait()
		close(done)
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		p.abort.Store(true)
		cancel()
		<-done
	}
}

// ---------------------------------------------------------------- long polling

// dispatchPolled tracks which received updates are handled, to confirm
// exactly those at the end.
type dispatchPolled struct {
	mu   sync.Mutex
	open map[int64]bool // received, not handled
	next int64          // highest received identifier + 1
	any  bool
}

// offset is the offset that confirms the handled updates and no other: the
// lowest received identifier not handled, or the one after the highest
// received. ok is false when nothing was received.
func (s *dispatchPolled) offset() (off int64, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.any {
		return 0, false
	}
	off = s.next
	for id := range s.open {
		if id < off {
			off = id
		}
	}
	return off, true
}

// dispatchRecheck is how long poll waits for a handler to finish before it
// asks again while updates are outstanding (see poll).
const dispatchRecheck = time.Second

// dispatchIDless is how many updates without a readable id poll remembers
// to report each once (see poll).
const dispatchIDless = 256

// poll fetches updates until ctx is done and hands each new one to a
// pool, then waits for the handlers (at most the shutdown timeout) and
// returns the offset confirming exactly the handled updates. Handlers run
// with hctx, which outlives ctx; cancel ends it.
//
// Every request asks with the offset of the oldest update not handled
// yet, so that no request confirms an update before its handler returned;
// the service then answers at once with the outstanding updates again (they
// are skipped) and any newer ones. So while updates are outstanding, fetch
// is asked not to wait (wait false) and poll waits between such requests
// until some handler finishes or dispatchRecheck passes. fetch is called
// with have false until an update was received (the caller's own offset
// applies).
//
// fetch decodes the updates one by one: one that does not decode goes to
// onUndecodable and is confirmed as if handled (when its id is readable).
// One whose id is unreadable cannot be confirmed but by a later update, so
// the service answers it again with every request until then: it is
// reported once (told apart by its bytes, at most dispatchIDless of them
// remembered), and an answer holding nothing new waits as one holding only
// outstanding updates does, since the service answers at once.
func (c *dispatchCore[U]) poll(ctx, hctx context.Context, cancel context.CancelFunc, client *Client, fetch func(ctx context.Context, offset int64, have, wait bool) ([]clientItem[U], error)) (int64, bool) {
	p := newDispatchPool(c)
	s := &dispatchPolled{open: map[int64]bool{}}
	progress := make(chan struct{}, 1)
	var b clientBackoff
	recheck := time.NewTimer(dispatchRecheck)
	defer recheck.Stop()
	idless := map[string]bool{} // raw JSON of the updates reported without an id
loop:
	for ctx.Err() == nil {
		off, have := s.offset()
		s.mu.Lock()
		outstanding := len(s.open) > 0
		s.mu.Unlock()
		batch, err := fetch(ctx, off, have, !outstanding)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			c.cfg.onError(ctx, err)
			if client == nil || client.backoff(ctx, &b, err) != nil {
				break
			}
			continue
		}
		b = clientBackoff{}
		fresh := 0
		for i := range batch {
			v, bad := &batch[i].V, batch[i].Bad
			var id int64
			switch {
			case bad == nil:
				id = c.info(v).ID
			case bad.hasID:
				id = bad.ID
			default: // no id to confirm it by: later updates will
				if !idless[string(bad.Raw)] {
					if len(idless) == dispatchIDless {
						clear(idless)
					}
					idless[string(bad.Raw)] = true
					c.cfg.onUndecodable(hctx, bad)
				}
				continue
			}
			s.mu.Lock()
			if have && id >= off && id < s.next {
				s.mu.Unlock()
				continue // outstanding or handled already
			}
			if bad != nil {
				// Nothing can handle it: it is confirmed with the
				// handled ones, and reported.
				s.next, s.any = id+1, true
				s.mu.Unlock()
				c.cfg.onUndecodable(hctx, bad)
				fresh++
				continue
			}
			// Otherwise it is new: above every id received, or below the
			// offset asked for, which the service does only when its
			// identifiers restarted (after a week without updates).
			s.open[id], s.next, s.any = true, id+1, true
			s.mu.Unlock()
			err := p.submit(ctx, dispatchJob[U]{ctx: hctx, u: v, done: func(handled bool, err error) {
				if handled {
					s.mu.Lock()
					delete(s.open, id)
					s.mu.Unlock()
				}
				select {
				case progress <- struct{}{}:
				default:
				}
				if err != nil && err != errDispatchDropped {
					c.cfg.onError(hctx, err)
				}
			}})
			if err != nil {
				// Not accepted: it and the rest of the batch stay
				// unconfirmed.
				s.mu.Lock()
				delete(s.open, id)
				s.next = id
				s.mu.Unlock()
				break loop
			}
			fresh++
		}
		if fresh == 0 && (outstanding || len(batch) > 0) {
			if !recheck.Stop() {
				select {
				case <-recheck.C:
				default:
				}
			}
			recheck.Reset(dispatchRecheck)
			select {
			case <-progress:
			case <-recheck.C:
			case <-ctx.Done():
			}
		}
	}
	p.drain(c.cfg.shutdown, cancel)
	return s.offset()
}

// ---------------------------------------------------------------- webhooks

// dispatchServer serves webhook deliveries through one pool: a delivery
// waits for its handler so that the handler's first Send can be the answer.
type dispatchServer[U any] struct {
	c    *dispatchCore[U]
	pool *dispatchPool[U]
}

func (s *dispatchServer[U]) serve(ctx context.Context, client *Client, username string, me any, u *U) (WebhookReply, error) {
	call := &dispatchCall{client: client, username: username, me: me, webhook: true}
	hctx := context.WithValue(ctx, dispatchCtxKey{}, call)
	ch := make(chan error, 1)
	if err := s.pool.submit(ctx, dispatchJob[U]{ctx: hctx, u: u, done: func(_ bool, err error) { ch <- err }}); err != nil {
		return nil, err
	}
	if err := <-ch; err != nil {
		// Reported, not redelivered: like long polling, a failed update
		// counts as handled.
		s.c.cfg.onError(ctx, err)
	}
	call.mu.Lock()
	defer call.mu.Unlock()
	return call.reply, nil
}
