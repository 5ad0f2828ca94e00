package dispatchtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

// TestCommandNeedsBotCommandEntity: a text that merely starts with a
// slash (no bot_command entity, as in a quoted "/start" in code) is no
// command; the entity's extent, counted in UTF-16 code units, gives the
// name, the addressee and the arguments.
func TestCommandNeedsBotCommandEntity(t *testing.T) {
	r := botapi.NewRouter(botapi.DispatchBotUsername("quizbot"))
	var got []string
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		c, _ := m.Command()
		got = append(got, c.Name+"@"+c.Bot+"("+c.Args+")")
		return nil
	}, botapi.Command("start"))
	for i, js := range []string{
		`{"update_id":1,"message":{"message_id":1,"date":1,"chat":{"id":1,"type":"private"},"text":"/start"}}`,
		`{"update_id":2,"message":{"message_id":2,"date":1,"chat":{"id":1,"type":"private"},"text":"/start@quizbot 🎲 deep","entities":[{"type":"bot_command","offset":0,"length":14}]}}`,
		`{"update_id":3,"message":{"message_id":3,"date":1,"chat":{"id":1,"type":"private"},"text":"/start x","entities":[{"type":"code","offset":0,"length":6}]}}`,
	} {
		u := decode(t, js)
		if err := r.Dispatch(context.Background(), &u); err != nil {
			t.Fatal(i, err)
		}
	}
	if g := strings.Join(got, " "); g != "start@quizbot(🎲 deep)" {
		t.Errorf("got %q, want only the message with a bot_command entity", g)
	}
}

// TestFilterOfAnotherKindDoesNotCompile: OnMessage(h, DataPrefix("x"))
// compiled, registered and never matched (DataPrefix reads callback
// queries); now the filter's type says what it reads and the compiler
// rejects the mismatch.
func TestFilterOfAnotherKindDoesNotCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	dir, err := os.MkdirTemp(".", "mismatch")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	src := `package main

import (
	"context"

	"github.com/apigen/apigen/generated/botapi"
)

func main() {
	r := botapi.NewRouter()
	r.OnMessage(func(context.Context, *botapi.Message) error { return nil }, botapi.DataPrefix("x"))
}
`
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "build", "-o", os.DevNull, "./"+filepath.Base(dir)).CombinedOutput()
	if err == nil {
		t.Fatal("OnMessage with a callback-query filter compiled")
	}
	if !strings.Contains(string(out), "Filter[*botapi.CallbackQuery]") {
		t.Fatalf("unexpected build failure:\n%s", out)
	}
}

// TestPollSurvivesGetMeFailure: Poll exited when getMe failed once; it
// now retries (5xx, 429 and network errors) with back-off and goes on.
func TestPollSurvivesGetMeFailure(t *testing.T) {
	svc, _ := newService(t, text(t, 1, 1, "/start@quizbot"))
	svc.meFails = 2
	srvURL := clientURL(t, svc)
	c := botapi.NewClient("123:abc", botapi.WithBaseURL(srvURL), botapi.WithSleep(func(ctx context.Context, d time.Duration) error { return ctx.Err() }))
	done := make(chan struct{})
	r := botapi.NewRouter()
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		if u := botapi.BotUser(ctx); u == nil || u.ID != 99 {
			t.Errorf("BotUser %+v", u)
		}
		close(done)
		return nil
	}, botapi.Command("start"))
	stop := runPoll(t, r, c)
	wait(t, done, "the command after two getMe failures")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if svc.meCalls != 3 {
		t.Errorf("getMe called %d times, want 3", svc.meCalls)
	}
}

// TestPollStopsOnBadToken: an answer not worth repeating (401) ends Poll
// with the error instead of retrying forever.
func TestPollStopsOnBadToken(t *testing.T) {
	svc, _ := newService(t)
	svc.meFails, svc.meCode = 1, 401
	c := botapi.NewClient("123:abc", botapi.WithBaseURL(clientURL(t, svc)))
	err := botapi.NewRouter().Poll(context.Background(), c, nil)
	var ae *botapi.Error
	if err == nil || !errors.As(err, &ae) && !strings.Contains(err.Error(), "401") {
		t.Fatalf("err = %v, want the 401", err)
	}
}

// Issue 35: with no base URL the README's bot logged "getMe: no base URL"
// with back-off forever. A configuration no retry can mend (no base URL,
// one that is no http(s) URL) ends Poll at once with that error, as a 404
// answer to getMe (a token the service does not know) does.
func TestPollStopsOnConfigurationError(t *testing.T) {
	sleep := botapi.WithSleep(func(ctx context.Context, d time.Duration) error {
		t.Errorf("Poll backed off %v on an error no retry can mend", d)
		return ctx.Err()
	})
	for _, base := range []string{"", "localhost:8081"} {
		c := botapi.NewClient("123:abc", botapi.WithBaseURL(base), sleep)
		err := botapi.NewRouter().Poll(context.Background(), c, nil)
		if err == nil || !strings.Contains(err.Error(), "base URL") {
			t.Errorf("base URL %q: Poll returned %v, want the base URL error", base, err)
		}
	}
	svc, _ := newService(t)
	svc.meFails, svc.meCode = 1, 404
	c := botapi.NewClient("123:abc", botapi.WithBaseURL(clientURL(t, svc)), sleep)
	if err := botapi.NewRouter().Poll(context.Background(), c, nil); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("getMe answered 404: Poll returned %v, want the 404", err)
	}
}

