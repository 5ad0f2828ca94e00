package emulator

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestLocksAreTakenOneWay keeps the one lock idiom of emulator/README.md
// (Locking): a mutex is locked only by the first statement of a function,
// with the unlock deferred by the second, so the whole function is the
// critical section and a panic inside it frees the lock. No Unlock call
// stands anywhere else, and no function that holds a lock calls a function
// value it was given, except acting (the opening every method shares), so
// the lock is never wrapped around code chosen elsewhere.
func TestLocksAreTakenOneWay(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	text := func(e ast.Expr) string {
		var b strings.Builder
		printer.Fprint(&b, fset, e)
		return b.String()
	}
	// mutexCall returns the receiver of x.Lock() / x.Unlock() and the method.
	mutexCall := func(n ast.Node) (recv, method string, call *ast.CallExpr) {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) != 0 {
			return "", "", nil
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok {
			return "", "", nil
		}
		switch sel.Sel.Name {
		case "Lock", "Unlock", "RLock", "RUnlock":
			return text(sel.X), sel.Sel.Name, c
		}
		return "", "", nil
	}
	locks := 0
	for _, ent := range entries {
		name := ent.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ok := map[*ast.CallExpr]bool{} // calls in the idiom's place
		check := func(name string, typ *ast.FuncType, body *ast.BlockStmt) {
			if body == nil || len(body.List) < 2 {
				return
			}
			es, isExpr := body.List[0].(*ast.ExprStmt)
			ds, isDefer := body.List[1].(*ast.DeferStmt)
			if !isExpr || !isDefer {
				return
			}
			recv, m, lock := mutexCall(es.X)
			urecv, um, unlock := mutexCall(ds.Call)
			if lock == nil || unlock == nil || recv != urecv || !(m == "Lock" && um == "Unlock" || m == "RLock" && um == "RUnlock") {
				return
			}
			ok[lock], ok[unlock] = true, true
			locks++
			if name == "acting" {
				return
			}
			given := map[string]bool{}
			for _, p := range typ.Params.List {
				if _, isFunc := p.Type.(*ast.FuncType); isFunc {
					for _, n := range p.Names {
						given[n.Name] = true
					}
				}
			}
			ast.Inspect(body, func(n ast.Node) bool {
				if c, isCall := n.(*ast.CallExpr); isCall {
					if id, isID := c.Fun.(*ast.Ident); isID && given[id.Name] {
						t.Errorf("%s: %s calls %s, a function it was given, with %s held; give the critical section its own function", fset.Position(c.Pos()), name, id.Name, recv)
					}
				}
				return true
			})
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				check(n.Name.Name, n.Type, n.Body)
			case *ast.FuncLit:
				check("a function literal", n.Type, n.Body)
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			if recv, m, c := mutexCall(n); c != nil && !ok[c] {
				t.Errorf("%s: %s.%s() outside the idiom: lock in a function's first statement and defer the unlock in its second", fset.Position(c.Pos()), recv, m)
			}
			return true
		})
	}
	if locks < 20 {
		t.Fatalf("found %d functions that take a lock; expected the emulator's (over 20)", locks)
	}
}
