package client

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

// Answers the client used to misread (issue 26 item 8).

// TestRetryAfterNotIntegerLosesAPIError: a 429 whose retry_after was not a
// JSON integer (1e9, 2.5, "3") made the whole answer a malformed-response
// *HTTPError, and code checking for the API's *Error missed the 429.
func TestRetryAfterNotIntegerLosesAPIError(t *testing.T) {
	for ra, want := range map[string]int{`1e9`: 1000000000, `2.5`: 3, `"3"`: 3, `" 4 "`: 4, `true`: 0, `{"a":1}`: 0, `null`: 0, `1e300`: int(^uint(0) >> 1)} {
		rec := newRecorder(t, response{429, "application/json", `{"ok":false,"error_code":429,"description":"Too Many Requests","parameters":{"retry_after":` + ra + `,"migrate_to_chat_id":"-100"}}`})
		_, err := rec.client().GetMe(context.Background())
		var ae *botapi.Error
		if !errors.As(err, &ae) || ae.Code != 429 || ae.RetryAfter != want || ae.MigrateToChatID != -100 {
			t.Errorf("retry_after %s: %v (%#v), want a 429 *Error with RetryAfter %d", ra, err, ae, want)
		}
	}
	// error_code and description of another kind do not hide the failure either.
	rec := newRecorder(t, response{400, "application/json", `{"ok":false,"error_code":"400","description":7,"parameters":[1]}`})
	_, err := rec.client().GetMe(context.Background())
	var ae *botapi.Error
	if !errors.As(err, &ae) || ae.Code != 400 {
		t.Errorf("got %v", err)
	}
}

// TestFailureWithoutErrorCodeIsCode200: {"ok":false} without error_code
// answered with HTTP 200 became an *Error with code 200.
func TestFailureWithoutErrorCodeIsCode200(t *testing.T) {
	rec := newRecorder(t, response{200, "application/json", `{"ok":false,"description":"Bad Request: no"}`})
	_, err := rec.client().GetMe(context.Background())
	var ae *botapi.Error
	if !errors.As(err, &ae) || ae.Code != 0 || ae.Description != "Bad Request: no" || !strings.Contains(err.Error(), "api error (no error_code): Bad Request: no") {
		t.Fatalf("got %v (%#v)", err, ae)
	}
	// An error status stands in for the missing error_code.
	rec = newRecorder(t, response{403, "application/json", `{"ok":false}`})
	_, err = rec.client().GetMe(context.Background())
	if !errors.As(err, &ae) || ae.Code != 403 {
		t.Fatalf("got %v", err)
	}
}

// TestResultMissingRequiredFieldsAccepted: {"ok":true,"result":{"id":1}}
// for getMe was a User with an empty name and no trace of it (issue 26).
// Since issue 32 the client reads it (a missing required field reads as
// zero: the platform and older servers do omit such fields) and shows it:
// ToleratedCount counts it, and strict decoding makes it an error naming it.
func TestResultMissingRequiredFieldsAccepted(t *testing.T) {
	rec := newRecorder(t, ok(`{"id":1}`))
	c := rec.client()
	if u, err := c.GetMe(context.Background()); err != nil || u.ID != 1 || c.ToleratedCount() != 2 {
		t.Fatalf("got %+v, %v, %d tolerated", u, err, c.ToleratedCount())
	}
	strict := botapi.WithStrictDecoding(true)
	rec = newRecorder(t, ok(`{"id":1}`))
	if u, err := rec.client(strict).GetMe(context.Background()); err == nil || !strings.Contains(err.Error(), `result: missing required field "is_bot"`) {
		t.Fatalf("got %+v, %v", u, err)
	}
	rec = newRecorder(t, ok(`{"id":1,"is_bot":true,"first_name":null}`))
	if _, err := rec.client(strict).GetMe(context.Background()); err == nil || !strings.Contains(err.Error(), `missing required field "first_name"`) {
		t.Fatalf("null required field: %v", err)
	}
	// Nested: a message's chat without its type.
	rec = newRecorder(t, ok(`{"message_id":1,"date":1,"chat":{"id":5}}`))
	if _, err := rec.client(strict).SendMessage(context.Background(), &botapi.SendMessageParams{ChatID: chat(5), Text: "x"}); err == nil || !strings.Contains(err.Error(), `at result.chat: missing required field "type"`) {
		t.Fatalf("nested: %v", err)
	}
	rec = newRecorder(t, ok(`{"id":1,"is_bot":true,"first_name":""}`))
	if _, err := rec.client().GetMe(context.Background()); err != nil {
		t.Fatalf("an empty name is a name: %v", err)
	}
}
