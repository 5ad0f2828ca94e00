package emulator_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// fuzzMethods are the API's method names (from the generated Service
// interface) and those the emulator adds.
func fuzzMethods() []string {
	st := reflect.TypeOf((*botapiserver.Service)(nil)).Elem()
	out := []string{"deleteMessage", "stopPoll", "sendSticker"}
	for i := range st.NumMethod() {
		if !st.Method(i).IsExported() {
			continue // mustEmbedUnimplementedService
		}
		n := []rune(st.Method(i).Name)
		n[0] = unicode.ToLower(n[0])
		out = append(out, string(n))
	}
	return out
}

var fuzzTokens = []string{"111:alpha", "222:beta", "333:gamma", "111:wrong"}

// FuzzEmulator drives the emulator's HTTP handler with random methods and
// parameters for several bots (each request cut off after 50 ms, so long
// polls end), then checks that every bot still gets an answer: one
// request must never take the emulator down (issue 23). A 500 fails too:
// it is a panic or an unexpected error.
//
//	go test ./emulator/ -run '^$' -fuzz FuzzEmulator -fuzztime 30s
func FuzzEmulator(f *testing.F) {
	methods := fuzzMethods()
	f.Add(uint8(0), uint8(0), "offset=-9223372036854775808")
	f.Add(uint8(1), uint8(0), "offset=9223372036854775807&limit=-1&timeout=100000")
	f.Add(uint8(2), uint8(7), "chat_id=100001&text=%3Cb%3Ex&parse_mode=html")
	f.Add(uint8(0), uint8(3), "url=127.0.0.1&max_connections=0")
	f.Add(uint8(3), uint8(1), "chat_id=-1&message_id=-9223372036854775808")
	f.Add(uint8(1), uint8(200), `{"chat_id":"@x","media":"[{\"type\":\"photo\",\"media\":\"attach://a\"}]"}`)
	f.Add(uint8(1), uint8('R'), "offset=100000000000&timeout=1") // a long poll whose client leaves
	f.Fuzz(func(t *testing.T, who, which uint8, params string) {
		emu := emulator.New(emulator.Config{Clock: emulator.ManualClock(time.Unix(1700000000, 0)),
			WebhookClient: &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
				return nil, errors.New("no network in the fuzz test")
			})}})
		defer emu.Shutdown()
		h := emu.Handler()
		user := emu.NewUser("Alice", "alice")
		for _, tok := range fuzzTokens[:3] {
			b, err := emu.AddBot(tok)
			if err != nil {
				t.Fatal(err)
			}
			emu.Send(user.ID, emulator.Private(b.ID), "/start")
		}
		tok := fuzzTokens[int(who)%len(fuzzTokens)]
		method := methods[int(which)%len(methods)]
		var req *http.Request
		switch which % 3 {
		case 0:
			req = httptest.NewRequest("GET", "/bot"+tok+"/"+method, nil)
			req.URL.RawQuery = params
		case 1:
			req = httptest.NewRequest("POST", "/bot"+tok+"/"+method, strings.NewReader(params))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		default:
			req = httptest.NewRequest("POST", "/bot"+tok+"/"+method, strings.NewReader(params))
			req.Header.Set("Content-Type", "application/json")
		}
		if strings.HasPrefix(params, "/") { // a download path
			req = httptest.NewRequest("GET", "/file/bot"+tok+"/x", nil)
			req.URL.Path = "/file/bot" + tok + params
		}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req.WithContext(ctx))
		if rec.Code == 500 {
			t.Fatalf("%s %s %q: 500 %s", req.Method, method, params, rec.Body)
		}
		target := tok
		for _, tok := range fuzzTokens[:3] {
			done := make(chan int, 1)
			go func() {
				r := httptest.NewRecorder()
				h.ServeHTTP(r, httptest.NewRequest("GET", "/bot"+tok+"/getMe", nil))
				done <- r.Code
			}()
			select {
			case code := <-done:
				// The bot that made the request may have logged out (401).
				if code != 200 && (tok != target || code == 500) {
					t.Fatalf("after %s %q, getMe of %s: %d", method, params, tok, code)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("after %s %q the emulator does not answer %s", method, params, tok)
			}
		}
	})
}
