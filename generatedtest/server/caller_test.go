package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// TestCallerCallsWithoutHTTP: Call serves a call as the handler serves a
// request (token, decoding, validation, hooks) and gives the result's
// JSON or the API error, with the caller's context.
func TestCallerCallsWithoutHTTP(t *testing.T) {
	type key struct{}
	r := newRecorder()
	var hooked []string
	c := botapiserver.NewCaller(r, botapiserver.WithTokens(token), botapiserver.WithNotImplementedHook(func(_ context.Context, method string) {
		hooked = append(hooked, method)
	}))
	ctx := context.WithValue(context.Background(), key{}, "caller's")
	res, err := c.Call(ctx, token, "SENDMESSAGE", "chat_id=42", "application/json", strings.NewReader(`{"text":"hi"}`))
	if err != nil || !strings.Contains(string(res), `"message_id":7`) || strings.HasPrefix(string(res), `{"ok"`) {
		t.Fatalf("Call = %s, %v; want the Message alone", res, err)
	}
	if p := r.last.(*botapi.SendMessageParams); p.Text != "hi" || r.tokens[len(r.tokens)-1] != token {
		t.Fatalf("the service got %+v with token %q", p, r.tokens)
	}
	res, err = c.Call(ctx, token, "sendMessage", "", "application/x-www-form-urlencoded", strings.NewReader("chat_id=42&text=a&parse_mode=nope"))
	var e *botapi.Error
	if !errors.As(err, &e) || e.Code != 400 || !strings.Contains(e.Description, "parse_mode") || res != nil {
		t.Fatalf("an invalid call: %s, %v; want the handler's 400", res, err)
	}
	if _, err := c.Call(ctx, "1:wrong", "getMe", "", "", nil); !errors.As(err, &e) || e.Code != 401 {
		t.Fatalf("a wrong token: %v", err)
	}
	if _, err := c.Call(ctx, token, "noSuchMethod", "", "", nil); !errors.As(err, &e) || e.Code != 404 || errors.Is(err, botapiserver.ErrNotImplemented) {
		t.Fatalf("an unknown method: %v", err)
	}
	r.err = fmt.Errorf("declined: %w", botapiserver.ErrNotImplemented)
	if _, err := c.Call(ctx, token, "getMe", "", "", nil); !errors.Is(err, botapiserver.ErrNotImplemented) || len(hooked) != 1 {
		t.Fatalf("a declined call: %v, hooked %q", err, hooked)
	}
	r.err = errors.New("disk on fire")
	if _, err := c.Call(ctx, token, "getMe", "", "", nil); err == nil || err.Error() != "disk on fire" {
		t.Fatalf("an implementation's error: %v; want it as given", err)
	}
	// The handler NewServer returns is the same Caller.
	if _, ok := botapiserver.NewServer(r).(*botapiserver.Caller); !ok {
		t.Fatal("NewServer's handler is not a Caller")
	}
}
