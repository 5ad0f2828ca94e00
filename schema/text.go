package schema

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// ValidUTF8 returns an error naming the line and column of the first byte
// of data that is not UTF-8, or nil. Every input apigen reads (document,
// schema, overlay, config) is text: an invalid byte would otherwise pass
// into generated comments and strings and fail gofmt far from its cause.
func ValidUTF8(name string, data []byte) error {
	if utf8.Valid(data) {
		return nil
	}
	off := 0
	for off < len(data) {
		r, size := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		off += size
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := 1 + utf8.RuneCount(data[bytes.LastIndexByte(data[:off], '\n')+1:off])
	return fmt.Errorf("%s:%d:%d: invalid UTF-8 (byte 0x%02x): apigen reads UTF-8 text only; convert the file to UTF-8 (e.g. iconv -t UTF-8)", name, line, col, data[off])
}
