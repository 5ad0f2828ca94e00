package runtime

// jsonReader: a reflection-free JSON decoder for generated code.
//
// It works on a whole document held in memory (a []byte) and never copies
// the input. All methods skip leading whitespace themselves.
//
// Lifecycle
//
//	r := jsonGetReader(data)       // pooled; or jsonNewReader(data) (*)
//	defer jsonPutReader(r)         // r, keys and StrBytes/Raw results die here
//	err := decodeFoo(r, &v)
//	if err == nil { err = r.End() } // reject trailing garbage
//	r.Reset(other)                  // reuse without the pool
//
// (*) Every top-level name here starts with "json" because these files are
// pasted into generated packages; hence jsonNewReader, not newJSONReader.
//
// Peeking
//
//	r.Next() jsonKind    kind of the next value without consuming it:
//	                     jsonKindObject, jsonKindArray, jsonKindString,
//	                     jsonKindNumber, jsonKindBool, jsonKindNull,
//	                     jsonKindInvalid (bad byte or end of input).
//	r.Null() bool        consume a null if one is next; false (nothing
//	                     consumed) otherwise. Generated decoders use it to
//	                     map null to "unset": if r.Null() { o.Unset() } else {...}
//	r.EmptyStr() bool    report whether "" is next (nothing consumed).
//	r.Capture(f) error   run f, then rewind to where the reader was, whatever
//	                     f consumed or returned. For union discriminators:
//	                     peek at "type" inside an object, then decode it for real.
//
// Containers
//
//	r.Object(func(r *jsonReader, key []byte) error) error
//	    Calls f once per member. key is the unescaped key; it aliases the
//	    input (or a reader-owned buffer when the key had escapes) and is valid
//	    only until f returns: switch on string(key) (no allocation) or copy it.
//	    f must consume exactly one value (call r.Skip() for unknown keys).
//	    Duplicate keys are all passed to f, in order.
//	r.Array(func(r *jsonReader) error) error
//	    Calls f once per element; f must consume exactly one value.
//	Errors returned by f are passed through unchanged. Nesting deeper than
//	jsonMaxDepth containers is an error, so hostile input cannot blow the stack.
//
// Scalars
//
//	r.Str() (string, error)     unescaped string. Exactly encoding/json's
//	                            semantics: \uXXXX incl. surrogate pairs, lone
//	                            surrogates and invalid UTF-8 become U+FFFD.
//	                            One allocation (the string) and none else.
//	                            null is NOT a string: check r.Null() first
//	                            for optional/nullable fields (same for all
//	                            scalar readers below).
//	r.StrBytes() ([]byte, error) same, no allocation; the bytes alias the input
//	                            or a reader-owned buffer and are valid only until
//	                            the next call on r.
//	r.Int() / r.Int64()         integer literal. Fractions and exponents are
//	                            rejected even when integral ("1.0", "1e3"), like
//	                            encoding/json: a non-integer where the schema
//	                            says integer is a contract break worth reporting,
//	                            not something to round away. Overflow is an error.
//	r.Float64() (float64, error) any JSON number via strconv.ParseFloat on the
//	                            literal; out of range (1e400) is an error.
//	r.Number() ([]byte, error)  validated number literal, aliasing the input
//	                            (for big ints / decimals / json.Number).
//	r.Bool() (bool, error)
//
// Whole values
//
//	r.Skip() error              consume and fully validate any value.
//	r.Raw() ([]byte, error)     validated bytes of the next value (no leading
//	                            whitespace). A SUB-SLICE of the input, no copy:
//	                            use RawCopy when the result outlives the input
//	                            (pooled request bodies!), e.g. opaque fields.
//	r.RawCopy() ([]byte, error) same, freshly allocated.
//	r.End() error               only whitespace may remain.
//
// Errors
//
// Every error produced by the reader is a *jsonError {Off, Path, Msg, Err}
// with the byte offset of the offending byte (0-based, in the input given to
// the reader):
//
//	json: offset 123: expected string, found number 42
//	json: offset 7: expected ',' or '}' after object member, found string
//	json: offset 0: number 9223372036854775808 overflows int64
//
// Generated decoders add the field path on the way out of each level, which
// costs nothing unless decoding fails:
//
//	return jsonErrField(err, "chat")   // path "chat" + ".id" -> "chat.id"
//	return jsonErrIndex(err, i)        // "[3]" + ".id"
//	json: offset 123: at result[3].chat.id: expected integer, found string
//
// Errors that are not *jsonError (from validators, say) are wrapped with
// Off = -1 and keep working with errors.Is/As.
//
// Semantic failures found by generated code get positions too:
//
//	r.Errorf(format, ...)         at the next value: call it before consuming
//	                              the bad value (unknown enum value, ...)
//	off := r.Offset()             start of the next value, e.g. an object...
//	r.ErrorfAt(off, format, ...)  ...that turned out to lack a required field
//
// After an error the reader's position is unspecified; stop using it.

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// jsonKind classifies the next value from its first byte.
type jsonKind uint8

