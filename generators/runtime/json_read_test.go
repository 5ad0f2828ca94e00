package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// stringCases are JSON string literals (valid and not) exercised against
// encoding/json.
var stringCases = []string{
	`""`, `"a"`, `"hello world"`, `"0123456789abcdef0123456789"`,
	`"\""`, `"\\"`, `"\/"`, `"\b\f\n\r\t"`, `"a\nb"`,
	`"\u0000"`, `"\u001f"`, `"\u0041\u0062"`, `"\u00e9"`, `"\u20AC"`, `"\uFFFF"`,
	`"\ud83d\ude00"`, `"x\uD83D\uDE00y"`, `"\ud83d"`, `"\ude00"`, `"\ud83dx"`,
	`"\ud83d\u0041"`, `"\ude00\ud83d"`, `"\ud83d\ud83d\ude00"`, `"\ud800\udc00"`, `"\udbff\udfff"`,
	`"héllo wörld ✓ 😀"`, `"日本語のテキスト"`, "\"\u2028\u2029\"",
	"\"\xff\"", "\"abc\xffdef\"", "\"\xc3\"", "\"\xc3(\"", "\"\xe2\x82\"", "\"\xed\xa0\x80\"",
	"\"\xf4\x90\x80\x80\"", "\"\xc0\xaf\"", "\"0123456789\xff0123456789\"", "\"\\n\xff\"",
	`"<>&"`, "\"\x7f\"", `"long string with an escape at the end of a long run of text\n"`,
	// invalid
	`"`, `"abc`, `"\`, `"\x"`, `"\u12"`, `"\u12G4"`, `"\'"`, "\"a\x01b\"", "\"\n\"", "\"\t\"",
	`abc`, `123`, `null`, `"\u00"`, `"\ud83d\ude0"`,
}

func TestReaderStrMatchesStdlib(t *testing.T) {
	for _, in := range stringCases {
		for _, input := range []string{in, " \t\r\n" + in + " "} {
			var want string
			wantErr := json.Unmarshal([]byte(input), &want)
			if in == "null" {
				wantErr = errors.New("encoding/json treats null as a no-op")
			}
			r := jsonNewReader([]byte(input))
			got, err := r.Str()
			if err == nil {
				err = r.End()
			}
			if (err != nil) != (wantErr != nil) {
				t.Errorf("Str(%q): err %v, encoding/json err %v", input, err, wantErr)
				continue
			}
			if err == nil && got != want {
				t.Errorf("Str(%q) = %q, want %q", input, got, want)
			}
			// Object keys go through the same unescaping.
			if wantErr == nil {
				var m map[string]int
				obj := "{" + input + ":1}"
				if err := json.Unmarshal([]byte(obj), &m); err != nil {
					t.Fatal(err)
				}
				r := jsonNewReader([]byte(obj))
				var key string
				err := r.Object(func(r *jsonReader, k []byte) error {
					key = string(k)
					return r.Skip()
				})
				if err != nil || m[key] != 1 {
					t.Errorf("key %q: got %q err %v, want %v", input, key, err, m)
				}
			}
		}
	}
}

func TestReaderStrBytesNoAlloc(t *testing.T) {
	data := []byte(`["plain ascii text", "with\nescape \u00e9 \ud83d\ude00", "ünïcödé"]`)
	r := jsonNewReader(data)
	walk := func() {
		r.Reset(data)
		_ = r.Array(func(r *jsonReader) error {
			_, err := r.StrBytes()
			return err
		})
	}
	walk() // grow the scratch buffer
	if n := testing.AllocsPerRun(100, walk); n != 0 {
		t.Errorf("StrBytes allocs = %v, want 0", n)
	}
}

func TestReaderInt64(t *testing.T) {
	tests := []struct {
		in      string
		want    int64
		wantErr string
	}{
		{"0", 0, ""},
		{"-0", 0, ""},
		{"1", 1, ""},
		{"  42  ", 42, ""},
		{"-42", -42, ""},
		{"9223372036854775807", math.MaxInt64, ""},
		{"-9223372036854775808", math.MinInt64, ""},
		{"9223372036854775808", 0, "json: offset 0: number 9223372036854775808 overflows int64"},
		{"-9223372036854775809", 0, "json: offset 0: number -9223372036854775809 overflows int64"},
		{"18446744073709551615", 0, "overflows int64"},
		{"18446744073709551616", 0, "overflows int64"},
		{"123456789012345678901234567890", 0, "overflows int64"},
		{"1.0", 0, "json: offset 0: expected integer, found number 1.0"},
		{"1e3", 0, "json: offset 0: expected integer, found number 1e3"},
		{"-1.5E+10", 0, "expected integer, found number -1.5E+10"},
		{"01", 0, "json: offset 1: invalid character '1' after leading 0 in number"},
		{"-01", 0, "json: offset 2: invalid character '1' after leading 0 in number"},
		{"-", 0, "json: offset 1: unexpected end of input in number"},
		{"-a", 0, "json: offset 1: invalid character 'a' in number"},
		{"1.", 0, "json: offset 2: unexpected end of input in number"},
		{"1.e5", 0, "json: offset 2: expected digit in number, found character 'e'"},
		{"1e", 0, "json: offset 2: unexpected end of input in number"},
		{"1e+", 0, "json: offset 3: unexpected end of input in number"},
		{`"1"`, 0, "json: offset 0: expected integer, found string"},
		{" null", 0, "json: offset 1: expected integer, found null"},
		{"", 0, "json: offset 0: expected integer, found end of input"},
		{"   ", 0, "json: offset 3: expected integer, found end of input"},
		{"+1", 0, "json: offset 0: expected integer, found character '+'"},
		{"true", 0, "json: offset 0: expected integer, found boolean"},
	}
	for _, tt := range tests {
		r := jsonNewReader([]byte(tt.in))
		got, err := r.Int64()
		if err == nil {
			err = r.End()
		}
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Int64(%q): err = %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Int64(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
		// encoding/json agrees on every accepted input.
		var std int64
		if err := json.Unmarshal([]byte(tt.in), &std); err != nil || std != got {
			t.Errorf("encoding/json(%q) = %d, %v", tt.in, std, err)
		}
	}
}

func TestReaderIntMatchesStdlib(t *testing.T) {
	inputs := []string{"0", "1", "-1", "2147483647", "-2147483648", "2147483648",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808",
		"1.5", "1e2", "00", "-", "1x", "0.0"}
	for _, in := range inputs {
		var want int
		wantErr := json.Unmarshal([]byte(in), &want)
		r := jsonNewReader([]byte(in))
		got, err := r.Int()
		if err == nil {
			err = r.End()
		}
		if (err != nil) != (wantErr != nil) || (err == nil && got != want) {
			t.Errorf("Int(%q) = %d, %v; encoding/json %d, %v", in, got, err, want, wantErr)
		}
	}
}

func TestReaderFloat64MatchesStdlib(t *testing.T) {
	inputs := []string{
		"0", "-0", "1", "-1", "0.1", "0.2", "0.3", "1.5", "-2.25", "3.141592653589793",
		"123456789012345", "1234567890123456", "12345678901234567890", "0.000001", "1e-7",
		"1e21", "1E+21", "1e-5", "2.5e10", "1.7976931348623157e308", "-1.7976931348623157e308",
		"4.9e-324", "5e-324", "2e-324", "1e-400", "1e309", "-1e309", "1e400",
		"0.1000000000000000055511151231257827", "9007199254740993", "100000000000000000000000",
		"0.00000000000000000000001", "0.000000000000000000000000000001", "123.456e-2",
		"89255.0e-22", "1.0000000000000002", "4503599627370496.5",
		"01", "1.", ".5", "-", "1e", "+1", "1.5e", "--1", `"1"`, "null",
	}
	for _, in := range inputs {
		var want float64
		wantErr := json.Unmarshal([]byte(in), &want)
		r := jsonNewReader([]byte(in))
		got, err := r.Float64()
		if err == nil {
			err = r.End()
		}
		if in == "null" {
			wantErr = errors.New("null") // encoding/json treats null as a no-op
		}
		if (err != nil) != (wantErr != nil) {
			t.Errorf("Float64(%q): err %v, encoding/json err %v", in, err, wantErr)
			continue
		}
		if err == nil && math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("Float64(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestReaderFastFloatExhaustiveish(t *testing.T) {
	// The Clinger fast path must be correctly rounded: compare it with
	// ParseFloat on many short decimals.
	for i := 0; i < 200000; i++ {
		m := uint64(i) * 7919 % 1000000007
		for _, s := range []string{
			strconv.FormatUint(m, 10),
			strconv.FormatUint(m/1000, 10) + "." + strconv.FormatUint(m%1000, 10),
			"0." + strconv.FormatUint(m, 10),
			"-" + strconv.FormatUint(m/100000, 10) + "." + strconv.FormatUint(m%100000+100000, 10),
			"0.00000000000" + strconv.FormatUint(m, 10),
		} {
			got, ok := jsonFastFloat([]byte(s))
			want, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatal(err)
			}
			if ok && math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("jsonFastFloat(%q) = %v, want %v", s, got, want)
			}
		}
	}
}

func TestReaderBoolNullNext(t *testing.T) {
	kinds := map[string]jsonKind{
		` {"a":1}`: jsonKindObject, "\n[]": jsonKindArray, `"s"`: jsonKindString,
		`-1`: jsonKindNumber, `0`: jsonKindNumber, `true`: jsonKindBool, `false`: jsonKindBool,
		`null`: jsonKindNull, ``: jsonKindInvalid, `  `: jsonKindInvalid, `x`: jsonKindInvalid,
		`}`: jsonKindInvalid, `+1`: jsonKindInvalid,
	}
	for in, want := range kinds {
		r := jsonNewReader([]byte(in))
		if got := r.Next(); got != want {
			t.Errorf("Next(%q) = %v, want %v", in, got, want)
		}
		if r.Next() != want {
			t.Errorf("Next(%q) consumed input", in)
		}
	}

	r := jsonNewReader([]byte(` [ true , false, null, nul ] `))
	var got []string
	err := r.Array(func(r *jsonReader) error {
		if r.Null() {
			got = append(got, "null")
			return nil
		}
		if r.Next() == jsonKindBool {
			b, err := r.Bool()
			got = append(got, strconv.FormatBool(b))
			return err
		}
		// A broken literal is not consumed by Null and is reported where it starts.
		return r.Skip()
	})
	if want := []string{"true", "false", "null"}; !reflect.DeepEqual(got, want) {
		t.Errorf("values = %q, want %q", got, want)
	}
	if err == nil || err.Error() != "json: offset 23: expected value, found character 'n'" {
		t.Errorf("err = %v", err)
	}
	if _, err := jsonNewReader([]byte(`tru`)).Bool(); err == nil || err.Error() != "json: offset 0: expected boolean, found character 't'" {
		t.Errorf("Bool(tru) err = %v", err)
	}
	if _, err := jsonNewReader([]byte(`0`)).Bool(); err == nil || err.Error() != "json: offset 0: expected boolean, found number 0" {
		t.Errorf("Bool(0) err = %v", err)
	}
}

func TestReaderObjectArray(t *testing.T) {
	data := []byte(` { "a" : 1 , "b\u0063" : [ 1 , 2 , { } , [ ] ] , "d\"e" : { "f\n" : "g" } , "a": 2 } `)
	r := jsonNewReader(data)
	var keys []string
	err := r.Object(func(r *jsonReader, key []byte) error {
		keys = append(keys, string(key))
		switch string(key) {
		case "a":
			_, err := r.Int()
			return err
		case "bc":
			n := 0
			err := r.Array(func(r *jsonReader) error { n++; return r.Skip() })
			if n != 4 {
				t.Errorf("array len %d", n)
			}
			return err
		case "d\"e":
			return r.Object(func(r *jsonReader, inner []byte) error {
				if string(inner) != "f\n" {
					t.Errorf("inner key %q", inner)
				}
				// The outer key must survive a nested escaped key.
				if string(key) != "d\"e" {
					t.Errorf("outer key clobbered: %q", key)
				}
				return r.Skip()
			})
		}
		return errors.New("unexpected key")
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.End(); err != nil {
		t.Fatal(err)
	}
	if want := []string{"a", "bc", "d\"e", "a"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("keys = %q, want %q", keys, want)
	}
}

func TestReaderObjectNoAlloc(t *testing.T) {
	data := []byte(`{"id": 123, "na\u006de": "x", "nested": {"k\u0065y": [1, 2.5, true, null]}, "skip": {"a": [1, {"b": "c"}]}}`)
	r := jsonNewReader(data)
	var sum int64
	var cb func(r *jsonReader, key []byte) error
	cb = func(r *jsonReader, key []byte) error {
		switch string(key) {
		case "id":
			v, err := r.Int64()
			sum += v
			return err
		case "nested":
			return r.Object(cb)
		case "name":
			_, err := r.StrBytes()
			return err
		}
		return r.Skip()
	}
	run := func() {
		r.Reset(data)
		if err := r.Object(cb); err != nil {
			t.Fatal(err)
		}
	}
	run()
	if n := testing.AllocsPerRun(100, run); n != 0 {
		t.Errorf("allocs = %v, want 0", n)
	}
}

func TestReaderErrors(t *testing.T) {
	tests := []struct {
		in   string
		read func(r *jsonReader) error
		want string
	}{
		{`123`, func(r *jsonReader) error { _, err := r.Str(); return err },
			"json: offset 0: expected string, found number 123"},
		{`  {}`, func(r *jsonReader) error { _, err := r.Str(); return err },
			"json: offset 2: expected string, found object"},
		{`"abc`, func(r *jsonReader) error { _, err := r.Str(); return err },
			"json: offset 4: unexpected end of input in string"},
		{"\"ab\x01\"", func(r *jsonReader) error { _, err := r.Str(); return err },
			"json: offset 3: invalid control character byte 0x01 in string"},
		{`"a\qb"`, func(r *jsonReader) error { _, err := r.Str(); return err },
			"json: offset 3: invalid escape character 'q' in string"},
		{`"\u12x4"`, func(r *jsonReader) error { _, err := r.Str(); return err },
			"json: offset 5: invalid character 'x' in \\u escape"},
		{`{"a" 1}`, (*jsonReader).Skip, "json: offset 5: expected ':' after object key, found number 1"},
		{`{"a":1 "b":2}`, (*jsonReader).Skip, "json: offset 7: expected ',' or '}' after object member, found string"},
		{`{"a":1,}`, (*jsonReader).Skip, "json: offset 7: expected object key, found character '}'"},
		{`{1:2}`, (*jsonReader).Skip, "json: offset 1: expected object key, found number 1"},
		{`[1,]`, (*jsonReader).Skip, "json: offset 3: expected value, found character ']'"},
		{`[1 2]`, (*jsonReader).Skip, "json: offset 3: expected ',' or ']' after array element, found number 2"},
		{`[1,2`, (*jsonReader).Skip, "json: offset 4: expected ',' or ']' after array element, found end of input"},
		{`[tru]`, (*jsonReader).Skip, "json: offset 1: expected boolean, found character 't'"},
		{"\xff", (*jsonReader).Skip, "json: offset 0: expected value, found byte 0xff"},
		{`1 2`, func(r *jsonReader) error {
			if err := r.Skip(); err != nil {
				return err
			}
			return r.End()
		}, "json: offset 2: expected end of input, found number 2"},
		{`{"a": 1}`, func(r *jsonReader) error {
			return r.Object(func(r *jsonReader, key []byte) error { return nil })
		}, "json: offset 6: expected ',' or '}' after object member, found number 1"},
		{`{"a": "x"}`, func(r *jsonReader) error {
			return r.Object(func(r *jsonReader, key []byte) error { return r.Errorf("unknown value for %s", key) })
		}, "json: offset 6: unknown value for a"},
	}
	for _, tt := range tests {
		err := tt.read(jsonNewReader([]byte(tt.in)))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: err = %v\n\twant %s", tt.in, err, tt.want)
		}
		var je *jsonError
		if !errors.As(err, &je) {
			t.Errorf("%q: %T is not *jsonError", tt.in, err)
		}
	}
}

