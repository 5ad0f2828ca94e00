package gofile_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators/gofile"
)

// TestBitsAreNamedAfterMembers: each member's bit is <member>Bit, declared
// 1 << iota in member order; a name a local or an earlier bit took falls
// back to the numbered name.
func TestBitsAreNamedAfterMembers(t *testing.T) {
	b := gofile.NewBits("memberBit", "have", "errBit")
	var got []string
	for i, wire := range []string{"chat_id", "err", "chatId", "text"} {
		got = append(got, b.Add(wire, i))
	}
	want := []string{"chatIDBit", "memberBit1", "memberBit2", "textBit"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("bits %v, want %v", got, want)
	}
	f := jen.NewFile("p")
	f.Add(b.Const())
	f.Const().Id("required").Op("=").Add(gofile.Or([]string{"chatIDBit", "textBit"}))
	src := fmt.Sprintf("%#v", f)
	for _, s := range []string{"chatIDBit = 1 << iota\n\tmemberBit1\n", "required = chatIDBit | textBit"} {
		if !strings.Contains(src, s) {
			t.Errorf("source lacks %q:\n%s", s, src)
		}
	}
}
