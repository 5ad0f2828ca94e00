package runtime

// Runtime pieces the types backend needs next to jsonReader / jsonWriter:
// the InputFile primitive and a few writer helpers. Owned by the types
// backend (generators/types).

import (
	"errors"
	"io"
	"net/url"
	"slices"
	"strings"
)

// inputFileKind says what an InputFile refers to.
type inputFileKind uint8

const (
	inputFileUnset  inputFileKind = iota
	inputFileID                   // a file_id of a file already on the service
	inputFileURL                  // an HTTP URL the service fetches
	inputFileUpload               // contents streamed from a reader (multipart upload)
	inputFileAttach               // "attach://<part>" read from a JSON body: a part of the same request
)

// InputFile is a file to send. The zero InputFile is unset. Build one with
// Upload (contents streamed in a multipart/form-data request), FileID (a
// file already stored by the service) or FileURL (an HTTP URL the service
// downloads).
//
// A parameter or field the schema types "InputFile or String" is an
// InputFile and takes any of the three forms:
//
//	Photo: Upload("cat.png", f)
//	Photo: FileID(id)
//	Photo: FileURL("https://example.com/cat.png")
//
// A parameter typed plain InputFile must be an Upload; Validate reports a
// FileID or FileURL there.
//
// In a JSON body an InputFile is a string: the file_id or URL. An upload has
// no JSON form of its own: the client sends it as a multipart part and puts
// "attach://<part>" in the JSON in its place. Decoding a string gives a
// FileURL when it parses as an absolute http or https URL (scheme and host
// present), an upload reference bound to a multipart part for
// "attach://<part>", and a FileID for any other string.
type InputFile struct {
	kind   inputFileKind
	name   string    // file name of an upload
	r      io.Reader // contents of an upload
	ref    string    // file_id or URL
	attach string    // multipart part name, see withAttach
}

// Upload returns an InputFile whose contents are read from r when the
// request is sent. name is the file name the service sees.
func Upload(name string, r io.Reader) InputFile {
	return InputFile{kind: inputFileUpload, name: name, r: r}
}

// FileID returns an InputFile that refers to a file already stored by the
// service.
func FileID(id string) InputFile { return InputFile{kind: inputFileID, ref: id} }

// FileURL returns an InputFile the service downloads from an HTTP URL.
func FileURL(url string) InputFile { return InputFile{kind: inputFileURL, ref: url} }

// IsSet reports whether f refers to anything.
func (f InputFile) IsSet() bool { return f.kind != inputFileUnset }

// IsUpload reports whether f must be sent as a multipart part: a value from
// Upload, or an "attach://<part>" reference decoded from a JSON body.
func (f InputFile) IsUpload() bool {
	return f.kind == inputFileUpload || f.kind == inputFileAttach
}

// Name returns the file name of an upload ("" otherwise).
func (f InputFile) Name() string { return f.name }

// Reader returns the contents of an upload (nil otherwise, and nil for an
// "attach://" reference until the server binds the part).
func (f InputFile) Reader() io.Reader { return f.r }

// Ref returns the file_id or URL of a reference ("" for uploads).
func (f InputFile) Ref() string { return f.ref }

// IsURL reports whether f is an HTTP URL reference.
func (f InputFile) IsURL() bool { return f.kind == inputFileURL }

// String describes f for logs; it never reads the contents.
func (f InputFile) String() string {
	switch f.kind {
	case inputFileID:
		return "file_id:" + f.ref
	case inputFileURL:
		return "url:" + f.ref
	case inputFileUpload:
		return "upload:" + f.name
	case inputFileAttach:
		return "attach://" + f.attach
	}
	return "<unset>"
}

// withAttach returns f carrying the multipart part name its contents travel
// in; its JSON form becomes "attach://<part>". The client calls it for
// uploads before encoding a JSON value that refers to them.
func (f InputFile) withAttach(part string) InputFile {
	f.attach = part
	return f
}

// attachName returns the multipart part name set by withAttach or decoded
// from an "attach://<part>" string ("" if none).
func (f InputFile) attachName() string { return f.attach }

// bindUpload gives an "attach://" reference decoded from a JSON body the
// contents of its part (used by the server).
func (f InputFile) bindUpload(name string, r io.Reader) InputFile {
	f.name, f.r = name, r
	return f
}

const inputFileAttachPrefix = "attach://"

var errInputFileUnset = errors.New("json: InputFile is unset")

var errInputFileUpload = errors.New(`json: an uploaded InputFile has no JSON form; the client must give it a multipart part ("attach://<part>") first`)

