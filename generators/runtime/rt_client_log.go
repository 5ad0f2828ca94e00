package runtime

// Where the client and the dispatcher write their log lines: to the
// *slog.Logger a program gives (DispatchLogger), or else as slog.Default()
// writes them while the program sets no default of its own: through the
// log package's default logger, in slog's default format ("ERROR msg
// key=value ..."). Why not slog.Default() itself: calling a *slog.Logger
// links log/slog and, through its JSON handler, encoding/json, whose
// Marshaler and Unmarshaler calls keep the MarshalJSON and UnmarshalJSON
// (and so the encoder and decoder) of every generated type a program holds
// in an interface: a bot that logs nothing through slog would carry them
// all. A program that sets a slog default and wants these lines as its
// handler's records passes DispatchLogger(slog.Default()); otherwise they
// reach that handler through the log package, as slog.SetDefault routes it.

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// clientLogger writes one log line (the signature of slog.Logger.LogAttrs).
type clientLogger func(ctx context.Context, level slog.Level, msg string, attrs ...slog.Attr)

// clientLogTo returns the clientLogger that writes to l (nil: the default).
func clientLogTo(l *slog.Logger) clientLogger {
	if l == nil {
		return clientLogDefault
	}
	return l.LogAttrs
}

// clientLogDefault writes what slog's default handler writes for the same
// record: level and message, then each attribute as key=value, strings
// quoted when they need it, any other value formatted with %+v.
func clientLogDefault(_ context.Context, level slog.Level, msg string, attrs ...slog.Attr) {
	if level < slog.LevelInfo {
		return
	}
	b := make([]byte, 0, 128)
	b = append(b, level.String()...)
	b = append(b, ' ')
	b = append(b, msg...)
	for _, a := range attrs {
		b = append(b, ' ')
		b = clientLogString(b, a.Key)
		b = append(b, '=')
		switch v := a.Value; v.Kind() {
		case slog.KindString:
			b = clientLogString(b, v.String())
		case slog.KindAny:
			b = clientLogString(b, fmt.Sprintf("%+v", v.Any()))
		default:
			b = append(b, v.String()...)
		}
	}
	log.Default().Output(2, string(b))
}

// clientLogString appends s as slog's text format writes a string: as is,
// or quoted when it is empty or holds a space, '=', '"', a control
// character or anything unprintable.
func clientLogString(b []byte, s string) []byte {
	quote := s == ""
	for i := 0; i < len(s) && !quote; {
		c := s[i]
		if c < utf8.RuneSelf {
			quote = c < ' ' || c == ' ' || c == '=' || c == '"'
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		quote = r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r)
		i += size
	}
	if quote {
		return strconv.AppendQuote(b, s)
	}
	return append(b, s...)
}
