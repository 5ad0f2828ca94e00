package gofile

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/naming"
)

// Bits are the local constants a generated decoder names its members' bits
// with, one per member, as a hand-written decoder would: "chat_id" is
// chatIDBit, declared 1 << iota in member order. The server's one-pass
// parameter decoders and the types' object decoders both use them, so the
// two read alike and compile to the same code as literal masks.
type Bits struct {
	fallback string
	locals   *naming.Scope
	names    []string
}

// NewBits starts the bits of a function whose other locals are locals: a
// bit is never named like one of them. fallback prefixes the name of a bit
// whose member has no name of its own ("paramBit" -> paramBit3).
func NewBits(fallback string, locals ...string) *Bits {
	return &Bits{fallback: fallback, locals: naming.NewScope(locals...)}
}

// Add names the bit of the member with wire name wire (the i-th member):
// <member>Bit, or <fallback><i> when that is no Go name or is taken.
func (b *Bits) Add(wire string, i int) string {
	bit := naming.Unexported(wire + "_bit")
	if b.locals.Declare(bit, "bit of member "+wire) != nil {
		bit = fmt.Sprintf("%s%d", b.fallback, i)
	}
	b.names = append(b.names, bit)
	return bit
}

// Len is the number of bits named.
func (b *Bits) Len() int { return len(b.names) }

// Const declares the bits: the first 1 << iota, the others after it.
func (b *Bits) Const() jen.Code {
	var defs []jen.Code
	for i, n := range b.names {
		if i == 0 {
			defs = append(defs, jen.Id(n).Op("=").Lit(1).Op("<<").Iota())
		} else {
			defs = append(defs, jen.Id(n))
		}
	}
	return jen.Const().Defs(defs...)
}

// Or is the named bits or-ed together (nil when there are none).
func Or(names []string) *jen.Statement {
	var m *jen.Statement
	for _, n := range names {
		if m == nil {
			m = jen.Id(n)
		} else {
			m = m.Op("|").Id(n)
		}
	}
	return m
}
