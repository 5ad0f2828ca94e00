// Package dispatchtest tests the generated dispatcher (generated/botapi)
// against the generated server stubs with a fake service: ordering per
// chat, panics, shutdown and confirmation, commands, unknown kinds,
// filters, webhook replies. It has no non-test code beyond this comment.
package dispatchtest
