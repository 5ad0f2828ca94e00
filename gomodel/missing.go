package gomodel

import "fmt"

// Missing is the hidden mask of an object's required fields that were
// absent from the received data it was read from.
//
// Why a mask of what is missing rather than of what is present: the zero
// value has no bit set, so a value a program builds by hand writes every
// required field, as it always has; only a tolerant decoder sets a bit,
// and only when the field is absent, so reading good input costs nothing.
// Why in the struct: a field of an object value (Message.Chat) has no
// other place to say "absent", and a side table would outlive the value.
type Missing struct {
	// Field is the unexported struct field holding the mask.
	Field string
	// GoType is its Go type: the smallest unsigned integer with a bit for
	// each tracked field (bit i for Tracked[i]).
	GoType string
}

// missingField is the name of the mask in every struct that has one.
const missingField = "missing"

// markMissing decides the tracked fields of every struct and the mask of
// the objects that have one (after markSent and markReceived).
func (m *Model) markMissing() error {
	for _, st := range append(append([]*Struct(nil), m.Objects...), m.Params...) {
		for _, f := range st.Fields {
			if f.Required() && len(st.Tracked) < 64 {
				st.Tracked = append(st.Tracked, f)
			}
		}
		// A params struct is sent, never received; an object only a
		// client sends is never read from received data either.
		if st.Object == nil || len(st.Tracked) == 0 || (st.Sent && !st.Received) {
			continue
		}
		if err := st.Scope.Declare(missingField, "mask of the missing required fields of "+st.Object.Name); err != nil {
			return fmt.Errorf("object %s: %w", st.Object.Name, err)
		}
		st.Missing = &Missing{Field: missingField, GoType: maskType(len(st.Tracked))}
	}
	return nil
}

// maskType is the smallest unsigned integer type with n bits.
func maskType(n int) string {
	switch {
	case n <= 8:
		return "uint8"
	case n <= 16:
		return "uint16"
	case n <= 32:
		return "uint32"
	}
	return "uint64"
}

// Bit is the bit of f in a decoder's set of present fields and in the
// mask of missing ones (-1 when f is not tracked).
func (s *Struct) Bit(f *Field) int {
	for i, t := range s.Tracked {
		if t == f {
			return i
		}
	}
	return -1
}

// markReceived marks the objects a client receives: those reachable from
// some method's result.
func (m *Model) markReceived() {
	for _, me := range m.Methods {
		reach(me.Result, func(s *Struct) bool {
			seen := s.Received
			s.Received = true
			return !seen
		}, nil)
	}
}
