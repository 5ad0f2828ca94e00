package runtime

import (
	"strconv"
	"strings"
)

// Error is an error answered by the API: a response envelope with
// "ok": false. The client returns it (use errors.As), and a server
// implementation returns it to choose the status, description and
// parameters of the envelope it writes.
type Error struct {
	// Method is the API method whose call the client was answering (set
	// by the client; a server ignores it).
	Method string
	// Code is error_code (an HTTP-like status: 400, 401, 403, 404, 409, 429, ...).
	// When the answer has none the client takes the HTTP status if it is
	// an error status (4xx, 5xx), and leaves 0 otherwise.
	Code int
	// Description is the human-readable description, for example
	// "Bad Request: chat not found".
	Description string
	// RetryAfter is parameters.retry_after: seconds to wait after flood
	// control (429); 0 when absent.
	RetryAfter int
	// MigrateToChatID is parameters.migrate_to_chat_id: the supergroup a
	// group was migrated to; 0 when absent.
	MigrateToChatID int64
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.Method != "" {
		b.WriteString(e.Method)
		b.WriteString(": ")
	}
	b.WriteString("api error ")
	if e.Code != 0 {
		b.WriteString(strconv.Itoa(e.Code))
	} else {
		b.WriteString("(no error_code)")
	}
	if e.Description != "" {
		b.WriteString(": ")
		b.WriteString(e.Description)
	}
	if e.RetryAfter > 0 {
		b.WriteString(" (retry after ")
		b.WriteString(strconv.Itoa(e.RetryAfter))
		b.WriteString("s)")
	}
	if e.MigrateToChatID != 0 {
		b.WriteString(" (migrated to chat ")
		b.WriteString(strconv.FormatInt(e.MigrateToChatID, 10))
		b.WriteString(")")
	}
	return b.String()
}

// jsonWriteErrorEnvelope writes {"ok":false,"error_code":...,"description":...}
// with "parameters" when RetryAfter or MigrateToChatID is set.
func jsonWriteErrorEnvelope(w *jsonWriter, e *Error) {
	w.ObjStart()
	w.Field("ok")
	w.Bool(false)
	w.Field("error_code")
	w.Int(e.Code)
	w.Field("description")
	w.Str(e.Description)
	if e.RetryAfter > 0 || e.MigrateToChatID != 0 {
		w.Field("parameters")
		w.ObjStart()
		if e.MigrateToChatID != 0 {
			w.Field("migrate_to_chat_id")
			w.Int64(e.MigrateToChatID)
		}
		if e.RetryAfter > 0 {
			w.Field("retry_after")
			w.Int(e.RetryAfter)
		}
		w.ObjEnd()
	}
	w.ObjEnd()
}
