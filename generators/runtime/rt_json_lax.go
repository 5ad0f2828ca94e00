package runtime

// Tolerant reading of received data.
//
// The same generated decoders read what a server receives (requests, which
// must follow the document: a difference is an error, answered 400) and
// what a client receives (answers, updates, webhook deliveries, which the
// platform or an older local server writes as it does: a difference is
// kept). The reader's mode says which; it is decided in one place per
// side: jsonGetReader gives a strict reader (the server's own readers),
// jsonGetReceived the reader of received data (the client, and every
// UnmarshalJSON: what a Go program decodes with encoding/json is data it
// received).
//
// A tolerant reader (jsonTolerant):
//   - reads a missing required field as its zero value (errMissing);
//   - keeps an enum value the document does not list (unknownEnum; a strict
//     reader keeps it too, silently, as servers always have);
//   - keeps a union value it cannot read (a JSON kind the union does not
//     allow, a variant that does not decode) as the union's Unknown value
//     with its raw JSON (keepUnknown, called by the generated decode<Union>);
//     any other failure reaches the caller, which for a batch of updates is
//     one update (clientDecodeItem);
//   - reads a True written false as unset (trueOrUnset);
//
// and notes each of these (notes, at most jsonMaxNotes per document), which
// the client reports as Tolerated values. A strict client (jsonStrictReceived,
// WithStrictDecoding) makes each of them an error, unknown enum values
// included: it shows where the platform and the document differ.

import "strconv"

// jsonMode is how a reader meets a difference between its input and the
// document.
type jsonMode uint8

const (
	// jsonStrict: an error, except an unknown enum value (kept).
	jsonStrict jsonMode = iota
	// jsonTolerant: kept and noted.
	jsonTolerant
	// jsonStrictReceived: an error, an unknown enum value too.
	jsonStrictReceived
)

// jsonMaxNotes bounds the notes kept for one document, so that a hostile
// answer cannot grow them without limit; beyond it differences are still
// tolerated, unnoted.
const jsonMaxNotes = 256

// jsonNote is one tolerated difference: the byte offset it was met at and
// what it was.
type jsonNote struct {
	off int
	msg string
}

// jsonGetReceived returns a pooled reader over received data b: tolerant,
// or strict in the way of WithStrictDecoding.
func jsonGetReceived(b []byte, strict bool) *jsonReader {
	r := jsonGetReader(b)
	r.mode = jsonTolerant
	if strict {
		r.mode = jsonStrictReceived
	}
	return r
}

// UnmarshalStrict decodes data into v, a generated type, as its
// UnmarshalJSON does, except that every difference UnmarshalJSON tolerates
// is an error naming where it is (a missing required field, an enum value
// the document does not list, a union value no variant reads, a True
// written false), as WithStrictDecoding makes it for a client: for tests
// that want to see where data and the document differ.
func UnmarshalStrict[T any, PT jsonCodec[T]](data []byte, v PT) error {
	*v = *new(T)
	r := jsonGetReceived(data, true)
	defer jsonPutReader(r)
	if err := v.decodeJSON(r); err != nil {
		return err
	}
	return r.End()
}

// trueOrUnset reads a member of the True type: true reads as set; false,
// which the document does not allow but mock servers and older fixtures
// write, reads as unset on a tolerant reader (noted) and is an error on
// any other.
func (r *jsonReader) trueOrUnset() (bool, error) {
	off := r.Offset()
	b, err := r.Bool()
	if err != nil || b {
		return b, err
	}
	if r.mode != jsonTolerant {
		return false, r.errAt(off, errJSONNotTrue)
	}
	r.note(off, errJSONNotTrue+": read as unset")
	return false, nil
}

// note records a tolerated difference.
func (r *jsonReader) note(off int, msg string) {
	if len(r.notes) < jsonMaxNotes {
		r.notes = append(r.notes, jsonNote{off, msg})
	}
}

// tolerate returns err, or, on a tolerant reader, notes it and returns nil.
func (r *jsonReader) tolerate(err error) error {
	if r.mode != jsonTolerant {
		return err
	}
	e := jsonErrOf(err)
	r.note(e.Off, e.Msg)
	return nil
}