func (f *InputFile) encodeJSON(w *jsonWriter) {
	switch {
	case f.attach != "":
		w.Str(inputFileAttachPrefix + f.attach)
	case f.kind == inputFileID || f.kind == inputFileURL:
		w.Str(f.ref)
	case f.kind == inputFileUnset:
		w.fail(errInputFileUnset)
		w.Null()
	default:
		w.fail(errInputFileUpload)
		w.Null()
	}
}

func (f *InputFile) decodeJSON(r *jsonReader) error {
	if r.Null() {
		*f = InputFile{}
		return nil
	}
	s, err := r.Str()
	if err != nil {
		return err
	}
	*f = inputFileFromString(s)
	return nil
}

// inputFileFromString reads the string form of an InputFile (a JSON string
// or a form field): "attach://<part>" is a reference to a multipart part
// (see bindUpload), an absolute http or https URL is a FileURL, anything
// else is a FileID.
func inputFileFromString(s string) InputFile {
	switch {
	case strings.HasPrefix(s, inputFileAttachPrefix):
		return InputFile{kind: inputFileAttach, attach: s[len(inputFileAttachPrefix):]}
	case isHTTPURL(s):
		return FileURL(s)
	}
	return FileID(s)
}

// isHTTPURL reports whether s parses as an absolute http or https URL with
// a host.
func isHTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// MarshalJSON writes the JSON form (see InputFile).
func (f InputFile) MarshalJSON() ([]byte, error) {
	w := jsonGetWriter()
	defer jsonPutWriter(w)
	f.encodeJSON(w)
	if err := w.Err(); err != nil {
		return nil, err
	}
	return append([]byte(nil), w.Bytes()...), nil
}

// UnmarshalJSON reads a file_id, an HTTP(S) URL or "attach://<part>" (see
// InputFile for how a string is classified).
func (f *InputFile) UnmarshalJSON(data []byte) error {
	r := jsonGetReader(data)
	defer jsonPutReader(r)
	if err := f.decodeJSON(r); err != nil {
		return err
	}
	return r.End()
}

