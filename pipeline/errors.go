package pipeline

import (
	"errors"
	"fmt"
	"strings"
)

// Bounds of a backend's error as the command prints it.
const (
	maxErrorLines    = 20
	maxErrorLineSize = 500
)

// shortError keeps a backend's error short enough to read. jennifer's
// Render reports a gofmt failure as "Error <pos>: <msg> while formatting
// source:" followed by the whole generated file (tens of thousands of
// lines); the file is cut off, the gofmt message kept. Any other error is
// bounded to its first lines, each of bounded length.
func shortError(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, " while formatting source:"); i >= 0 {
		head := strings.TrimPrefix(msg[:i], "Error ")
		return fmt.Errorf("gofmt failed on the generated Go at %s (the generated source is not printed; this is a bug in apigen or input it should have refused: please report it)", clip(head))
	}
	lines := strings.Split(msg, "\n")
	if len(lines) <= maxErrorLines && len(msg) <= maxErrorLines*maxErrorLineSize {
		return err
	}
	n := min(len(lines), maxErrorLines)
	out := make([]string, 0, n+1)
	for _, ln := range lines[:n] {
		out = append(out, clip(ln))
	}
	if len(lines) > n {
		out = append(out, fmt.Sprintf("… and %d more lines", len(lines)-n))
	}
	return errors.New(strings.Join(out, "\n"))
}

// clip bounds one line of an error message.
func clip(s string) string {
	if len(s) <= maxErrorLineSize {
		return s
	}
	cut := maxErrorLineSize
	for cut > 0 && s[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
		cut--
	}
	return s[:cut] + fmt.Sprintf("… (%d more bytes)", len(s)-cut)
}
