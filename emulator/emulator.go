// Package emulator is the reference service: an in-memory implementation of
// the generated botapiserver.Service that follows the specification's States and
// transitions, Events, Errors and Limits. Bots talk to it over HTTP with any
// client library (it serves the generated handler); tests drive the other
// side — users, chats, button presses, poll votes, the clock — through the
// control API (Go methods on Emulator, or HTTP under /control/).
//
// Start one in a test:
//
//	emu := emulator.New(emulator.Config{Clock: emulator.ManualClock(time.Now())})
//	defer emu.Shutdown()
//	srv := httptest.NewServer(emu.Handler())
//
// or as a program: go run ./cmd/apigen-emulator.
package emulator

import (
	"math/rand/v2"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// Spec figures the emulator enforces (section "Limits" and "States and
// transitions" of the specification).
const (
	updateRetention    = 24 * time.Hour   // Update retention: at most 24 hours
	logOutBlock        = 10 * time.Minute // Re-login after logOut: cloud server blocked for 10 minutes
	closeBlock         = 10 * time.Minute // close: error 429 for 10 minutes after launch
	foreverMin         = 30 * time.Second // until_date under 30 seconds ahead means forever
	foreverMax         = 366 * 24 * time.Hour
	cloudDownloadLimit = 20 << 20 // Download size (cloud): the spec's 20 MB, read as MiB
	typingStatus       = 5 * time.Second
	defaultMaxConns    = 40
	thumbMaxBytes      = 200 << 10
	thumbMaxSide       = 320
)

// Config sets up an Emulator. The zero Config is a cloud server that accepts
// any well-formed token and runs on the wall clock.
type Config struct {
	// Tokens lists the bot tokens accepted; nil accepts any token of the
	// shape <digits>:<secret> (the bot is created on its first request).
	Tokens []string
	// Local applies the local server's rules (Limits: unlimited download,
	// 2000 MiB uploads, file:// uploads, HTTP webhooks on any address and
	// port, absolute file_path; logOut does not block the next login).
	Local bool
	// Clock is the emulator's time; nil means WallClock().
	Clock *Clock
	// FilesDir stores uploads in this directory instead of memory.
	FilesDir string
	// FloodLimit is how many messages a bot may send per clock second before
	// it is answered 429 with retry_after; 0 turns flood control off.
	FloodLimit int
	// MessageRetention is how long messages are kept for replies, edits,
	// forwards and button presses (default 48 h). The real service keeps
	// history forever; an emulator that runs for days must not.
	MessageRetention time.Duration
	// WebhookRetries is how many times a delivery is attempted before the
	// update is given up (default 5); WebhookRetryDelay is the wall-time
	// wait before the first retry, doubled for each further one (default 1 s).
	WebhookRetries    int
	WebhookRetryDelay time.Duration
	// WebhookClient posts webhook deliveries (default: a client with a 30 s
	// timeout).
	WebhookClient *http.Client
	// Seed makes dice values reproducible (0: a fixed default seed).
	Seed uint64
	// Version, when set, is the API version served instead of the core's
	// (the seed's): see version.go and the README, "Every version".
	Version *Version
	// ControlToken is the token the HTTP control API requires in
	// "Authorization: Bearer <token>"; empty: New chooses a random one
	// (ControlToken returns it). The Go control methods need none.
	ControlToken string
}

// Emulator is the reference service. Its methods implement botapiserver.Service
// (the bot side, called by the generated handler) and the control API (the
// user side). It is safe for concurrent use.
type Emulator struct {
	botapiserver.Unimplemented // methods not written yet: synthesized answers them from the schema

	cfg   Config
	clock *Clock

	mu        sync.Mutex
	bots      map[int64]*bot // by the bot's user id
	users     map[int64]*botapi.User
	chats     map[int64]*chat // groups, supergroups, channels
	privates  map[privKey]*chat
	dormant   map[privKey]dormantChat // private chats with nothing retained (tickLocked)
	usernames map[string]int64        // lower-case @username -> chat id
	polls     map[string]*pollState
	timed     map[string]*pollState // open polls with a closing time
	callbacks map[string]*callback
	links     map[string]int64 // invite link -> chat id (current links only)
	rnd       *rand.Rand
	nextUser  int64
	nextChat  int64
	nextSeq   int64

	files *fileStore
	// additionsHeld counts the messages given content or parameters the
	// core's Message cannot hold (held.go): until one is, answers skip
	// looking for them.
	additionsHeld atomic.Int64
	// frontBudget bounds the request bodies the version front holds
	// (nil at the core's version).
	frontBudget *byteBudget
	// front serves the version (nil at the core's version).
	front *versionFront
	// placeholders counts the answers that are placeholders (synthesized
	// results, marked with PlaceholderHeader).
	placeholders atomic.Int64
	// shapeUpdate turns an update's JSON in the core's shape into the
	// served version's (webhook deliveries); nil at the core's version.
	shapeUpdate func([]byte) []byte
	// shapeControl turns a control action's answer carrying the core's
	// API objects into the served version's; nil at the core's version.
	shapeControl func(action string, res any) any

	changes changeFeed // wakes the chat window (Changed)

	handler http.Handler
	stop    chan struct{}
	wg      sync.WaitGroup
	closed  bool
}

type privKey struct{ bot, user int64 }

// New returns a running emulator; Shutdown stops its background work.
func New(cfg Config) *Emulator {
	if cfg.Clock == nil {
		cfg.Clock = WallClock()
	}
	if cfg.MessageRetention <= 0 {
		cfg.MessageRetention = 48 * time.Hour
	}
	if cfg.WebhookRetries <= 0 {
		cfg.WebhookRetries = 5
	}
	if cfg.WebhookRetryDelay <= 0 {
		cfg.WebhookRetryDelay = time.Second
	}
	if cfg.ControlToken == "" {
		cfg.ControlToken = randomName(24)
	}
	if cfg.WebhookClient == nil {
		cfg.WebhookClient = &http.Client{Timeout: 30 * time.Second}
	}
	seed := cfg.Seed
	if seed == 0 {
		seed = 17
	}
	e := &Emulator{
		cfg:       cfg,
		clock:     cfg.Clock,
		bots:      map[int64]*bot{},
		users:     map[int64]*botapi.User{},
		chats:     map[int64]*chat{},
		privates:  map[privKey]*chat{},
		dormant:   map[privKey]dormantChat{},
		usernames: map[string]int64{},
		polls:     map[string]*pollState{},
		timed:     map[string]*pollState{},
		callbacks: map[string]*callback{},
		links:     map[string]int64{},
		rnd:       rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		nextUser:  100000,
		nextChat:  1000,
		stop:      make(chan struct{}),
	}
	e.files = newFileStore(cfg.FilesDir, cfg.Local)
	opts := []botapiserver.ServerOption{
		botapiserver.WithAuth(e.authorize),
		botapiserver.WithFileStore(e.files),
		// A method the service leaves to Unimplemented is synthesized.
		botapiserver.WithNotImplementedHook(Validated),
	}
	if cfg.Local {
		opts = append(opts, botapiserver.WithLocalServerLimits())
	}
	opts = append(opts, e.outsideMethods()...)
	// 1 MiB: the generated server's default body limit.
	core := botapiserver.NewCaller(e, opts...)
	api := lenient(synthesized(core, seedSynth, &e.placeholders), 1<<20, serviceShapes)
	if cfg.Version != nil {
		api = e.versioned(cfg.Version, core, api)
	}
	control := e.controlHandler()
	e.handler = e.changesAfter(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/control/") {
			control.ServeHTTP(w, r)
			return
		}
		api.ServeHTTP(w, r)
	}))
	e.wg.Add(1)
	go e.ticker()
	return e
}

