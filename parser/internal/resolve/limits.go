package resolve

import "fmt"

// MaxErrors is how many errors a parse reports before it stops listing
// them: a document with thousands of bad rows gets the first ones and a
// count, not a screenful per row. (The bounds of the document itself are
// document's, bounds.go.)
const MaxErrors = 50

// CapErrors keeps the first MaxErrors errors and counts the rest.
func CapErrors(errs []error) []error {
	if len(errs) <= MaxErrors {
		return errs
	}
	return append(errs[:MaxErrors:MaxErrors], fmt.Errorf("… and %d more errors", len(errs)-MaxErrors))
}
