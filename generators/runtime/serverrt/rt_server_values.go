// The server part of the runtime, one parameter's value as a Go value:
// scalars, JSON-serialized objects, unions, and files (a file_id, a URL or
// attach://). The whole part is described in rt_server.go. This comment,
// above the package clause, describes the source file only and is not
// copied into the generated package.

package serverrt

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	botapi "github.com/apigen/apigen/generators/runtime"
)

// ---------------------------------------------------------------- values

// serverMissing is the error of a required parameter that is absent.
func serverMissing(name string) error {
	return serverBad("parameter " + strconv.Quote(name) + " is required")
}

// serverParamErr reports a value that does not decode.
func serverParamErr(name string, err error) error {
	var e *botapi.Error
	if errors.As(err, &e) {
		return err
	}
	if je, ok := err.(*botapi.WireError); ok {
		if je.Msg == "" && je.Err != nil && je.Path != "" {
			// Not a syntax error: a reference inside a decoded value.
			return serverBad("parameter " + strconv.Quote(name) + " at " + name + serverPathSep(je.Path) + je.Path + ": " + je.Err.Error())
		}
		if je.Path != "" {
			return serverBad("can't parse parameter " + strconv.Quote(name) + " at " + name + serverPathSep(je.Path) + je.Path + ": " + serverJSONMsg(je))
		}
		return serverBad("can't parse parameter " + strconv.Quote(name) + ": " + serverJSONMsg(je))
	}
	return serverBad("parameter " + strconv.Quote(name) + ": " + err.Error())
}

func serverPathSep(p string) string {
	if p != "" && p[0] == '[' {
		return ""
	}
	return "."
}

func serverJSONMsg(e *botapi.WireError) string {
	msg := e.Msg
	if e.Err != nil {
		if msg != "" {
			msg += ": "
		}
		msg += strings.TrimPrefix(e.Err.Error(), "json: ")
	}
	if e.Off >= 0 {
		msg += " (offset " + strconv.Itoa(e.Off) + ")"
	}
	return msg
}

// serverScalar reads a scalar parameter with parse. ok is false when the
// parameter is absent (an error if required). An empty text counts as
// absent unless keepEmpty (strings).
func serverScalar[T any](a *serverArgs, name string, required, keepEmpty bool, parse func(v serverValue) (T, error)) (x T, ok bool, err error) {
	v, found := a.get(name)
	if found && (v.json && v.absent() || !v.json && v.text == "" && !keepEmpty) {
		found = false
	}
	if !found {
		if required {
			return x, false, serverMissing(name)
		}
		return x, false, nil
	}
	return serverScalarValue(name, v, parse)
}

// serverScalarValue parses the value v of a scalar parameter that is given.
func serverScalarValue[T any](name string, v serverValue, parse func(v serverValue) (T, error)) (x T, ok bool, err error) {
	x, err = parse(v)
	if err != nil {
		return x, false, serverParamErr(name, err)
	}
	return x, true, nil
}

// serverText returns the text of v: the text itself, or the contents of a
// JSON string, or the literal of another JSON scalar. isString reports a
// text or JSON string.
func serverText(v *serverValue) (s string, isString bool, err error) {
	if !v.json {
		return v.text, true, nil
	}
	if len(v.raw) > 0 && v.raw[0] == '"' {
		r := botapi.WireGetReader(v.raw)
		defer botapi.WirePutReader(r)
		s, err := r.Str()
		return s, true, err
	}
	return string(v.raw), false, nil
}

func serverDescribe(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.Quote(s)
}

// serverNumberShape reports whether s is a number as JSON writes it
// (optional '-', digits, then for non-integers an optional fraction and
// exponent): no '+', hex, underscores, "Inf" or "NaN", which strconv would
// accept. Leading zeros are allowed.
func serverNumberShape(s string, integer bool) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() bool {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i > start
	}
	if !digits() {
		return false
	}
	if !integer && i < len(s) && s[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if !integer && i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	return i == len(s)
}

func serverParseInt64(v serverValue) (int64, error) {
	s, _, err := serverText(&v)
	if err != nil {
		return 0, err
	}
	t := strings.TrimSpace(s)
	if !serverNumberShape(t, true) {
		return 0, errors.New("expected an integer, found " + serverDescribe(s))
	}
	x, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		return 0, errors.New("integer " + serverDescribe(t) + " out of range")
	}
	return x, nil
}

func serverParseInt(v serverValue) (int, error) {
	x, err := serverParseInt64(v)
	if err != nil {
		return 0, err
	}
	if int64(int(x)) != x {
		return 0, errors.New("integer out of range")
	}
	return int(x), nil
}

