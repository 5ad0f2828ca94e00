package naming

import (
	"fmt"
	"go/token"
)

// reservedWhat describes names passed to NewScope in collision messages.
const reservedWhat = "reserved name"

// Scope holds the names of one Go scope (a package, a struct's fields and
// methods, a function's parameters). Conversion maps many wire names onto
// one identifier ("chat_id", "chatId"), so the generator gives the names the
// document decides by [Scope.Resolve] (the one rule of the package
// documentation, each rename reported), and declares the names of its own
// making (derived from names already given) by [Scope.Declare], where a
// collision is a bug of the generator and an error.
//
// The zero Scope is empty and ready to use. A Scope is not safe for
// concurrent use.
type Scope struct {
	names map[string]string // Go name -> what declared it
	kept  map[string]bool   // names kept for the generator's own later declaration
}

// Keep reserves names the generator declares itself later, through
// Declare, once each ("Router", a struct's Validate): [Scope.Resolve] never
// gives them to the document's declarations, which is how a name of the
// package's own always wins, whichever backends run.
func (s *Scope) Keep(names ...string) {
	if s.names == nil {
		s.names = make(map[string]string)
	}
	if s.kept == nil {
		s.kept = make(map[string]bool)
	}
	for _, n := range names {
		if _, ok := s.names[n]; !ok {
			s.names[n] = reservedWhat
			s.kept[n] = true
		}
	}
}

// NewScope returns a scope in which the given names are already taken:
// typically imported package names ("url", "json") or identifiers the
// templates write by hand.
func NewScope(reserved ...string) *Scope {
	s := &Scope{names: make(map[string]string, len(reserved))}
	for _, r := range reserved {
		s.names[r] = reservedWhat
	}
	return s
}

// CollisionError is returned by [Scope.Declare] when a name is already
// taken. Callers can use errors.As to get at both declarations.
type CollisionError struct {
	Name     string // the Go identifier both declarations want
	What     string // the new declaration
	PrevWhat string // the declaration (or reserved name) that has it
}

func (e *CollisionError) Error() string {
	return fmt.Sprintf("naming: %q for %s collides with %q for %s", e.Name, e.What, e.Name, e.PrevWhat)
}

// Declare records goName for the declaration described by what (for example
// "method parameter sendMessage.chat_id"); what appears in error messages
// only. It returns a *CollisionError if goName is already declared or
// reserved, and an error if goName is not a Go identifier (keywords and
// "_" included), since declaring it could only produce broken code.
func (s *Scope) Declare(goName, what string) error {
	if !token.IsIdentifier(goName) || goName == "_" {
		return fmt.Errorf("naming: cannot declare %q for %s: not a usable Go identifier", goName, what)
	}
	if s.kept[goName] {
		delete(s.kept, goName)
		s.names[goName] = what
		return nil
	}
	if prev, ok := s.names[goName]; ok {
		return &CollisionError{Name: goName, What: what, PrevWhat: prev}
	}
	if s.names == nil {
		s.names = make(map[string]string)
	}
	s.names[goName] = what
	return nil
}

// Merge is a scope holding the names of every scope given: where a name
// must be free in several scopes at once (a method every variant of a
// union declares), it is settled in their merge and then declared in
// each.
func Merge(scopes ...*Scope) *Scope {
	m := &Scope{names: map[string]string{}}
	for _, s := range scopes {
		for n, what := range s.names {
			if _, ok := m.names[n]; !ok {
				m.names[n] = what
			}
		}
	}
	return m
}

// Hold keeps a name the scope has for one later [Scope.Declare]: the
// generator settles a name it makes by [Scope.Resolve] where it decides
// it, and declares it where it writes it.
func (s *Scope) Hold(name string) {
	s.Keep()
	s.names[name] = reservedWhat
	s.kept[name] = true
}