// TestReplyReturnsTheSentMessage: Reply returned only an error; the
// result helpers return what the method returns, NoQuote leaves the
// reply-to reference unset, and the handler's context carries the client.
func TestReplyReturnsTheSentMessage(t *testing.T) {
	svc, client := newService(t, text(t, 1, 42, "/start"))
	done := make(chan struct{})
	r := botapi.NewRouter(botapi.DispatchBotUsername("quizbot"))
	r.OnMessage(func(ctx context.Context, m *botapi.Message) error {
		defer close(done)
		if botapi.ClientFrom(ctx) != client {
			t.Error("ClientFrom is not Poll's client")
		}
		sent, err := botapi.ReplyMessage(ctx, m, &botapi.SendMessageParams{Text: "quoted"})
		if err != nil || sent.MessageID != 1000 {
			t.Errorf("ReplyMessage: %+v, %v", sent, err)
		}
		if _, err := botapi.ReplyMessage(ctx, m, &botapi.SendMessageParams{Text: "plain"}, botapi.NoQuote()); err != nil {
			t.Error(err)
		}
		return nil
	}, botapi.Command("start"))
	stop := runPoll(t, r, client)
	wait(t, done, "the replies")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	svc.mu.Lock()
	defer svc.mu.Unlock()
	if len(svc.sent) != 2 || svc.sent[0].ReplyToMessageID.Value() != 501 || svc.sent[1].ReplyToMessageID.IsSet() {
		t.Errorf("sent %+v", svc.sent)
	}
	if id, _ := svc.sent[1].ChatID.AsInteger64(); id != 42 {
		t.Errorf("chat %d", id)
	}
}

// TestReplyOutsideHandler: the result helpers need a handler's client.
func TestReplyOutsideHandler(t *testing.T) {
	_, err := botapi.ReplyMessage(context.Background(), &botapi.Message{Chat: botapi.Chat{ID: 1}}, &botapi.SendMessageParams{Text: "x"})
	if err == nil || !strings.Contains(err.Error(), "no Client") {
		t.Fatalf("err = %v", err)
	}
}

// TestSetWebhookRetries: the webhook set-up retries a 5xx with back-off
// (logged through DispatchLogger) and stops on a bad token.
func TestSetWebhookRetries(t *testing.T) {
	svc, _ := newService(t)
	svc.hookFails = 2
	var logs bytes.Buffer
	c := botapi.NewClient("123:abc", botapi.WithBaseURL(clientURL(t, svc)), botapi.WithSleep(func(ctx context.Context, d time.Duration) error { return ctx.Err() }))
	r := botapi.NewRouter(botapi.DispatchLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	if err := r.SetWebhook(context.Background(), c, &botapi.SetWebhookParams{URL: "https://example.invalid/hook"}); err != nil {
		t.Fatal(err)
	}
	if len(svc.hooks) != 1 || strings.Count(logs.String(), "dispatch: retrying") != 2 || !strings.Contains(logs.String(), "call=setWebhook") {
		t.Fatalf("hooks %v, log:\n%s", svc.hooks, logs.String())
	}
}

// Issue 35: echobot set reply_to_message_id by hand, which a page package
// from 7.0 on has no more (reply_parameters replaced it), and a poll's
// options were []string here but InputPollOption objects there. The
// builders write the same call at every version; at the seed they send
// the chat and reply_to_message_id, and the options as strings.
func TestReplyToMessageAndPollOptionsSendTheSeedsJSON(t *testing.T) {
	m := &botapi.Message{MessageID: 5, Chat: botapi.Chat{ID: 7}}
	got, err := json.Marshal((&botapi.SendMessageParams{Text: "x"}).ReplyToMessage(m))
	if want := `{"chat_id":7,"text":"x","reply_to_message_id":5}`; err != nil || string(got) != want {
		t.Errorf("ReplyToMessage: %s, %v; want %s", got, err, want)
	}
	kept := &botapi.SendMessageParams{ChatID: botapi.ChatID(8), Text: "x", ReplyToMessageID: botapi.Some(int64(6))}
	if kept.ReplyToMessage(m); kept.ReplyToMessageID.Value() != 6 {
		t.Errorf("ReplyToMessage overwrote a set reply_to_message_id: %v", kept.ReplyToMessageID)
	}
	got, err = json.Marshal((&botapi.SendPollParams{ChatID: botapi.ChatID(7), Question: "?"}).WithOptions("a", "b"))
	if want := `{"chat_id":7,"question":"?","options":["a","b"]}`; err != nil || string(got) != want {
		t.Errorf("WithOptions: %s, %v; want %s", got, err, want)
	}
}
