package dispatchtest

// Issue 32, "A bot never stops": one update the dispatcher cannot decode
// costs that update alone, through Poll and through Webhook.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

// rawService answers getUpdates from fixed raw JSON updates (which the
// typed service cannot send: their fields have the wrong type), from the
// offset on, and records the highest offset asked for.
type rawService struct {
	mu        sync.Mutex
	updates   []string // JSON objects with update_id 1, 2, ...
	confirmed int64
	// oneAtATime answers with the first pending update only, as the
	// service does when the next one arrives after the answer.
	oneAtATime bool
	served     map[int]int // update index -> answers that held it
}

func (s *rawService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasSuffix(r.URL.Path, "/getUpdates") {
		http.Error(w, `{"ok":false,"error_code":404,"description":"Not Found"}`, 404)
		return
	}
	var p struct {
		Offset  int64 `json:"offset"`
		Timeout int   `json:"timeout"`
	}
	body, _ := io.ReadAll(r.Body)
	json.Unmarshal(body, &p)
	s.mu.Lock()
	s.confirmed = max(s.confirmed, p.Offset)
	var out []string
	for i, u := range s.updates {
		if int64(i+1) >= p.Offset && (len(out) == 0 || !s.oneAtATime) {
			out = append(out, u)
			if s.served == nil {
				s.served = map[int]int{}
			}
			s.served[i]++
		}
	}
	s.mu.Unlock()
	if len(out) == 0 && p.Timeout > 0 {
		<-r.Context().Done() // long poll until Poll stops
		return
	}
	fmt.Fprintf(w, `{"ok":true,"result":[%s]}`, strings.Join(out, ","))
}

