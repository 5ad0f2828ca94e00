// Command echobot is the go:generate example: botapi/ is generated from the
// specification embedded in apigen by the directive below (run 'go
// generate' in this directory), and the bot is written against it.
//
// --docs none, --openapi none and --schema-out none keep the generator from writing
// anything but the Go package into ./botapi.
package main

//go:generate go run github.com/apigen/apigen/cmd/apigen generate --out ./botapi --package botapi --docs none --openapi none --schema-out none