func TestReaderErrorfAt(t *testing.T) {
	// How a generated decoder reports a missing required field.
	r := jsonNewReader([]byte(`{"a": 1,  "b": {"x": 2}}`))
	err := r.Object(func(r *jsonReader, key []byte) error {
		if string(key) != "b" {
			return r.Skip()
		}
		off := r.Offset()
		seenID := false
		err := r.Object(func(r *jsonReader, key []byte) error {
			seenID = seenID || string(key) == "id"
			return r.Skip()
		})
		if err == nil && !seenID {
			err = r.ErrorfAt(off, "missing required field %q", "id")
		}
		return jsonErrField(err, "b")
	})
	if want := `json: offset 15: at b: missing required field "id"`; err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant  %s", err, want)
	}
}

func TestReaderErrorPath(t *testing.T) {
	// How a generated decoder threads field paths through nested errors.
	data := []byte(`{"result": [{"chat": {"id": 1}}, {"chat": {"id": "x"}}]}`)
	r := jsonNewReader(data)
	err := r.Object(func(r *jsonReader, key []byte) error {
		i := 0
		err := r.Array(func(r *jsonReader) error {
			err := r.Object(func(r *jsonReader, key []byte) error {
				err := r.Object(func(r *jsonReader, key []byte) error {
					_, err := r.Int64()
					return jsonErrField(err, "id")
				})
				return jsonErrField(err, "chat")
			})
			err = jsonErrIndex(err, i)
			i++
			return err
		})
		return jsonErrField(err, "result")
	})
	want := "json: offset 49: at result[1].chat.id: expected integer, found string"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant  %s", err, want)
	}
	if jsonErrField(nil, "x") != nil || jsonErrIndex(nil, 1) != nil {
		t.Error("wrapping nil must stay nil")
	}
	base := errors.New("custom")
	err = jsonErrIndex(jsonErrField(base, "a"), 2)
	if err.Error() != "json: at [2].a: custom" || !errors.Is(err, base) {
		t.Errorf("wrapped custom error = %v", err)
	}
	if err := jsonErrField(jsonErrIndex(jsonErrIndex(base, 1), 0), "m"); err.Error() != "json: at m[0][1]: custom" {
		t.Errorf("nested index = %v", err)
	}
}

