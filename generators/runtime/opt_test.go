package runtime

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestOptBasics(t *testing.T) {
	var o Opt[int]
	if o.IsSet() || !o.IsZero() || o.Value() != 0 || o.Or(7) != 7 || o.String() != "<unset>" {
		t.Errorf("zero Opt: %+v", o)
	}
	if v, ok := o.Get(); ok || v != 0 {
		t.Errorf("Get on unset = %v, %v", v, ok)
	}

	z := Some(0) // a zero value that is present
	if !z.IsSet() || z.IsZero() || z.Or(7) != 0 || z.String() != "0" {
		t.Errorf("Some(0): %+v", z)
	}
	if v, ok := z.Get(); !ok || v != 0 {
		t.Errorf("Get on Some(0) = %v, %v", v, ok)
	}

	o.Set(5)
	if v, ok := o.Get(); !ok || v != 5 || o.Value() != 5 || o.Or(7) != 5 {
		t.Errorf("after Set(5): %+v", o)
	}
	if o != Some(5) {
		t.Error("Set(5) != Some(5)")
	}
	o.Unset()
	if o.IsSet() || o != (Opt[int]{}) {
		t.Errorf("after Unset: %+v (must equal the zero Opt)", o)
	}

	b := Some(false)
	if !b.IsSet() || b.Value() || b.String() != "false" {
		t.Errorf("Some(false): %+v", b)
	}
	s := Some([]string{"a"})
	if s.String() != "[a]" {
		t.Errorf("String = %q", s.String())
	}
}

type optHolder struct {
	CorrectOptionID Opt[int]    `json:"correct_option_id,omitzero"`
	IsAnonymous     Opt[bool]   `json:"is_anonymous,omitzero"`
	Title           Opt[string] `json:"title,omitzero"`
	Plain           Opt[int]    `json:"plain"`
}

func TestOptEncodingJSON(t *testing.T) {
	v := optHolder{CorrectOptionID: Some(0), IsAnonymous: Some(false)}
	got, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	// Zero values that are set survive; unset omitzero fields vanish; unset
	// plain fields are null.
	if want := `{"correct_option_id":0,"is_anonymous":false,"plain":null}`; string(got) != want {
		t.Errorf("Marshal = %s, want %s", got, want)
	}

	var back optHolder
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	if back != v {
		t.Errorf("round trip = %+v, want %+v", back, v)
	}

	// null resets a set Opt; absence leaves it alone.
	back = optHolder{Title: Some("x"), Plain: Some(3)}
	if err := json.Unmarshal([]byte(`{"title": null, "is_anonymous": true}`), &back); err != nil {
		t.Fatal(err)
	}
	if back.Title.IsSet() || !back.IsAnonymous.Value() || back.Plain != Some(3) {
		t.Errorf("after null: %+v", back)
	}

	// Errors leave the Opt unchanged.
	o := Some(9)
	if err := json.Unmarshal([]byte(`"nine"`), &o); err == nil || o != Some(9) {
		t.Errorf("bad input: %v, %+v", err, o)
	}
	if err := o.UnmarshalJSON([]byte(" null ")); err != nil || o.IsSet() {
		t.Errorf("UnmarshalJSON(null): %v, %+v", err, o)
	}
	if b, err := Some("a\"<").MarshalJSON(); err != nil || string(b) != `"a\"\u003c"` {
		t.Errorf("MarshalJSON = %s, %v", b, err)
	}
	var nested Opt[map[string]Opt[int]]
	if err := json.Unmarshal([]byte(`{"a": 1, "b": null}`), &nested); err != nil {
		t.Fatal(err)
	}
	if m := nested.Value(); len(m) != 2 || m["a"] != Some(1) || m["b"].IsSet() {
		t.Errorf("nested = %v", nested)
	}
	if s := nested.String(); !strings.Contains(s, "map[") {
		t.Errorf("String = %q", s)
	}
}

// TestOptWithReaderWriter shows the pattern generated code uses with Opt.
func TestOptWithReaderWriter(t *testing.T) {
	type poll struct {
		CorrectOptionID Opt[int]
		IsAnonymous     Opt[bool]
	}
	decode := func(data string) (poll, error) {
		var p poll
		r := jsonNewReader([]byte(data))
		err := r.Object(func(r *jsonReader, key []byte) error {
			switch string(key) {
			case "correct_option_id":
				if r.Null() {
					p.CorrectOptionID.Unset()
					return nil
				}
				v, err := r.Int()
				p.CorrectOptionID.Set(v)
				return jsonErrField(err, "correct_option_id")
			case "is_anonymous":
				if r.Null() {
					p.IsAnonymous.Unset()
					return nil
				}
				v, err := r.Bool()
				p.IsAnonymous.Set(v)
				return jsonErrField(err, "is_anonymous")
			}
			return r.Skip()
		})
		return p, err
	}
	encode := func(p poll) string {
		var w jsonWriter
		w.ObjStart()
		if v, ok := p.CorrectOptionID.Get(); ok {
			w.Field("correct_option_id")
			w.Int(v)
		}
		if v, ok := p.IsAnonymous.Get(); ok {
			w.Field("is_anonymous")
			w.Bool(v)
		}
		w.ObjEnd()
		return string(w.Bytes())
	}
	for in, want := range map[string]string{
		`{"correct_option_id": 0, "is_anonymous": false}`: `{"correct_option_id":0,"is_anonymous":false}`,
		`{"is_anonymous": false}`:                         `{"is_anonymous":false}`,
		`{"correct_option_id": null, "x": 1}`:             `{}`,
		`{}`:                                              `{}`,
	} {
		p, err := decode(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := encode(p); got != want {
			t.Errorf("%s -> %s, want %s", in, got, want)
		}
	}
}
