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