func TestReaderSkipRawMatchValid(t *testing.T) {
	inputs := []string{
		`{}`, `[]`, `{"a":{"b":{"c":[1,2,[3,[4,{"d":null}]]]}}}`, ` [ 1 , "two" , { "three" : 3.0e+0 } , [ ] , true , false , null ] `,
		`"\ud83d\ude00"`, "\"\xff\"", `-0.0e-0`, `0`, `1E400`,
		`{"a":1,}`, `[1,]`, `{"a"}`, `{"a":}`, `{,}`, `[,]`, `[01]`, `[1.]`, `[.1]`, `["\x"]`, `[nulL]`,
		`[`, `{`, `{"a":[}`, `]`, ``, ` `, `nul`, `[1] x`, `{"a":1}}`, "[\"\x00\"]", "[1\x00]",
		strings.Repeat("[", 100) + strings.Repeat("]", 100),
		strings.Repeat(`{"a":`, 100) + "1" + strings.Repeat("}", 100),
	}
	for _, in := range inputs {
		checkSkipRaw(t, []byte(in))
	}
}

func checkSkipRaw(t *testing.T, data []byte) {
	t.Helper()
	valid := json.Valid(data)
	r := jsonNewReader(data)
	err := r.Skip()
	if err == nil {
		err = r.End()
	}
	if (err == nil) != valid {
		t.Fatalf("Skip(%q): err %v, json.Valid %v", data, err, valid)
	}
	r.Reset(data)
	raw, err := r.Raw()
	if err == nil {
		err = r.End()
	}
	if (err == nil) != valid {
		t.Fatalf("Raw(%q): err %v, json.Valid %v", data, err, valid)
	}
	if valid && !bytes.Equal(raw, bytes.Trim(data, " \t\r\n")) {
		t.Fatalf("Raw(%q) = %q", data, raw)
	}
}

