package server

import (
	"go/ast"
)

// identOf returns the name of a plain identifier type ("" otherwise).
func identOf(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// optOf returns T of Opt[T] (nil otherwise).
func optOf(e ast.Expr) ast.Expr {
	if ix, ok := e.(*ast.IndexExpr); ok && identOf(ix.X) == "Opt" {
		return ix.Index
	}
	return nil
}
