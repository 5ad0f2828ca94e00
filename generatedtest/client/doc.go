// Package client tests the generated client (generated/botapi) against
// recording httptest servers, a hand-written fake service and in-memory
// transports. It has no non-test code beyond this comment.
package client
