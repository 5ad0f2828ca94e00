// Command echobot is the go:generate example (apigen is a tool of this module,
// see go.mod): botapi/ is generated from the
// specification embedded in apigen by the directive below (run 'go
// generate' in this directory), and the bot is written against it.
//
// apigen.yaml beside this file says what to generate: the Go package in
// ./botapi and nothing else (a config file turns docs, openapi and schema_out off unless it sets them).
package main

//go:generate go tool apigen generate
