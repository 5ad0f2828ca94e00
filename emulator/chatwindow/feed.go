package chatwindow

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// The feed: what changed, as server-sent events. A worker reads, through
// the control API, what the users with an open window see (their chat
// list, the recent messages of each chat, the users, the clock, the
// answers to their button presses) whenever the emulator signals a change
// (Emulator.Changed) and at least once a second, and turns the
// differences into events. Each event has an id; the last bufferSize are
// kept, so a page that reconnects (EventSource sends Last-Event-ID) gets
// what it missed, and one that missed more gets a "reset" event and
// reloads.

const (
	// bufferSize is how many events are kept for replay.
	bufferSize = 1024
	// liveWindow is how many of a chat's most recent messages the feed
	// follows (edits, votes, deletions of older ones show when the chat
	// is opened again).
	liveWindow = 500
	// keepView is how long a user's view is kept after their last window
	// closed, so a reconnection replays instead of resetting.
	keepView = 10 * time.Minute
	// maxStreams bounds the open event streams.
	maxStreams = 32
	// answerWait is how long a button press waits for the bot's answer.
	answerWait = 30 * time.Second
)

type event struct {
	id   int64
	user int64 // 0: for every user
	kind string
	data []byte
}

// view is what a user's window was last shown.
type view struct {
	chats    uint64
	msgs     map[string]map[int64]uint64 // chat key -> message id -> hash of its JSON
	streams  int
	lastSeen time.Time
}

type feed struct {
	w    *Window
	stop chan struct{}
	wake chan struct{}
	once sync.Once

	scanMu sync.Mutex // one scan at a time

	mu      sync.Mutex
	buf     []event
	next    int64
	notify  chan struct{} // closed when an event is added
	views   map[int64]*view
	pending map[string]time.Time // callback queries awaiting the bot's answer
	users   uint64
	clock   int64 // emulator seconds minus wall seconds at the last clock event
	streams int
}

func newFeed(w *Window) *feed {
	f := &feed{w: w, stop: make(chan struct{}), wake: make(chan struct{}, 1), notify: make(chan struct{}),
		views: map[int64]*view{}, pending: map[string]time.Time{}, next: 1}
	go f.run()
	return f
}

func (f *feed) close() { f.once.Do(func() { close(f.stop) }) }

func (f *feed) run() {
	for {
		changed := f.w.emu.Changed()
		f.scan()
		select {
		case <-f.stop:
			return
		case <-changed:
		case <-f.wake:
		case <-time.After(time.Second):
		}
	}
}

