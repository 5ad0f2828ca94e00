package gofile

import "github.com/dave/jennifer/jen"

// Expr is a Go expression a backend emits in several places: each call
// builds a fresh statement, since a jen.Statement is a slice that later
// calls (Dot, Op, Call) append to and would otherwise share.
type Expr func() *jen.Statement

// Id is the expression naming the identifier name.
func Id(name string) Expr { return func() *jen.Statement { return jen.Id(name) } }

// AddrOf is the expression &name.
func AddrOf(name string) Expr { return func() *jen.Statement { return jen.Op("&").Id(name) } }

// Dot is the selector e.name.
func (e Expr) Dot(name string) Expr { return func() *jen.Statement { return e().Dot(name) } }

// Call is the call e() without arguments.
func (e Expr) Call() Expr { return func() *jen.Statement { return e().Call() } }