// Handler serves the API (/bot<token>/<method>), file downloads
// (/file/bot<token>/<path>) and the control API (/control/...).
func (e *Emulator) Handler() http.Handler { return e.handler }

// Shutdown stops webhook delivery and the background ticker. (Close is the
// API method close.)
func (e *Emulator) Shutdown() {
	if e.markClosed() {
		e.wg.Wait()
	}
}

// markClosed stops the ticker and every webhook sender; false when the
// emulator was already shut down.
func (e *Emulator) markClosed() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return false
	}
	e.closed = true
	close(e.stop)
	for _, b := range e.bots {
		b.stopWebhook()
	}
	return true
}

// ticker runs the clock's due work once a second of wall time (polls that
// close, bans that end, retention). Advance runs it at once too.
func (e *Emulator) ticker() {
	defer e.wg.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-e.stop:
			return
		case <-t.C:
			e.tick()
			e.changed()
		}
	}
}

// tick runs the full tickLocked under the lock.
func (e *Emulator) tick() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tickLocked(true)
}

// tickLocked closes polls whose time has come and, when full, drops updates
// and messages past their retention.
func (e *Emulator) tickLocked(full bool) {
	now := e.clock.Now()
	for id, p := range e.timed {
		if !now.Before(p.closeAt) {
			delete(e.timed, id)
			e.closePollLocked(p)
		}
	}
	if !full {
		return
	}
	for _, b := range e.bots {
		b.expireLocked(now)
		b.trimSentLocked(now.Add(-e.cfg.MessageRetention))
		for id, a := range b.actions {
			if !now.Before(a.until) {
				delete(b.actions, id)
			}
		}
	}
	old := now.Add(-e.cfg.MessageRetention)
	for id, c := range e.chats {
		e.forgetOldLocked(c, old)
		if len(c.msgs) == 0 && len(c.memberIDs()) > 0 && !c.anyMember(now) {
			e.dropGroupLocked(id, c) // everyone left and nothing is retained
		}
	}
	for k, c := range e.privates {
		e.forgetOldLocked(c, old)
		if len(c.msgs) == 0 && len(c.pinned) == 0 {
			e.dormant[k] = dormantChat{nextID: c.nextID, started: c.started, blocked: c.blocked}
			delete(e.privates, k)
		}
	}
	for id, q := range e.callbacks {
		if !q.at.After(old) {
			delete(e.callbacks, id)
		}
	}
}

