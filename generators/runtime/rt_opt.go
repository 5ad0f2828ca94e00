package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Opt is an optional value: the zero Opt is unset, Some(v) is set.
//
// API fields such as "correct_option_id": 0 or "is_anonymous": false carry
// meaning in their zero value, so "absent" must be a separate state rather
// than an omitempty heuristic. Generated encoders write a field whenever
// IsSet reports true, whatever the value.
//
// The fields are unexported on purpose: with exported {V, Set} fields a
// literal like Opt[int]{V: 5} silently stays unset, and an unset Opt with a
// stale value would compare unequal to the zero Opt. Keeping them private
// makes Some/Set/Unset the only ways in, so for comparable T two Opts are ==
// exactly when they mean the same thing.
type Opt[T any] struct {
	v   T
	set bool
}

// Some returns a set Opt holding v.
func Some[T any](v T) Opt[T] { return Opt[T]{v: v, set: true} }

// Get returns the value and whether it is set.
func (o Opt[T]) Get() (T, bool) { return o.v, o.set }

// Value returns the value, or the zero T when unset.
func (o Opt[T]) Value() T { return o.v }

// Or returns the value when set and def otherwise.
func (o Opt[T]) Or(def T) T {
	if o.set {
		return o.v
	}
	return def
}

// IsSet reports whether a value is present (even a zero one).
func (o Opt[T]) IsSet() bool { return o.set }

// IsZero reports whether o is unset. It exists so that encoding/json's
// `omitzero` option drops unset fields while keeping Some(0) and Some(false).
func (o Opt[T]) IsZero() bool { return !o.set }

// Set stores v and marks o as set.
func (o *Opt[T]) Set(v T) { o.v, o.set = v, true }

// Unset clears o. The stored value is zeroed too so that it is not kept
// alive and so that unset Opts compare equal.
func (o *Opt[T]) Unset() { *o = Opt[T]{} }

// String formats the value with fmt, or "<unset>".
func (o Opt[T]) String() string {
	if !o.set {
		return "<unset>"
	}
	return fmt.Sprint(o.v)
}

// MarshalJSON encodes an unset Opt as null and a set one as its value. It is
// only used by code that calls encoding/json directly; generated encoders
// skip unset fields instead.
func (o Opt[T]) MarshalJSON() ([]byte, error) {
	if !o.set {
		return []byte("null"), nil
	}
	return json.Marshal(o.v)
}

// UnmarshalJSON treats null as "unset" (encoding/json passes the literal null
// to Unmarshalers of non-pointer fields), and anything else as a value of T.
// On error o is left unchanged.
func (o *Opt[T]) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		o.Unset()
		return nil
	}
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	o.Set(v)
	return nil
}
