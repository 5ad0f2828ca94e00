package emulator_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
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