const (
	jsonKindInvalid jsonKind = iota
	jsonKindObject
	jsonKindArray
	jsonKindString
	jsonKindNumber
	jsonKindBool
	jsonKindNull
)

func (k jsonKind) String() string {
	switch k {
	case jsonKindObject:
		return "object"
	case jsonKindArray:
		return "array"
	case jsonKindString:
		return "string"
	case jsonKindNumber:
		return "number"
	case jsonKindBool:
		return "boolean"
	case jsonKindNull:
		return "null"
	}
	return "invalid"
}

// jsonMaxDepth matches encoding/json's nesting limit.
const jsonMaxDepth = 10000

// jsonKindOf maps a value's first byte to its kind.
var jsonKindOf = [256]jsonKind{
	'{': jsonKindObject, '[': jsonKindArray, '"': jsonKindString,
	'-': jsonKindNumber, '0': jsonKindNumber, '1': jsonKindNumber,
	'2': jsonKindNumber, '3': jsonKindNumber, '4': jsonKindNumber,
	'5': jsonKindNumber, '6': jsonKindNumber, '7': jsonKindNumber,
	'8': jsonKindNumber, '9': jsonKindNumber,
	't': jsonKindBool, 'f': jsonKindBool, 'n': jsonKindNull,
}

type jsonReader struct {
	buf   []byte
	pos   int
	depth int
	// first is set by open until the first member of the container just
	// entered has been reached (see member).
	first bool
	// str is the unescape buffer behind Str/StrBytes; key is the one behind
	// object keys. They are separate because a key must survive its value
	// being read.
	str []byte
	key []byte
	// mode says how a difference from the document is met (rt_json_lax.go):
	// an error (the zero mode, requests a server reads) or a note in notes
	// (data a client receives). Reset makes a reader strict again.
	mode  jsonMode
	notes []jsonNote
}

func jsonNewReader(b []byte) *jsonReader { return &jsonReader{buf: b} }

// Reset points r at b, keeping its scratch buffers.
func (r *jsonReader) Reset(b []byte) {
	r.buf, r.pos, r.depth, r.first = b, 0, 0, false
	r.mode, r.notes = jsonStrict, r.notes[:0]
}

var jsonReaderPool = sync.Pool{New: func() any { return new(jsonReader) }}

// jsonGetReader returns a pooled reader over b.
func jsonGetReader(b []byte) *jsonReader {
	r := jsonReaderPool.Get().(*jsonReader)
	r.Reset(b)
	return r
}

// jsonPutReader returns r to the pool. It drops the input so the pool does
// not pin callers' buffers, and drops oversized scratch so one huge
// document does not keep megabytes alive forever.
func jsonPutReader(r *jsonReader) {
	r.Reset(nil)
	if cap(r.str) > 64<<10 {
		r.str = nil
	}
	if cap(r.key) > 4<<10 {
		r.key = nil
	}
	if cap(r.notes) > 64 {
		r.notes = nil
	}
	jsonReaderPool.Put(r)
}

// jsonUnmarshal is every generated UnmarshalJSON: decode reads one value
// from a pooled reader over data, which must hold nothing after it. It
// reads tolerantly (rt_json_lax.go), as Go programs expect of
// encoding/json: a webhook body decoded with json.Unmarshal, or a value
// inside the program's own struct, never fails for a missing required
// field. UnmarshalStrict is the strict choice.
func jsonUnmarshal(data []byte, decode func(*jsonReader) error) error {
	r := jsonGetReceived(data, false)
	defer jsonPutReader(r)
	if err := decode(r); err != nil {
		return err
	}
	return r.End()
}

// ---------------------------------------------------------------- errors

// jsonError is a decoding error at a byte offset. Off is -1 when unknown
// (errors from elsewhere wrapped by jsonErrField).
type jsonError struct {
	Off  int
	Path string // e.g. "result[3].chat.id"; built by jsonErrField/jsonErrIndex
	Msg  string // e.g. "expected string, found number"
	Err  error  // underlying cause, if any
}

func (e *jsonError) Error() string {
	var sb strings.Builder
	sb.WriteString("json: ")
	if e.Off >= 0 {
		sb.WriteString("offset ")
		sb.WriteString(strconv.Itoa(e.Off))
		sb.WriteString(": ")
	}
	if e.Path != "" {
		sb.WriteString("at ")
		sb.WriteString(e.Path)
		sb.WriteString(": ")
	}
	sb.WriteString(e.Msg)
	if e.Err != nil {
		if e.Msg != "" {
			sb.WriteString(": ")
		}
		sb.WriteString(e.Err.Error())
	}
	return sb.String()
}

