// Package validate holds the behaviour tests and benchmarks of the
// validators generated for the full spec (generated/botapi/validate_gen.go).
// It has no code of its own.
package validate
