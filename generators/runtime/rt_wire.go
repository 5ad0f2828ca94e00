package runtime

// The wire face: what the generated server package, which lives beside
// this one and imports it, reads requests and writes answers with. The
// JSON reader and writer, the codecs of the generated types and the
// validators stay unexported here; these names hand them to the server
// package without widening the types' own API (no new method on any
// type). They are for generated code only: they follow the runtime and
// change with any regeneration. A package generated without its server
// has none of them.

import "io"

type (
	// WireReader is the JSON reader of the generated codecs.
	WireReader = jsonReader
	// WireWriter is the JSON writer of the generated codecs.
	WireWriter = jsonWriter
	// WireError is a decoding error at a byte offset, with the path of
	// the value it was met in.
	WireError = jsonError
	// WireKind classifies the next JSON value (WireReader.Next).
	WireKind = jsonKind
)

// The kinds of JSON value (WireReader.Next).
const (
	WireKindInvalid = jsonKindInvalid
	WireKindObject  = jsonKindObject
	WireKindString  = jsonKindString
	WireKindNull    = jsonKindNull
)

// WireGetReader returns a pooled strict reader over b; WirePutReader
// returns it.
func WireGetReader(b []byte) *WireReader { return jsonGetReader(b) }

// WirePutReader returns a reader from WireGetReader to the pool.
func WirePutReader(r *WireReader) { jsonPutReader(r) }

// WireGetWriter returns a pooled writer; WirePutWriter returns it.
func WireGetWriter() *WireWriter { return jsonGetWriter() }

// WirePutWriter returns a writer from WireGetWriter to the pool.
func WirePutWriter(w *WireWriter) { jsonPutWriter(w) }

// WireErrField prefixes the path of a decoding error with a field name.
func WireErrField(err error, name string) error { return jsonErrField(err, name) }

// WireErrIndex prefixes the path of a decoding error with an array index.
func WireErrIndex(err error, i int) error { return jsonErrIndex(err, i) }

// WireDecode reads one value of a generated object, union or parameters
// type from r into v, strictly.
func WireDecode[T any, PT interface {
	*T
	decodeJSON(r *jsonReader) error
}](r *WireReader, v PT) error {
	return v.decodeJSON(r)
}

// WireEncode writes v, a value of a generated type, as JSON.
func WireEncode[V interface{ encodeJSON(w *jsonWriter) }](w *WireWriter, v V) {
	v.encodeJSON(w)
}

// WireAttachName returns the part name of an "attach://<part>" reference
// decoded into f ("" if none).
func WireAttachName(f InputFile) string { return f.attachName() }

// WireBindUpload gives an "attach://<part>" reference decoded into f the
// contents of its part.
func WireBindUpload(f InputFile, name string, r io.Reader) InputFile {
	return f.bindUpload(name, r)
}

// WireValidate checks decoded parameters with the server's reading of the
// rules (validateState.emptyNotChoice): what a client validator rejects as
// ambiguous, the server accepts when the reference server does.
func WireValidate(p interface{ Validate() error }) error {
	if v, ok := p.(interface {
		validateAt(s *validateState, at *validatePath)
	}); ok {
		s := validateState{emptyNotChoice: true}
		v.validateAt(&s, nil)
		return s.err()
	}
	return p.Validate()
}