func (e *jsonError) Unwrap() error { return e.Err }

// jsonErrField prefixes the path of err with a field name. Non-jsonError
// errors (from validators, custom decoders) are wrapped so they get a path
// too; errors.As/Is still reach them through Unwrap. A *jsonError is updated
// in place, which is safe because the reader never reuses one: do not pass
// a shared *jsonError sentinel.
//
// Not inlined: it is the error path of every generated decoder case, and
// inlined it multiplies the package's code (compile memory, binary size)
// for no gain on the path that succeeds.
//
//go:noinline
func jsonErrField(err error, name string) error {
	if err == nil {
		return nil
	}
	e := jsonErrOf(err)
	switch {
	case e.Path == "":
		e.Path = name
	case e.Path[0] == '[':
		e.Path = name + e.Path
	default:
		e.Path = name + "." + e.Path
	}
	return e
}

// jsonErrIndex prefixes the path of err with an array index.
//
// Not inlined: it is the error path of every generated array decoder, and
// inlined it multiplies the package's code (compile memory, binary size)
// for no gain on the path that succeeds.
//
//go:noinline
func jsonErrIndex(err error, i int) error {
	if err == nil {
		return nil
	}
	e := jsonErrOf(err)
	idx := "[" + strconv.Itoa(i) + "]"
	switch {
	case e.Path == "" || e.Path[0] == '[':
		e.Path = idx + e.Path
	default:
		e.Path = idx + "." + e.Path
	}
	return e
}

func jsonErrOf(err error) *jsonError {
	if e, ok := err.(*jsonError); ok {
		return e
	}
	return &jsonError{Off: -1, Err: err}
}

func (r *jsonReader) errAt(off int, msg string) error {
	return &jsonError{Off: off, Msg: msg}
}

// errMissing is the error of an object that just ended without all of its
// required fields: have has bit i set for names[i] when it was present (and
// not null). The error names the first one missing, at the closing brace.
// A tolerant reader notes every missing one instead: they read as zero.
func (r *jsonReader) errMissing(have uint64, names ...string) error {
	for i, n := range names {
		if have&(1<<i) == 0 {
			if err := r.tolerate(r.errAt(r.pos-1, "missing required field "+strconv.Quote(n))); err != nil {
				return err
			}
		}
	}
	return nil
}

// Errorf returns a *jsonError at the start of the next value.
func (r *jsonReader) Errorf(format string, args ...any) error {
	return r.ErrorfAt(r.Offset(), format, args...)
}

// ErrorfAt returns a *jsonError at offset off (from Offset).
func (r *jsonReader) ErrorfAt(off int, format string, args ...any) error {
	return &jsonError{Off: off, Msg: fmt.Sprintf(format, args...)}
}

// Offset returns the input offset of the next value (after whitespace).
func (r *jsonReader) Offset() int {
	r.ws()
	return r.pos
}

// errExpected reports what was wanted at the current position.
func (r *jsonReader) errExpected(what string) error {
	return r.errAt(r.pos, "expected "+what+", found "+r.describe(r.pos))
}

// describe names what starts at buf[i], for error messages.
func (r *jsonReader) describe(i int) string {
	if i >= len(r.buf) {
		return "end of input"
	}
	c := r.buf[i]
	switch c {
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	case 't':
		if jsonHasPrefix(r.buf[i:], "true") {
			return "boolean"
		}
	case 'f':
		if jsonHasPrefix(r.buf[i:], "false") {
			return "boolean"
		}
	case 'n':
		if jsonHasPrefix(r.buf[i:], "null") {
			return "null"
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		end := i + 1
		for end < len(r.buf) && end-i < 32 && jsonNumChar(r.buf[end]) {
			end++
		}
		return "number " + string(r.buf[i:end])
	}
	return jsonDescribeByte(c)
}

func jsonDescribeByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return "character " + strconv.QuoteRune(rune(c))
	}
	const hex = "0123456789abcdef"
	return "byte 0x" + string([]byte{hex[c>>4], hex[c&15]})
}

func jsonNumChar(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

func jsonHasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}

// ---------------------------------------------------------------- basics

// ws skips whitespace and returns the next byte, or 0 at end of input
// (callers that care tell the two apart through r.pos).
func (r *jsonReader) ws() byte {
	for i := r.pos; i < len(r.buf); i++ {
		c := r.buf[i]
		if c > ' ' || (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
			r.pos = i
			return c
		}
	}
	r.pos = len(r.buf)
	return 0
}

