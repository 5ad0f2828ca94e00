package dispatchtest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

// TestOrderPerChat: updates of one chat are handled in order although
// several chats are handled in parallel; afterwards everything handled is
// confirmed.
func TestOrderPerChat(t *testing.T) {
	const chats, per = 6, 40
	var us []botapi.Update
	id := int64(1)
	for i := 0; i < per; i++ {
		for c := int64(1); c <= chats; c++ {
			us = append(us, text(t, id, c, strings.Repeat("x", i)))
			id++
		}
	}
	svc, client := newService(t, us...)
	var mu sync.Mutex
	seen := map[int64][]int{}
	var running, maxRunning atomic.Int32
	all := make(chan struct{})
	var count atomic.Int32
	r := botapi.NewRouter(botapi.DispatchWorkers(4))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		n := running.Add(1)
		for {
			old := maxRunning.Load()
			if n <= old || maxRunning.CompareAndSwap(old, n) {
				break
			}
		}
		runtime.Gosched()
		mu.Lock()
		seen[m.Chat.ID] = append(seen[m.Chat.ID], len(m.Text.Value()))
		mu.Unlock()
		running.Add(-1)
		if count.Add(1) == chats*per {
			close(all)
		}
		return nil
	})
	stop := runPoll(t, r, client)
	wait(t, all, "every update")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	for c, got := range seen {
		for i, n := range got {
			if n != i {
				t.Fatalf("chat %d: handled out of order: %v", c, got)
			}
		}
	}
	if m := maxRunning.Load(); m > 4 {
		t.Errorf("%d handlers ran at once with 4 workers", m)
	}
	if _, confirmed := svc.state(); confirmed != id {
		t.Errorf("confirmed offset %d, want %d", confirmed, id)
	}
}

// TestBlockedChatDoesNotStopOthers: chat 1's handler waits for chat 2's
// update to be handled, which can only happen in parallel.
func TestBlockedChatDoesNotStopOthers(t *testing.T) {
	_, client := newService(t, text(t, 1, 1, "a"), text(t, 2, 1, "b"), text(t, 3, 2, "c"))
	chat2 := make(chan struct{})
	done := make(chan struct{})
	var order []string
	var mu sync.Mutex
	r := botapi.NewRouter()
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		if m.Chat.ID == 1 && m.Text.Value() == "a" {
			wait(t, chat2, "chat 2 while chat 1 blocks")
		}
		mu.Lock()
		order = append(order, m.Text.Value())
		n := len(order)
		mu.Unlock()
		if m.Chat.ID == 2 {
			close(chat2)
		}
		if n == 3 {
			close(done)
		}
		return nil
	})
	stop := runPoll(t, r, client)
	wait(t, done, "all three updates")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(order, "") != "cab" {
		t.Errorf("order %v, want c (chat 2) then a, b (chat 1 in order)", order)
	}
}

// TestPanickingHandler: Recover turns the panic into an error for
// DispatchOnError and the next update is handled.
func TestPanickingHandler(t *testing.T) {
	_, client := newService(t, text(t, 1, 1, "boom"), text(t, 2, 1, "fine"))
	errs := make(chan error, 4)
	done := make(chan struct{})
	r := botapi.NewRouter(botapi.DispatchOnError(func(ctx context.Context, err error) { errs <- err }))
	r.Use(botapi.Recover())
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		if m.Text.Value() == "boom" {
			panic("boom")
		}
		close(done)
		return nil
	})
	stop := runPoll(t, r, client)
	wait(t, done, "the update after the panic")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	err := <-errs
	var pe *botapi.PanicError
	var de *botapi.DispatchError
	if !errors.As(err, &pe) || pe.Value != "boom" || len(pe.Stack) == 0 || !errors.As(err, &de) || de.UpdateID != 1 || de.Kind != botapi.UpdateTypeMessage {
		t.Fatalf("error %v (%T), want a *PanicError for update 1 inside a *DispatchError", err, err)
	}
}

