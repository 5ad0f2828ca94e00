// The server part of the runtime, one-pass JSON: a JSON object body decoded
// by the method's generated decoder straight into its parameters struct.
// The whole part is described in rt_server.go. This comment, above the
// package clause, describes the source file only and is not copied into
// the generated package.

package serverrt

import (
	"errors"

	botapi "github.com/apigen/apigen/generators/runtime"
)

// ---------------------------------------------------------------- one-pass JSON

// A request whose only parameters are a JSON object body is decoded in one
// pass: the method's generated JSON decoder walks the object, switches on
// each key and decodes the value in place into the parameters struct, with
// the same per-parameter helpers as the split path (serverJSONScalar is
// serverScalar reading the member's value, and so on). It only has to get
// the successes right: when it fails for any reason, serverDecodeParams
// splits the body into values and decodes them the usual way, which gives
// the error (the first parameter in the method's order that fails, a
// syntax error anywhere in the body before any of them) exactly as before.

// errServerJSONMissing is what a JSON decoder returns when a required
// parameter is absent; the split path then names it.
var errServerJSONMissing = errors.New("a required parameter is missing")

// serverDecodeParams reads the parameters of a method into p: in one pass
// over a JSON body with fromJSON (nil for a method with more parameters
// than its bit sets hold) when the request has only that body, else, and
// whenever that pass fails, from the split values with fromArgs, which
// starts by zeroing *p. P is the pointer (*SendMessageParams): every
// method shares one instantiation, where a struct type parameter made one
// copy of this code per params struct.
func serverDecodeParams[P any](a *serverArgs, p P, fromArgs func(a *serverArgs, p P) error, fromJSON func(a *serverArgs, r *botapi.WireReader, p P) error) error {
	if body := a.json; body != nil {
		a.json = nil
		if fromJSON != nil && serverDecodeJSONBody(a, body, p, fromJSON) == nil {
			return nil
		}
		if err := a.parseJSON(body); err != nil {
			return err
		}
	}
	return fromArgs(a, p)
}

func serverDecodeJSONBody[P any](a *serverArgs, body []byte, p P, fromJSON func(a *serverArgs, r *botapi.WireReader, p P) error) error {
	r := botapi.WireGetReader(body)
	defer botapi.WirePutReader(r)
	if err := fromJSON(a, r, p); err != nil {
		return err
	}
	return r.End()
}

// serverNoParams checks the JSON body of a method without parameters, which
// no decoder walks: it must be well-formed all the same.
func serverNoParams(a *serverArgs) error {
	if body := a.json; body != nil {
		a.json = nil
		return a.parseJSON(body)
	}
	return nil
}

// serverJSONTake decides what to do with the value of a known member whose
// parameter has bit in seen: the first value that is neither null nor ""
// is taken, later ones are skipped (null says nothing, as in the split
// path). A "" is taken too but leaves bit unset, so that a later non-empty
// value replaces it: for one name the first non-empty value wins, as in a
// form.
func serverJSONTake(r *botapi.WireReader, seen *uint64, bit uint64) (take bool, err error) {
	if *seen&bit != 0 {
		return false, r.Skip()
	}
	if r.Null() {
		return false, nil
	}
	if !r.EmptyStr() {
		*seen |= bit
	}
	return true, nil
}

// serverJSONValue reads a member's value (not null) as the split path
// sees it: a string's contents as a text, anything else as its JSON text.
// Every helper reads a JSON string and a text alike once the value is
// known to be given.
func serverJSONValue(r *botapi.WireReader) (serverValue, error) {
	if r.Next() == botapi.WireKindString {
		s, err := r.Str()
		return serverValue{text: s}, err
	}
	raw, err := r.Raw()
	return serverValue{raw: raw, json: true}, err
}

// serverJSONScalar is serverScalar for the member's value at r. Like every
// serverJSON helper it first asks serverJSONTake whether the value is the
// parameter's (bit in seen): ok is false for null and for duplicates.
func serverJSONScalar[T any](_ *serverArgs, r *botapi.WireReader, seen *uint64, bit uint64, name string, parse func(v serverValue) (T, error)) (x T, ok bool, err error) {
	if take, err := serverJSONTake(r, seen, bit); !take {
		return x, false, err
	}
	v, err := serverJSONValue(r)
	if err != nil {
		return x, false, err
	}
	return serverScalarValue(name, v, parse)
}

// serverJSONFile is serverFile for the member's value at r.
func serverJSONFile(a *serverArgs, r *botapi.WireReader, seen *uint64, bit uint64, name string) (f botapi.InputFile, ok bool, err error) {
	if take, err := serverJSONTake(r, seen, bit); !take {
		return f, false, err
	}
	v, err := serverJSONValue(r)
	if err != nil {
		return f, false, err
	}
	return serverFileValue(a, name, &v)
}

// serverJSONUnion is serverUnion for the member's value at r: anything but
// a string decodes in place.
func serverJSONUnion(_ *serverArgs, r *botapi.WireReader, seen *uint64, bit uint64, name string, dec func(r *botapi.WireReader) error, fromText func(s string), form string) (ok bool, err error) {
	if take, err := serverJSONTake(r, seen, bit); !take {
		return false, err
	}
	s, isText, err := serverJSONInPlace(r, name, dec)
	if err != nil || !isText {
		return err == nil, err
	}
	return serverUnionText(name, s, dec, fromText, form)
}

// serverJSONInPlace decodes the member's value at r with dec unless it is a
// string, whose contents it returns instead (isText).
func serverJSONInPlace(r *botapi.WireReader, name string, dec func(r *botapi.WireReader) error) (s string, isText bool, err error) {
	if r.Next() != botapi.WireKindString {
		if err := dec(r); err != nil {
			return "", false, serverParamErr(name, err)
		}
		return "", false, nil
	}
	if s, err = r.Str(); err != nil {
		return "", false, serverParamErr(name, err)
	}
	return s, true, nil
}

// serverJSONDecode is serverDecode for the member's value at r: anything
// but a string (which holds the JSON text) decodes in place.
func serverJSONDecode(_ *serverArgs, r *botapi.WireReader, seen *uint64, bit uint64, name string, dec func(r *botapi.WireReader) error) (ok bool, err error) {
	if take, err := serverJSONTake(r, seen, bit); !take {
		return false, err
	}
	s, isText, err := serverJSONInPlace(r, name, dec)
	if err != nil || !isText {
		return err == nil, err
	}
	return serverDecodeData(name, []byte(s), dec)
}
