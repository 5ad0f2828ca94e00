package runtime

// jsonWriter: a reflection-free JSON encoder for generated code.
//
// It appends to a []byte. Commas are automatic: every value (and every
// Field) writes a ',' first when the previous token in the same container was
// a complete value, so generated code never tracks "first field":
//
//	w := jsonGetWriter()          // pooled; or &jsonWriter{}
//	defer jsonPutWriter(w)        // w.Bytes() dies here: copy or write it out first
//	w.ObjStart()
//	w.Field("id"); w.Int64(v.ID)
//	if x, ok := v.Text.Get(); ok { w.Field("text"); w.Str(x) }
//	w.ObjEnd()
//	if err := w.Err(); err != nil { ... }  // NaN/Inf were written
//	out := append([]byte(nil), w.Bytes()...)
//
// Output is compact and byte-for-byte what encoding/json produces with
// SetEscapeHTML(false) (minus the Encoder's trailing newline): strings escape
// '"', '\\', control characters (\b \f \n \r \t short forms, others \u00XX),
// U+2028/U+2029, and replace invalid UTF-8 with \ufffd; '<', '>', '&' stay
// as they are. Floats use the same ES6-like formatting.
//
// Methods: ObjStart ObjEnd ArrStart ArrEnd Field(name) Str(s) StrBytes(b)
// Int Int64 Uint64 Float64 Bool Null Raw(b) | Bytes Reset Err.
//
// Raw writes pre-encoded JSON verbatim (it is not validated; an empty or nil
// slice writes null, like json.RawMessage). NaN and ±Inf cannot be encoded:
// Float64 writes null so the output stays valid JSON, and Err reports the
// first such value, as encoding/json would have failed.

import (
	"errors"
	"math"
	"math/bits"
	"strconv"
	"sync"
	"unicode/utf8"
)

type jsonWriter struct {
	buf []byte
	// more is true when the last token was a complete value, i.e. the next
	// value or field in the same container needs a leading comma.
	more bool
	err  error
}

// Bytes returns the encoded output; it aliases the writer's buffer.
func (w *jsonWriter) Bytes() []byte { return w.buf }

// Reset empties the writer, keeping its buffer.
func (w *jsonWriter) Reset() { w.buf, w.more, w.err = w.buf[:0], false, nil }

// Err returns the first encoding error (a NaN or infinite float).
func (w *jsonWriter) Err() error { return w.err }

var jsonWriterPool = sync.Pool{New: func() any { return &jsonWriter{buf: make([]byte, 0, 1024)} }}

func jsonGetWriter() *jsonWriter {
	w := jsonWriterPool.Get().(*jsonWriter)
	w.Reset()
	return w
}

// jsonPutWriter recycles w unless its buffer grew huge: keeping one
// multi-megabyte buffer per P alive for good is worse than reallocating.
func jsonPutWriter(w *jsonWriter) {
	if cap(w.buf) > 1<<20 {
		return
	}
	jsonWriterPool.Put(w)
}

// jsonMarshal is every generated MarshalJSON: encode writes one value into
// a pooled writer, and the caller gets a copy of the bytes.
func jsonMarshal(encode func(*jsonWriter)) ([]byte, error) {
	w := jsonGetWriter()
	defer jsonPutWriter(w)
	encode(w)
	if err := w.Err(); err != nil {
		return nil, err
	}
	return append([]byte(nil), w.Bytes()...), nil
}

// set stores b, the result of appending to w.buf, back into w. While the
// appends fitted (the capacity is unchanged) only the length is stored:
// storing the slice itself costs a GC write barrier on every value written
// while a collection is running, which dominated encoding under allocation
// pressure.
func (w *jsonWriter) set(b []byte) {
	if cap(b) == cap(w.buf) {
		w.buf = w.buf[:len(b)]
		return
	}
	w.buf = b
}

func (w *jsonWriter) comma() {
	if w.more {
		w.buf = append(w.buf, ',')
	}
}

func (w *jsonWriter) ObjStart() {
	w.comma()
	w.buf = append(w.buf, '{')
	w.more = false
}