// TestShutdownConfirmsHandled: Poll stops fetching when its context ends,
// finishes the handler in flight and the queued updates, and confirms
// exactly those; no request before confirmed an update whose handler had
// not returned.
func TestShutdownConfirmsHandled(t *testing.T) {
	svc, client := newService(t, text(t, 1, 1, "slow"), text(t, 2, 1, "b"), text(t, 3, 1, "c"))
	started, release := make(chan struct{}), make(chan struct{})
	var mu sync.Mutex
	var handled []int64
	r := botapi.NewRouter()
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		if m.Text.Value() == "slow" {
			close(started)
			<-release
		}
		mu.Lock()
		handled = append(handled, m.MessageID-500)
		mu.Unlock()
		return nil
	})
	stop := runPoll(t, r, client)
	wait(t, started, "the slow handler")
	svc.push(text(t, 4, 2, "late")) // fetched or not: confirmed only if handled
	errc := make(chan error, 1)
	go func() { errc <- stop() }()
	offsets, _ := svc.state()
	for _, o := range offsets {
		if o > 1 {
			t.Fatalf("offset %d sent while update 1 was in flight (offsets %v)", o, offsets)
		}
	}
	close(release)
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	_, confirmed := svc.state()
	max := int64(0)
	for i, id := range handled {
		if id > max {
			max = id
		}
		if i < 3 && id != int64(i+1) {
			t.Fatalf("handled %v, want 1, 2, 3 in order first", handled)
		}
	}
	if confirmed != max+1 || len(handled) != int(max) {
		t.Errorf("handled %v, confirmed offset %d: want exactly the handled updates confirmed", handled, confirmed)
	}
}

// TestShutdownTimeoutConfirmsOnlyHandled: when the shutdown timeout
// expires, the queued update is dropped, the running handler's context is
// cancelled, and the last confirmation stops below the dropped update.
func TestShutdownTimeoutConfirmsOnlyHandled(t *testing.T) {
	svc, client := newService(t, text(t, 1, 1, "stuck"), text(t, 2, 1, "queued"), text(t, 3, 2, "other"))
	started, other := make(chan struct{}), make(chan struct{})
	var mu sync.Mutex
	handled := map[string]bool{}
	r := botapi.NewRouter(botapi.DispatchShutdownTimeout(1))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		switch m.Text.Value() {
		case "stuck":
			close(started)
			<-ctx.Done() // returns only when the shutdown gives up
		case "other":
			close(other)
		}
		mu.Lock()
		handled[m.Text.Value()] = true
		mu.Unlock()
		return nil
	})
	stop := runPoll(t, r, client)
	wait(t, started, "the stuck handler")
	wait(t, other, "the other chat")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if handled["queued"] || !handled["stuck"] || !handled["other"] {
		t.Errorf("handled %v, want stuck and other, not queued", handled)
	}
	if _, confirmed := svc.state(); confirmed != 2 {
		t.Errorf("confirmed offset %d, want 2 (update 2 was never handled)", confirmed)
	}
}

// TestCommands: /cmd@otherbot is ignored, /cmd@thisbot and /cmd are
// routed; the arguments are split off.
func TestCommands(t *testing.T) {
	r := botapi.NewRouter(botapi.DispatchBotUsername("quizbot"))
	var got []string
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		c, _ := m.Command()
		got = append(got, c.Name+"("+c.Args+")")
		return nil
	}, botapi.Command("start", "help"))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		got = append(got, "other:"+m.Text.Value())
		return nil
	})
	for i, s := range []string{"/start", "/start@otherbot x", "/start@QuizBot deep link", "/help\targ", "/stop", "hello /start"} {
		u := text(t, int64(i+1), 1, s)
		if err := r.Dispatch(context.Background(), &u); err != nil {
			t.Fatal(err)
		}
	}
	want := "start() other:/start@otherbot x start(deep link) help(arg) other:/stop other:hello /start"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
}

