package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator/cli"
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

// Issue 23, item 10: -h printed the help and exited 2.
func TestHelpExitsZero(t *testing.T) {
	var out strings.Builder
	err := run(context.Background(), []string{"-h"}, &out, nil)
	if code := cli.ExitCode(err, io.Discard); code != 0 {
		t.Fatalf("-h: exit %d (%v)", code, err)
	}
	if !strings.Contains(out.String(), "-control-token") {
		t.Fatalf("help text: %s", out.String())
	}
	if code := cli.ExitCode(run(context.Background(), []string{"-nope"}, io.Discard, nil), io.Discard); code != 2 {
		t.Fatalf("bad flag: exit %d", code)
	}
}

// Issue 23, item 12: the server had no read or idle timeouts; connections
// that drip a request body or sit idle stayed open. With the timeouts cut
// short for the test, both kinds are closed.
func TestServerClosesDrippingAndIdleConnections(t *testing.T) {
	defer func(r, i time.Duration) { cli.ReadTimeout, cli.IdleTimeout = r, i }(cli.ReadTimeout, cli.IdleTimeout)
	cli.ReadTimeout, cli.IdleTimeout = 300*time.Millisecond, 300*time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"-listen", "127.0.0.1:0"}, io.Discard, ready) }()
	addr := <-ready
	drip, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer drip.Close()
	fmt.Fprintf(drip, "POST /bot1:a/getMe HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	fmt.Fprintf(idle, "GET /bot1:a/getMe HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(idle)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	stop := time.Now().Add(3 * time.Second)
	for _, c := range []struct {
		name string
		conn net.Conn
		r    io.Reader
	}{{"dripping", drip, drip}, {"idle", idle, br}} {
		for {
			c.conn.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
			_, err := c.r.Read(make([]byte, 512))
			if err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
				break // closed by the server (EOF or reset)
			}
			if time.Now().After(stop) {
				t.Fatalf("the %s connection is still open after 3 s", c.name)
			}
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