func (f *feed) poke() {
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

func (f *feed) awaitAnswer(id string) {
	f.mu.Lock()
	f.pending[id] = time.Now()
	f.mu.Unlock()
	f.poke()
}

func (f *feed) emit(user int64, kind string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.buf = append(f.buf, event{id: f.next, user: user, kind: kind, data: data})
	f.next++
	if len(f.buf) > bufferSize {
		f.buf = append(f.buf[:0:0], f.buf[len(f.buf)-bufferSize:]...)
	}
	close(f.notify)
	f.notify = make(chan struct{})
}

func hash(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// chatRef is a chat entry of the control API's chats action, as the feed
// needs it.
type chatRef struct {
	BotID       int64           `json:"bot_id"`
	ChatID      int64           `json:"chat_id"`
	LastMessage json.RawMessage `json:"last_message"`
}

func (c chatRef) key() string {
	if c.BotID != 0 {
		return "b" + strconv.FormatInt(c.BotID, 10)
	}
	return "c" + strconv.FormatInt(c.ChatID, 10)
}

func (c chatRef) where(user int64) map[string]int64 {
	if c.BotID != 0 {
		return map[string]int64{"user_id": user, "bot_id": c.BotID, "limit": liveWindow}
	}
	return map[string]int64{"user_id": user, "chat_id": c.ChatID, "limit": liveWindow}
}

type historyEntry struct {
	Message struct {
		MessageID int64 `json:"message_id"`
	} `json:"message"`
}

// scan reads what the watched users see and emits the differences.
func (f *feed) scan() {
	f.scanMu.Lock()
	defer f.scanMu.Unlock()
	f.mu.Lock()
	users := make([]int64, 0, len(f.views))
	for u, v := range f.views {
		if v.streams == 0 && time.Since(v.lastSeen) > keepView {
			delete(f.views, u)
			continue
		}
		users = append(users, u)
	}
	pending := make([]string, 0, len(f.pending))
	for id, at := range f.pending {
		if time.Since(at) > answerWait {
			delete(f.pending, id)
			continue
		}
		pending = append(pending, id)
	}
	f.mu.Unlock()
	if len(users) == 0 && len(pending) == 0 {
		return
	}
	for _, u := range users {
		f.scanUser(u, true)
	}
	var all []json.RawMessage
	if f.w.read("users", nil, &all) {
		b, _ := json.Marshal(all)
		if h := hash(b); h != f.users {
			f.users = h
			f.emit(0, "users", all)
		}
	}
	var now int64
	if f.w.read("now", nil, &now) {
		if off := now - time.Now().Unix(); off < f.clock-1 || off > f.clock+1 {
			f.clock = off
			f.emit(0, "clock", map[string]int64{"now": now})
		}
	}
	for _, id := range pending {
		var a struct {
			Answered bool `json:"answered"`
		}
		var raw json.RawMessage
		if f.w.read("callback_answer", map[string]string{"callback_query_id": id}, &raw) && json.Unmarshal(raw, &a) == nil && a.Answered {
			f.mu.Lock()
			delete(f.pending, id)
			f.mu.Unlock()
			f.emit(0, "answer", map[string]any{"callback_query_id": id, "answer": raw})
		}
	}
}

// scanUser compares what user sees with their view; emitting false takes
// the first view silently.
func (f *feed) scanUser(user int64, emitting bool) {
	var chats []json.RawMessage
	if !f.w.read("chats", map[string]int64{"user_id": user}, &chats) {
		return
	}
	f.mu.Lock()
	v := f.views[user]
	f.mu.Unlock()
	if v == nil {
		return
	}
	list, _ := json.Marshal(chats)
	if h := hash(list); h != v.chats {
		v.chats = h
		if emitting {
			f.emit(user, "chats", map[string]any{"user_id": user, "chats": chats})
		}
	}
	seen := map[string]bool{}
	for _, raw := range chats {
		var c chatRef
		if json.Unmarshal(raw, &c) != nil || len(c.LastMessage) == 0 || string(c.LastMessage) == "null" {
			continue
		}
		key := c.key()
		seen[key] = true
		var hist []json.RawMessage
		if !f.w.read("history", c.where(user), &hist) {
			continue
		}
		old := v.msgs[key]
		now := make(map[int64]uint64, len(hist))
		var first int64
		for i, raw := range hist {
			var e historyEntry
			if json.Unmarshal(raw, &e) != nil {
				continue
			}
			id := e.Message.MessageID
			if i == 0 {
				first = id
			}
			h := hash(raw)
			now[id] = h
			if emitting && old[id] != h {
				f.emit(user, "message", map[string]any{"user_id": user, "chat": key, "entry": raw})
			}
		}
		for id := range old {
			if _, ok := now[id]; !ok && id >= first && emitting {
				f.emit(user, "delete", map[string]any{"user_id": user, "chat": key, "message_id": id})
			}
		}
		v.msgs[key] = now
	}
	for key := range v.msgs {
		if !seen[key] {
			delete(v.msgs, key)
		}
	}
}

// serveEvents streams the events of one user's window
// (/chat/events?user_id=N) as server-sent events.
func (f *feed) serveEvents(rw http.ResponseWriter, r *http.Request) {
	user, err := strconv.ParseInt(r.URL.Query().Get("user_id"), 10, 64)
	if err != nil || user <= 0 {
		http.Error(rw, "give user_id: the user whose window this is", http.StatusBadRequest)
		return
	}
	last, resume := int64(0), false
	if s := r.Header.Get("Last-Event-ID"); s != "" {
		last, err = strconv.ParseInt(s, 10, 64)
		resume = err == nil
	}
	f.mu.Lock()
	if f.streams >= maxStreams {
		f.mu.Unlock()
		http.Error(rw, "too many open chat windows", http.StatusServiceUnavailable)
		return
	}
	f.streams++
	v := f.views[user]
	fresh := v == nil
	if fresh {
		v = &view{msgs: map[string]map[int64]uint64{}}
		f.views[user] = v
	}
	v.streams++
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.streams--
		v.streams--
		v.lastSeen = time.Now()
		f.mu.Unlock()
	}()
	if fresh {
		f.scanMu.Lock()
		f.scanUser(user, false) // what the page is about to load is the view
		f.scanMu.Unlock()
	}
	rc := http.NewResponseController(rw)
	// A stream outlives the server's timeouts (a read deadline left in
	// place would end it: the server cancels a request whose connection
	// fails to read).
	rc.SetWriteDeadline(time.Time{})
	rc.SetReadDeadline(time.Time{})
	h := rw.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	rw.WriteHeader(http.StatusOK)

	f.mu.Lock()
	switch {
	case !resume:
		last = f.next - 1
		fmt.Fprintf(rw, "id: %d\nevent: hello\ndata: {}\n\n", last)
	case fresh || len(f.buf) > 0 && last < f.buf[0].id-1 || last >= f.next:
		// Missed more than the buffer holds (or a view this emulator
		// never had): the page reloads.
		last = f.next - 1
		fmt.Fprintf(rw, "id: %d\nevent: reset\ndata: {}\n\n", last)
	}
	f.mu.Unlock()
	rc.Flush()
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		f.mu.Lock()
		var out []event
		if len(f.buf) > 0 && f.buf[0].id > last+1 {
			// This stream fell behind by more than the buffer holds.
			out = append(out, event{id: f.next - 1, kind: "reset", data: []byte("{}")})
			last = f.next - 1
		}
		for _, e := range f.buf {
			if e.id > last && (e.user == 0 || e.user == user) {
				out = append(out, e)
			}
		}
		if len(f.buf) > 0 && f.buf[len(f.buf)-1].id > last {
			last = f.buf[len(f.buf)-1].id
		}
		wait := f.notify
		f.mu.Unlock()
		for _, e := range out {
			if _, err := fmt.Fprintf(rw, "id: %d\nevent: %s\ndata: %s\n\n", e.id, e.kind, e.data); err != nil {
				return
			}
		}
		if len(out) > 0 {
			if rc.Flush() != nil {
				return
			}
		}
		select {
		case <-r.Context().Done():
			return
		case <-f.stop:
			return
		case <-wait:
		case <-keepAlive.C:
			if _, err := fmt.Fprint(rw, ": keep-alive\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		}
	}
}