// unknownEnum is met by the generated intern<Enum> after reading a string
// (b, unescaped) that is none of the enum's listed values: nil (the value
// is kept) unless the reader is a strict client's.
func (r *jsonReader) unknownEnum(enum string, b []byte) error {
	if r.mode == jsonStrict {
		return nil
	}
	// The string just read ends at r.pos-1; its opening quote is the
	// first one before that which no backslash escapes.
	off := r.pos - 2
	for ; off > 0; off-- {
		if r.buf[off] != '"' {
			continue
		}
		n := 0
		for k := off - 1; k >= 0 && r.buf[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			break
		}
	}
	msg := "unknown " + enum + " value " + strconv.Quote(jsonClip(b))
	if r.mode == jsonStrictReceived {
		return r.errAt(off, msg)
	}
	r.note(off, msg)
	return nil
}

// keepUnknown is met by the generated decode<Union> when the value that
// started at m could not be read as any variant (err): a tolerant reader
// notes err, moves back to m and returns a copy of the value's raw JSON
// for the union's Unknown value. ok is false, and err stands, on any other
// reader and when the value is not even well-formed JSON.
func (r *jsonReader) keepUnknown(m jsonMark, err error) (raw []byte, ok bool) {
	if r.mode != jsonTolerant {
		return nil, false
	}
	r.Rewind(m)
	raw, rerr := r.RawCopy()
	if rerr != nil {
		return nil, false
	}
	e := jsonErrOf(err)
	msg := e.Msg
	if e.Err != nil {
		msg = e.Error()
	} else if e.Path != "" {
		msg = "at " + e.Path + ": " + msg
	}
	r.note(m.pos, "kept as raw JSON: "+msg)
	return raw, true
}

// jsonMemberStr returns the string member key of the JSON object raw, or
// "" (the tag of a union's Unknown value kept by keepUnknown).
func jsonMemberStr(raw []byte, key string) string {
	r := jsonGetReader(raw)
	defer jsonPutReader(r)
	var s string
	_ = r.Object(func(r *jsonReader, k []byte) error {
		if string(k) == key && s == "" && r.Next() == jsonKindString {
			v, err := r.Str()
			s = v
			return err
		}
		return r.Skip()
	})
	return s
}

// Tolerated is one difference between received data and the document that
// the client read past instead of failing: a required field that was
// missing (read as its zero value), an enum value the document does not
// list (kept), a union value no variant reads (kept as the union's Unknown
// value with its raw JSON). A newer document, or an older server, is the
// usual cause. WithToleratedHook receives each one; Client.ToleratedCount
// counts them; WithStrictDecoding makes each an error.
type Tolerated struct {
	// Path is where, from the top of the received document:
	// "result.chat" for an answer, "message.chat" for an update.
	Path string
	// Offset is the byte offset in the received document.
	Offset int
	// Problem says what: `missing required field "first_name"`.
	Problem string
}

func (t Tolerated) String() string {
	if t.Path == "" {
		return t.Problem
	}
	return t.Path + ": " + t.Problem
}

// jsonTolerated turns the notes of a reader over buf into Tolerated values.
func jsonTolerated(buf []byte, notes []jsonNote) []Tolerated {
	out := make([]Tolerated, len(notes))
	for i, n := range notes {
		out[i] = Tolerated{Path: jsonPathAt(buf, n.off), Offset: n.off, Problem: n.msg}
	}
	return out
}

// jsonPathAt names the innermost value of the JSON document buf that holds
// the byte at offset off, as a path ("result[0].message.chat"); "" for the
// document itself. It walks the document again, which costs nothing until
// something was tolerated.
func jsonPathAt(buf []byte, off int) string {
	r := jsonGetReader(buf)
	defer jsonPutReader(r)
	path := ""
	for {
		found := false
		var err error
		switch r.Next() {
		case jsonKindObject:
			err = r.Object(func(r *jsonReader, key []byte) error {
				m := r.Mark()
				if err := r.Skip(); err != nil {
					return err
				}
				if off >= m.pos && off < r.pos {
					r.Rewind(m)
					if path != "" {
						path += "."
					}
					path += string(key)
					found = true
					return jsonStopScan
				}
				return nil
			})
		case jsonKindArray:
			i := 0
			err = r.Array(func(r *jsonReader) error {
				m := r.Mark()
				if err := r.Skip(); err != nil {
					return err
				}
				if off >= m.pos && off < r.pos {
					r.Rewind(m)
					path += "[" + strconv.Itoa(i) + "]"
					found = true
					return jsonStopScan
				}
				i++
				return nil
			})
		}
		if !found || jsonStopped(err) != nil {
			return path
		}
	}
}