func (w *jsonWriter) ObjEnd() {
	w.buf = append(w.buf, '}')
	w.more = true
}

func (w *jsonWriter) ArrStart() {
	w.comma()
	w.buf = append(w.buf, '[')
	w.more = false
}

func (w *jsonWriter) ArrEnd() {
	w.buf = append(w.buf, ']')
	w.more = true
}

// keyAfter writes a pre-encoded `,"name":` for a member that the generator
// knows follows another one of the same object (a required member or the
// tag was written before it): the comma is part of the constant, so there
// is nothing to test. Out of line like keyAfterStr, and for the same
// reason: every member of every generated encoder calls it.
//
//go:noinline
func (w *jsonWriter) keyAfter(commaQuotedColon string) {
	w.more = false
	w.set(append(w.buf, commaQuotedColon...))
}

// unlead removes the comma in front of the first member of an object
// whose '{' ends at open (the output's length just after it). An object
// read from received data can leave out a missing required field (see the
// generated types' missing mask); the member written next may then come
// first while its key's constant carries a comma (keyAfter). Only such
// objects call it, and only when a field was missing.
func (w *jsonWriter) unlead(open int) {
	if open < len(w.buf) && w.buf[open] == ',' {
		w.buf = append(w.buf[:open], w.buf[open+1:]...)
	}
}

// keyAfterStr and its siblings (keyAfterInt, keyAfterInt64,
// keyAfterFloat64, keyAfterBool, keyAfterTrue) write keyAfter's constant
// and a scalar value in one call: what keyAfter then Str (Int, ...) write.
// The generated encoders call them for every scalar member that follows
// another. They stay out of line on purpose: inlined, the two appends were
// copied into each of the package's thousands of members, most of its
// compile memory and binary size spent on encoding, for about a call's
// worth of time per member.
//
//go:noinline
func (w *jsonWriter) keyAfterStr(commaQuotedColon, s string) {
	w.set(jsonAppendStr(append(w.buf, commaQuotedColon...), s))
	w.more = true
}

//go:noinline
func (w *jsonWriter) keyAfterInt(commaQuotedColon string, v int) {
	w.set(strconv.AppendInt(append(w.buf, commaQuotedColon...), int64(v), 10))
	w.more = true
}

//go:noinline
func (w *jsonWriter) keyAfterInt64(commaQuotedColon string, v int64) {
	w.set(strconv.AppendInt(append(w.buf, commaQuotedColon...), v, 10))
	w.more = true
}

//go:noinline
func (w *jsonWriter) keyAfterFloat64(commaQuotedColon string, f float64) {
	w.keyAfter(commaQuotedColon)
	w.Float64(f)
}

//go:noinline
func (w *jsonWriter) keyAfterBool(commaQuotedColon string, v bool) {
	w.keyAfter(commaQuotedColon)
	w.Bool(v)
}

//go:noinline
func (w *jsonWriter) keyAfterTrue(commaQuotedColon string) {
	w.keyAfter(commaQuotedColon)
	w.True()
}

// Field writes `"name":`; the value written next completes the member.
func (w *jsonWriter) Field(name string) {
	w.comma()
	w.more = false
	// Generated names are plain identifiers: a byte loop beats the general
	// escaper on such short strings.
	for i := 0; i < len(name); i++ {
		if !jsonStrNoEsc[name[i]] {
			w.set(jsonAppendStr(w.buf, name))
			w.buf = append(w.buf, ':')
			return
		}
	}
	w.buf = append(w.buf, '"')
	w.set(append(w.buf, name...))
	w.buf = append(w.buf, '"', ':')
}

func (w *jsonWriter) Str(s string) {
	w.comma()
	w.set(jsonAppendStr(w.buf, s))
	w.more = true
}

func (w *jsonWriter) StrBytes(b []byte) {
	w.comma()
	w.set(jsonAppendStr(w.buf, b))
	w.more = true
}

func (w *jsonWriter) Int(v int) {
	w.comma()
	w.set(strconv.AppendInt(w.buf, int64(v), 10))
	w.more = true
}

