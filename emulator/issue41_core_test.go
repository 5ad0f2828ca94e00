package emulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/schema"
)

// Defect: the version front reached the core through the core's HTTP
// handler in process: every call encoded an in-memory request and parsed
// a recorded response. It calls the core's methods directly now
// (botapiserver.Caller): no method call reaches the core's HTTP handler,
// the core's answers and refusals are the same, and the caller's
// context reaches the core (a long poll whose client leaves ends).
func TestVersionFrontCallsTheCoreDirectly(t *testing.T) {
	v := atNewest(t, nil)
	viaHTTP := emulator.CoreHTTPRequests(v.emu)
	sent := must(t, v, "sendMessage", map[string]any{"chat_id": v.user.ID, "text": "hello"})
	if at(sent, "text") != "hello" || num(at(sent, "message_id")) == 0 {
		t.Fatalf("sendMessage = %v", sent)
	}
	if r := post(t, v, "sendMessage", map[string]any{"chat_id": 987654321, "text": "x"}, nil); r.OK || r.Status != 400 || r.Description != "Bad Request: chat not found" {
		t.Fatalf("a message to an unknown chat: %d %q, want the core's 400", r.Status, r.Description)
	}
	// A setting for everyone reaches the core's own (the control API's
	// commands).
	must(t, v, "setMyCommands", map[string]any{"commands": []any{map[string]any{"command": "ping", "description": "Ping"}}})
	if cmds, err := v.emu.Commands(v.me.ID); err != nil || len(cmds) != 1 || cmds[0].Command != "ping" {
		t.Fatalf("the core holds commands %v, %v", cmds, err)
	}
	// A file the core stores is downloaded through its handler, as before.
	up := post(t, v, "sendDocument", map[string]any{"chat_id": v.user.ID}, map[string][]byte{"document": []byte("contents")})
	if !up.OK {
		t.Fatalf("sendDocument: %d %s", up.Status, up.Description)
	}
	// The caller's context reaches the core: a long poll whose client
	// leaves ends with it.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := v.bot.GetUpdates(ctx, &botapi.GetUpdatesParams{Timeout: botapi.Some(30), Offset: botapi.Some(int64(1) << 40)})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 10*time.Second {
		t.Fatalf("a long poll whose client left: %v after %v", err, time.Since(start))
	}
	if n := viaHTTP.Load(); n != 0 {
		t.Fatalf("%d method calls reached the core through its HTTP handler, want none", n)
	}
}

// Defect: the version's own strict server was given each request as an
// in-memory HTTP request with a recorder, and a bulk method's calls per
// id were posted back through the front's HTTP handler. The front calls
// the version's server as a Caller too (token, method, query and body
// as read, its refusals as APIError): a bulk method reaches it once, and
// once per id as the single method with that id's JSON parameters.
func TestVersionFrontCallsItsStrictServerDirectly(t *testing.T) {
	var mu sync.Mutex
	var calls []string
	v := atNewest(t, func(s *schema.Schema) emulator.Caller {
		all := acceptAll(s)
		return emulator.CallerFunc(func(ctx context.Context, tok, method, query, ct string, body io.Reader) (json.RawMessage, error) {
			var b []byte
			if body != nil {
				b, _ = io.ReadAll(body)
			}
			mu.Lock()
			calls = append(calls, method+" "+ct+" "+string(b))
			mu.Unlock()
			if tok != token {
				t.Errorf("the strict server was given the token %q", tok)
			}
			return all.Call(ctx, tok, method, query, ct, bytes.NewReader(b))
		})
	})
	var ids []any
	for _, text := range []string{"one", "two"} {
		ids = append(ids, at(must(t, v, "sendMessage", map[string]any{"chat_id": v.user.ID, "text": text}), "message_id"))
	}
	mu.Lock()
	calls = nil
	mu.Unlock()
	must(t, v, "deleteMessages", map[string]any{"chat_id": v.user.ID, "message_ids": ids})
	mu.Lock()
	seen := calls
	mu.Unlock()
	if len(seen) != 3 || !strings.HasPrefix(seen[0], "deleteMessages application/json ") {
		t.Fatalf("the strict server saw %q, want deleteMessages and one deleteMessage per id", seen)
	}
	for i, c := range seen[1:] {
		want := fmt.Sprintf(`deleteMessage application/json {"chat_id":%v,"message_id":%v}`, v.user.ID, ids[i])
		if c != want {
			t.Errorf("call %d per id = %q, want %q", i, c, want)
		}
	}
}
