package gofile_test

import (
	"fmt"
	"testing"

	"github.com/apigen/apigen/generators/gofile"
)

// TestExprBuildsFreshStatements: an Expr used twice, once extended, leaves
// the other use as it was (a shared jen.Statement would grow in both).
func TestExprBuildsFreshStatements(t *testing.T) {
	v := gofile.Id("v").Dot("Field")
	extended := v().Dot("IsSet").Call()
	if got, want := fmt.Sprintf("%#v", v()), "v.Field"; got != want {
		t.Errorf("v() after another use = %q, want %q", got, want)
	}
	if got, want := fmt.Sprintf("%#v", extended), "v.Field.IsSet()"; got != want {
		t.Errorf("extended = %q, want %q", got, want)
	}
	if got, want := fmt.Sprintf("%#v", gofile.AddrOf("p").Dot("Ref").Call()()), "&p.Ref()"; got != want {
		t.Errorf("AddrOf(p).Dot(Ref).Call() = %q, want %q", got, want)
	}
}
