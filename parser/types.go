package parser

import (
	"regexp"
	"strings"
)

// typeExpr is a type as the document writes it, before names are resolved:
// "Array of Array of PhotoSize" is depth 2 of [PhotoSize]; "InputFile or
// String" is depth 0 of two alternatives (a union).
type typeExpr struct {
	depth int
	alts  []string
}

func (t typeExpr) isZero() bool { return len(t.alts) == 0 }

func (t typeExpr) String() string {
	return strings.Repeat("Array of ", t.depth) + strings.Join(t.alts, " or ")
}

// typeWordRe matches a word that can name a type: it starts with a capital.
var typeWordRe = regexp.MustCompile(`^[A-Z][A-Za-z0-9_]*`)

// notTypeWords are capitalised words that open a clause but are not types.
var notTypeWords = map[string]bool{"Required": true, "Optional": true}

// readTypeWord reads one type name at the start of s. "Float number" is the
// document's other spelling of Float.
func readTypeWord(s string) (name, rest string, ok bool) {
	w := typeWordRe.FindString(s)
	if w == "" || notTypeWords[w] {
		return "", s, false
	}
	rest = s[len(w):]
	if w == "Float" && strings.HasPrefix(rest, " number") {
		rest = strings.TrimPrefix(rest, " number")
	}
	return w, rest, true
}

// parseTypePrefix reads the longest type expression at the start of s and
// returns what follows it. ok is false when s does not start with a type.
func parseTypePrefix(s string) (te typeExpr, rest string, ok bool) {
	s = strings.TrimSpace(s)
	for {
		r, cut := strings.CutPrefix(s, "Array of ")
		if !cut {
			break
		}
		te.depth++
		s = r
	}
	name, s, ok := readTypeWord(s)
	if !ok {
		return typeExpr{}, s, false
	}
	te.alts = []string{name}
	for {
		var next string
		switch {
		case strings.HasPrefix(s, " or "):
			next = s[len(" or "):]
		case strings.HasPrefix(s, " and "):
			next = s[len(" and "):]
		case strings.HasPrefix(s, ", "):
			next = s[len(", "):]
		default:
			return te, strings.TrimSpace(s), true
		}
		w, r, ok := readTypeWord(next)
		if !ok {
			return te, strings.TrimSpace(s), true
		}
		te.alts = append(te.alts, w)
		s = r
	}
}

// parseTypeExact reads s as a whole type; ok is false if anything is left.
func parseTypeExact(s string) (typeExpr, bool) {
	te, rest, ok := parseTypePrefix(s)
	return te, ok && rest == ""
}