// Next reports the kind of the next value without consuming it.
func (r *jsonReader) Next() jsonKind {
	if r.ws() == 0 && r.pos >= len(r.buf) {
		return jsonKindInvalid
	}
	return jsonKindOf[r.buf[r.pos]]
}

// Null consumes a null literal if it is next.
func (r *jsonReader) Null() bool {
	if r.ws() == 'n' && jsonHasPrefix(r.buf[r.pos:], "null") {
		r.pos += 4
		return true
	}
	return false
}

// EmptyStr reports whether the next value is the empty string "", without
// consuming it.
func (r *jsonReader) EmptyStr() bool {
	return r.ws() == '"' && r.pos+1 < len(r.buf) && r.buf[r.pos+1] == '"'
}

// Bool reads true or false.
func (r *jsonReader) Bool() (bool, error) {
	switch r.ws() {
	case 't':
		if jsonHasPrefix(r.buf[r.pos:], "true") {
			r.pos += 4
			return true, nil
		}
	case 'f':
		if jsonHasPrefix(r.buf[r.pos:], "false") {
			r.pos += 5
			return false, nil
		}
	}
	return false, r.errExpected("boolean")
}

// End checks that only whitespace remains.
func (r *jsonReader) End() error {
	r.ws()
	if r.pos < len(r.buf) {
		return r.errExpected("end of input")
	}
	return nil
}

// Capture runs f and rewinds the reader to where it was before.
func (r *jsonReader) Capture(f func(r *jsonReader) error) error {
	m := r.Mark()
	err := f(r)
	r.Rewind(m)
	return err
}

// jsonMark is a reader position to come back to.
type jsonMark struct {
	pos, depth, notes int
	first             bool
}

// Mark returns the reader's position, for Rewind.
func (r *jsonReader) Mark() jsonMark { return jsonMark{r.pos, r.depth, len(r.notes), r.first} }

// Rewind moves the reader back to m: a decode tried and abandoned (a
// union's likely variant, see the generator's speculation) leaves no trace,
// not even a note of what it tolerated.
func (r *jsonReader) Rewind(m jsonMark) {
	r.pos, r.depth, r.first = m.pos, m.depth, m.first
	r.notes = r.notes[:m.notes]
}

// ---------------------------------------------------------------- containers

// Objects and arrays are walked either with a callback (Object, Array) or
// with a loop, which generated decoders use because it costs no call per
// member:
//
//	if err := r.ObjStart(); err != nil { return err }
//	for {
//		key, more, err := r.ObjKey()
//		if !more { return err } // end of object, or an error
//		... consume exactly one value ...
//	}
//
//	if err := r.ArrStart(); err != nil { return err }
//	for {
//		more, err := r.ArrNext()
//		if !more { return err } // end of array, or an error
//		... consume exactly one value ...
//	}
//
// A key from ObjKey aliases the input (or r's key buffer when it had
// escapes) and is valid until the reader next reads a key: switch on it
// before decoding the value, or copy it. Object, Array and Skip are built on
// the same four steps, so every walk checks separators, depth and ends in
// one place.

// ObjStart consumes the '{' of an object.
func (r *jsonReader) ObjStart() error {
	if r.ws() != '{' {
		return r.errExpected("object")
	}
	return r.open()
}

// ArrStart consumes the '[' of an array.
func (r *jsonReader) ArrStart() error {
	if r.ws() != '[' {
		return r.errExpected("array")
	}
	return r.open()
}

// open enters the container whose opening byte is at r.pos.
func (r *jsonReader) open() error {
	if r.depth >= jsonMaxDepth {
		return r.errAt(r.pos, "exceeded max depth")
	}
	r.depth++
	r.pos++
	r.first = true
	return nil
}

// member moves to the next member of the container being walked: it
// consumes the ',' between members, or the closing byte (more is then
// false). r.first tells the first call after open apart from the others;
// one flag is enough because no other container opens before that call.
func (r *jsonReader) member(closer byte, what string) (more bool, err error) {
	c := r.ws()
	if r.first {
		r.first = false
		if c == closer {
			r.pos++
			r.depth--
			return false, nil
		}
		return true, nil
	}
	switch c {
	case ',':
		r.pos++
		return true, nil
	case closer:
		r.pos++
		r.depth--
		return false, nil
	}
	return false, r.errExpected(what)
}

// ObjKey reads the next member's key and its ':'; more is false at the end
// of the object (the '}' is consumed) or on error.
func (r *jsonReader) ObjKey() (key []byte, more bool, err error) {
	key, _, more, err = r.objKey()
	return key, more, err
}

// jsonPlainKey marks the bytes of a plain member name: ASCII letters,
// digits and '_', which is every name of the API.
var jsonPlainKey = func() (t [256]bool) {
	for c := range t {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
	}
	return t
}()