// TestUsernameFromService: without DispatchBotUsername, Poll asks getMe.
func TestUsernameFromService(t *testing.T) {
	_, client := newService(t, text(t, 1, 1, "/start@otherbot"), text(t, 2, 1, "/start@quizbot"))
	done := make(chan struct{})
	var got []string
	r := botapi.NewRouter()
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		got = append(got, m.Text.Value()+" as "+botapi.BotUsername(ctx))
		close(done)
		return nil
	}, botapi.Command("start"))
	stop := runPoll(t, r, client)
	wait(t, done, "the command")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != "/start@quizbot as quizbot" {
		t.Errorf("got %v", got)
	}
}

// TestUnknownKind: a kind newer than the package reaches OnUnknown with
// its name and JSON; known kinds do not.
func TestUnknownKind(t *testing.T) {
	r := botapi.NewRouter()
	var got []string
	r.OnUnknown(func(ctx context.Context, kind string, raw []byte) error {
		got = append(got, kind+"="+string(raw))
		return nil
	})
	for _, js := range []string{
		`{"update_id":1,"chat_boost":{"chat":{"id":5},"boost":{"id":"b"}}}`,
		`{"update_id":2,"message":{"message_id":1,"date":1,"chat":{"id":1,"type":"private"}}}`,
	} {
		u := decode(t, js)
		if err := r.Dispatch(context.Background(), &u); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 1 || got[0] != `chat_boost={"chat":{"id":5},"boost":{"id":"b"}}` {
		t.Errorf("got %v", got)
	}
}

// TestFiltersAndGroups: And/Or/Not, content and chat filters, a group with
// its own middleware, fall-through after a group.
func TestFiltersAndGroups(t *testing.T) {
	r := botapi.NewRouter()
	var got []string
	note := func(s string) func(context.Context, *botapi.Message) error {
		return func(context.Context, *botapi.Message) error { got = append(got, s); return nil }
	}
	var groupMW int
	g := r.Group(botapi.ChatTypeIs(botapi.ChatTypeGroup, botapi.ChatTypeSupergroup))
	g.Use(func(next botapi.Handler) botapi.Handler {
		return func(ctx context.Context, u *botapi.Update) error { groupMW++; return next(ctx, u) }
	})
	g.OnMessage(note("group-hi"), botapi.TextEqual("hi"))
	r.OnMessage(note("re"), botapi.And(botapi.TextRegexp(regexp.MustCompile(`^\d+$`)), botapi.Not(botapi.TextPrefix("0"))))
	r.OnMessage(note("any-or"), botapi.Or(botapi.TextPrefix("a"), func(_ context.Context, m *botapi.Message) bool { return m.From != nil && m.From.ID == 7 }))
	r.OnCallbackQuery(func(ctx context.Context, q *botapi.CallbackQuery) error {
		got = append(got, "cb:"+q.Data.Value())
		return nil
	}, botapi.DataPrefix("quiz:"))
	for i, js := range []string{
		`{"update_id":1,"message":{"message_id":1,"date":1,"chat":{"id":-5,"type":"group"},"text":"hi"}}`,
		`{"update_id":2,"message":{"message_id":1,"date":1,"chat":{"id":-5,"type":"group"},"text":"ab"}}`,
		`{"update_id":3,"message":{"message_id":1,"date":1,"chat":{"id":5,"type":"private"},"text":"hi"}}`,
		`{"update_id":4,"message":{"message_id":1,"date":1,"chat":{"id":5,"type":"private"},"text":"123"}}`,
		`{"update_id":5,"message":{"message_id":1,"date":1,"chat":{"id":5,"type":"private"},"text":"0123"}}`,
		`{"update_id":6,"message":{"message_id":1,"date":1,"chat":{"id":7,"type":"private"},"from":{"id":7,"is_bot":false,"first_name":"S"},"text":"zz"}}`,
		`{"update_id":7,"callback_query":{"id":"q","from":{"id":7,"is_bot":false,"first_name":"S"},"chat_instance":"c","data":"quiz:2"}}`,
		`{"update_id":8,"callback_query":{"id":"q","from":{"id":7,"is_bot":false,"first_name":"S"},"chat_instance":"c","data":"other"}}`,
	} {
		u := decode(t, js)
		if err := r.Dispatch(context.Background(), &u); err != nil {
			t.Fatalf("update %d: %v", i+1, err)
		}
	}
	want := "group-hi any-or re any-or cb:quiz:2"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
	if groupMW != 1 {
		t.Errorf("group middleware ran %d times, want once", groupMW)
	}
}

// TestWebhookReplyAndAnswer: the first Send of a handler is the webhook's
// answer (chat_id and reply_to_message_id filled from the message); the
// next goes through the Client; CallbackQuery.Answer fills the query id.
func TestWebhookReplyAndAnswer(t *testing.T) {
	svc, client := newService(t)
	r := botapi.NewRouter(botapi.DispatchBotUsername("quizbot"))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		if err := m.Reply(ctx, &botapi.SendMessageParams{Text: "first"}); err != nil {
			return err
		}
		return m.Reply(ctx, &botapi.SendMessageParams{Text: "second"})
	}, botapi.Command("start"))
	r.OnCallbackQuery(func(ctx context.Context, q *botapi.CallbackQuery) error {
		return q.Answer(ctx, &botapi.AnswerCallbackQueryParams{Text: botapi.Some("ok")})
	})
	h := r.Webhook(client)
	post := func(js string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/hook", strings.NewReader(js)))
		if rec.Code != http.StatusOK {
			t.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
		b, _ := io.ReadAll(rec.Body)
		return string(bytes.TrimSpace(b))
	}
	got := post(`{"update_id":1,"message":{"message_id":42,"date":1,"chat":{"id":-100,"type":"group"},"text":"/start@quizbot","entities":[{"type":"bot_command","offset":0,"length":14}]}}`)
	if got != `{"method":"sendMessage","chat_id":-100,"text":"first","reply_to_message_id":42}` {
		t.Errorf("webhook answer %s", got)
	}
	if len(svc.sent) != 1 || svc.sent[0].Text != "second" || svc.sent[0].ReplyToMessageID.Value() != 42 {
		t.Errorf("sent through the client: %+v", svc.sent)
	}
	got = post(`{"update_id":2,"callback_query":{"id":"cbq-1","from":{"id":7,"is_bot":false,"first_name":"S"},"chat_instance":"c","data":"x"}}`)
	if got != `{"method":"answerCallbackQuery","callback_query_id":"cbq-1","text":"ok"}` {
		t.Errorf("webhook answer %s", got)
	}
}

// TestSendOutsideHandler: Send needs a dispatcher's context.
func TestSendOutsideHandler(t *testing.T) {
	m := &botapi.Message{Chat: botapi.Chat{ID: 1}}
	if err := m.Reply(context.Background(), &botapi.SendMessageParams{Text: "x"}); err == nil {
		t.Fatal("no error")
	}
}

// TestIdentifiersRestart: after a long pause the service may restart
// update identifiers below the offset; such updates are new, not repeats.
func TestIdentifiersRestart(t *testing.T) {
	svc, client := newService(t, text(t, 100, 1, "a"), text(t, 101, 1, "b"))
	svc.restarted = []botapi.Update{text(t, 5, 1, "c")}
	done := make(chan struct{})
	var got []string
	r := botapi.NewRouter()
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		got = append(got, m.Text.Value())
		if len(got) == 3 {
			close(done)
		}
		return nil
	})
	stop := runPoll(t, r, client)
	wait(t, done, "the update after the restart")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "") != "abc" {
		t.Errorf("handled %v", got)
	}
}