func TestReaderDepthLimit(t *testing.T) {
	deep := []byte(strings.Repeat("[", jsonMaxDepth+1) + strings.Repeat("]", jsonMaxDepth+1))
	err := jsonNewReader(deep).Skip()
	if err == nil || !strings.Contains(err.Error(), "exceeded max depth") {
		t.Errorf("err = %v", err)
	}
	ok := []byte(strings.Repeat("[", jsonMaxDepth) + strings.Repeat("]", jsonMaxDepth))
	if err := jsonNewReader(ok).Skip(); err != nil {
		t.Errorf("depth %d: %v", jsonMaxDepth, err)
	}
}

func TestReaderCaptureAndRaw(t *testing.T) {
	data := []byte(`{"payload": {"x": 1, "type": "photo"}, "n": 2}`)
	r := jsonGetReader(data)
	defer jsonPutReader(r)
	var typ string
	var raw []byte
	err := r.Object(func(r *jsonReader, key []byte) error {
		if string(key) != "payload" {
			return r.Skip()
		}
		// Peek at the discriminator, then take the whole object.
		err := r.Capture(func(r *jsonReader) error {
			return r.Object(func(r *jsonReader, key []byte) error {
				if string(key) == "type" {
					var err error
					typ, err = r.Str()
					return err
				}
				return r.Skip()
			})
		})
		if err != nil {
			return err
		}
		raw, err = r.RawCopy()
		return err
	})
	if err != nil || typ != "photo" || string(raw) != `{"x": 1, "type": "photo"}` {
		t.Errorf("typ %q raw %q err %v", typ, raw, err)
	}
	n, err := jsonNewReader([]byte(" 12.5e1 ")).Number()
	if err != nil || string(n) != "12.5e1" {
		t.Errorf("Number = %q, %v", n, err)
	}
}

// walkAny decodes any JSON value like encoding/json into `any`, through the
// reader's public API only.
func walkAny(r *jsonReader) (any, error) {
	switch r.Next() {
	case jsonKindObject:
		m := map[string]any{}
		err := r.Object(func(r *jsonReader, key []byte) error {
			v, err := walkAny(r)
			m[string(key)] = v
			return err
		})
		return m, err
	case jsonKindArray:
		a := []any{}
		err := r.Array(func(r *jsonReader) error {
			v, err := walkAny(r)
			a = append(a, v)
			return err
		})
		return a, err
	case jsonKindString:
		return r.Str()
	case jsonKindNumber:
		return r.Float64()
	case jsonKindBool:
		return r.Bool()
	case jsonKindNull:
		if r.Null() {
			return nil, nil
		}
	}
	return nil, r.Skip() // produces the error
}

