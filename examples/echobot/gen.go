// Command echobot is the go:generate example (apigen is a tool of this module,
// see go.mod): botapi/ is generated from the
// specification embedded in apigen by the directive below (run 'go
// generate' in this directory), and the bot is written against it.
//
// --docs none and --schema-out none keep the generator from writing
// anything but the Go package into ./botapi.
package main

//go:generate go tool apigen generate --out ./botapi --package botapi --docs none --schema-out none
