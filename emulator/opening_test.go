package emulator

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestMethodsOpenThroughActing keeps the opening of the bot's methods in
// one place (acting, requests.go): no method that serves a request (it
// takes a context.Context) locks the emulator, looks the bot up by its
// token, resolves chat_id or checks the bot's presence by hand (a long
// poll's later looks at the queue take the lock in functions of their own,
// which take no context). authorize is the exception: it is the token
// check itself (the generated server's WithAuth hook).
func TestMethodsOpenThroughActing(t *testing.T) {
	byHand := []string{"e.mu.Lock", "e.botLocked", "e.chatLocked", "e.reachLocked"}
	allowed := map[string]bool{"acting": true, "authorize": true}
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, ent := range entries {
		name := ent.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Body == nil || !takesContext(fd) || allowed[fd.Name.Name] {
				continue
			}
			checked++
			body := string(src[fset.Position(fd.Body.Pos()).Offset:fset.Position(fd.Body.End()).Offset])
			for _, call := range byHand {
				if strings.Contains(body, call+"(") {
					t.Errorf("%s: %s calls %s by hand; open through e.acting (or e.editing)", fset.Position(fd.Pos()), fd.Name.Name, call)
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("checked %d methods that take a context; expected the Service methods (over 50)", checked)
	}
}

func takesContext(fd *ast.FuncDecl) bool {
	ps := fd.Type.Params.List
	if len(ps) == 0 {
		return false
	}
	sel, ok := ps[0].Type.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Context"
}
