package dispatchtest

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf16"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// service is a fake Bot API behind the generated server stubs: getUpdates
// hands out queued updates from the offset on (long polling when there are
// none) and records every offset, which confirms the updates below it.
type service struct {
	botapiserver.Unimplemented
	mu        sync.Mutex
	queue     []botapi.Update
	offsets   []int64
	confirmed int64 // highest offset sent
	more      chan struct{}
	restarted []botapi.Update // returned once whatever the offset: ids restarted
	sent      []botapi.SendMessageParams
	answered  []botapi.AnswerCallbackQueryParams
	meFails   int // getMe answers meCode (default 500) this many times first
	meCode    int
	meCalls   int
	url       string
	hookFails int // setWebhook answers 502 this many times first
	hooks     []string
}

func (s *service) SetWebhook(ctx context.Context, p *botapi.SetWebhookParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hookFails > 0 {
		s.hookFails--
		return &botapi.Error{Code: 502, Description: "Bad Gateway"}
	}
	s.hooks = append(s.hooks, p.URL)
	return nil
}

func newService(t *testing.T, updates ...botapi.Update) (*service, *botapi.Client) {
	s := &service{queue: updates, more: make(chan struct{})}
	return s, botapi.NewClient("123:abc", botapi.WithBaseURL(clientURL(t, s)))
}

// clientURL serves s over loopback (once per service).
func clientURL(t *testing.T, s *service) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.url == "" {
		srv := httptest.NewServer(botapiserver.NewServer(s))
		t.Cleanup(srv.Close)
		s.url = srv.URL
	}
	return s.url
}

func (s *service) GetMe(ctx context.Context) (*botapi.User, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.meCalls++
	if s.meCalls <= s.meFails {
		code := s.meCode
		if code == 0 {
			code = 500
		}
		return nil, &botapi.Error{Code: code, Description: "failing on purpose"}
	}
	return &botapi.User{ID: 99, IsBot: true, FirstName: "Quiz", Username: botapi.Some("quizbot")}, nil
}

func (s *service) GetUpdates(ctx context.Context, p *botapi.GetUpdatesParams) ([]botapi.Update, error) {
	for {
		s.mu.Lock()
		off := p.Offset.Value()
		s.offsets = append(s.offsets, off)
		if off > s.confirmed {
			s.confirmed = off
		}
		var out []botapi.Update
		for _, u := range s.queue {
			if u.UpdateID >= off && len(out) < p.Limit.Or(100) {
				out = append(out, u)
			}
		}
		if len(out) == 0 && len(s.restarted) > 0 && off > 0 {
			out, s.queue, s.restarted = s.restarted, s.restarted, nil
		}
		more := s.more
		s.mu.Unlock()
		if len(out) > 0 || p.Timeout.Value() == 0 {
			return out, nil
		}
		select {
		case <-more:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// push adds updates and wakes long polls.
func (s *service) push(us ...botapi.Update) {
	s.mu.Lock()
	s.queue = append(s.queue, us...)
	close(s.more)
	s.more = make(chan struct{})
	s.mu.Unlock()
}

func (s *service) SendMessage(ctx context.Context, p *botapi.SendMessageParams) (*botapi.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, *p)
	id, _ := p.ChatID.AsInteger64()
	return &botapi.Message{MessageID: 1000, Chat: botapi.Chat{ID: id, Type: botapi.ChatTypePrivate}}, nil
}

func (s *service) AnswerCallbackQuery(ctx context.Context, p *botapi.AnswerCallbackQueryParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answered = append(s.answered, *p)
	return nil
}

func (s *service) state() (offsets []int64, confirmed int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]int64(nil), s.offsets...), s.confirmed
}

func decode(t testing.TB, js string) botapi.Update {
	t.Helper()
	var u botapi.Update
	if err := u.UnmarshalJSON([]byte(js)); err != nil {
		t.Fatal(err)
	}
	return u
}

// text is a text message update in chat (a private chat with the user of
// the same id).
func text(t testing.TB, id, chat int64, s string) botapi.Update {
	return decode(t, fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"date":1,"chat":{"id":%d,"type":"private"},"from":{"id":%d,"is_bot":false,"first_name":"U"},"text":%q%s}}`, id, id+500, chat, chat, s, commandEntity(s)))
}

// commandEntity is the entities member the service adds to a text that
// starts with a command: a bot_command entity over "/name@bot", its length
// in UTF-16 code units.
func commandEntity(s string) string {
	if !strings.HasPrefix(s, "/") {
		return ""
	}
	end := strings.IndexFunc(s, unicode.IsSpace)
	if end < 0 {
		end = len(s)
	}
	return fmt.Sprintf(`,"entities":[{"type":"bot_command","offset":0,"length":%d}]`, len(utf16.Encode([]rune(s[:end]))))
}

// wait fails the test when ch is not closed in generous time: a guard
// against a deadlock, not a measurement.
func wait(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(20 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}

// runPoll starts r.Poll and returns a stop function that cancels it and
// returns its error.
func runPoll(t *testing.T, r *botapi.Router, c *botapi.Client) func() error {
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- r.Poll(ctx, c, &botapi.GetUpdatesParams{Timeout: botapi.Some(30)}) }()
	return func() error {
		cancel()
		select {
		case err := <-errc:
			return err
		case <-time.After(20 * time.Second):
			t.Fatal("Poll did not return after its context ended")
			return nil
		}
	}
}
