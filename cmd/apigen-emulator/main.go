// Command apigen-emulator runs the reference service (package emulator):
// the API for bots at /bot<token>/<method>, file downloads at
// /file/bot<token>/<path>, and the control API for tests at /control/.
//
//	go run ./cmd/apigen-emulator                 # 127.0.0.1:8081, any token
//	go run ./cmd/apigen-emulator -tokens 123:abc,456:def -local -flood 30
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
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stderr, nil); err != nil {
		fmt.Fprintln(os.Stderr, "apigen-emulator:", err)
		os.Exit(2)
	}
}

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
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags only; see -h)", fs.Arg(0))
	}
	if *flood < 0 {
		return errors.New("-flood must be 0 or more")
	}
	cfg := emulator.Config{Local: *local, FloodLimit: *flood, FilesDir: *files}
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
	srv := &http.Server{Handler: emu.Handler(), ReadHeaderTimeout: 10 * time.Second}
	mode := "cloud"
	if *local {
		mode = "local"
	}
	fmt.Fprintf(stderr, "apigen-emulator: %s server on http://%s (tokens: %s); control API at /control/\n", mode, ln.Addr(), *tokens)
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
