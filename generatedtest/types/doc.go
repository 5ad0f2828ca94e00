// Package types tests the committed generated package
// (generated/botapi) on realistic payloads written from the spec: every
// payload in testdata decodes, re-encodes and decodes again without loss,
// and a walk over the schema proves that the payloads cover every object,
// every optional field (and its zero value) and every union variant.
//
// Payload files are named <Root>__<case>.json, where Root is an object of
// the schema or a method (whose parameters the payload holds).
package types