// fail records err as the writer's error unless one is already recorded.
func (w *jsonWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// failUnset records that a required value at path (for example
// "SendMessageParams.chat_id") was unset while encoding.
//
// Not inlined: it is the error path of every generated encoder of a required value, and
// inlined it multiplies the package's code (compile memory, binary size)
// for no gain on the path that succeeds.
//
//go:noinline
func (w *jsonWriter) failUnset(path string) {
	if w.err == nil {
		w.err = errors.New("json: " + path + ": required value is unset")
	}
}

// key writes a pre-encoded member name (`"name":`, produced by the
// generator for plain identifiers), with the comma when needed. Out of
// line like keyAfter.
//
//go:noinline
func (w *jsonWriter) key(quotedColon string) {
	if w.more {
		w.buf = append(w.buf, ',')
	}
	w.more = false
	w.set(append(w.buf, quotedColon...))
}

// True writes the literal true.
func (w *jsonWriter) True() {
	w.comma()
	w.set(append(w.buf, "true"...))
	w.more = true
}

// jsonStopScan ends a Capture scan early (a union found its variant).
var jsonStopScan = errors.New("json: stop scan")

// jsonStopped maps jsonStopScan to nil.
func jsonStopped(err error) error {
	if err == jsonStopScan {
		return nil
	}
	return err
}

// True is the API's "True" type: a value that can only be true. It is an
// empty struct that encodes as the JSON literal true; use Opt[True] for an
// optional one (Some(True{}) sends true, the zero Opt omits the field).
type True struct{}

var errJSONNotTrue = "expected true, found false"

// MarshalJSON writes true.
func (True) MarshalJSON() ([]byte, error) { return []byte("true"), nil }

// UnmarshalJSON accepts only true.
func (t *True) UnmarshalJSON(data []byte) error {
	r := jsonGetReader(data)
	defer jsonPutReader(r)
	if err := t.decodeJSON(r); err != nil {
		return err
	}
	return r.End()
}

func (*True) encodeJSON(w *jsonWriter) { w.True() }

func (*True) decodeJSON(r *jsonReader) error {
	if r.ws() == 'f' {
		return r.errAt(r.pos, errJSONNotTrue)
	}
	b, err := r.Bool()
	if err != nil {
		return err
	}
	if !b {
		return r.errAt(r.pos, errJSONNotTrue)
	}
	return nil
}

// jsonCodec is implemented by the pointer types of every generated object,
// union struct and parameter struct.
type jsonCodec[T any] interface {
	*T
	decodeJSON(r *jsonReader) error
	encodeJSON(w *jsonWriter)
}

// ResponseStatus is what an API response says besides its result.
type ResponseStatus struct {
	// OK reports success; the result was decoded only when it is true.
	OK bool
	// Description is the human-readable text, if any.
	Description string
	// ErrorCode is the error code of a failure (0 when absent).
	ErrorCode int
	// Parameters is the raw JSON of the failure's parameters object, if any.
	Parameters []byte
}

// UnmarshalResponse decodes an API response body ({"ok":...,"result":...})
// whose result is one value of a generated type T into result. Like
// UnmarshalJSON, and the functions below, it reads tolerantly (see
// Tolerated).
func UnmarshalResponse[T any, PT jsonCodec[T]](body []byte, result PT) (ResponseStatus, error) {
	return unmarshalResponse(body, func(r *jsonReader) error { return PT(result).decodeJSON(r) })
}

// UnmarshalResponseArray decodes an API response body whose result is an
// array of a generated type T (for example getUpdates) into result.
func UnmarshalResponseArray[T any, PT jsonCodec[T]](body []byte, result *[]T) (ResponseStatus, error) {
	return unmarshalResponse(body, func(r *jsonReader) error {
		s := (*result)[:0]
		if s == nil {
			s = []T{}
		}
		s, err := jsonDecodeArray[T, PT](r, s)
		*result = s
		return err
	})
}

// UnmarshalArray decodes a JSON array of a generated type T.
func UnmarshalArray[T any, PT jsonCodec[T]](data []byte) ([]T, error) {
	r := jsonGetReceived(data, false)
	defer jsonPutReader(r)
	s, err := jsonDecodeArray[T, PT](r, []T{})
	if err == nil {
		err = r.End()
	}
	return s, err
}

// jsonDecodeArray appends the elements of a JSON array to s. A long array
// (getUpdates: 100 updates, too long for ArrLen to count) would grow by
// doubling, copying and discarding about as many elements as it keeps; so
// after the first element the slice is grown once to an estimate, the
// bytes left in the input over the bytes the first element took, bounded
// by one element per 32 bytes left so that a small first element cannot
// make it reserve much more than the input could hold.
func jsonDecodeArray[T any, PT jsonCodec[T]](r *jsonReader, s []T) ([]T, error) {
	if err := r.ArrStart(); err != nil {
		return s, err
	}
	if n := r.ArrLen(); n > 0 {
		s = slices.Grow(s, n)
	}
	first := true
	for {
		more, err := r.ArrNext()
		if !more {
			return s, err
		}
		start := r.Offset()
		var zero T
		s = append(s, zero)
		if err := PT(&s[len(s)-1]).decodeJSON(r); err != nil {
			return s, jsonErrIndex(err, len(s)-1)
		}
		if first {
			first = false
			if used, left := r.pos-start, len(r.buf)-r.pos; used > 0 && left > 0 {
				if est := min(left/used, left/32) + 1; cap(s)-len(s) < est {
					s = slices.Grow(s, est)
				}
			}
		}
	}
}

// MarshalArray encodes a slice of a generated type T as a JSON array.
func MarshalArray[T any, PT jsonCodec[T]](s []T) ([]byte, error) {
	w := jsonGetWriter()
	defer jsonPutWriter(w)
	w.ArrStart()
	for i := range s {
		PT(&s[i]).encodeJSON(w)
	}
	w.ArrEnd()
	if err := w.Err(); err != nil {
		return nil, err
	}
	return append([]byte(nil), w.Bytes()...), nil
}

func unmarshalResponse(body []byte, decodeResult func(r *jsonReader) error) (ResponseStatus, error) {
	r := jsonGetReceived(body, false)
	defer jsonPutReader(r)
	var st ResponseStatus
	var result []byte
	seenOK, decoded := false, false
	err := r.Object(func(r *jsonReader, key []byte) error {
		var err error
		switch string(key) {
		case "ok":
			if r.Null() {
				return nil
			}
			st.OK, err = r.Bool()
			seenOK = err == nil
		case "result":
			if seenOK && st.OK {
				// The usual order, {"ok":true,"result":...}: decode in place,
				// one pass over the body.
				decoded = true
				return jsonErrField(decodeResult(r), "result")
			}
			// "ok" may come after "result": keep the bytes, decode after
			// the loop.
			result, err = r.Raw()
		case "description":
			if r.Null() {
				return nil
			}
			st.Description, err = r.Str()
		case "error_code":
			if r.Null() {
				return nil
			}
			st.ErrorCode, err = r.Int()
		case "parameters":
			st.Parameters, err = r.RawCopy()
		default:
			err = r.Skip()
		}
		if err != nil {
			return jsonErrField(err, string(key))
		}
		return nil
	})
	if err == nil {
		err = r.End()
	}
	if err != nil || !st.OK || decoded || result == nil {
		return st, err
	}
	rr := jsonGetReader(result)
	defer jsonPutReader(rr)
	if err := decodeResult(rr); err != nil {
		return st, jsonErrField(err, "result")
	}
	return st, nil
}