func (w *jsonWriter) Int64(v int64) {
	w.comma()
	w.set(strconv.AppendInt(w.buf, v, 10))
	w.more = true
}

func (w *jsonWriter) Uint64(v uint64) {
	w.comma()
	w.set(strconv.AppendUint(w.buf, v, 10))
	w.more = true
}

var jsonErrUnsupportedFloat = errors.New("json: unsupported value: NaN or infinite float")

func (w *jsonWriter) Float64(f float64) {
	w.comma()
	w.more = true
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if w.err == nil {
			w.err = jsonErrUnsupportedFloat
		}
		w.set(append(w.buf, "null"...))
		return
	}
	w.set(jsonAppendFloat(w.buf, f))
}

// jsonAppendFloat formats like encoding/json (ES6 number-to-string):
// %f between 1e-6 and 1e21, otherwise %e with a minimal exponent.
func jsonAppendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 -> e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

func (w *jsonWriter) Bool(v bool) {
	w.comma()
	if v {
		w.set(append(w.buf, "true"...))
	} else {
		w.set(append(w.buf, "false"...))
	}
	w.more = true
}

func (w *jsonWriter) Null() {
	w.comma()
	w.set(append(w.buf, "null"...))
	w.more = true
}

// Raw writes already-encoded JSON as is.
func (w *jsonWriter) Raw(b []byte) {
	w.comma()
	if len(b) == 0 {
		w.set(append(w.buf, "null"...))
	} else {
		w.set(append(w.buf, b...))
	}
	w.more = true
}

// jsonStrNoEsc marks ASCII bytes that are copied unchanged.
var jsonStrNoEsc = func() (t [256]bool) {
	for i := 0x20; i < utf8.RuneSelf; i++ {
		t[i] = i != '"' && i != '\\'
	}
	return t
}()

const jsonHex = "0123456789abcdef"

// jsonEsc8 sets the high bit of each byte lane of x that the escaper must
// look at: '"', '\\', control characters and non-ASCII. Borrows only travel
// upwards from a flagged lane, so the lowest flagged lane is exact. (This
// file keeps its own copy rather than sharing the reader's, so either file
// can be pasted alone.)
func jsonEsc8(x uint64) uint64 {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	q := x ^ ('"' * lo)
	b := x ^ ('\\' * lo)
	return ((x - 0x20*lo) | (q - lo) | (b - lo) | x) & hi
}

