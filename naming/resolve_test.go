package naming

import (
	"slices"
	"strings"
	"testing"
)

func claims(prefix string, since map[string]string, wires ...string) []Claim {
	var cs []Claim
	for _, w := range wires {
		cs = append(cs, Claim{Name: After(prefix, w), Wire: w, Since: since[w], Kind: ValueKind, What: "value " + w})
	}
	return cs
}

func TestResolveRule(t *testing.T) {
	s := NewScope("Client")
	cs := append(claims("M", nil, "a", "A", "1", "+1", "-1", "x"),
		Claim{Name: "Client", Wire: "Client", Kind: TypeKind, What: "object Client"})
	names, renames := s.Resolve(cs)
	want := []string{"MALower", "MAUpper", "M1X31", "M1Plus", "M1Minus", "MX", "ClientType"}
	if !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	if len(renames) != 6 {
		t.Errorf("%d renames, want 6: %v", len(renames), renames)
	}
	for _, r := range renames {
		if !strings.Contains(r.Text(), "its Go name is "+r.Name) {
			t.Errorf("rename text %q does not give the name", r.Text())
		}
	}
}

// TestResolveIsStable: claims added later, in any position, rename none
// of the names given before; the result does not depend on claim order.
func TestResolveIsStable(t *testing.T) {
	before := claims("M", nil, "a", "i", "1", "x", "X")
	old, _ := NewScope().Resolve(before)
	since := map[string]string{"A": "10.1", "+1": "10.1", "x ": "10.2", "I": "10.2", "i ": "10.2"}
	after := append(claims("M", since, "A", "+1"), before...)
	after = append(after, claims("M", since, "x ", "I", "i ")...)
	got, _ := NewScope().Resolve(after)
	for i, c := range before {
		j := slices.IndexFunc(after, func(d Claim) bool { return d.What == c.What })
		if got[j] != old[i] {
			t.Errorf("%s: %s became %s when values were added", c.What, old[i], got[j])
		}
	}
	rev := slices.Clone(after)
	slices.Reverse(rev)
	gotRev, _ := NewScope().Resolve(rev)
	slices.Reverse(gotRev)
	if !slices.Equal(got, gotRev) {
		t.Errorf("order changes names: %q and %q", got, gotRev)
	}
}

func TestKeep(t *testing.T) {
	s := NewScope()
	s.Keep("Validate")
	names, _ := s.Resolve([]Claim{{Name: "Validate", Wire: "validate", Kind: FieldKind, What: "field validate"}})
	if names[0] != "ValidateField" {
		t.Errorf("field validate is %s, want ValidateField", names[0])
	}
	if err := s.Declare("Validate", "validator"); err != nil {
		t.Errorf("the kept name: %v", err)
	}
	if err := s.Declare("Validate", "validator again"); err == nil {
		t.Error("a kept name declared twice")
	}
}

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"", "1.0", -1}, {"4.8", "5.0", -1}, {"9.0", "10.1", -1}, {"10.1", "10.1", 0}, {"5.0", "4.9", 1}, {"5", "5.0", -1}} {
		if got := CompareVersions(c.a, c.b); got != c.want {
			t.Errorf("CompareVersions(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