// objKey is ObjKey that also reports whether the key lives in r.key.
func (r *jsonReader) objKey() (key []byte, owned, more bool, err error) {
	if more, err = r.member('}', "',' or '}' after object member"); !more {
		return nil, false, false, err
	}
	// Fast path for compact input: a plain name right after the ',' or
	// '{', closed by '"' and followed by ':'. Anything else (whitespace,
	// escapes, other bytes, errors) takes the general path below.
	buf, i := r.buf, r.pos
	if i < len(buf) && buf[i] == '"' {
		j := i + 1
		for j < len(buf) && jsonPlainKey[buf[j]] {
			j++
		}
		if j+1 < len(buf) && buf[j] == '"' && buf[j+1] == ':' {
			r.pos = j + 2
			return buf[i+1 : j], false, true, nil
		}
	}
	if r.ws() != '"' {
		return nil, false, false, r.errExpected("object key")
	}
	if key, owned, err = r.readKey(); err != nil {
		return nil, false, false, err
	}
	if r.pos < len(r.buf) && r.buf[r.pos] == ':' { // the usual "key":
		r.pos++
		return key, owned, true, nil
	}
	if r.ws() != ':' {
		return nil, false, false, r.errExpected("':' after object key")
	}
	r.pos++
	return key, owned, true, nil
}

// ArrNext moves to the next element; more is false at the end of the array
// (the ']' is consumed) or on error.
func (r *jsonReader) ArrNext() (more bool, err error) {
	return r.member(']', "',' or ']' after array element")
}

// jsonLenWindow bounds the look-ahead of ArrLen.
const jsonLenWindow = 2048

// ArrLen returns the number of elements of the array just entered with
// ArrStart, found by a structural scan (brackets, commas, string quotes) of
// at most jsonLenWindow bytes, or 0 when the array does not end within
// them. It is a capacity hint for decoders: it does not validate, so a
// malformed array gets a wrong count and then a proper error from the walk.
// (Generated decoders of arrays of objects call it only past their first
// few elements, from there: it counts the elements left.)
func (r *jsonReader) ArrLen() int {
	buf := r.buf
	end := min(len(buf), r.pos+jsonLenWindow)
	depth, n, value := 0, 0, false
	for i := r.pos; i < end; i++ {
		switch buf[i] {
		case ' ', '\t', '\n', '\r':
		case '"':
			j := jsonQuoteEnd(buf[:end], i+1)
			if j < 0 {
				return 0
			}
			i = j
			value = true
		case '[', '{':
			depth++
			value = true
		case ']', '}':
			if depth == 0 {
				if value {
					n++
				}
				return n
			}
			depth--
		case ',':
			if depth == 0 {
				n++
				value = false
			}
		default:
			value = true
		}
	}
	return 0
}

// jsonQuoteEnd returns the index of the quote closing the string whose body
// starts at buf[i], or -1 when buf ends first. It looks eight bytes at a
// time for a quote or a backslash, and steps over escapes.
func jsonQuoteEnd(buf []byte, i int) int {
	for {
		for i+8 <= len(buf) {
			m := jsonSpecial8(binary.LittleEndian.Uint64(buf[i:]))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
			break
		}
		if i >= len(buf) {
			return -1
		}
		switch buf[i] {
		case '"':
			return i
		case '\\':
			i += 2
		default: // a control character (invalid, left to the walk) or a tail byte
			i++
		}
	}
}

// Object iterates over the members of an object.
func (r *jsonReader) Object(f func(r *jsonReader, key []byte) error) error {
	if err := r.ObjStart(); err != nil {
		return err
	}
	for {
		key, owned, more, err := r.objKey()
		if !more {
			return err
		}
		if owned {
			// The key lives in r.key. Hand the buffer to this frame so a
			// nested object with escaped keys cannot overwrite it while f
			// still holds key; give it back afterwards.
			r.key = nil
		}
		err = f(r, key)
		if owned {
			r.key = key[:0]
		}
		if err != nil {
			return err
		}
	}
}

// readKey reads a string at r.pos (which holds '"'). owned reports that the
// result lives in r.key rather than in the input.
func (r *jsonReader) readKey() (key []byte, owned bool, err error) {
	start := r.pos + 1
	end, esc, err := r.scanStr(start, true)
	if err != nil {
		return nil, false, err
	}
	if !esc {
		r.pos = end + 1
		return r.buf[start:end], false, nil
	}
	r.key = jsonUnescape(r.key[:0], r.buf[start:end])
	r.pos = end + 1
	return r.key, true, nil
}

// Array iterates over the elements of an array.
func (r *jsonReader) Array(f func(r *jsonReader) error) error {
	if err := r.ArrStart(); err != nil {
		return err
	}
	for {
		more, err := r.ArrNext()
		if !more {
			return err
		}
		if err := f(r); err != nil {
			return err
		}
	}
}

