package parser

import (
	"github.com/apigen/apigen/schema"
)

// checkInput refuses a document apigen must not read, before any work is
// spent on it: bytes that are not UTF-8 (named by line and column).
func checkInput(name string, src []byte) error {
	return schema.ValidUTF8(name, src)
}
