// Package interop runs widely used third-party clients of the Bot API
// against the server generated into generated/botapi: go-telegram-bot-api
// v5 and telego with a small in-memory implementation (checking that it
// sees exactly the values each client sent), and whole bot conversations
// against the reference service (package emulator) with those two, telebot
// v3, the generated client, and grammY from npm (js/, run by
// emulator_node_test.go). It is a separate module so that the clients stay
// out of apigen's dependencies.
package interop
