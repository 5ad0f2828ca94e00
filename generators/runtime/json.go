package runtime

// AppendJSONString appends s as a JSON string: the runtime's own string
// writer (byte for byte encoding/json with SetEscapeHTML(false)), for the
// generators that write JSON documents, so that there is one such writer.
func AppendJSONString(dst []byte, s string) []byte { return jsonAppendStr(dst, s) }
