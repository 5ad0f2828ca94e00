// Package interop runs widely used third-party Go clients of the Bot API
// (go-telegram-bot-api v5 and telego) against the server generated into
// generated/botapi, with a small in-memory implementation, and checks that
// the implementation sees exactly the values each client sent. It is a
// separate module so that the clients stay out of apigen's dependencies.
package interop