func serverParseFloat64(v serverValue) (float64, error) {
	s, _, err := serverText(&v)
	if err != nil {
		return 0, err
	}
	t := strings.TrimSpace(s)
	if !serverNumberShape(t, false) {
		return 0, errors.New("expected a number, found " + serverDescribe(s))
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || x > 1.7976931348623157e308 || x < -1.7976931348623157e308 {
		return 0, errors.New("number " + serverDescribe(t) + " out of range")
	}
	if x == 0 {
		// Underflow: 1e-400 reads as 0 without an error.
		mant, _, _ := strings.Cut(strings.ToLower(t), "e")
		if strings.Trim(mant, "-0.") != "" {
			return 0, errors.New("number " + serverDescribe(t) + " out of range (too close to 0)")
		}
	}
	return x, nil
}

func serverParseBool(v serverValue) (bool, error) {
	s, _, err := serverText(&v)
	if err != nil {
		return false, err
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, errors.New("expected a boolean (true, false, 1 or 0), found " + serverDescribe(s))
}

func serverParseTrue(v serverValue) (botapi.True, error) {
	b, err := serverParseBool(v)
	if err == nil && !b {
		err = errors.New("can only be true")
	}
	return botapi.True{}, err
}

func serverParseString(v serverValue) (string, error) {
	if v.json && len(v.raw) > 0 && (v.raw[0] == '{' || v.raw[0] == '[') {
		return "", errors.New("expected a string, found " + map[byte]string{'{': "an object", '[': "an array"}[v.raw[0]])
	}
	s, _, err := serverText(&v)
	return s, err
}

// serverDecode reads a structured parameter (object, array, union of
// objects) with dec from its JSON text: the form value, or the JSON value
// of a JSON body, or the contents of a JSON string there. ok is false when
// the parameter is absent or null (an error if required). want is the
// document's type of a required parameter with its article ("an Array of
// String"): a null given for it is a value of the wrong type, answered as
// the reference server does ("expected an Array of String as options"),
// while an absent one "is required".
func serverDecode(a *serverArgs, name string, required bool, want string, dec func(r *botapi.WireReader) error) (ok bool, err error) {
	if v, found := a.get(name); found {
		var data []byte
		switch {
		case v.json && len(v.raw) > 0 && v.raw[0] == '"':
			s, _, err := serverText(&v)
			if err != nil {
				return false, serverParamErr(name, err)
			}
			data = []byte(s)
		case v.json:
			data = v.raw
		default:
			data = []byte(v.text)
		}
		if ok, err := serverDecodeData(name, data, dec); ok || err != nil {
			return ok, err
		}
		if required && want != "" && serverIsNull(data) {
			return false, serverBad("expected " + want + " as " + name)
		}
	}
	if required {
		return false, serverMissing(name)
	}
	return false, nil
}

// serverIsNull reports whether data is the JSON null.
func serverIsNull(data []byte) bool { return string(bytes.TrimSpace(data)) == "null" }

// serverDecodeData reads a structured parameter from its JSON text data;
// ok is false when data is blank or null.
func serverDecodeData(name string, data []byte, dec func(r *botapi.WireReader) error) (ok bool, err error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return false, nil
	}
	if msg := serverBadEscape(data); msg != "" {
		return false, serverBad("parameter " + strconv.Quote(name) + " " + msg)
	}
	r := botapi.WireGetReader(data)
	defer botapi.WirePutReader(r)
	if r.Null() {
		if err := r.End(); err != nil {
			return false, serverParamErr(name, err)
		}
		return false, nil
	}
	if err := dec(r); err != nil {
		return false, serverParamErr(name, err)
	}
	if err := r.End(); err != nil {
		return false, serverParamErr(name, err)
	}
	return true, nil
}

// serverUnion reads a union with primitive variants (a chat identifier or
// a username). A JSON body's non-string value decodes with dec. A text (or
// a JSON string):
//   - shaped like a number must decode with dec (an integer variant must
//     fit: 9223372036854775808 is no chat identifier, and not a username);
//   - otherwise decodes with dec when it reads as a JSON object, array or
//     boolean, and else (or when that fails) is the String variant
//     (fromText; nil: no such variant), which must be non-blank and, when
//     the schema states a form for it (form, e.g. "@channelusername"), have
//     that form: the same leading symbols, then letters, digits or '_'.
func serverUnion(a *serverArgs, name string, required bool, dec func(r *botapi.WireReader) error, fromText func(s string), form string) (ok bool, err error) {
	v, found := a.get(name)
	if found && v.absent() {
		found = false
	}
	if !found {
		if required {
			return false, serverMissing(name)
		}
		return false, nil
	}
	if v.json && v.raw[0] != '"' {
		if err := serverDecodeAll(v.raw, dec); err != nil {
			return false, serverParamErr(name, err)
		}
		return true, nil
	}
	s, _, err := serverText(&v)
	if err != nil {
		return false, serverParamErr(name, err)
	}
	return serverUnionText(name, s, dec, fromText, form)
}

// serverDecodeAll reads data, one JSON value, with dec.
func serverDecodeAll(data []byte, dec func(r *botapi.WireReader) error) error {
	r := botapi.WireGetReader(data)
	defer botapi.WirePutReader(r)
	if err := dec(r); err != nil {
		return err
	}
	return r.End()
}

// serverUnionText reads a union with primitive variants from a text (or
// the contents of a JSON string): see serverUnion.
func serverUnionText(name, s string, dec func(r *botapi.WireReader) error, fromText func(s string), form string) (ok bool, err error) {
	decode := func(data []byte) error { return serverDecodeAll(data, dec) }
	t := strings.TrimSpace(s)
	var derr error
	switch {
	case serverNumberShape(t, false):
		if derr = decode([]byte(t)); derr == nil {
			return true, nil
		}
		return false, serverParamErr(name, errors.New("number "+serverDescribe(t)+" out of range or not allowed here"))
	case t != "" && strings.IndexByte("{[tf", t[0]) >= 0:
		if derr = decode([]byte(t)); derr == nil {
			return true, nil
		}
	}
	if fromText != nil {
		if msg := serverTextForm(s, form); msg != "" {
			return false, serverBad("parameter " + strconv.Quote(name) + ": " + msg)
		}
		fromText(s)
		return true, nil
	}
	if derr == nil {
		derr = errors.New("unexpected value " + serverDescribe(s))
	}
	return false, serverParamErr(name, derr)
}

// serverTextForm checks the text of a union's String variant: non-blank,
// and in form when one is given. It returns the problem, or "".
func serverTextForm(s, form string) string {
	if strings.TrimSpace(s) == "" {
		return "expected a value, found " + serverDescribe(s)
	}
	if form == "" {
		return ""
	}
	prefix := form[:len(form)-len(strings.TrimLeftFunc(form, func(r rune) bool { return !serverWordRune(r) }))]
	rest, ok := strings.CutPrefix(s, prefix)
	if ok && rest != "" && strings.TrimLeftFunc(rest, serverWordRune) == "" {
		return ""
	}
	return "neither a number nor a text in the form " + form + ": found " + serverDescribe(s)
}

func serverWordRune(r rune) bool {
	return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}

// ---------------------------------------------------------------- files

const serverAttachPrefix = "attach://"

// serverFile reads a file parameter: a non-empty value (a file_id, an
// HTTP URL, or attach://<part>) wins, then an upload part of that name.
func serverFile(a *serverArgs, name string, required bool) (f botapi.InputFile, ok bool, err error) {
	v, found := a.get(name)
	if found && !v.absent() {
		return serverFileValue(a, name, &v)
	}
	for _, p := range a.parts {
		if p.name == name {
			return botapi.Upload(p.filename, p.reader()), true, nil
		}
	}
	if required {
		return f, false, serverMissing(name)
	}
	return f, false, nil
}

// serverFileValue reads the value v of a file parameter that is given: a
// file_id, an HTTP URL or attach://<part>.
func serverFileValue(a *serverArgs, name string, v *serverValue) (f botapi.InputFile, ok bool, err error) {
	s, isString, err := serverText(v)
	if err != nil || !isString {
		if err == nil {
			err = errors.New("expected a file_id, an HTTP URL, attach://<part> or an uploaded file")
		}
		return f, false, serverParamErr(name, err)
	}
	if strings.HasPrefix(s, serverAttachPrefix) {
		f, err := a.attach(s[len(serverAttachPrefix):])
		if err != nil {
			return f, false, serverParamErr(name, err)
		}
		return f, true, nil
	}
	if strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
		return botapi.FileURL(s), true, nil
	}
	return botapi.FileID(s), true, nil
}

