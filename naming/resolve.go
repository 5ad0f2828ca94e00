package naming

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Kind is what a claim declares. Its word is what the claim's name takes
// when the generated package has that name already (rule 1 of the package
// documentation).
type Kind int

const (
	// TypeKind: an object, union or enum ("Client" -> ClientType).
	TypeKind Kind = iota
	// FieldKind: a struct field ("kind" -> KindField).
	FieldKind
	// ValueKind: a constant or a function ("Some" -> SomeValue).
	ValueKind
	// MethodKind: a method of a type ("downloadFile" next to a client's
	// DownloadFile -> DownloadFileMethod).
	MethodKind
)

func (k Kind) word() string {
	switch k {
	case TypeKind:
		return "Type"
	case FieldKind:
		return "Field"
	case MethodKind:
		return "Method"
	}
	return "Value"
}

// Claim is one declaration asking for its name in a scope.
type Claim struct {
	// Name is the plain name: what Exported, Unexported or After spell.
	Name string
	// Wire is the wire name Name was spelt from; its qualifier tells the
	// claim apart when it must.
	Wire string
	// Since is the version the document says the declaration was added
	// in, "" when it does not say (as old as the oldest).
	Since string
	Kind  Kind
	// What describes the declaration in messages ("enum value
	// RichBlockListItemType.A").
	What string
}

// Rename is a claim that did not get its plain name.
type Rename struct {
	Claim Claim
	// Name is the name it got.
	Name string
	// Holder says who has the plain name: a declaration of the scope
	// (its What), "the generated package" for a reserved name, or ""
	// when several equally old claims spell it and none keeps it.
	Holder string
	// Others are the other claims of the same age that spell the plain
	// name (their What).
	Others []string
}

// Reserved reports whether the plain name is one the generated package
// (or an export) declares itself: a name passed to NewScope or Keep.
func (r Rename) Reserved() bool { return r.Holder == reservedWhat }

// Text says what happened and why, for a warning about the claim.
func (r Rename) Text() string {
	c := r.Claim
	head := fmt.Sprintf("its Go name is %s, not %s", r.Name, c.Name)
	switch {
	case r.Reserved():
		return head + ", which the generated package declares itself"
	case r.Holder != "":
		return head + ": " + r.Holder + " spelled it first"
	}
	return head + ": " + strings.Join(r.Others, " and ") + " spells it too and the document does not say which is older, so none keeps it"
}

// Settle is the advice that goes with the warning.
const Settle = "names follow docs/naming.md, whose rule never renames one when the document adds a value or a type"

// Resolve gives every claim its name by the rule of the package
// documentation and declares it in s: names in the order of claims, and
// the claims that did not keep their plain names. Names s has already
// (declared earlier, or reserved) are never given up. Claims are settled
// age by age, oldest first; call Resolve once with every claim of a scope
// whose plain names are known, or once per age when some plain names
// depend on others (an enum's values on the enum's name).
func (s *Scope) Resolve(claims []Claim) ([]string, []Rename) {
	if s.names == nil {
		s.names = make(map[string]string)
	}
	names := make([]string, len(claims))
	var renames []Rename
	order := make([]int, len(claims))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return CompareVersions(claims[a].Since, claims[b].Since) })
	for len(order) > 0 {
		n := 1
		for n < len(order) && CompareVersions(claims[order[n]].Since, claims[order[0]].Since) == 0 {
			n++
		}
		renames = s.resolveAge(claims, order[:n], names, renames)
		order = order[n:]
	}
	return names, renames
}

