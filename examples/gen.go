// Package examples is the module of apigen's example bots, set up as a user's
// module is: apigen is a tool of this module (see go.mod), and botapi/ is
// generated from the specification embedded in apigen by the directive below
// (run 'go generate .' in this directory), as apigen.yaml beside this file
// says. The bots beside it (echobot, quizbot, colorbot) import that one
// package.
package examples

//go:generate go tool apigen generate
