// Package spec embeds the default input documents, so that apigen works with
// no arguments: the API specification and its overlay.
package spec

import _ "embed"

// DefaultName is the file name of the embedded specification.
const DefaultName = "bot-api-5.0.md"

// OverlayName is the file name of the embedded overlay.
const OverlayName = "overlay.yaml"

//go:embed bot-api-5.0.md
var document []byte

//go:embed overlay.yaml
var overlay []byte

// Document returns the embedded specification.
func Document() []byte { return document }

// Overlay returns the embedded overlay for the specification.
func Overlay() []byte { return overlay }
