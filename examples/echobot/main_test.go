package main

import (
	"context"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/apigen/apigen/examples/botapi"
	"github.com/apigen/apigen/examples/botapi/botapiserver"
)

// fakeService is a tiny Bot API server behind the generated server stubs:
// it hands out queued updates by offset and records what the bot sends.
type fakeService struct {
	botapiserver.Unimplemented
	mu      sync.Mutex
	queue   []botapi.Update
	sent    []botapi.SendMessageParams
	offsets []int64
	done    chan struct{}
	once    sync.Once
}

func (s *fakeService) GetUpdates(ctx context.Context, p *botapi.GetUpdatesParams) ([]botapi.Update, error) {
	s.mu.Lock()
	off := p.Offset.Value()
	s.offsets = append(s.offsets, off)
	var out []botapi.Update
	for _, u := range s.queue {
		if u.UpdateID >= off {
			out = append(out, u)
		}
	}
	if len(out) == 0 && len(s.sent) == 2 {
		s.once.Do(func() { close(s.done) }) // the batch is confirmed and answered
	}
	s.mu.Unlock()
	if len(out) == 0 {
		<-ctx.Done() // long poll: nothing new until the bot stops
		return nil, ctx.Err()
	}
	return out, nil
}

func (s *fakeService) SendMessage(ctx context.Context, p *botapi.SendMessageParams) (*botapi.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, *p)
	id, _ := p.ChatID.AsInteger64()
	return &botapi.Message{MessageID: 100, Chat: botapi.Chat{ID: id, Type: botapi.ChatTypePrivate}}, nil
}

func update(t *testing.T, js string) botapi.Update {
	t.Helper()
	var u botapi.Update
	if err := u.UnmarshalJSON([]byte(js)); err != nil {
		t.Fatal(err)
	}
	return u
}

// TestEchoEndToEnd runs the bot's client against the generated server stubs
// over HTTP: long polling, offsets, and the replies it sends.
func TestEchoEndToEnd(t *testing.T) {
	svc := &fakeService{done: make(chan struct{}), queue: []botapi.Update{
		update(t, `{"update_id":1,"message":{"message_id":7,"date":1,"chat":{"id":-1001234567890,"type":"supergroup"},"text":"hi *there*"}}`),
		update(t, `{"update_id":2,"message":{"message_id":8,"date":2,"chat":{"id":42,"type":"private"},"sticker":{"file_id":"x"}}}`),
		update(t, `{"update_id":3,"message":{"message_id":10,"date":4,"chat":{"id":42,"type":"private"},"text":"0"}}`),
	}}
	srv := httptest.NewServer(botapiserver.NewServer(svc))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	errc := make(chan error, 1)
	go func() { errc <- run(ctx, botapi.NewClient("123:abc", botapi.WithBaseURL(srv.URL))) }()
	select {
	case <-svc.done:
	case <-ctx.Done():
		t.Fatal("the bot did not send two replies in time")
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	svc.mu.Lock()
	defer svc.mu.Unlock()
	if len(svc.sent) != 2 || svc.sent[0].Text != "hi *there*" || svc.sent[1].Text != "0" {
		t.Fatalf("sent %+v", svc.sent)
	}
	if id, _ := svc.sent[0].ChatID.AsInteger64(); id != -1001234567890 {
		t.Errorf("chat_id = %d", id)
	}
	if r := svc.sent[1].ReplyToMessageID.Value(); r != 10 {
		t.Errorf("reply_to_message_id = %d", r)
	}
	if len(svc.offsets) < 2 || svc.offsets[0] != 0 || svc.offsets[1] != 4 {
		t.Errorf("offsets sent = %v, want 0 then 4", svc.offsets)
	}
}