// resolveAge settles claims of one age (their indices): each tries its
// plain name, then its qualified name, then the hexadecimal one, then a
// numbered one; at every step a name goes to a claim only when it is free
// and no other claim of the step wants it, so the outcome does not depend
// on the order of the claims.
func (s *Scope) resolveAge(claims []Claim, group []int, names []string, renames []Rename) []Rename {
	want := map[string][]int{}  // plain name -> claims of this age spelling it
	held := map[string]string{} // plain name -> who had it before this age
	for _, i := range group {
		n := claims[i].Name
		want[n] = append(want[n], i)
		held[n] = s.names[n]
	}
	pending := group
	for step := 0; len(pending) > 0; step++ {
		if step == 3 {
			s.numbered(claims, pending, names)
			break
		}
		cand := map[string]int{}
		for _, i := range pending {
			if n := s.candidate(claims[i], step); n != "" {
				cand[n]++
			}
		}
		var next []int
		for _, i := range pending {
			n := s.candidate(claims[i], step)
			if n == "" || cand[n] > 1 || s.names[n] != "" {
				next = append(next, i)
				continue
			}
			names[i] = n
		}
		for _, i := range pending {
			if names[i] != "" {
				s.names[names[i]] = what(claims[i])
			}
		}
		pending = next
	}
	// A plain name equally old claims contested goes to none of them,
	// and stays theirs: a later claim spelling it is qualified too.
	for n, same := range want {
		if len(same) > 1 && s.names[n] == "" {
			var whats []string
			for _, i := range same {
				whats = append(whats, what(claims[i]))
			}
			s.names[n] = strings.Join(whats, " and ")
		}
	}
	for _, i := range group {
		c := claims[i]
		if names[i] == c.Name {
			continue
		}
		r := Rename{Claim: c, Name: names[i], Holder: held[c.Name]}
		if r.Holder == "" {
			for _, j := range want[c.Name] {
				if j != i {
					r.Others = append(r.Others, claims[j].What)
				}
			}
		}
		renames = append(renames, r)
	}
	return renames
}

// candidate is the name claim c tries at a step (see the package
// documentation): plain, qualified, hexadecimal; "" when the step has
// nothing to offer.
func (s *Scope) candidate(c Claim, step int) string {
	switch step {
	case 0:
		return c.Name
	case 1:
		if s.names[c.Name] == reservedWhat {
			return c.Name + c.Kind.word()
		}
		if q := qualifier(c.Wire); q != "" {
			return c.Name + q
		}
		return ""
	}
	return s.qualified(c) + "X" + strings.ToUpper(fmt.Sprintf("%x", c.Wire))
}

// qualified is the claim's name with its qualifier (or its kind's word,
// against a reserved name).
func (s *Scope) qualified(c Claim) string {
	if s.names[c.Name] == reservedWhat {
		return c.Name + c.Kind.word()
	}
	return c.Name + qualifier(c.Wire)
}

// numbered settles the claims no spelling told apart: each takes its
// hexadecimal name and the first number from 2 that makes it free, in the
// order of their wire names (then of what they declare).
func (s *Scope) numbered(claims []Claim, pending []int, names []string) {
	slices.SortFunc(pending, func(a, b int) int {
		return cmp.Or(strings.Compare(claims[a].Wire, claims[b].Wire), strings.Compare(claims[a].What, claims[b].What))
	})
	for _, i := range pending {
		base := s.candidate(claims[i], 2)
		for n := 2; ; n++ {
			name := base + strconv.Itoa(n)
			if s.names[name] == "" {
				names[i] = name
				s.names[name] = what(claims[i])
				break
			}
		}
	}
}

// what is the claim's description, never "" (the scope's mark of a free
// name).
func what(c Claim) string {
	if c.What == "" {
		return c.Name
	}
	return c.What
}

// CompareVersions orders two versions of the document as "since" values
// are written ("4.8" < "5.0" < "10.1"), numerically part by part; ""
// (not stated) comes before every version.
func CompareVersions(a, b string) int {
	if a == b {
		return 0
	}
	if a == "" {
		return -1
	}
	if b == "" {
		return 1
	}
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, errx := strconv.Atoi(as[i])
		y, erry := strconv.Atoi(bs[i])
		if errx != nil || erry != nil {
			if c := strings.Compare(as[i], bs[i]); c != 0 {
				return c
			}
			continue
		}
		if c := cmp.Compare(x, y); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(as), len(bs))
}
