package types

import (
	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/gomodel"
)

// The methods of an interface union's common fields (gomodel.Common):
// declared in the union's interface, implemented by every variant's
// pointer type and by the unknown variant, which has no fields and returns
// the zero value.

// commonMethods are the interface's method specs after its marker.
func commonMethods(ui *gomodel.Union) []jen.Code {
	var out []jen.Code
	for _, c := range ui.Common {
		out = append(out, jen.Comment(c.Method+" returns the "+c.Wire+" field, which every variant has."))
		out = append(out, jen.Id(c.Method).Params().Add(c.Type.Jen()))
	}
	return out
}

// unionMethods are the interface's method specs after its marker: the
// common fields' methods, then the replies and answers the union offers
// as its variant does (gomodel.Union.Offers), which the dispatcher
// implements on every variant, when it runs.
func (g *gen) unionMethods(ui *gomodel.Union) []jen.Code {
	out := commonMethods(ui)
	r := ui.Offers
	if r == nil || !g.helpers {
		return out
	}
	for _, h := range []gomodel.Helper{r.Reply, r.Answer} {
		out = append(out, jen.Comment(h.Method+" is "+r.Object.GoName+"."+h.Method+", for any variant: the fields it reads are common to them all."))
		out = append(out, jen.Id(h.Method).Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("p").Id(h.Params), jen.Id("opts").Op("...").Id(gomodel.ReplyOption)).Error())
	}
	return out
}

// emitGetters emits the common-field methods a variant struct implements.
func emitGetters(f *jen.File, si *gomodel.Struct) {
	for _, c := range si.Getters {
		fi := si.Field(c.Wire)
		godoc.Add(f, c.Method+" returns v."+fi.GoName+", the "+c.Wire+" field every variant of "+c.Union.GoName+" has: code holding "+article(c.Union.GoName)+" reads it without a type switch.")
		f.Func().Params(jen.Id("v").Op("*").Id(si.GoName)).Id(c.Method).Params().Add(c.Type.Jen()).Block(jen.Return(jen.Id("v").Dot(fi.GoName)))
		f.Line()
	}
}

// emitUnknownGetters emits the unknown variant's common-field methods.
func emitUnknownGetters(f *jen.File, ui *gomodel.Union) {
	for _, c := range ui.Common {
		godoc.Add(f, c.Method+" returns the zero value: the "+c.Wire+" field of a variant this package does not know is not decoded (it is in Raw).")
		f.Func().Params(jen.Op("*").Id(ui.Unknown)).Id(c.Method).Params().Params(jen.Id("v").Add(c.Type.Jen())).Block(jen.Return())
		f.Line()
	}
}
