// Package maketest holds the tests of the repository's own build scripts:
// the Makefile's targets and .ci/run. It has no code.
package maketest
