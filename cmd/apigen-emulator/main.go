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
	"io"

	"github.com/apigen/apigen/emulator/cli"
)

func main() { cli.Main(nil) }

// run serves the seed's version (see cli.Run).
func run(ctx context.Context, args []string, stderr io.Writer, ready chan<- string) error {
	return cli.Run(ctx, args, stderr, ready, nil)
}
