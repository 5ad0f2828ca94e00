package runtime

import (
	"bytes"
	"context"
	"errors"
	"log"
	"log/slog"
	"testing"
	"time"
)

// Issue 40: the dispatcher's default log lines went through slog.Default(),
// which linked log/slog and encoding/json into every bot. The default writes
// them itself, and writes what slog's default handler writes for the same
// record, through the same log package logger.
func TestDefaultLogWritesWhatSlogDefaultWrites(t *testing.T) {
	var buf bytes.Buffer
	flags, out := log.Flags(), log.Writer()
	log.SetFlags(0)
	log.SetOutput(&buf)
	defer func() { log.SetFlags(flags); log.SetOutput(out) }()

	records := []struct {
		level slog.Level
		msg   string
		attrs []slog.Attr
	}{
		{slog.LevelError, "update not decoded, skipped", []slog.Attr{slog.Int64("update_id", 42), slog.Int("bytes", 17), slog.Any("error", errors.New(`at message.chat: expected "object"`))}},
		{slog.LevelWarn, "dispatch: retrying", []slog.Attr{slog.String("call", "getUpdates"), slog.Duration("backoff", 1500*time.Millisecond), slog.Any("error", errors.New("EOF"))}},
		{slog.LevelError, "dispatch", []slog.Attr{slog.String("empty", ""), slog.String("eq", "a=b"), slog.String("ctl", "a\tb"), slog.String(`back\slash`, "é"), slog.String("nbsp", "a\u00a0b"), slog.String("bad", "\xff")}},
		{slog.LevelInfo, "update handled", []slog.Attr{slog.Int64("chat", -100123), slog.Bool("ok", true), slog.Float64("f", 1.5)}},
		{slog.LevelDebug, "not written", nil},
	}
	for _, r := range records {
		buf.Reset()
		slog.Default().LogAttrs(context.Background(), r.level, r.msg, r.attrs...)
		want := buf.String()
		buf.Reset()
		clientLogDefault(context.Background(), r.level, r.msg, r.attrs...)
		if got := buf.String(); got != want {
			t.Errorf("%s:\n got %q\nwant %q", r.msg, got, want)
		}
	}
}
