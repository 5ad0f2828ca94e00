package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

// The documented start command serves the API: a listed token works, any
// other is refused.
func TestRunServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-listen", "127.0.0.1:0", "-tokens", "123:abc,456:def"}, io.Discard, ready)
	}()
	addr := <-ready
	me, err := botapi.NewClient("123:abc", botapi.WithBaseURL("http://"+addr)).GetMe(ctx)
	if err != nil || me.ID != 123 || !me.IsBot {
		t.Fatalf("getMe: %+v %v", me, err)
	}
	_, err = botapi.NewClient("789:xyz", botapi.WithBaseURL("http://"+addr)).GetMe(ctx)
	if err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("unlisted token: %v", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-flood", "-1"}, {"-tokens", ","}, {"extra"}} {
		if err := run(context.Background(), args, io.Discard, nil); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
}
