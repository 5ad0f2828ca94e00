package client

// Issue 40, "The generated client, round two": a batch of updates with one
// that cannot be read, from the received-shapes corpus
// (generatedtest/types/testdata/received), through GetUpdates, the Updates
// iterator and the webhook handler (Poll: the dispatcher's tests).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

// badBatch is the corpus's batch of three updates (ids 1, 2, 3) whose
// second does not decode (its date is a string) and whose third writes a
// True false; items are its elements as received.
func badBatch(t *testing.T) (batch []byte, items []json.RawMessage) {
	t.Helper()
	batch, err := os.ReadFile(filepath.Join("..", "types", "testdata", "received", "batch__one_bad_update.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(batch, &items); err != nil || len(items) != 3 {
		t.Fatalf("corpus batch: %v (%d items)", err, len(items))
	}
	return batch, items
}

// undecodableLog collects what an undecodable hook receives.
type undecodableLog struct {
	mu  sync.Mutex
	got []*botapi.ItemDecodeError
}

func (l *undecodableLog) hook(ctx context.Context, e *botapi.ItemDecodeError) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.got = append(l.got, e)
}

func TestGetUpdatesReturnsEveryReadableUpdateAndEveryID(t *testing.T) {
	batch, items := badBatch(t)
	var bad undecodableLog
	var notes toleratedLog
	c := newRecorder(t, ok(string(batch))).client(botapi.WithUndecodableHook(bad.hook), botapi.WithToleratedHook(notes.hook))
	ups, err := c.GetUpdates(context.Background(), &botapi.GetUpdatesParams{})
	if err != nil {
		t.Fatalf("one bad update failed the whole batch: %v", err)
	}
	var ids []int64
	for _, u := range ups {
		ids = append(ids, u.UpdateID)
	}
	if fmt.Sprint(ids) != "[1 2 3]" {
		t.Fatalf("ids %v, want every update's id (an offset loop moves past the bad one)", ids)
	}
	if ups[0].Message == nil || ups[0].Message.Text.Value() != "first" || ups[2].Message == nil || ups[2].Message.Text.Value() != "third" {
		t.Errorf("readable updates %+v", ups)
	}
	if ups[1].Kind() != "" || ups[1].Message != nil {
		t.Errorf("the bad update holds %+v, want only its id", ups[1])
	}
	if out, err := ups[1].MarshalJSON(); err != nil || string(out) != `{"update_id":2}` {
		t.Errorf("the bad update written back as %s (%v)", out, err)
	}
	if len(bad.got) != 1 || bad.got[0].ID != 2 || string(bad.got[0].Raw) != string(items[1]) || !strings.Contains(bad.got[0].Err.Error(), "date") {
		t.Errorf("undecodable hook got %v, want update 2 with its raw JSON", bad.got)
	}
	if want := "getUpdates result[2].message.group_chat_created: expected true, found false: read as unset"; notes.String() != want {
		t.Errorf("tolerated %q, want %q", notes.String(), want)
	}
	// Strictness is explicit: the bad update fails the call.
	strict := newRecorder(t, ok(string(batch))).client(botapi.WithStrictDecoding(true))
	var de *botapi.ItemDecodeError
	if _, err := strict.GetUpdates(context.Background(), nil); !errors.As(err, &de) || de.ID != 2 {
		t.Errorf("strict GetUpdates: err = %v, want update 2's error", err)
	}
}

func TestBatchWithOneBadUpdateThroughUpdates(t *testing.T) {
	batch, items := badBatch(t)
	rec := newRecorder(t, ok(string(batch)), ok(`[{"update_id":4}]`))
	ids, errs := collect(t, rec.client(botapi.WithSleep((&fakeClock{}).sleep)), &botapi.GetUpdatesParams{Timeout: botapi.Some(5)}, 4)
	if fmt.Sprint(ids) != "[1 3 4]" || len(errs) != 1 {
		t.Fatalf("ids %v errs %v", ids, errs)
	}
	var de *botapi.ItemDecodeError
	if !errors.As(errs[0], &de) || de.ID != 2 || string(de.Raw) != string(items[1]) {
		t.Fatalf("error %v, want update 2 with its raw JSON", errs[0])
	}
	if reqs := rec.requests(); len(reqs) < 2 || !strings.Contains(string(reqs[1].Body), `"offset":4`) {
		t.Errorf("the next request does not confirm past the batch")
	}
}

func TestBatchWithOneBadUpdateThroughWebhookHandler(t *testing.T) {
	_, items := badBatch(t)
	var clientBad, handlerBad undecodableLog
	c := botapi.NewClient(token, botapi.WithUndecodableHook(clientBad.hook))
	for _, opts := range [][]botapi.WebhookOption{
		{botapi.WebhookOnUndecodable(handlerBad.hook)},
		{botapi.WebhookClient(c)}, // the client's hook, when the handler has none
	} {
		var handled []int64
		h := botapi.WebhookHandler(func(ctx context.Context, u *botapi.Update) (botapi.WebhookReply, error) {
			handled = append(handled, u.UpdateID)
			return nil, nil
		}, opts...)
		for _, body := range items {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader(string(body))))
			if w.Code != 200 {
				t.Errorf("%.30s: status %d, want 200", body, w.Code)
			}
		}
		if fmt.Sprint(handled) != "[1 3]" {
			t.Errorf("handled %v, want [1 3]", handled)
		}
	}
	for name, l := range map[string]*undecodableLog{"WebhookOnUndecodable": &handlerBad, "WithUndecodableHook": &clientBad} {
		if len(l.got) != 1 || l.got[0].ID != 2 || string(l.got[0].Raw) != string(items[1]) {
			t.Errorf("%s got %v, want update 2", name, l.got)
		}
	}
}
