// Command apigen-emulator runs the reference service (package emulator):
// the API for bots at /bot<token>/<method>, file downloads at
// /file/bot<token>/<path>, and the control API for tests at /control/.
//
//	go run ./cmd/apigen-emulator                 # 127.0.0.1:8081, any token
//	go run ./cmd/apigen-emulator -tokens 123:abc,456:def -local -flood 30
//
// The control API needs the control token (Authorization: Bearer <token>):
// -control-token, or a random one printed at start.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := exitCode(run(ctx, os.Args[1:], os.Stderr, nil), os.Stderr)
	stop()
	os.Exit(code)
}

// exitCode is the process's exit status for run's error: 0 for none and
// for -h (help was asked for and given), 2 otherwise.
func exitCode(err error, stderr io.Writer) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	default:
		fmt.Fprintln(stderr, "apigen-emulator:", err)
		return 2
	}
}

// Timeouts of the HTTP server: a connection that drips its request or sits
// idle is closed, so a few hundred of them cannot pin the emulator. A long
// poll (at most 50 s) writes within writeTimeout; uploads must arrive
// within readTimeout (local mode: readTimeoutLocal, for 2000 MiB files).
// Variables for tests.
var (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 20 * time.Second
	readTimeoutLocal  = 30 * time.Minute
	writeTimeout      = 2 * time.Minute
	writeTimeoutLocal = 30 * time.Minute
	idleTimeout       = 15 * time.Second
)

// run parses args, serves until ctx is done, and reports the address it
// listens on to ready (tests pass a channel; nil is fine).
func run(ctx context.Context, args []string, stderr io.Writer, ready chan<- string) error {
	fs := flag.NewFlagSet("apigen-emulator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", "127.0.0.1:8081", "address to listen on")
	tokens := fs.String("tokens", "any", `bot tokens accepted: "any" (any token of the shape <digits>:<secret>) or a comma-separated list`)
	local := fs.Bool("local", false, "apply the local server's rules (big files, file:// uploads, HTTP webhooks on any address, absolute file_path)")
	flood := fs.Int("flood", 0, "flood control: messages per bot per second before 429 with retry_after (0: off)")
	files := fs.String("files", "", "directory for uploaded files (default: memory)")
	controlToken := fs.String("control-token", "", "token the control API requires (Authorization: Bearer <token>; default: a random one, printed at start)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags only; see -h)", fs.Arg(0))
	}
	if *flood < 0 {
		return errors.New("-flood must be 0 or more")
	}
	cfg := emulator.Config{Local: *local, FloodLimit: *flood, FilesDir: *files, ControlToken: *controlToken}
	if *tokens != "any" {
		for _, t := range strings.Split(*tokens, ",") {
			if t = strings.TrimSpace(t); t != "" {
				cfg.Tokens = append(cfg.Tokens, t)
			}
		}
		if len(cfg.Tokens) == 0 {
			return errors.New(`-tokens: give "any" or a comma-separated list of tokens`)
		}
	}
	emu := emulator.New(cfg)
	defer emu.Shutdown()
	// close_date is checked "seconds ahead of now": now is the emulator's
	// clock, which the control API can advance.
	botapi.ValidationNow = emu.Now

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: emu.Handler(), ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout: readTimeout, WriteTimeout: writeTimeout, IdleTimeout: idleTimeout}
	mode := "cloud"
	if *local {
		mode = "local"
		srv.ReadTimeout, srv.WriteTimeout = readTimeoutLocal, writeTimeoutLocal
	}
	fmt.Fprintf(stderr, "apigen-emulator: %s server on http://%s (tokens: %s); control API at /control/ with Authorization: Bearer %s\n", mode, ln.Addr(), *tokens, emu.ControlToken())
	if host, _, err := net.SplitHostPort(ln.Addr().String()); err == nil {
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			fmt.Fprintf(stderr, "apigen-emulator: listening beyond loopback (%s): anyone who can reach it can act as any bot token not yet used; keep the control token secret\n", host)
		}
	}
	if ready != nil {
		ready <- ln.Addr().String()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shut)
}