// ---------------------------------------------------------------- strings

// jsonStrSafe marks bytes that need no attention inside a string when only
// validity matters: everything but '"', '\\' and control characters.
var jsonStrSafe = func() (t [256]bool) {
	for i := 0x20; i < 256; i++ {
		t[i] = i != '"' && i != '\\'
	}
	return t
}()

const (
	jsonLo8 = 0x0101010101010101
	jsonHi8 = 0x8080808080808080
)

// jsonSpecial8 has the high bit set in the byte lanes of x that hold '"',
// '\\' or a control character. Spurious bits can only appear above a real
// one (borrows propagate upwards), so the lowest set bit is exact.
func jsonSpecial8(x uint64) uint64 {
	q := x ^ ('"' * jsonLo8)
	s := x ^ ('\\' * jsonLo8)
	return ((x - 0x20*jsonLo8) | (q - jsonLo8) | (s - jsonLo8)) &^ x & jsonHi8
}

// scanStr finds the closing quote of a string whose body starts at start.
// It validates escapes (and, with checkUTF8, notes invalid UTF-8 as needing
// the slow path). esc reports that the body must go through jsonUnescape.
func (r *jsonReader) scanStr(start int, checkUTF8 bool) (end int, esc bool, err error) {
	buf := r.buf
	i := start
	var high uint64
	for {
		if i+8 <= len(buf) {
			x := binary.LittleEndian.Uint64(buf[i:])
			m := jsonSpecial8(x)
			if m == 0 {
				high |= x
				i += 8
				continue
			}
			high |= x & ((m & -m) - 1) // only the bytes below the special one
			i += bits.TrailingZeros64(m) >> 3
		} else {
			for i < len(buf) && jsonStrSafe[buf[i]] {
				high |= uint64(buf[i])
				i++
			}
			if i >= len(buf) {
				return 0, false, r.errAt(len(buf), "unexpected end of input in string")
			}
		}
		switch c := buf[i]; c {
		case '"':
			if checkUTF8 && !esc && high&jsonHi8 != 0 && !utf8.Valid(buf[start:i]) {
				esc = true
			}
			return i, esc, nil
		case '\\':
			esc = true
			n, err := r.checkEscape(i)
			if err != nil {
				return 0, false, err
			}
			i += n
		default:
			return 0, false, r.errAt(i, "invalid control character "+jsonDescribeByte(c)+" in string")
		}
	}
}

// checkEscape validates the escape at buf[i] == '\\' and returns its length.
func (r *jsonReader) checkEscape(i int) (int, error) {
	buf := r.buf
	if i+1 >= len(buf) {
		return 0, r.errAt(len(buf), "unexpected end of input in string")
	}
	switch buf[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2, nil
	case 'u':
		for k := i + 2; k < i+6; k++ {
			if k >= len(buf) {
				return 0, r.errAt(len(buf), "unexpected end of input in string")
			}
			if jsonHexVal(buf[k]) < 0 {
				return 0, r.errAt(k, "invalid "+jsonDescribeByte(buf[k])+" in \\u escape")
			}
		}
		return 6, nil
	}
	return 0, r.errAt(i+1, "invalid escape "+jsonDescribeByte(buf[i+1])+" in string")
}

func jsonHexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c - 'a' + 10)
	case c >= 'A' && c <= 'F':
		return int(c - 'A' + 10)
	}
	return -1
}

// jsonU4 decodes \uXXXX at the start of s, or returns -1.
func jsonU4(s []byte) rune {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	var v rune
	for _, c := range s[2:6] {
		h := jsonHexVal(c)
		if h < 0 {
			return -1
		}
		v = v<<4 | rune(h)
	}
	return v
}

// jsonUnescape appends the decoded form of a string body already validated
// by scanStr, mirroring encoding/json's unquote: lone surrogates and
// invalid UTF-8 become U+FFFD.
func jsonUnescape(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			switch s[i+1] {
			case 'b':
				dst = append(dst, '\b')
			case 'f':
				dst = append(dst, '\f')
			case 'n':
				dst = append(dst, '\n')
			case 'r':
				dst = append(dst, '\r')
			case 't':
				dst = append(dst, '\t')
			case 'u':
				rr := jsonU4(s[i:])
				i += 6
				if utf16.IsSurrogate(rr) {
					if dec := utf16.DecodeRune(rr, jsonU4(s[i:])); dec != utf8.RuneError {
						i += 6
						dst = utf8.AppendRune(dst, dec)
						continue
					}
					rr = utf8.RuneError
				}
				dst = utf8.AppendRune(dst, rr)
				continue
			default: // '"', '\\', '/'
				dst = append(dst, s[i+1])
			}
			i += 2
		case c < utf8.RuneSelf:
			// Copy the run of plain ASCII in one go.
			j := i + 1
			for j < len(s) && s[j] != '\\' && s[j] < utf8.RuneSelf {
				j++
			}
			dst = append(dst, s[i:j]...)
			i = j
		default:
			rr, size := utf8.DecodeRune(s[i:])
			if rr == utf8.RuneError && size == 1 {
				dst = append(dst, "\uFFFD"...)
			} else {
				dst = append(dst, s[i:i+size]...)
			}
			i += size
		}
	}
	return dst
}

