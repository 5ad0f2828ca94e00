package parser

import (
	"bytes"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/parser/internal/resolve"
	"github.com/apigen/apigen/schema"
)

// notReference is the one line for an HTML document of neither layout: it
// says what was looked for and what to give instead.
const notReference = "not an API reference: found neither the published page's layout (h3 sections with h4 objects and methods, each with a Field | Type | Description or Parameter | Type | Required | Description table) nor the seed's (a title, h2 sections, Field | Type | Notes and Method | Parameters | Result tables); give the API's reference page (its HTML, saved or by URL) or a document in the seed's layout"

// checkComplete refuses a document that is not all there, before anything
// reads it: a compressed file given as it is, or a file cut short (an
// interrupted download or copy). Read on, a cut document fails far from
// its cause ("invalid UTF-8" at its last byte, or "unknown type" for
// every entry it lost) or, cut between two entries, reads as a smaller API.
func checkComplete(name string, src []byte) error {
	if bytes.HasPrefix(src, []byte{0x1f, 0x8b}) {
		return &resolve.Error{File: name, Msg: "the document is gzip-compressed: decompress it (gunzip), or give the file to the apigen command, which reads .gz files"}
	}
	if cutRune(src) {
		line := 1 + bytes.Count(src, []byte("\n"))
		return &resolve.Error{File: name, Line: line, Msg: "the document ends in the middle of a character: it is cut short (an interrupted download or copy?); download or copy it again"}
	}
	if looksLikeHTML(src) && !hasEndTag(src, "</html") {
		line := 1 + bytes.Count(src, []byte("\n"))
		return &resolve.Error{File: name, Line: line, Msg: "the HTML document ends without </html>: it is cut short (an interrupted download or copy?); download or copy it again (a complete document that omits it: add </html> at its end)"}
	}
	return nil
}

// checkInput refuses a document apigen must not read, before any work is
// spent on it: one larger than document.MaxDocumentBytes, bytes that are
// not UTF-8 (named by line and column) and, in Markdown, tables whose
// source lines are broken (document.CheckTableLines).
func checkInput(name string, src []byte, html bool) error {
	if err := document.CheckSize(src); err != nil {
		return &resolve.Error{File: name, Msg: err.Error()}
	}
	if err := schema.ValidUTF8(name, src); err != nil {
		return err
	}
	if html || looksLikeHTML(src) {
		return nil
	}
	return lineErrors(name, document.CheckTableLines(string(src)))
}

// lineErrors is the error of a document's mistakes at their lines, the
// first MaxErrors of them.
func lineErrors(name string, errs []document.LineError) error {
	var out []error
	for _, e := range errs {
		out = append(out, &resolve.Error{File: name, Line: e.Line, Msg: e.Msg})
	}
	return errors.Join(resolve.CapErrors(out)...)
}

// cutRune reports whether src ends with the first bytes of a multi-byte
// character whose last bytes are missing: the mark of a cut, not of
// another encoding (which shows invalid bytes throughout).
func cutRune(src []byte) bool {
	for n := 1; n <= utf8.UTFMax-1 && n <= len(src); n++ {
		b := src[len(src)-n]
		if utf8.RuneStart(b) {
			// A lead byte announcing more bytes than are left.
			return b >= 0xC0 && !utf8.FullRune(src[len(src)-n:]) && utf8.Valid(src[:len(src)-n])
		}
	}
	return false
}

// hasEndTag reports whether src holds the end tag tag ("</html"), in any
// case.
func hasEndTag(src []byte, tag string) bool {
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("</"))
		if j < 0 {
			return false
		}
		i += j
		if end := i + len(tag); end <= len(src) && strings.EqualFold(string(src[i:end]), tag) {
			return true
		}
		i += 2
	}
}

// seedTables reports whether a document read in the seed's layout has a
// table of one of the seed's shapes for objects, unions or methods; an
// HTML document without one is no reference of either layout.
func seedTables(d *document.Tree) bool {
	known := func(t *document.Table) bool {
		h := strings.ToLower(strings.Join(t.Header, "|"))
		for _, p := range []string{"field|type", "object|field", "method|parameters|", "variant|"} {
			if strings.HasPrefix(h, p) {
				return true
			}
		}
		return false
	}
	has := func(bs []*document.Block) bool {
		for _, b := range bs {
			if b.Kind == document.TableBlock && b.Table != nil && known(b.Table) {
				return true
			}
		}
		return false
	}
	if has(d.Blocks) {
		return true
	}
	for _, s := range d.Sections {
		if has(s.Blocks) {
			return true
		}
		for _, c := range s.Children {
			if has(c.Blocks) {
				return true
			}
		}
	}
	return false
}

// errNotReference is the error for such a document.
func errNotReference(name string) error { return &resolve.Error{File: name, Msg: notReference} }