func rawText(id, chat int64, text string) string {
	return fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"date":1,"chat":{"id":%d,"type":"private"},"text":%s}}`, id, id+500, chat, text)
}

func TestUndecodableUpdateAmongNThroughPoll(t *testing.T) {
	svc := &rawService{updates: []string{
		rawText(1, 1, `{"weird":true}`), // a field whose type changed
		rawText(2, 1, `"a"`),
		rawText(3, 2, `"b"`),
		rawText(4, 1, `"c"`),
	}}
	srv := httptest.NewServer(svc)
	t.Cleanup(srv.Close)
	client := botapi.NewClient("123:abc", botapi.WithBaseURL(srv.URL))
	var mu sync.Mutex
	perChat := map[int64][]string{}
	var bad []*botapi.ItemDecodeError
	all := make(chan struct{})
	handled := 0
	r := botapi.NewRouter(botapi.DispatchBotUsername("quizbot"),
		botapi.DispatchOnUndecodable(func(ctx context.Context, e *botapi.ItemDecodeError) {
			mu.Lock()
			bad = append(bad, e)
			mu.Unlock()
		}))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		mu.Lock()
		defer mu.Unlock()
		perChat[m.Chat.ID] = append(perChat[m.Chat.ID], m.Text.Value())
		if handled++; handled == 3 {
			close(all)
		}
		return nil
	})
	stop := runPoll(t, r, client)
	wait(t, all, "the three decodable updates")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(perChat) != "map[1:[a c] 2:[b]]" {
		t.Errorf("handled %v, want every decodable update, in order per chat", perChat)
	}
	if len(bad) != 1 || bad[0].ID != 1 || string(bad[0].Raw) != svc.updates[0] || !strings.Contains(bad[0].Err.Error(), "text") {
		t.Fatalf("reported %v, want update 1 with its raw JSON", bad)
	}
	if svc.confirmed != 5 {
		t.Errorf("confirmed offset %d, want 5 (past the bad update and the handled ones)", svc.confirmed)
	}
}

func TestUndecodableUpdateThroughRouterWebhook(t *testing.T) {
	var handled []int64
	var bad []int64
	r := botapi.NewRouter(botapi.DispatchBotUsername("quizbot"),
		botapi.DispatchOnUndecodable(func(ctx context.Context, e *botapi.ItemDecodeError) { bad = append(bad, e.ID) }))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		handled = append(handled, m.MessageID)
		return nil
	})
	h := r.Webhook(nil)
	for _, body := range []string{rawText(1, 1, `{"weird":true}`), rawText(2, 1, `"a"`)} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/hook", strings.NewReader(body)))
		if rec.Code != http.StatusOK {
			t.Errorf("status %d for %.40s, want 200: a failure makes the service deliver it again and hold back the rest", rec.Code, body)
		}
	}
	if fmt.Sprint(bad) != "[1]" || fmt.Sprint(handled) != "[502]" {
		t.Errorf("reported %v, handled %v", bad, handled)
	}
}

// TestBatchWithOneBadUpdateThroughPoll: the received-shapes corpus's batch
// (generatedtest/types/testdata/received), whose second update does not
// decode and whose third writes a True false, through Poll.
func TestBatchWithOneBadUpdateThroughPoll(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "generatedtest", "types", "testdata", "received", "batch__one_bad_update.json"))
	if err != nil {
		t.Fatal(err)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		t.Fatal(err)
	}
	svc := &rawService{}
	for _, it := range items {
		svc.updates = append(svc.updates, string(it))
	}
	srv := httptest.NewServer(svc)
	t.Cleanup(srv.Close)
	client := botapi.NewClient("123:abc", botapi.WithBaseURL(srv.URL))
	var mu sync.Mutex
	var handled []int
	var bad []int64
	both := make(chan struct{})
	r := botapi.NewRouter(botapi.DispatchBotUsername("quizbot"),
		botapi.DispatchOnUndecodable(func(ctx context.Context, e *botapi.ItemDecodeError) {
			mu.Lock()
			defer mu.Unlock()
			bad = append(bad, e.ID)
		}))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		mu.Lock()
		defer mu.Unlock()
		if handled = append(handled, int(m.MessageID)); len(handled) == 2 {
			close(both)
		}
		return nil
	})
	stop := runPoll(t, r, client)
	wait(t, both, "the two readable updates")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(handled) != "[41 43]" || fmt.Sprint(bad) != "[2]" {
		t.Errorf("handled %v, reported %v; want [41 43] and [2]", handled, bad)
	}
	if svc.confirmed != 4 {
		t.Errorf("confirmed offset %d, want 4", svc.confirmed)
	}
}

// TestPollReportsABadUpdateOnceAtShutdown: the request that confirms the
// handled updates when Poll stops may be answered with the next update; when
// that one does not decode, it was reported there (through the client's
// hook) although Poll does not confirm it, and reported again by the next
// Poll, which receives it. The confirming request reads no update.
func TestPollReportsABadUpdateOnceAtShutdown(t *testing.T) {
	svc := &rawService{oneAtATime: true, updates: []string{
		rawText(1, 1, `"a"`),
		rawText(2, 1, `{"weird":true}`),
	}}
	srv := httptest.NewServer(svc)
	t.Cleanup(srv.Close)
	var mu sync.Mutex
	var reports []string
	reported := make(chan struct{}, 10)
	report := func(by string) func(context.Context, *botapi.ItemDecodeError) {
		return func(_ context.Context, e *botapi.ItemDecodeError) {
			mu.Lock()
			defer mu.Unlock()
			reports = append(reports, fmt.Sprintf("%s:%d", by, e.ID))
			reported <- struct{}{}
		}
	}
	client := botapi.NewClient("123:abc", botapi.WithBaseURL(srv.URL), botapi.WithUndecodableHook(report("client")))
	newRouter := func(started chan<- struct{}, release <-chan struct{}) *botapi.Router {
		r := botapi.NewRouter(botapi.DispatchBotUsername("quizbot"), botapi.DispatchOnUndecodable(report("router")))
		r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
			if started != nil {
				close(started)
				<-release
			}
			return nil
		})
		return r
	}

	// The first Poll stops while update 1 is being handled: its last
	// request confirms update 1 and is answered with update 2.
	started, release := make(chan struct{}), make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		errc <- newRouter(started, release).Poll(ctx, client, &botapi.GetUpdatesParams{Timeout: botapi.Some(30)})
	}()
	wait(t, started, "update 1's handler")
	cancel()
	close(release)
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	atShutdown := fmt.Sprint(reports)
	if len(reports) > 0 {
		reports, reported = nil, make(chan struct{}, 10)
	}
	if svc.confirmed != 2 {
		t.Fatalf("confirmed offset %d after the first Poll, want 2", svc.confirmed)
	}
	if atShutdown != "[]" {
		t.Errorf("the first Poll reported %s at shutdown, want nothing: it never received update 2 to handle, and did not confirm it", atShutdown)
	}

	// The next Poll receives update 2, reports it and confirms it.
	stop := runPoll(t, newRouter(nil, nil), client)
	wait(t, reported, "a report of update 2")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(reports) != "[router:2]" {
		t.Errorf("the next Poll reported %v, want [router:2]", reports)
	}
	if svc.confirmed != 3 {
		t.Errorf("confirmed offset %d, want 3", svc.confirmed)
	}
}

// TestPollReportsAnUpdateWithoutIDOnce: an update whose id is unreadable
// cannot be confirmed until a later one is, so the service answers it
// again with every request; Poll reported it each time, and, with nothing
// else pending, asked again at once (the service answers at once while it
// holds an update), reporting it in a tight loop.
func TestPollReportsAnUpdateWithoutIDOnce(t *testing.T) {
	svc := &rawService{updates: []string{
		rawText(1, 1, `"a"`),
		`{"update_id":null,"message":{"message_id":2,"date":1,"chat":{"id":1,"type":"private"},"text":{"weird":true}}}`,
	}}
	srv := httptest.NewServer(svc)
	t.Cleanup(srv.Close)
	client := botapi.NewClient("123:abc", botapi.WithBaseURL(srv.URL))
	var mu sync.Mutex
	var reports int
	r := botapi.NewRouter(botapi.DispatchBotUsername("quizbot"),
		botapi.DispatchOnUndecodable(func(ctx context.Context, e *botapi.ItemDecodeError) {
			mu.Lock()
			defer mu.Unlock()
			reports++
		}))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error { return nil })
	stop := runPoll(t, r, client)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		svc.mu.Lock()
		n := svc.served[1]
		svc.mu.Unlock()
		if n >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the update without an id was answered %d times in 20 s, want 3", n)
		}
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if reports != 1 {
		t.Errorf("the update without an id was reported %d times, want once", reports)
	}
}
