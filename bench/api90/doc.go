// Package api90 puts the package generated from the platform's published
// reference page of version 9.0 beside telego v1.6.0, which tracks that
// generation of the API, and beside the package generated from the seed
// document (5.0) that the bench module measures: the same bytes decoded,
// the same sendMessage encoded and sent.
//
// The 9.0 package is not in the repository: it carries the page's
// descriptions as doc comments, and the page is the platform's text. It
// is generated into ./botapi (ignored by git) before the tests build:
//
//	make bench90                 # generate, then the table with ratios
//
// or by hand, from this directory:
//
//	go run ./internal/generate   # ../../../shared/spec/published/bot-api-9.0.html.gz -> ./botapi
//	go test -run TestRatios -ratios -rounds 5 -count=1 -v .
//
// This is a module of its own (nested in bench, outside `make test`'s
// module list) because its tests import a package that exists only after
// that step: in the bench module they would break its build, go vet and
// go mod tidy on every checkout without the shared pages. The bench
// module's TestAPI90 runs both steps (not under -short), so a generator
// change that breaks this code fails make test where the pages exist.
package api90