// jsonLoad8 reads eight bytes little-endian. Its argument is sliced to
// length eight by the caller, so there is one bounds check and the compiler
// merges the byte loads into a single load.
func jsonLoad8[S string | []byte](t S) uint64 {
	_ = t[7]
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

// jsonValid3 reports whether lead byte l (1110xxxx) and continuation bytes
// c1, c2 (10xxxxxx) are a sequence copied as it is: not overlong (E0 needs
// c1 >= A0), not a surrogate (ED needs c1 <= 9F), not U+2028/U+2029.
func jsonValid3(l, c1, c2 byte) bool {
	switch l {
	case 0xE0:
		return c1 >= 0xA0
	case 0xED:
		return c1 <= 0x9F
	case 0xE2:
		return c1 != 0x80 || c2&0xFE != 0xA8
	}
	return true
}

// jsonRune describes what may follow a lead byte for the sequence to be
// copied as it is: the sequence's bytes, loaded little-endian into a
// uint32, must satisfy v&mask == pat (lead and continuation bit patterns)
// and lo <= second byte <= lo+span (no overlong forms, surrogates or code
// points above U+10FFFF). Bytes never copied as they are (ASCII that
// needs an escape, continuation bytes, C0, C1, F5-FF) have pat 1, which
// no masked value equals.
type jsonRune struct {
	mask, pat uint32
	lo, span  uint8
}

var jsonRunes = func() (t [256]jsonRune) {
	for c := range t {
		e := jsonRune{pat: 1}
		switch {
		case c < utf8.RuneSelf:
			if jsonStrNoEsc[c] {
				e = jsonRune{lo: 0, span: 0xFF}
			}
		case c >= 0xC2 && c < 0xE0:
			e = jsonRune{mask: 0xC0E0, pat: 0x80C0, lo: 0x80, span: 0x3F}
		case c >= 0xE0 && c < 0xF0:
			e = jsonRune{mask: 0xC0C0F0, pat: 0x8080E0, lo: 0x80, span: 0x3F}
			if c == 0xE0 {
				e.lo, e.span = 0xA0, 0x1F // no overlong forms
			} else if c == 0xED {
				e.span = 0x1F // no surrogates
			}
		case c >= 0xF0 && c < 0xF5:
			e = jsonRune{mask: 0xC0C0C0F8, pat: 0x808080F0, lo: 0x80, span: 0x3F}
			if c == 0xF0 {
				e.lo, e.span = 0x90, 0x2F // no overlong forms
			} else if c == 0xF4 {
				e.span = 0x0F // nothing above U+10FFFF
			}
		}
		t[c] = e
	}
	return t
}()

// jsonSkipRunes returns the end of the run, starting at i, of sequences
// copied as they are, one sequence of any length per step: text mixing
// three- and four-byte sequences with ASCII and each other (emoji with
// variation selectors and joiners, Devanagari words between spaces) has
// no long run of one length for the eight-byte checks. It stops where
// fewer than four bytes are left, at a byte the caller must handle, and
// after an ASCII byte followed by another (the eight-at-a-time scan is
// faster there).
func jsonSkipRunes[S string | []byte](s S, i int) int {
	for i+4 <= len(s) {
		t := s[i : i+4]
		v := uint32(t[0]) | uint32(t[1])<<8 | uint32(t[2])<<16 | uint32(t[3])<<24
		e := &jsonRunes[byte(v)]
		// U+2028 and U+2029 (E2 80 A8, E2 80 A9) are valid but escaped.
		if v&e.mask != e.pat || byte(v>>8)-e.lo > e.span || v&0xFEFFFF == 0xA880E2 {
			break
		}
		// Advance by branches on the lead byte, not by adding e.n: a
		// predicted branch lets the next load start at once, while an
		// add of a loaded length chains two loads per sequence.
		switch c := byte(v); {
		case c >= 0xF0:
			i += 4
		case c >= 0xE0:
			i += 3
		case c >= 0xC0:
			return i // the caller's four-at-a-time loop is faster
		default:
			i++
			if byte(v>>8) < utf8.RuneSelf {
				return i
			}
		}
	}
	return i
}

// jsonAppendStr appends s as a quoted JSON string (see the file comment for
// the exact escaping rules).
func jsonAppendStr[S string | []byte](dst []byte, s S) []byte {
	dst = append(dst, '"')
	start, i := 0, 0
outer:
	for {
		// Skip bytes that need no escaping, eight at a time while possible.
		// The lowest flagged lane is exact (see jsonSpecial8), so jump to it.
		for i+8 <= len(s) {
			if m := jsonEsc8(jsonLoad8(s[i : i+8])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				break
			}
			i += 8
		}
		// A tail shorter than eight bytes: one load of the last eight,
		// overlapping bytes already passed. Its lowest flagged lane is the
		// next byte to handle unless it lies before i (a multi-byte rune
		// already passed), in which case the byte loop below decides.
		if n := len(s); i < n && i+8 > n && n >= 8 {
			m := jsonEsc8(jsonLoad8(s[n-8:]))
			if m == 0 {
				i = n
			} else if j := n - 8 + bits.TrailingZeros64(m)>>3; j >= i {
				i = j
			}
		}
		// Bytes copied as they are: ASCII that needs no escape, and valid
		// multi-byte UTF-8 sequences other than U+2028/U+2029, checked
		// inline (no rune decoding) so that non-ASCII text is copied in
		// runs too. After a rune, an ASCII byte goes back to the
		// eight-at-a-time scan, which finds the next byte to handle in one
		// step.
	runs:
		for i < len(s) {
			c := s[i]
			switch {
			case c < utf8.RuneSelf:
				if !jsonStrNoEsc[c] {
					break runs
				}
				i++
				if i+8 <= len(s) && s[i] < utf8.RuneSelf {
					continue outer // more ASCII: scan it eight at a time
				}
				continue
			case c < 0xC2:
				break runs // a continuation byte, or an overlong lead
			case c < 0xE0:
				// Runs of two-byte sequences (Cyrillic, Greek, Hebrew,
				// Arabic, ...), four at a time: lanes 0, 2, 4, 6 hold
				// lead bytes 110xxxxx other than C0 and C1, lanes 1, 3,
				// 5, 7 continuation bytes 10xxxxxx.
				for i+8 <= len(s) {
					x := jsonLoad8(s[i : i+8])
					const leadLanes = 0x001E001E001E001E
					if x&0xC0E0C0E0C0E0C0E0 != 0x80C080C080C080C0 ||
						(x&leadLanes+0x007F007F007F007F)&0x0080008000800080 != 0x0080008000800080 {
						break
					}
					i += 8
				}
				if i >= len(s) || s[i] < 0xC2 || s[i] >= 0xE0 {
					continue // the run ended: look at the next byte afresh
				}
				if i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
					i += 2
					continue
				}
			case c < 0xF0:
				// Runs of three-byte sequences (CJK, Devanagari, Thai,
				// ...), two at a time: lanes 0 and 3 lead bytes 1110xxxx,
				// lanes 1, 2, 4, 5 continuation bytes, and jsonValid3 for
				// the leads with narrower second bytes and U+2028/U+2029.
				// Words end in a space or punctuation: a single sequence
				// with the ASCII byte after it, or an ASCII byte before
				// the next word, are taken in the same loop, so that
				// short words do not leave it.
				for i+8 <= len(s) {
					x := jsonLoad8(s[i : i+8])
					if x&0x0000C0C0F0C0C0F0 == 0x00008080E08080E0 && jsonValid3(byte(x), byte(x>>8), byte(x>>16)) && jsonValid3(byte(x>>24), byte(x>>32), byte(x>>40)) {
						i += 6
						continue
					}
					if x&0xC0C0F0 == 0x8080E0 && jsonValid3(byte(x), byte(x>>8), byte(x>>16)) {
						i += 3
						if jsonStrNoEsc[byte(x>>24)] {
							i++
						}
						continue
					}
					if jsonStrNoEsc[byte(x)] && byte(x>>8) >= 0xE0 && byte(x>>8) < 0xF0 {
						i++
						continue
					}
					break
				}
				if i >= len(s) || s[i] < 0xE0 || s[i] >= 0xF0 {
					continue // the run ended: look at the next byte afresh
				}
				c = s[i]
				if i+2 < len(s) {
					c1, c2 := s[i+1], s[i+2]
					lo, hi := byte(0x80), byte(0xBF)
					if c == 0xE0 {
						lo = 0xA0 // no overlong forms
					} else if c == 0xED {
						hi = 0x9F // no surrogates
					}
					if c1 >= lo && c1 <= hi && c2&0xC0 == 0x80 && (c != 0xE2 || c1 != 0x80 || c2&0xFE != 0xA8) {
						i += 3
						continue
					}
				}
			case c < 0xF5:
				// Four-byte sequences (emoji), mixed with others.
				if j := jsonSkipRunes(s, i); j > i {
					i = j
					if i+8 <= len(s) && s[i] < utf8.RuneSelf {
						continue outer
					}
					continue
				}
				if i+3 < len(s) {
					c1 := s[i+1]
					lo, hi := byte(0x80), byte(0xBF)
					if c == 0xF0 {
						lo = 0x90 // no overlong forms
					} else if c == 0xF4 {
						hi = 0x8F // nothing above U+10FFFF
					}
					if c1 >= lo && c1 <= hi && s[i+2]&0xC0 == 0x80 && s[i+3]&0xC0 == 0x80 {
						i += 4
						continue
					}
				}
			}
			break // invalid UTF-8 or U+2028/U+2029: handled below
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', jsonHex[c>>4], jsonHex[c&0xF])
			}
			i++
			start = i
			continue
		}
		n := min(len(s)-i, utf8.UTFMax)
		r, size := utf8.DecodeRuneInString(string(s[i : i+n]))
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', jsonHex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