func FuzzJSONReader(f *testing.F) {
	for _, s := range stringCases {
		f.Add([]byte(s))
	}
	for _, s := range []string{
		`{}`, `[]`, `0`, `-0`, `1.5e10`, `9223372036854775807`, `-9223372036854775809`, `true`, `null`,
		`{"a":[1,{"b":null}],"c":"d\u00e9"}`, `[1,2,3]`, `{"a":1,}`, `[01]`, benchPayload,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSkipRaw(t, data)
		valid := json.Valid(data)
		if valid {
			checkArrLens(t, data)
		}

		// Generic walk vs encoding/json into any.
		var want any
		wantErr := json.Unmarshal(data, &want)
		r := jsonNewReader(data)
		got, err := walkAny(r)
		if err == nil {
			err = r.End()
		}
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("walk(%q): err %v, encoding/json err %v", data, err, wantErr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("walk(%q) = %#v, want %#v", data, got, want)
		}
		if err != nil && valid && !strings.Contains(err.Error(), "out of range") {
			t.Fatalf("walk(%q) rejected valid JSON: %v", data, err)
		}

		// Typed scalars vs encoding/json (null is a no-op there, not an error).
		isNull := string(bytes.Trim(data, " \t\r\n")) == "null"
		var ws string
		wsErr := json.Unmarshal(data, &ws)
		r.Reset(data)
		s, err := r.Str()
		if err == nil {
			err = r.End()
		}
		if !isNull && ((err == nil) != (wsErr == nil) || (err == nil && s != ws)) {
			t.Fatalf("Str(%q) = %q, %v; encoding/json %q, %v", data, s, err, ws, wsErr)
		}
		if err == nil && !utf8.ValidString(s) {
			t.Fatalf("Str(%q) returned invalid UTF-8", data)
		}
		var wi int64
		wiErr := json.Unmarshal(data, &wi)
		r.Reset(data)
		i, err := r.Int64()
		if err == nil {
			err = r.End()
		}
		if !isNull && ((err == nil) != (wiErr == nil) || (err == nil && i != wi)) {
			t.Fatalf("Int64(%q) = %d, %v; encoding/json %d, %v", data, i, err, wi, wiErr)
		}
		var wf float64
		wfErr := json.Unmarshal(data, &wf)
		r.Reset(data)
		fl, err := r.Float64()
		if err == nil {
			err = r.End()
		}
		if !isNull && ((err == nil) != (wfErr == nil) || (err == nil && math.Float64bits(fl) != math.Float64bits(wf))) {
			t.Fatalf("Float64(%q) = %v, %v; encoding/json %v, %v", data, fl, err, wf, wfErr)
		}
		var wb bool
		wbErr := json.Unmarshal(data, &wb)
		r.Reset(data)
		b, err := r.Bool()
		if err == nil {
			err = r.End()
		}
		if !isNull && ((err == nil) != (wbErr == nil) || (err == nil && b != wb)) {
			t.Fatalf("Bool(%q) = %v, %v; encoding/json %v, %v", data, b, err, wb, wbErr)
		}

		// Errors always carry an in-range offset.
		r.Reset(data)
		if err := r.Skip(); err != nil {
			var je *jsonError
			if !errors.As(err, &je) || je.Off < 0 || je.Off > len(data) {
				t.Fatalf("Skip(%q): bad error %#v", data, err)
			}
		}
	})
}

// ---------------------------------------------------------------- benchmark

// The benchmark payload is a Telegram-style update (~1 KB) with the mix a
// bot sees: nested objects, ints, a bool, text with escapes and non-ASCII,
// arrays of small objects, a float pair, and a field nobody decodes.
const benchPayload = `{
  "update_id": 912345678,
  "message": {
    "message_id": 4821,
    "from": {"id": 123456789, "is_bot": false, "first_name": "Jürgen", "last_name": "O'Neil",
             "username": "jurgen_o", "language_code": "de", "is_premium": true},
    "chat": {"id": -1001234567890, "type": "supergroup", "title": "Go \u2764\ufe0f Bots \"dev\""},
    "date": 1700000000,
    "edit_date": 1700000123,
    "text": "Hi @jurgen_o! Check https://example.com/docs?x=1&y=2 \ud83d\ude80\nLine two: \"quoted\" \\ done. Ünïcödé text flows here too.",
    "entities": [
      {"type": "mention", "offset": 3, "length": 9},
      {"type": "url", "offset": 19, "length": 32},
      {"type": "text_link", "offset": 60, "length": 8, "url": "https://example.org/a/b"}
    ],
    "forward_origin": {"type": "user", "date": 1699999999, "sender_user": {"id": 42, "is_bot": true, "first_name": "Bot"}},
    "reply_to_message": {
      "message_id": 4800,
      "chat": {"id": -1001234567890, "type": "supergroup", "title": "Go Bots"},
      "date": 1699990000,
      "caption": "Sunset over the lake",
      "photo": [
        {"file_id": "AgACAgIAAxkBAAIBZ2VfQ1x1c2VyX3Bob3RvX3NtYWxs", "file_unique_id": "AQADr7sxG0", "width": 90, "height": 67, "file_size": 1395},
        {"file_id": "AgACAgIAAxkBAAIBZ2VfQ1x1c2VyX3Bob3RvX21lZGl1bQ", "file_unique_id": "AQADr7sxG1", "width": 320, "height": 240, "file_size": 21008},
        {"file_id": "AgACAgIAAxkBAAIBZ2VfQ1x1c2VyX3Bob3RvX2xhcmdl", "file_unique_id": "AQADr7sxG2", "width": 1280, "height": 960, "file_size": 183412}
      ],
      "location": {"latitude": 52.520008, "longitude": 13.404954}
    }
  }
}`

type benchUser struct {
	ID           int64  `json:"id"`
	IsBot        bool   `json:"is_bot"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name,omitempty"`
	Username     string `json:"username,omitempty"`
	LanguageCode string `json:"language_code,omitempty"`
	IsPremium    bool   `json:"is_premium,omitempty"`
}

