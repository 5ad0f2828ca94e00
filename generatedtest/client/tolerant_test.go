package client

// Tests of issue 32, "A bot never stops": what the client receives is read
// tolerantly (a missing required field reads as zero, an unknown enum value
// is kept), what was tolerated is visible (ToleratedCount, the hook), strict
// decoding shows it as an error, and one update that cannot be read costs
// that update alone in the Updates iterator and the webhook handler.

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

// weirdText is an update whose text changed type (as rich text did in a
// later version of the platform): it does not decode.
const weirdText = `{"update_id":10,"message":{"message_id":1,"date":1,"chat":{"id":1,"type":"private"},"text":{"weird":true}}}`

// toleratedLog collects what a client's hook receives.
type toleratedLog struct {
	mu  sync.Mutex
	got []string
}

func (l *toleratedLog) hook(method string, t botapi.Tolerated) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.got = append(l.got, method+" "+t.String())
}

func (l *toleratedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.got, "; ")
}

func TestAnswerMissingRequiredFieldsDecodes(t *testing.T) {
	// An older server: the message lacks date, its chat lacks type.
	answer := ok(`{"message_id":7,"chat":{"id":5}}`)
	var log toleratedLog
	c := newRecorder(t, answer).client(botapi.WithToleratedHook(log.hook))
	m, err := c.SendMessage(context.Background(), &botapi.SendMessageParams{ChatID: chat(5), Text: "hi"})
	if err != nil {
		t.Fatalf("a message without required fields failed the call: %v", err)
	}
	if m.MessageID != 7 || m.Chat.ID != 5 || m.Date != 0 || m.Chat.Type != "" {
		t.Errorf("decoded %+v", m)
	}
	want := `sendMessage result.chat: missing required field "type"; sendMessage result: missing required field "date"`
	if log.String() != want {
		t.Errorf("tolerated:\n got %s\nwant %s", log.String(), want)
	}
	if n := c.ToleratedCount(); n != 2 {
		t.Errorf("ToleratedCount = %d, want 2", n)
	}
}

func TestStrictDecodingReportsMissingRequiredField(t *testing.T) {
	c := newRecorder(t, ok(`{"message_id":7,"chat":{"id":5,"type":"private"}}`)).client(botapi.WithStrictDecoding(true))
	_, err := c.SendMessage(context.Background(), &botapi.SendMessageParams{ChatID: chat(5), Text: "hi"})
	if err == nil || !strings.Contains(err.Error(), `missing required field "date"`) || !strings.Contains(err.Error(), "result") {
		t.Fatalf("strict decoding: err = %v, want the missing date named", err)
	}
}

func TestUnknownEnumValueIsKept(t *testing.T) {
	answer := ok(`{"message_id":7,"date":1,"chat":{"id":5,"type":"hyperchannel"}}`)
	var log toleratedLog
	c := newRecorder(t, answer).client(botapi.WithToleratedHook(log.hook))
	m, err := c.SendMessage(context.Background(), &botapi.SendMessageParams{ChatID: chat(5), Text: "hi"})
	if err != nil {
		t.Fatal(err)
	}
	if m.Chat.Type != "hyperchannel" {
		t.Errorf("chat type %q, want the unknown value kept", m.Chat.Type)
	}
	if want := `sendMessage result.chat.type: unknown ChatType value "hyperchannel"`; log.String() != want {
		t.Errorf("tolerated %q, want %q", log.String(), want)
	}
	strict := newRecorder(t, answer).client(botapi.WithStrictDecoding(true))
	if _, err := strict.SendMessage(context.Background(), &botapi.SendMessageParams{ChatID: chat(5), Text: "hi"}); err == nil ||
		!strings.Contains(err.Error(), `unknown ChatType value "hyperchannel"`) || !strings.Contains(err.Error(), "result.chat.type") {
		t.Errorf("strict decoding: err = %v, want the unknown value and its path", err)
	}
}

func TestUndecodableUpdateAmongNThroughUpdates(t *testing.T) {
	good := `{"update_id":11,"message":{"message_id":2,"date":1,"chat":{"id":1,"type":"private"},"text":"hi"}}`
	rec := newRecorder(t, ok(`[`+weirdText+`,`+good+`]`), ok(`[{"update_id":12}]`))
	ids, errs := collect(t, rec.client(botapi.WithSleep((&fakeClock{}).sleep)), &botapi.GetUpdatesParams{Timeout: botapi.Some(5)}, 3)
	if fmt.Sprint(ids) != "[11 12]" || len(errs) != 1 {
		t.Fatalf("ids %v errs %v", ids, errs)
	}
	var de *botapi.ItemDecodeError
	if !errors.As(errs[0], &de) || de.ID != 10 || string(de.Raw) != weirdText || !strings.Contains(de.Error(), "text") {
		t.Fatalf("error %v, want the bad update reported with its id and raw JSON", errs[0])
	}
	if reqs := rec.requests(); len(reqs) < 2 || !strings.Contains(string(reqs[1].Body), `"offset":12`) {
		t.Errorf("the next request does not confirm past the bad update")
	}
}

func TestUndecodableUpdateThroughWebhookHandlerAnswersSuccess(t *testing.T) {
	var handled []int64
	var bad []*botapi.ItemDecodeError
	h := botapi.WebhookHandler(func(ctx context.Context, u *botapi.Update) (botapi.WebhookReply, error) {
		handled = append(handled, u.UpdateID)
		return nil, nil
	}, botapi.WebhookOnUndecodable(func(ctx context.Context, e *botapi.ItemDecodeError) { bad = append(bad, e) }))
	for _, body := range []string{weirdText, `{"update_id":11,"message":{"message_id":2,"date":1,"chat":{"id":1,"type":"private"},"text":"hi"}}`} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader(body)))
		if w.Code != 200 {
			t.Errorf("%.30s: status %d, want 200 (a failure makes the service deliver it again)", body, w.Code)
		}
	}
	if fmt.Sprint(handled) != "[11]" {
		t.Errorf("handled %v", handled)
	}
	if len(bad) != 1 || bad[0].ID != 10 || string(bad[0].Raw) != weirdText || !strings.Contains(bad[0].Err.Error(), "text") {
		t.Errorf("reported %v", bad)
	}
	// Not JSON at all: not a delivery the handler can read; 400.
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader(`{"update_id":1,`)))
	if w.Code != 400 {
		t.Errorf("truncated body: status %d, want 400", w.Code)
	}
}

func TestWebhookToleratesMissingRequiredFieldWithClient(t *testing.T) {
	var log toleratedLog
	c := botapi.NewClient(token, botapi.WithToleratedHook(log.hook))
	var got *botapi.Update
	h := botapi.WebhookHandler(func(ctx context.Context, u *botapi.Update) (botapi.WebhookReply, error) {
		got = u
		return nil, nil
	}, botapi.WebhookClient(c))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader(`{"update_id":3,"message":{"message_id":2,"chat":{"id":1,"type":"private"}}}`)))
	if w.Code != 200 || got == nil || got.Message == nil || got.Message.MessageID != 2 {
		t.Fatalf("status %d, update %+v", w.Code, got)
	}
	if want := `webhook message: missing required field "date"`; log.String() != want || c.ToleratedCount() != 1 {
		t.Errorf("tolerated %q (count %d), want %q", log.String(), c.ToleratedCount(), want)
	}
}
