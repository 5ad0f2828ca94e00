package grammar

import "testing"

// TestItemsEachInBothLayouts: the count of items with the length of each
// is one grammar for the seed's parentheses and the page's descriptions;
// the seed drops the words read from the description, the page keeps
// its sentences as written.
func TestItemsEachInBothLayouts(t *testing.T) {
	paren, err := ReadParen("Array of String, 3-7 strings of 1-50 characters")
	if err != nil {
		t.Fatal(err)
	}
	notes := ReadNotes("A list of things, up to 6 strings, each 2-12 bytes. Keep them short")
	for _, tc := range []struct {
		f          *Facts
		lo, hi     float64
		ehi        float64
		unit, desc string
	}{
		{paren, 3, 7, 50, "characters", ""},
		{notes, -1, 6, 12, "bytes", "A list of things, up to 6 strings, each 2-12 bytes. Keep them short"},
	} {
		f := tc.f
		if f.Items == nil || f.Items.Max == nil || *f.Items.Max != tc.hi || (tc.lo >= 0) != (f.Items.Min != nil) {
			t.Errorf("items %+v, want %v-%v", f.Items, tc.lo, tc.hi)
		}
		if f.EachLength == nil || f.EachLength.Max == nil || *f.EachLength.Max != tc.ehi || f.EachUnit != tc.unit {
			t.Errorf("each %+v %s, want at most %v %s", f.EachLength, f.EachUnit, tc.ehi, tc.unit)
		}
		if f.Description() != tc.desc {
			t.Errorf("description %q, want %q", f.Description(), tc.desc)
		}
	}
}