// StrBytes reads a string without allocating. The result aliases the input
// or r's scratch buffer and is valid until the next call on r.
func (r *jsonReader) StrBytes() ([]byte, error) {
	if r.ws() != '"' {
		return nil, r.errExpected("string")
	}
	start := r.pos + 1
	end, esc, err := r.scanStr(start, true)
	if err != nil {
		return nil, err
	}
	r.pos = end + 1
	if !esc {
		return r.buf[start:end], nil
	}
	r.str = jsonUnescape(r.str[:0], r.buf[start:end])
	return r.str, nil
}

// Str reads a string.
func (r *jsonReader) Str() (string, error) {
	b, err := r.StrBytes()
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// ---------------------------------------------------------------- numbers

// scanNum validates the number literal at r.pos and returns its end and
// whether it is a plain integer (no fraction, no exponent).
func (r *jsonReader) scanNum() (end int, isInt bool, err error) {
	buf := r.buf
	i := r.pos
	if i < len(buf) && buf[i] == '-' {
		i++
	}
	switch {
	case i >= len(buf):
		return 0, false, r.errAt(i, "unexpected end of input in number")
	case buf[i] == '0':
		i++
	case buf[i] >= '1' && buf[i] <= '9':
		i++
		for i < len(buf) && buf[i] >= '0' && buf[i] <= '9' {
			i++
		}
	default:
		return 0, false, r.errAt(i, "invalid "+jsonDescribeByte(buf[i])+" in number")
	}
	isInt = true
	if i < len(buf) && buf[i] == '.' {
		isInt = false
		i++
		d := i
		for i < len(buf) && buf[i] >= '0' && buf[i] <= '9' {
			i++
		}
		if i == d {
			return 0, false, r.numDigitErr(i)
		}
	}
	if i < len(buf) && (buf[i] == 'e' || buf[i] == 'E') {
		isInt = false
		i++
		if i < len(buf) && (buf[i] == '+' || buf[i] == '-') {
			i++
		}
		d := i
		for i < len(buf) && buf[i] >= '0' && buf[i] <= '9' {
			i++
		}
		if i == d {
			return 0, false, r.numDigitErr(i)
		}
	}
	return i, isInt, nil
}

func (r *jsonReader) numDigitErr(i int) error {
	if i >= len(r.buf) {
		return r.errAt(i, "unexpected end of input in number")
	}
	return r.errAt(i, "expected digit in number, found "+jsonDescribeByte(r.buf[i]))
}

// Number returns the validated literal of the next number.
func (r *jsonReader) Number() ([]byte, error) {
	if jsonKindOf[r.ws()] != jsonKindNumber || r.pos >= len(r.buf) {
		return nil, r.errExpected("number")
	}
	end, _, err := r.scanNum()
	if err != nil {
		return nil, err
	}
	b := r.buf[r.pos:end]
	r.pos = end
	return b, nil
}

// Int64 reads an integer that fits in int64.
func (r *jsonReader) Int64() (int64, error) {
	c := r.ws()
	if jsonKindOf[c] != jsonKindNumber || r.pos >= len(r.buf) {
		return 0, r.errExpected("integer")
	}
	buf := r.buf
	start := r.pos
	i := start
	neg := c == '-'
	if neg {
		i++
	}
	var n uint64
	d := i
	for i < len(buf) && buf[i] >= '0' && buf[i] <= '9' {
		n = n*10 + uint64(buf[i]-'0')
		i++
	}
	digits := i - d
	// Anything but a canonical integer goes through the full scanner for a
	// precise error; the fast path above stays branch-light.
	if digits == 0 || (buf[d] == '0' && digits > 1) ||
		(i < len(buf) && (buf[i] == '.' || buf[i] == 'e' || buf[i] == 'E')) {
		end, isInt, err := r.scanNum()
		if err != nil {
			return 0, err
		}
		if !isInt {
			return 0, r.errAt(start, "expected integer, found number "+jsonClip(buf[start:end]))
		}
		// Only a leading zero is left: "01" is the number 0 followed by junk.
		return 0, r.errAt(end, "invalid "+jsonDescribeByte(buf[end])+" after leading 0 in number")
	}
	if digits > 19 || (neg && n > 1<<63) || (!neg && n > math.MaxInt64) {
		return 0, r.errAt(start, "number "+jsonClip(buf[start:i])+" overflows int64")
	}
	r.pos = i
	if neg {
		return -int64(n), nil
	}
	return int64(n), nil
}

// Int reads an integer that fits in int.
func (r *jsonReader) Int() (int, error) {
	start := r.pos
	v, err := r.Int64()
	if err != nil {
		return 0, err
	}
	if strconv.IntSize == 32 && (v < math.MinInt32 || v > math.MaxInt32) {
		r.pos = start
		r.ws()
		return 0, r.errAt(r.pos, "number "+strconv.FormatInt(v, 10)+" overflows int")
	}
	return int(v), nil
}

// jsonPow10 holds the powers of ten exactly representable in float64.
var jsonPow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// Float64 reads any number as float64.
func (r *jsonReader) Float64() (float64, error) {
	if jsonKindOf[r.ws()] != jsonKindNumber || r.pos >= len(r.buf) {
		return 0, r.errExpected("number")
	}
	end, _, err := r.scanNum()
	if err != nil {
		return 0, err
	}
	lit := r.buf[r.pos:end]
	if f, ok := jsonFastFloat(lit); ok {
		r.pos = end
		return f, nil
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil {
		return 0, r.errAt(r.pos, "number "+jsonClip(lit)+" out of range for float64")
	}
	r.pos = end
	return f, nil
}

// jsonFastFloat handles the common "-?digits(.digits)?" literals with at
// most 15 significant digits: mantissa and divisor are then exact in
// float64, so one IEEE division is correctly rounded, as ParseFloat would
// be (this is the classic Clinger fast path).
func jsonFastFloat(b []byte) (float64, bool) {
	i := 0
	neg := false
	if b[0] == '-' {
		neg = true
		i++
	}
	var m uint64
	nd, frac := 0, -1
	for ; i < len(b); i++ {
		c := b[i]
		switch {
		case c >= '0' && c <= '9':
			m = m*10 + uint64(c-'0')
			if m != 0 {
				nd++
			}
		case c == '.' && frac < 0:
			frac = i
		default:
			return 0, false
		}
	}
	if nd > 15 {
		return 0, false
	}
	f := float64(m)
	if frac >= 0 {
		k := len(b) - frac - 1
		if k >= len(jsonPow10) {
			return 0, false
		}
		f /= jsonPow10[k]
	}
	if neg {
		f = -f
	}
	return f, true
}

func jsonClip(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}

// ---------------------------------------------------------------- skipping

// Skip consumes the next value, validating it fully.
func (r *jsonReader) Skip() error {
	switch c := r.ws(); c {
	case '"':
		end, _, err := r.scanStr(r.pos+1, false)
		if err != nil {
			return err
		}
		r.pos = end + 1
		return nil
	case '{':
		return r.skipObj()
	case '[':
		return r.skipArr()
	case 't', 'f':
		_, err := r.Bool()
		return err
	case 'n':
		if r.Null() {
			return nil
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		end, _, err := r.scanNum()
		if err != nil {
			return err
		}
		r.pos = end
		return nil
	}
	return r.errExpected("value")
}

// skipObj is the ObjStart/ObjKey walk without key decoding.
func (r *jsonReader) skipObj() error {
	if err := r.open(); err != nil {
		return err
	}
	for {
		more, err := r.member('}', "',' or '}' after object member")
		if !more {
			return err
		}
		if r.ws() != '"' {
			return r.errExpected("object key")
		}
		end, _, err := r.scanStr(r.pos+1, false)
		if err != nil {
			return err
		}
		r.pos = end + 1
		if r.ws() != ':' {
			return r.errExpected("':' after object key")
		}
		r.pos++
		if err := r.Skip(); err != nil {
			return err
		}
	}
}

// skipArr is the ArrStart/ArrNext walk.
func (r *jsonReader) skipArr() error {
	if err := r.open(); err != nil {
		return err
	}
	for {
		more, err := r.member(']', "',' or ']' after array element")
		if !more {
			return err
		}
		if err := r.Skip(); err != nil {
			return err
		}
	}
}

// Raw returns the next value's bytes as a sub-slice of the input.
func (r *jsonReader) Raw() ([]byte, error) {
	r.ws()
	start := r.pos
	if err := r.Skip(); err != nil {
		return nil, err
	}
	return r.buf[start:r.pos:r.pos], nil
}

// RawCopy is Raw with a private copy of the bytes.
func (r *jsonReader) RawCopy() ([]byte, error) {
	b, err := r.Raw()
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), b...), nil
}