// attach returns the upload in the part named part. A text part may also be
// named: its contents are the file.
func (a *serverArgs) attach(part string) (botapi.InputFile, error) {
	for _, p := range a.parts {
		if p.name == part {
			return botapi.Upload(p.filename, p.reader()), nil
		}
	}
	if part != "" {
		for i := range a.vals {
			if v := &a.vals[i]; v.name == part && !v.json {
				return botapi.Upload(part, strings.NewReader(v.text)), nil
			}
		}
	}
	return botapi.InputFile{}, errors.New(serverAttachPrefix + part + ": the request has no part named " + strconv.Quote(part))
}

// serverBindFile gives an attach://<part> reference decoded from JSON the
// contents of its part.
func serverBindFile(a *serverArgs, f *botapi.InputFile) error {
	part := botapi.WireAttachName(*f)
	if part == "" || f.Reader() != nil {
		return nil
	}
	u, err := a.attach(part)
	if err != nil {
		return err
	}
	*f = botapi.WireBindUpload(*f, u.Name(), u.Reader())
	return nil
}

// serverAttachText reports whether s is an attach://<part> reference and
// returns the upload it names (for unions of InputFile and String that
// decode the reference as their String variant).
func serverAttachText(a *serverArgs, s string) (botapi.InputFile, bool, error) {
	if !strings.HasPrefix(s, serverAttachPrefix) {
		return botapi.InputFile{}, false, nil
	}
	f, err := a.attach(s[len(serverAttachPrefix):])
	return f, err == nil, err
}