type benchChat struct {
	ID       int64  `json:"id"`
	Type     string `json:"type"`
	Title    string `json:"title,omitempty"`
	Username string `json:"username,omitempty"`
}

type benchEntity struct {
	Type   string `json:"type"`
	Offset int    `json:"offset"`
	Length int    `json:"length"`
	URL    string `json:"url,omitempty"`
}

type benchPhoto struct {
	FileID       string `json:"file_id"`
	FileUniqueID string `json:"file_unique_id"`
	Width        int    `json:"width"`
	Height       int    `json:"height"`
	FileSize     int64  `json:"file_size,omitempty"`
}

type benchLocation struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

type benchMessage struct {
	MessageID      int64          `json:"message_id"`
	From           *benchUser     `json:"from,omitempty"`
	Chat           benchChat      `json:"chat"`
	Date           int64          `json:"date"`
	EditDate       int64          `json:"edit_date,omitempty"`
	Text           string         `json:"text,omitempty"`
	Entities       []benchEntity  `json:"entities,omitempty"`
	Caption        string         `json:"caption,omitempty"`
	Photo          []benchPhoto   `json:"photo,omitempty"`
	Location       *benchLocation `json:"location,omitempty"`
	ReplyToMessage *benchMessage  `json:"reply_to_message,omitempty"`
}

type benchUpdate struct {
	UpdateID int64         `json:"update_id"`
	Message  *benchMessage `json:"message,omitempty"`
}

// The decoders below are written the way apigen generates them.

func benchDecodeUpdate(r *jsonReader, v *benchUpdate) error {
	return r.Object(func(r *jsonReader, key []byte) error {
		var err error
		switch string(key) {
		case "update_id":
			v.UpdateID, err = r.Int64()
			return jsonErrField(err, "update_id")
		case "message":
			v.Message = new(benchMessage)
			return jsonErrField(benchDecodeMessage(r, v.Message), "message")
		}
		return r.Skip()
	})
}

func benchDecodeMessage(r *jsonReader, v *benchMessage) error {
	return r.Object(func(r *jsonReader, key []byte) error {
		var err error
		switch string(key) {
		case "message_id":
			v.MessageID, err = r.Int64()
			return jsonErrField(err, "message_id")
		case "from":
			v.From = new(benchUser)
			return jsonErrField(benchDecodeUser(r, v.From), "from")
		case "chat":
			return jsonErrField(benchDecodeChat(r, &v.Chat), "chat")
		case "date":
			v.Date, err = r.Int64()
			return jsonErrField(err, "date")
		case "edit_date":
			v.EditDate, err = r.Int64()
			return jsonErrField(err, "edit_date")
		case "text":
			v.Text, err = r.Str()
			return jsonErrField(err, "text")
		case "caption":
			v.Caption, err = r.Str()
			return jsonErrField(err, "caption")
		case "entities":
			v.Entities = v.Entities[:0]
			err = r.Array(func(r *jsonReader) error {
				v.Entities = append(v.Entities, benchEntity{})
				return jsonErrIndex(benchDecodeEntity(r, &v.Entities[len(v.Entities)-1]), len(v.Entities)-1)
			})
			return jsonErrField(err, "entities")
		case "photo":
			v.Photo = v.Photo[:0]
			err = r.Array(func(r *jsonReader) error {
				v.Photo = append(v.Photo, benchPhoto{})
				return jsonErrIndex(benchDecodePhoto(r, &v.Photo[len(v.Photo)-1]), len(v.Photo)-1)
			})
			return jsonErrField(err, "photo")
		case "location":
			v.Location = new(benchLocation)
			err = r.Object(func(r *jsonReader, key []byte) error {
				var err error
				switch string(key) {
				case "latitude":
					v.Location.Latitude, err = r.Float64()
					return jsonErrField(err, "latitude")
				case "longitude":
					v.Location.Longitude, err = r.Float64()
					return jsonErrField(err, "longitude")
				}
				return r.Skip()
			})
			return jsonErrField(err, "location")
		case "reply_to_message":
			v.ReplyToMessage = new(benchMessage)
			return jsonErrField(benchDecodeMessage(r, v.ReplyToMessage), "reply_to_message")
		}
		return r.Skip()
	})
}

func benchDecodeUser(r *jsonReader, v *benchUser) error {
	return r.Object(func(r *jsonReader, key []byte) error {
		var err error
		switch string(key) {
		case "id":
			v.ID, err = r.Int64()
			return jsonErrField(err, "id")
		case "is_bot":
			v.IsBot, err = r.Bool()
			return jsonErrField(err, "is_bot")
		case "first_name":
			v.FirstName, err = r.Str()
			return jsonErrField(err, "first_name")
		case "last_name":
			v.LastName, err = r.Str()
			return jsonErrField(err, "last_name")
		case "username":
			v.Username, err = r.Str()
			return jsonErrField(err, "username")
		case "language_code":
			v.LanguageCode, err = r.Str()
			return jsonErrField(err, "language_code")
		case "is_premium":
			v.IsPremium, err = r.Bool()
			return jsonErrField(err, "is_premium")
		}
		return r.Skip()
	})
}

func benchDecodeChat(r *jsonReader, v *benchChat) error {
	return r.Object(func(r *jsonReader, key []byte) error {
		var err error
		switch string(key) {
		case "id":
			v.ID, err = r.Int64()
			return jsonErrField(err, "id")
		case "type":
			v.Type, err = r.Str()
			return jsonErrField(err, "type")
		case "title":
			v.Title, err = r.Str()
			return jsonErrField(err, "title")
		case "username":
			v.Username, err = r.Str()
			return jsonErrField(err, "username")
		}
		return r.Skip()
	})
}

