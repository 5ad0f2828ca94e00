package grammar

import (
	"regexp"
	"strings"
)

// TypeExpr is a type as the document writes it, before names are resolved:
// "Array of Array of PhotoSize" is depth 2 of [PhotoSize]; "InputFile or
// String" is depth 0 of two alternatives (a union).
type TypeExpr struct {
	Depth int
	Alts  []string
}

func (t TypeExpr) IsZero() bool { return len(t.Alts) == 0 }

func (t TypeExpr) String() string {
	return strings.Repeat("Array of ", t.Depth) + strings.Join(t.Alts, " or ")
}

// TypeWordRe matches a word that can name a type: it starts with a capital.
var TypeWordRe = regexp.MustCompile(`^[A-Z][A-Za-z0-9_]*`)

// NotTypeWords are capitalised words that open a clause but are not types.
var NotTypeWords = map[string]bool{"Required": true, "Optional": true}

// ReadTypeWord reads one type name at the start of s. "Float number" is the
// document's other spelling of Float.
func ReadTypeWord(s string) (name, rest string, ok bool) {
	w := TypeWordRe.FindString(s)
	if w == "" || NotTypeWords[w] {
		return "", s, false
	}
	rest = s[len(w):]
	if w == "Float" && strings.HasPrefix(rest, " number") {
		rest = strings.TrimPrefix(rest, " number")
	}
	return w, rest, true
}

// ParseTypePrefix reads the longest type expression at the start of s and
// returns what follows it. ok is false when s does not start with a type.
func ParseTypePrefix(s string) (te TypeExpr, rest string, ok bool) {
	s = strings.TrimSpace(s)
	for {
		r, cut := strings.CutPrefix(s, "Array of ")
		if !cut {
			break
		}
		te.Depth++
		s = r
	}
	name, s, ok := ReadTypeWord(s)
	if !ok {
		return TypeExpr{}, s, false
	}
	te.Alts = []string{name}
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
		w, r, ok := ReadTypeWord(next)
		if !ok {
			return te, strings.TrimSpace(s), true
		}
		te.Alts = append(te.Alts, w)
		s = r
	}
}

// ParseTypeExact reads s as a whole type; ok is false if anything is left.
func ParseTypeExact(s string) (TypeExpr, bool) {
	te, rest, ok := ParseTypePrefix(s)
	return te, ok && rest == ""
}
