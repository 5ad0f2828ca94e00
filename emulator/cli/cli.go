// Package cli is the emulator's command: its flags and its HTTP server,
// shared by cmd/apigen-emulator (the seed's version) and the program
// `apigen emulator` generates for another version.
package cli

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
	"reflect"
	"strings"
	"syscall"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/emulator/chatwindow"
	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/schema"
)

// At is the version a generated emulator serves: the program `apigen
// emulator` writes beside the version's generated package fills it from
// that package (the same names in every version's package).
type At struct {
	// Schema is the version's schema (YAML).
	Schema []byte
	// Service is the version's generated Service interface.
	Service reflect.Type
	// Strict is the version's generated server over its Unimplemented,
	// given WithNotImplementedHook(emulator.Validated) (local: with the
	// local server's limits), called without HTTP: its Caller, its API
	// errors given as emulator.APIError.
	Strict func(local bool) emulator.Caller
	// SetNow points the version package's ValidationNow at the clock.
	SetNow func(func() time.Time)
	// NewClient is the version's generated client at base; Upload makes
	// an upload of it (for -call-every-method).
	NewClient func(base, token string) any
	Upload    func(name string, r io.Reader) any
}

// Main runs the command with the process's arguments and exits.
func Main(at *At) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := ExitCode(Run(ctx, os.Args[1:], os.Stderr, nil, at), os.Stderr)
	stop()
	os.Exit(code)
}

// ExitCode is the process's exit status for Run's error: 0 for none and
// for -h (help was asked for and given), 2 otherwise.
func ExitCode(err error, stderr io.Writer) int {
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
// within readTimeout (local mode: ReadTimeoutLocal, for 2000 MiB files).
// Variables for tests.
var (
	ReadHeaderTimeout = 10 * time.Second
	ReadTimeout       = 20 * time.Second
	ReadTimeoutLocal  = 30 * time.Minute
	WriteTimeout      = 2 * time.Minute
	WriteTimeoutLocal = 30 * time.Minute
	IdleTimeout       = 15 * time.Second
)

// DefineFlags defines the command's flags on fs: apigen emulator takes
// them and hands them to the program it builds.
func DefineFlags(fs *flag.FlagSet) { defineFlags(fs) }

func defineFlags(fs *flag.FlagSet) (listen, tokens *string, local *bool, flood *int, files, controlToken *string, every *bool) {
	listen = fs.String("listen", "127.0.0.1:8081", "address to listen on")
	tokens = fs.String("tokens", "any", `bot tokens accepted: "any" (any token of the shape <digits>:<secret>) or a comma-separated list`)
	local = fs.Bool("local", false, "apply the local server's rules (big files, file:// uploads, HTTP webhooks on any address, absolute file_path)")
	flood = fs.Int("flood", 0, "flood control: messages per bot per second before 429 with retry_after (0: off)")
	files = fs.String("files", "", "directory for uploaded files (default: memory)")
	controlToken = fs.String("control-token", "", "token the control API requires (Authorization: Bearer <token>; default: a random one, printed at start)")
	every = fs.Bool("call-every-method", false, "call every method of the version through its generated client with minimal valid parameters, print what each answered, and exit (1 when one was not served)")
	return
}

// Run parses args, serves until ctx is done, and reports the address it
// listens on to ready (tests pass a channel; nil is fine). at is the
// version served, nil for the core's (the seed's).
func Run(ctx context.Context, args []string, stderr io.Writer, ready chan<- string, at *At) error {
	fs := flag.NewFlagSet("apigen-emulator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen, tokens, local, flood, files, controlToken, every := defineFlags(fs)
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
	var vs *schema.Schema
	if at != nil {
		var err error
		if vs, err = schema.Unmarshal(at.Schema); err != nil {
			return fmt.Errorf("the version's schema: %w", err)
		}
		cfg.Version = &emulator.Version{Schema: vs, Service: at.Service, Strict: at.Strict(*local)}
	}
	emu := emulator.New(cfg)
	defer emu.Shutdown()
	// close_date is checked "seconds ahead of now": now is the emulator's
	// clock, which the control API can advance.
	botapi.ValidationNow = emu.Now
	if at != nil && at.SetNow != nil {
		at.SetNow(emu.Now)
	}

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	win := chatwindow.New(emu)
	defer win.Close()
	srv := &http.Server{Handler: win.Handler(emu.Handler()), ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout: ReadTimeout, WriteTimeout: WriteTimeout, IdleTimeout: IdleTimeout}
	srv.RegisterOnShutdown(win.Close) // the window's event streams end, so Shutdown need not wait for them
	mode := "cloud"
	if *local {
		mode = "local"
		srv.ReadTimeout, srv.WriteTimeout = ReadTimeoutLocal, WriteTimeoutLocal
	}
	version := "the seed's version"
	if vs != nil {
		version = vs.Title + " " + vs.Version
	}
	fmt.Fprintf(stderr, "apigen-emulator: %s, %s server on http://%s (tokens: %s); control API at /control/ with Authorization: Bearer %s\n", version, mode, ln.Addr(), *tokens, emu.ControlToken())
	fmt.Fprintf(stderr, "apigen-emulator: chat window: %s\n", windowURL(ln.Addr(), win))
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
	if *every {
		err := callEveryMethod(ctx, emu, "http://"+ln.Addr().String(), vs, at, stderr)
		srv.Close()
		return err
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shut)
}

// windowURL is the chat window's login URL on the listening address (on
// loopback when it listens on every interface).
func windowURL(addr net.Addr, win *chatwindow.Window) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + win.LoginPath()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + win.LoginPath()
}