func benchDecodeEntity(r *jsonReader, v *benchEntity) error {
	return r.Object(func(r *jsonReader, key []byte) error {
		var err error
		switch string(key) {
		case "type":
			v.Type, err = r.Str()
			return jsonErrField(err, "type")
		case "offset":
			v.Offset, err = r.Int()
			return jsonErrField(err, "offset")
		case "length":
			v.Length, err = r.Int()
			return jsonErrField(err, "length")
		case "url":
			v.URL, err = r.Str()
			return jsonErrField(err, "url")
		}
		return r.Skip()
	})
}

func benchDecodePhoto(r *jsonReader, v *benchPhoto) error {
	return r.Object(func(r *jsonReader, key []byte) error {
		var err error
		switch string(key) {
		case "file_id":
			v.FileID, err = r.Str()
			return jsonErrField(err, "file_id")
		case "file_unique_id":
			v.FileUniqueID, err = r.Str()
			return jsonErrField(err, "file_unique_id")
		case "width":
			v.Width, err = r.Int()
			return jsonErrField(err, "width")
		case "height":
			v.Height, err = r.Int()
			return jsonErrField(err, "height")
		case "file_size":
			v.FileSize, err = r.Int64()
			return jsonErrField(err, "file_size")
		}
		return r.Skip()
	})
}

func benchUnmarshal(data []byte, v *benchUpdate) error {
	r := jsonGetReader(data)
	defer jsonPutReader(r)
	if err := benchDecodeUpdate(r, v); err != nil {
		return err
	}
	return r.End()
}

func TestBenchDecoderMatchesStdlib(t *testing.T) {
	data := []byte(benchPayload)
	var want, got benchUpdate
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if err := benchUnmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded\n%+v\nwant\n%+v", got, want)
	}
	if want.Message.ReplyToMessage.Photo[2].FileSize != 183412 || want.Message.From.FirstName != "Jürgen" {
		t.Fatal("payload not decoded as expected")
	}
	// A type error deep inside reports its path and offset.
	bad := strings.Replace(benchPayload, `"width": 320`, `"width": "320"`, 1)
	err := benchUnmarshal([]byte(bad), &got)
	off := strings.Index(bad, `"320"`)
	wantErr := "json: offset " + strconv.Itoa(off) + ": at message.reply_to_message.photo[1].width: expected integer, found string"
	if err == nil || err.Error() != wantErr {
		t.Errorf("err = %v\nwant  %s", err, wantErr)
	}
}