// dropGroupLocked forgets a group, supergroup or channel nobody is in any
// more: its @username and invite links go with it.
func (e *Emulator) dropGroupLocked(id int64, c *chat) {
	delete(e.chats, id)
	if name, ok := c.c.Username.Get(); ok {
		delete(e.usernames, strings.ToLower(name))
	}
	for _, l := range c.inviteLinks {
		delete(e.links, l)
	}
	for pid, ps := range e.polls {
		if ps.chat == c {
			delete(e.polls, pid)
			delete(e.timed, pid)
		}
	}
}

// privateChatLocked returns the private chat of k, waking a dormant one;
// nil when the user never wrote to the bot.
func (e *Emulator) privateChatLocked(k privKey) *chat {
	if c := e.privates[k]; c != nil {
		return c
	}
	d, ok := e.dormant[k]
	u := e.users[k.user]
	if !ok || u == nil {
		return nil
	}
	delete(e.dormant, k)
	c := newChat(botapi.Chat{ID: k.user, Type: botapi.ChatTypePrivate, FirstName: botapi.Some(u.FirstName),
		LastName: u.LastName, Username: u.Username})
	c.bot, c.user = k.bot, k.user
	c.nextID, c.started, c.blocked = d.nextID, d.started, d.blocked
	e.privates[k] = c
	return c
}

// now returns the clock's time.
func (e *Emulator) now() time.Time { return e.clock.Now() }

func (e *Emulator) seq() int64 { e.nextSeq++; return e.nextSeq }

// userLocked is the user with id, or the 400 "user not found".
func (e *Emulator) userLocked(id int64) (*botapi.User, error) {
	u := e.users[id]
	if u == nil {
		return nil, errUserNotFound
	}
	return u, nil
}

// user is the user with id, nil when there is none (under the lock: a
// method formats its text before it opens).
func (e *Emulator) user(id int64) *botapi.User {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.users[id]
}

// sortIDs sorts ids by less.
func sortIDs(ids []int64, less func(a, b int64) bool) {
	sort.Slice(ids, func(i, j int) bool { return less(ids[i], ids[j]) })
}

// itoa writes n in decimal.
func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// ---------------------------------------------------------------- errors

// The spec gives no catalogue of error texts (Errors, rule 4); the emulator
// uses the reference server's wording where it is well known, so that bots
// matching on descriptions behave as they would in production.

func bad(msg string) error { return &botapi.Error{Code: 400, Description: "Bad Request: " + msg} }

func forbidden(msg string) error { return &botapi.Error{Code: 403, Description: "Forbidden: " + msg} }

func conflict(msg string) error { return &botapi.Error{Code: 409, Description: "Conflict: " + msg} }

func tooMany(wait time.Duration) error {
	s := int((wait + time.Second - 1) / time.Second)
	if s < 1 {
		s = 1
	}
	return &botapi.Error{Code: 429, Description: "Too Many Requests: retry after " + strconv.Itoa(s), RetryAfter: s}
}

var (
	errChatNotFound    = bad("chat not found")
	errUserNotFound    = bad("user not found")
	errMessageNotFound = bad("message to edit not found")
	errCantEdit        = bad("message can't be edited")
	errNotEnoughRights = bad("not enough rights")
	errInlineMessage   = bad("MESSAGE_ID_INVALID") // the emulator has no inline mode, so no inline message exists
)
