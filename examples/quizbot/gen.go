// Command quizbot is the dispatcher example: botapi/ is generated from the
// specification embedded in apigen by the directive below (run 'go
// generate' in this directory), and the bot is a Router on top of it:
// commands, an inline keyboard, callback answers, a photo upload and a quiz
// poll.
package main

//go:generate go run github.com/apigen/apigen/cmd/apigen generate --out ./botapi --package botapi --docs none --openapi none --schema-out none