func BenchmarkReaderMessage(b *testing.B) {
	data := []byte(benchPayload)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var v benchUpdate
		if err := benchUnmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReaderMessageStdlib(b *testing.B) {
	data := []byte(benchPayload)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var v benchUpdate
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReaderSkip(b *testing.B) {
	data := []byte(benchPayload)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	r := jsonNewReader(data)
	for b.Loop() {
		r.Reset(data)
		if err := r.Skip(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReaderSkipStdlibValid(b *testing.B) {
	data := []byte(benchPayload)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if !json.Valid(data) {
			b.Fatal("invalid")
		}
	}
}

func TestReaderArrLen(t *testing.T) {
	for in, want := range map[string]int{
		`[]`: 0, `[ ]`: 0, `[1]`: 1, `[1,2,3]`: 3, ` [ {"a":[1,2]} , "x,]" ,[[],{}] ]`: 3,
		`["a\"],", "\\", 5]`: 3, `[{"k":"}"}]`: 1, `[1,2`: 0, `["abc`: 0, `[[[`: 0,
		`[` + strings.Repeat(`"x",`, jsonLenWindow) + `1]`: 0, // past the window: no hint
	} {
		r := jsonNewReader([]byte(in))
		if err := r.ArrStart(); err != nil {
			t.Fatal(in, err)
		}
		if got := r.ArrLen(); got != want {
			t.Errorf("ArrLen(%s) = %d, want %d", in, got, want)
		}
	}
}

// TestReaderArrLenMidArray: from the start of an element, ArrLen counts
// the elements left, the current one included (array decoders call it
// there once their stack buffer is full).
func TestReaderArrLenMidArray(t *testing.T) {
	in := []byte(`[{"a":[1,2]}, "x,]" , [[],{}] ,4, "\\"]`)
	r := jsonNewReader(in)
	if err := r.ArrStart(); err != nil {
		t.Fatal(err)
	}
	for left := 5; ; left-- {
		more, err := r.ArrNext()
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
		if got := r.ArrLen(); got != left {
			t.Errorf("at offset %d: ArrLen = %d, want %d", r.pos, got, left)
		}
		if err := r.Skip(); err != nil {
			t.Fatal(err)
		}
	}
}

// arrLensAndCounts walks the document as a decoder does and returns, in
// document order, ArrLen of every array right after its ArrStart and its
// real element count.
func arrLensAndCounts(t *testing.T, in string) (lens, counts []int) {
	r := jsonNewReader([]byte(in))
	var walk func() error
	walk = func() error {
		switch r.Next() {
		case jsonKindArray:
			if err := r.ArrStart(); err != nil {
				return err
			}
			lens = append(lens, r.ArrLen())
			k := len(counts)
			counts = append(counts, 0)
			for {
				more, err := r.ArrNext()
				if !more {
					return err
				}
				counts[k]++
				if err := walk(); err != nil {
					return err
				}
			}
		case jsonKindObject:
			return r.Object(func(r *jsonReader, key []byte) error { return walk() })
		}
		return r.Skip()
	}
	if err := walk(); err != nil {
		t.Fatal(in, err)
	}
	return lens, counts
}

// checkArrLens: on a valid document every ArrLen hint is the array's real
// length, or 0 for one that does not end
// within jsonLenWindow bytes.
func checkArrLens(t *testing.T, data []byte) {
	if len(data) > jsonLenWindow {
		return // a hint of 0 is then allowed, which this check does not model
	}
	lens, counts := arrLensAndCounts(t, string(data))
	if !reflect.DeepEqual(lens, counts) {
		t.Fatalf("ArrLen hints %v, real lengths %v in %q", lens, counts, data)
	}
}

// TestReaderObjKeyPlainFastPath: a plain name directly followed by ':'
// takes objKey's fast path; names with escapes, other bytes or whitespace
// before the ':' take the general one. Both give the same keys, and broken
// input the same errors at the same offsets.
func TestReaderObjKeyPlainFastPath(t *testing.T) {
	for _, tc := range []struct{ in, key, err string }{
		{`{"message_id":1}`, "message_id", ""},
		{`{"":1}`, "", ""},
		{`{"A_9":1}`, "A_9", ""},
		{`{"a\u0062":1}`, "ab", ""},
		{`{"é":1}`, "é", ""},
		{`{"a-b":1}`, "a-b", ""},
		{`{"a" : 1}`, "a", ""},
		{`{"a"}`, "", "json: offset 4: expected ':' after object key, found character '}'"},
		{`{"a"`, "", "json: offset 4: expected ':' after object key, found end of input"},
		{`{"ab`, "", "json: offset 4: unexpected end of input in string"},
		{`{"a` + "\x01" + `":1}`, "", "json: offset 3: invalid control character byte 0x01 in string"},
	} {
		r := jsonNewReader([]byte(tc.in))
		if err := r.ObjStart(); err != nil {
			t.Fatal(err)
		}
		key, more, err := r.ObjKey()
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: err %v, want %s", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !more || string(key) != tc.key {
			t.Errorf("%s: key %q more %v err %v, want %q", tc.in, key, more, err, tc.key)
			continue
		}
		if v, err := r.Int(); err != nil || v != 1 {
			t.Errorf("%s: value %d, %v", tc.in, v, err)
		}
	}
}

// TestToleratedPathNamesTheValue: what a tolerant reader notes is named by
// the path of the innermost value holding its offset (issue 32).
func TestToleratedPathNamesTheValue(t *testing.T) {
	doc := `{"ok":true,"result":[{"update_id":1},{"update_id":2,"message":{"chat":{"id":5},"text":"x"}}]}`
	for _, c := range []struct {
		at   string
		want string
	}{
		{`{"id":5}`, "result[1].message.chat"},
		{`5}`, "result[1].message.chat.id"},
		{`"x"`, "result[1].message.text"},
		{`true`, "ok"},
		{`{"update_id":1}`, "result[0]"},
	} {
		off := strings.Index(doc, c.at)
		if got := jsonPathAt([]byte(doc), off); got != c.want {
			t.Errorf("at %s: path %q, want %q", c.at, got, c.want)
		}
	}
	if got := jsonPathAt([]byte(doc), 0); got != "" {
		t.Errorf("the document itself: %q", got)
	}
}

// TestTolerantReaderNotesWhatStrictRefuses: the three modes of the reader
// meet a missing required field and an unknown enum value (issue 32); the
// note of an enum value points at its opening quote, escapes or not.
func TestTolerantReaderNotesWhatStrictRefuses(t *testing.T) {
	doc := `{"a":"x\"y\\"}`
	read := func(r *jsonReader) (error, error) {
		var enumErr error
		err := r.Object(func(r *jsonReader, key []byte) error {
			b, err := r.StrBytes()
			if err != nil {
				return err
			}
			enumErr = r.unknownEnum("Kind", b)
			return enumErr
		})
		if err != nil {
			return enumErr, nil
		}
		return enumErr, r.errMissing(0, "b")
	}
	strict := jsonGetReader([]byte(doc))
	if enumErr, missing := read(strict); enumErr != nil || missing == nil || !strings.Contains(missing.Error(), `missing required field "b"`) {
		t.Errorf("strict (server): enum %v, missing %v", enumErr, missing)
	}
	jsonPutReader(strict)
	lax := jsonGetReceived([]byte(doc), false)
	if enumErr, missing := read(lax); enumErr != nil || missing != nil {
		t.Errorf("tolerant: enum %v, missing %v", enumErr, missing)
	}
	var got []string
	for _, n := range jsonTolerated([]byte(doc), lax.notes) {
		got = append(got, fmt.Sprintf("%s@%d %s", n.Path, n.Offset, n.Problem))
	}
	if want := `a@5 unknown Kind value "x\"y\\"; @13 missing required field "b"`; strings.Join(got, "; ") != want {
		t.Errorf("notes %s, want %s", got, want)
	}
	jsonPutReader(lax)
	received := jsonGetReceived([]byte(doc), true)
	if enumErr, _ := read(received); enumErr == nil || !strings.Contains(enumErr.Error(), "offset 5:") {
		t.Errorf("strict client: enum %v", enumErr)
	}
	jsonPutReader(received)
}

// TestTrueOrUnsetByMode: a True written false reads as unset, noted, on a
// tolerant reader, and is an error on the server's and a strict client's.
func TestTrueOrUnsetByMode(t *testing.T) {
	for _, c := range []struct {
		name string
		r    *jsonReader
		err  bool
	}{
		{"server", jsonGetReader([]byte(" false")), true},
		{"tolerant", jsonGetReceived([]byte(" false"), false), false},
		{"strict client", jsonGetReceived([]byte(" false"), true), true},
	} {
		set, err := c.r.trueOrUnset()
		if set || (err != nil) != c.err {
			t.Errorf("%s: set %v, err %v", c.name, set, err)
		}
		if err != nil && !strings.Contains(err.Error(), "offset 1: expected true, found false") {
			t.Errorf("%s: err %v", c.name, err)
		}
		if !c.err && (len(c.r.notes) != 1 || c.r.notes[0].off != 1) {
			t.Errorf("%s: notes %v", c.name, c.r.notes)
		}
		jsonPutReader(c.r)
	}
	r := jsonGetReader([]byte("true"))
	if set, err := r.trueOrUnset(); !set || err != nil {
		t.Errorf("true: %v %v", set, err)
	}
}
