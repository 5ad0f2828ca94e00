// Package all registers every backend with the generators package. Import
// it for its side effect.
package all
