// The client part of the runtime, results: the decoders of typed results
// (arrays of objects, primitives) that the generated methods hand to call.
// The whole part is described in rt_client.go. This comment, above the
// package clause, describes the source file only and is not copied into the
// generated package.

package runtime

// ---------------------------------------------------------------- results

// clientArray decodes a JSON array of a generated type.
type clientArray[T any, PT jsonCodec[T]] struct{ s *[]T }

func (a clientArray[T, PT]) decodeJSON(r *jsonReader) error {
	s := (*a.s)[:0]
	if s == nil {
		s = []T{}
	}
	err := r.Array(func(r *jsonReader) error {
		var zero T
		s = append(s, zero)
		return jsonErrIndex(PT(&s[len(s)-1]).decodeJSON(r), len(s)-1)
	})
	*a.s = s
	return err
}

// clientDecodeFunc adapts a decoding function (union interfaces, nested
// arrays, primitives) to clientResult.
type clientDecodeFunc func(r *jsonReader) error

func (f clientDecodeFunc) decodeJSON(r *jsonReader) error { return f(r) }

// clientString, clientInt, clientInt64, clientFloat and clientBool decode
// primitive results.
type (
	clientString  struct{ v *string }
	clientInt     struct{ v *int }
	clientInt64   struct{ v *int64 }
	clientFloat   struct{ v *float64 }
	clientBoolRes struct{ v *bool }
)

func (x clientString) decodeJSON(r *jsonReader) (err error) {
	*x.v, err = r.Str()
	return err
}

func (x clientInt) decodeJSON(r *jsonReader) (err error) {
	*x.v, err = r.Int()
	return err
}

func (x clientInt64) decodeJSON(r *jsonReader) (err error) {
	*x.v, err = r.Int64()
	return err
}

func (x clientFloat) decodeJSON(r *jsonReader) (err error) {
	*x.v, err = r.Float64()
	return err
}

func (x clientBoolRes) decodeJSON(r *jsonReader) (err error) {
	*x.v, err = r.Bool()
	return err
}

// clientPartPrefix starts the part names of nested uploads ("file0",
// "file1", ...); a method with a parameter of such a name sets its own
// prefix, chosen by the Go model (Method.PartPrefix).
const clientPartPrefix = "file"
