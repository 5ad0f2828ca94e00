package emulator

// The few places the emulator touches shapes of the generated package that
// may still move (integer widths of some fields, union constructor names).
// Everything else goes through these helpers so such a change is a one-line
// edit here.

import "github.com/apigen/apigen/generated/botapi"

// integer is any width the generator may choose for an API Integer.
type integer interface{ ~int | ~int32 | ~int64 }

// optI64 reads an optional integer of any width.
func optI64[T integer](o botapi.Opt[T]) (int64, bool) {
	v, ok := o.Get()
	return int64(v), ok
}

// setInt stores v in an integer field of any width.
func setInt[T integer](dst *T, v int64) { *dst = T(v) }

// setOpt stores v in an optional integer field of any width.
func setOpt[T integer](dst *botapi.Opt[T], v int64) { dst.Set(T(v)) }

// getInt reads an integer field of any width.
func getInt[T integer](v T) int64 { return int64(v) }

// chatRef splits a chat_id parameter into its identifier or @username.
func chatRef(r botapi.ChatRef) (id int64, username string, ok bool) {
	if n, isInt := r.AsInteger64(); isInt {
		return n, "", true
	}
	if s, isStr := r.AsString(); isStr {
		return 0, s, true
	}
	return 0, "", false
}

// chatRefOf builds a chat_id value from an identifier.
func chatRefOf(id int64) botapi.ChatRef { return botapi.ChatRefFromInteger64(id) }

// resultMessage and resultTrue build the "Message or True" results of edits.
func resultMessage(m *botapi.Message) botapi.MessageOrTrue { return botapi.MessageOrTrueFromMessage(m) }

func resultTrue() botapi.MessageOrTrue { return botapi.MessageOrTrueFromTrue() }
